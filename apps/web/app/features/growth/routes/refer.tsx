import { Link, data, redirect } from 'react-router';
import { BUSINESS } from '@kunci/contracts/business';
import { REFERRAL_CODE } from '@kunci/contracts/growth';
import { href, parsePath } from '@kunci/i18n/paths';
import { ApiError, serverApi } from '../../../lib/api.ts';
import { metaI18n, useI18n } from '../../../lib/i18n.tsx';
import { requireUser } from '../../../lib/session.server.ts';
import { referralCodeOf, referralCookie } from '../referral-cookie.server.ts';
import type { Route } from './+types/refer';

const SOURCE = /^[a-z0-9_.-]{1,40}$/;

/**
 * The referral landing. `/refer/{rid}` keeps the code in a cookie and invites the visitor to sign up, coming back to
 * `/refer?isNewUser=true` once they have: that records the referral and lands them on /more/refer (spec section 4).
 * `/refer` without isNewUser goes to /more/landlord (spec section 2).
 */
export async function loader({ request, context, params }: Route.LoaderArgs) {
  const url = new URL(request.url);
  const { lang } = parsePath(url.pathname.replace(/\.data$/, ''));
  const source = (url.searchParams.get('source') ?? '').toLowerCase();
  const rid = params.rid?.toUpperCase();
  if (rid) {
    if (!REFERRAL_CODE.test(rid)) throw redirect(href(lang, 'referProgramme'));
    const back = href(lang, 'refer', undefined, { isNewUser: 'true', source: SOURCE.test(source) ? source : undefined });
    return data({ signUp: href(lang, 'register', undefined, { origin: back }) }, { headers: { 'set-cookie': referralCookie(context, rid) } });
  }
  if (!url.searchParams.has('isNewUser')) throw redirect(href(lang, 'landlordInfo'));
  requireUser(request, context, lang);
  const code = referralCodeOf(request);
  let joined: string | undefined;
  if (code) {
    try {
      const { referrerName } = await serverApi(context, lang).registerReferral({ referralCode: code, source: SOURCE.test(source) ? source : 'link' });
      joined = referrerName || '-';
    } catch (error) {
      // Not a new user, an unknown or own code, or referred already: they still land on the programme page.
      if (!(error instanceof ApiError) || error.status >= 500) throw error;
    }
  }
  throw redirect(href(lang, 'referProgramme', undefined, { joined }), { headers: { 'set-cookie': referralCookie(context, undefined) } });
}

export const meta: Route.MetaFunction = ({ matches }) => {
  const { t } = metaI18n(matches);
  return [
    { title: `${t('growth.refer.landingTitle')} | ${t('app.name')}` },
    { name: 'description', content: t('growth.refer.landingIntro', { discount: BUSINESS.growth.referral.refereeDiscount }) },
    { name: 'robots', content: 'noindex' },
  ];
};

export default function ReferLanding({ loaderData }: Route.ComponentProps) {
  const { t, href: link } = useI18n();
  const rules = BUSINESS.growth.referral;
  return (
    <div className="mx-auto max-w-2xl px-4 py-10 text-center">
      <h1 className="text-2xl font-bold md:text-3xl">{t('growth.refer.landingTitle')}</h1>
      <p className="mt-3 text-lg text-gray-700">{t('growth.refer.landingIntro', { discount: rules.refereeDiscount })}</p>
      <Link
        to={loaderData.signUp}
        className="mt-6 inline-block rounded-full bg-brand-700 px-8 py-3 text-lg font-medium text-white hover:bg-brand-800"
      >
        {t('growth.refer.signUp')}
      </Link>
      <p className="mt-6 text-sm text-gray-700">
        {t('growth.refer.haveAccount')}{' '}
        <Link to={link('referProgramme')} className="font-medium text-brand-700 hover:underline">
          {t('growth.refer.getLink')}
        </Link>
      </p>
    </div>
  );
}
