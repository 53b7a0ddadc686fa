import { Form, Link, redirect, useNavigation, type RouterContextProvider } from 'react-router';
import type { Language } from '@kunci/i18n/locales';
import { href, parsePath } from '@kunci/i18n/paths';
import { Button } from '../../../components/ui/field.tsx';
import { apiAs, serverApi } from '../../../lib/api.ts';
import { useI18n } from '../../../lib/i18n.tsx';
import { noindexMeta } from '../../../lib/seo.ts';
import { getSession, readCookie, safeReturnPath, sessionCookies } from '../../../lib/session.server.ts';
import { AuthCard } from '../components/auth-card.tsx';
import { PENDING_LINK_COOKIE, maskPhone, pendingLinkCookie } from '../sign-in-link.server.ts';
import type { Route } from './+types/sign-in-link';

/** The account a pending sign-in link signs into, or null when there is none or its token no longer works. */
async function pendingAccount(request: Request, context: Readonly<RouterContextProvider>, lang: Language) {
  const token = readCookie(request, PENDING_LINK_COOKIE);
  if (!token) return null;
  const user = await apiAs(context, token, lang)
    .me()
    .catch(() => null);
  return user ? { user, token } : null;
}

/** Asks before a sign-in link signs the visitor in (see holdSignInLink). */
export async function loader({ request, context }: Route.LoaderArgs) {
  const url = new URL(request.url);
  const { lang } = parsePath(url.pathname);
  const origin = safeReturnPath(url.searchParams.get('origin')) ?? '';
  const pending = await pendingAccount(request, context, lang);
  const current = getSession(context).user;
  if (pending && current?.id === pending.user.id) {
    // Already this account: nothing to confirm.
    throw redirect(origin || href(lang, 'dashboard'), { headers: { 'set-cookie': pendingLinkCookie(context, undefined) } });
  }
  return {
    origin,
    account: pending ? maskPhone(pending.user.phoneNumber) : null,
    current: current ? maskPhone(current.phoneNumber) : null,
  };
}

export async function action({ request, context }: Route.ActionArgs) {
  const { lang } = parsePath(new URL(request.url).pathname);
  const form = await request.formData();
  const clear: [string, string] = ['set-cookie', pendingLinkCookie(context, undefined)];
  const pending = form.get('intent') === 'continue' ? await pendingAccount(request, context, lang) : null;
  if (!pending) throw redirect(href(lang, 'home'), { headers: [clear] });
  // Signed in as someone else: that session ends here rather than lingering behind the new one.
  if (getSession(context).user)
    await serverApi(context, lang)
      .logout()
      .catch(() => undefined);
  const target = safeReturnPath(String(form.get('origin') ?? '')) ?? href(lang, 'dashboard');
  const cookies = sessionCookies(context, { userId: pending.user.id, token: pending.token }).map((c) => ['set-cookie', c] as [string, string]);
  throw redirect(target, { headers: [clear, ...cookies] });
}

export const meta: Route.MetaFunction = noindexMeta('auth.link.title');

export default function SignInLink({ loaderData }: Route.ComponentProps) {
  const { t, href: link } = useI18n();
  const busy = useNavigation().state !== 'idle';
  const { account, current, origin } = loaderData;
  if (!account) {
    return (
      <AuthCard title={t('auth.link.title')} subtitle={t('auth.link.expired')}>
        <Link to={link('login')} className="font-medium text-brand-700 hover:underline">
          {t('auth.login.title')}
        </Link>
      </AuthCard>
    );
  }
  return (
    <AuthCard title={t('auth.link.title')} subtitle={t('auth.link.body', { phone: account })}>
      {current ? (
        <p role="status" className="mb-4 rounded-lg bg-amber-50 px-3 py-2 text-sm text-amber-900">
          {t('auth.link.signedInAs', { phone: current })}
        </p>
      ) : null}
      <Form method="post" className="space-y-3">
        <input type="hidden" name="origin" value={origin} />
        <Button type="submit" name="intent" value="continue" disabled={busy}>
          {t('auth.link.continue', { phone: account })}
        </Button>
        <Button type="submit" name="intent" value="cancel" variant="secondary" disabled={busy}>
          {t('auth.link.cancel')}
        </Button>
      </Form>
    </AuthCard>
  );
}
