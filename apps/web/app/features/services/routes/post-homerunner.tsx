import { Form, Link, useActionData, useNavigation } from 'react-router';
import { BUSINESS } from '@kunci/contracts/business';
import { parsePath } from '@kunci/i18n/paths';
import { serverApi } from '../../../lib/api.ts';
import { explainedRefusalWithStatus } from '../../../lib/form-action.server.ts';
import { useI18n } from '../../../lib/i18n.tsx';
import { noindexMeta } from '../../../lib/seo.ts';
import { requireUser } from '../../../lib/session.server.ts';
import type { Route } from './+types/post-homerunner';

const rules = BUSINESS.homerunner;
const HOURS = Array.from({ length: rules.lastHour - rules.firstHour + 1 }, (_, index) => rules.firstHour + index);

/** Tomorrow in Malaysia, the first day a pickup may be booked from the form. */
const malaysiaDay = (offsetDays: number) => new Date(Date.now() + 8 * 3_600_000 + offsetDays * 86_400_000).toISOString().slice(0, 10);

export async function loader({ request, context, params }: Route.LoaderArgs) {
  const { lang } = parsePath(new URL(request.url).pathname);
  requireUser(request, context, lang);
  const ref = Number(params.ref);
  const api = serverApi(context, lang);
  const listing = await api.manageListing(ref);
  const cover = await api.homerunnerAreaCover(listing.input.postcode);
  return { ref, name: listing.name, cover, earliest: malaysiaDay(1), latest: malaysiaDay(rules.bookAheadDays - 1) };
}

export async function action({ request, context, params }: Route.ActionArgs) {
  const { lang } = parsePath(new URL(request.url).pathname);
  requireUser(request, context, lang);
  const form = await request.formData();
  const propertyId = Number(params.ref);
  const pickupDateTime = `${String(form.get('date'))} ${String(form.get('hour')).padStart(2, '0')}-00`;
  const api = serverApi(context, lang);
  try {
    await api.listKey(propertyId);
    return { ok: true as const, collection: await api.bookKeyPickup({ propertyId, pickupDateTime }) };
  } catch (error) {
    return explainedRefusalWithStatus(error);
  }
}

export const meta: Route.MetaFunction = noindexMeta('services.homerunner.post.title');

/** The post flow's key-collection step: for a Klang Valley listing, a home runner picks up the keys at the hour chosen. */
export default function PostHomerunner({ loaderData }: Route.ComponentProps) {
  const { ref, name, cover, earliest, latest } = loaderData;
  const { t, href, date } = useI18n();
  const result = useActionData<typeof action>();
  const busy = useNavigation().state !== 'idle';
  return (
    <div className="mx-auto max-w-2xl space-y-5 px-4 py-10">
      <h1 className="text-2xl font-bold md:text-3xl">{t('services.homerunner.post.title')}</h1>
      <p className="text-gray-700">{t('services.homerunner.post.intro', { name, max: rules.maxCollectionsPerListing })}</p>
      {!cover.covered ? (
        <p role="status" className="rounded-lg bg-amber-50 px-4 py-3 text-amber-900">
          {t('services.homerunner.check.notCovered', { place: cover.city ?? cover.postcode })}
        </p>
      ) : result?.ok ? (
        <p role="status" className="text-brand-800 rounded-lg bg-green-50 px-4 py-3">
          {t('services.homerunner.post.booked', {
            date: date(`${result.collection.pickupDateTime!.slice(0, 10)}T00:00:00.000+08:00`),
            time: `${result.collection.pickupDateTime!.slice(11, 13)}:00`,
          })}
        </p>
      ) : (
        <Form method="post" className="space-y-4 rounded-xl border border-gray-200 p-4">
          {result && !result.ok ? (
            <p role="alert" className="text-red-700">
              {result.error}
            </p>
          ) : null}
          <div className="flex flex-wrap gap-4">
            <div>
              <label htmlFor="pickup-date" className="block text-sm font-medium text-gray-800">
                {t('services.homerunner.post.date')}
              </label>
              <input
                id="pickup-date"
                name="date"
                type="date"
                required
                min={earliest}
                max={latest}
                defaultValue={earliest}
                className="mt-1 rounded-lg border border-gray-300 px-3 py-2.5"
              />
            </div>
            <div>
              <label htmlFor="pickup-hour" className="block text-sm font-medium text-gray-800">
                {t('services.homerunner.post.hour')}
              </label>
              <select id="pickup-hour" name="hour" defaultValue="10" className="mt-1 rounded-lg border border-gray-300 px-3 py-2.5">
                {HOURS.map((hour) => (
                  <option key={hour} value={String(hour).padStart(2, '0')}>
                    {`${String(hour).padStart(2, '0')}:00`}
                  </option>
                ))}
              </select>
            </div>
          </div>
          <button
            type="submit"
            disabled={busy}
            className="bg-brand-600 hover:bg-brand-700 focus-visible:outline-brand-600 rounded-full px-4 py-2.5 font-semibold text-white focus-visible:outline-2 disabled:opacity-60"
          >
            {t('services.homerunner.post.submit')}
          </button>
        </Form>
      )}
      <p>
        <Link to={href('postThanks', undefined, { ref })} className="text-brand-700 hover:underline">
          {t('services.homerunner.post.skip')}
        </Link>
      </p>
    </div>
  );
}
