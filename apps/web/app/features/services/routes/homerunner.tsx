import { Form, useActionData, useNavigation } from 'react-router';
import { BUSINESS } from '@kunci/contracts/business';
import { parsePath } from '@kunci/i18n/paths';
import { serverApi } from '../../../lib/api.ts';
import { explainedRefusal } from '../../../lib/form-action.server.ts';
import { useI18n } from '../../../lib/i18n.tsx';
import { describedMeta } from '../../../lib/seo.ts';
import { Field } from '../../../components/ui/field.tsx';
import type { Route } from './+types/homerunner';

const rules = BUSINESS.homerunner;

export async function action({ request, context }: Route.ActionArgs) {
  const { lang } = parsePath(new URL(request.url).pathname);
  const postcode = String((await request.formData()).get('postcode') ?? '').trim();
  try {
    return { ok: true as const, cover: await serverApi(context, lang).homerunnerAreaCover(postcode) };
  } catch (error) {
    return explainedRefusal(error);
  }
}

export const meta: Route.MetaFunction = describedMeta('services.homerunner.page.title', 'services.homerunner.page.intro', {
  max: rules.maxCollectionsPerListing,
  hours: rules.returnNoticeHours,
});

/** The home-runner service: what it does, and whether it covers a postcode. */
export default function Homerunner() {
  const { t, href } = useI18n();
  const result = useActionData<typeof action>();
  const busy = useNavigation().state !== 'idle';
  return (
    <div className="mx-auto max-w-2xl space-y-6 px-4 py-10">
      <h1 className="text-2xl font-bold md:text-3xl">{t('services.homerunner.page.title')}</h1>
      <p className="text-gray-700">{t('services.homerunner.page.intro', { max: rules.maxCollectionsPerListing, hours: rules.returnNoticeHours })}</p>
      <ol className="list-decimal space-y-1 pl-5 text-gray-700">
        <li>{t('services.homerunner.page.step1')}</li>
        <li>{t('services.homerunner.page.step2', { from: `${rules.firstHour}:00`, to: `${rules.lastHour}:00` })}</li>
        <li>{t('services.homerunner.page.step3', { hours: rules.returnNoticeHours })}</li>
      </ol>
      <Form method="post" className="rounded-xl border border-gray-200 p-4">
        <h2 className="text-lg font-semibold">{t('services.homerunner.check.title')}</h2>
        <div className="mt-3 flex flex-wrap items-end gap-3">
          <div className="w-40">
            <Field
              id="homerunner-postcode"
              name="postcode"
              inputMode="numeric"
              autoComplete="postal-code"
              pattern="\d{5}"
              maxLength={5}
              required
              label={t('services.homerunner.check.postcode')}
              error={result && !result.ok ? result.error : undefined}
            />
          </div>
          <button
            type="submit"
            disabled={busy}
            className="bg-brand-600 hover:bg-brand-700 focus-visible:outline-brand-600 rounded-full px-4 py-2.5 font-semibold text-white focus-visible:outline-2 disabled:opacity-60"
          >
            {t('services.homerunner.check.submit')}
          </button>
        </div>
        {result?.ok ? (
          <p role="status" className={`mt-3 ${result.cover.covered ? 'text-brand-800' : 'text-red-700'}`}>
            {result.cover.covered
              ? t('services.homerunner.check.covered', { place: result.cover.city ?? result.cover.postcode })
              : result.cover.known
                ? t('services.homerunner.check.notCovered', { place: result.cover.city ?? result.cover.postcode })
                : t('services.homerunner.check.unknown', { postcode: result.cover.postcode })}
          </p>
        ) : null}
      </Form>
      <p>
        <a href={href('myListings')} className="text-brand-700 hover:underline">
          {t('services.homerunner.page.fromListings')}
        </a>
      </p>
    </div>
  );
}
