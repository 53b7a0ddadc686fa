import { Form, Link, data, redirect, useActionData, useNavigation } from 'react-router';
import { POST_STEP_CODES } from '@kunci/contracts/listing-management';
import { parsePath } from '@kunci/i18n/paths';
import { Button, Field, FormError } from '../../../components/ui/field.tsx';
import { ApiError, fieldErrors, serverApi } from '../../../lib/api.ts';
import { useI18n } from '../../../lib/i18n.tsx';
import { noindexMeta } from '../../../lib/seo.ts';
import { requireUser } from '../../../lib/session.server.ts';
import { Wizard, nextStepHref, previousStepHref } from '../components/wizard.tsx';
import { lostDraft, refOf, stepListing } from '../draft.server.ts';
import type { Route } from './+types/post-additional';

const refParam = (request: Request) => new URL(request.url).searchParams.get('ref');

export async function loader({ request, context }: Route.LoaderArgs) {
  const { lang } = parsePath(new URL(request.url).pathname);
  const user = requireUser(request, context, lang);
  const api = serverApi(context, lang);
  const listing = await stepListing(context, lang, user, refParam(request));
  const stats = listing.type.endsWith('_SALE')
    ? null
    : await api
        .priceStatistics({ landmarkLabelId: listing.input.landmarkLabelId, areaSlug: listing.areaSlug, type: listing.type, bedroom: listing.bedroom })
        .catch(() => null);
  return { listing, stats };
}

export async function action({ request, context }: Route.ActionArgs) {
  const { lang } = parsePath(new URL(request.url).pathname);
  const user = requireUser(request, context, lang);
  const ref = refOf(refParam(request));
  if (ref === null) throw await lostDraft(context, lang, user);
  const form = await request.formData();
  const viewing = String(form.get('viewingAvailableDate') ?? '');
  try {
    // The rent was asked in the first step: this one only shows how it compares.
    const saved = await serverApi(context, lang).updateListing(ref, {
      description: String(form.get('description') ?? ''),
      petFriendly: form.get('petFriendly') === 'on',
      negotiable: form.get('negotiable') === 'on',
      carpark: Number(form.get('carpark') ?? 0),
      viewingAvailableDate: viewing ? new Date(`${viewing}T00:00:00.000Z`).toISOString() : null,
      draftStep: POST_STEP_CODES.additional,
    });
    return redirect(nextStepHref(lang, saved, 'additional'));
  } catch (error) {
    if (error instanceof ApiError && error.body) return data({ error: error.body.message, fields: fieldErrors(error.body.fields) }, { status: 400 });
    throw error;
  }
}

export const meta: Route.MetaFunction = noindexMeta('post.step.additional');

/** A bar chart of comparable rents, so the owner prices with the market. */
function PriceSpread({ stats }: { stats: NonNullable<Route.ComponentProps['loaderData']['stats']> }) {
  const { t, money } = useI18n();
  const top = Math.max(1, ...stats.buckets.map((b) => b.count));
  return (
    <section aria-labelledby="prices" className="rounded-xl border border-gray-200 p-4">
      <h2 id="prices" className="font-semibold">
        {t('post.price.title')}
      </h2>
      <p className="mt-1 text-sm text-gray-700">
        {t('post.price.summary', { count: stats.count, median: money(stats.median ?? 0), p25: money(stats.p25 ?? 0), p75: money(stats.p75 ?? 0) })}
      </p>
      {stats.buckets.length ? (
        <ul className="mt-3 flex h-24 items-end gap-1" aria-hidden="true">
          {stats.buckets.map((b) => (
            <li
              key={b.from}
              className="flex-1 rounded-t bg-brand-600/70"
              style={{ height: `${(b.count / top) * 100}%` }}
              title={`${money(b.from)}–${money(b.to)}: ${b.count}`}
            />
          ))}
        </ul>
      ) : null}
    </section>
  );
}

/** Step 3: description, pets, parking, viewings; how the rent asked in step 1 compares with homes like it. */
export default function PostAdditional({ loaderData }: Route.ComponentProps) {
  const { t, lang } = useI18n();
  const result = useActionData<typeof action>();
  const navigation = useNavigation();
  const { listing, stats } = loaderData;
  const errors = result?.fields ?? {};
  return (
    <Wizard step="additional" flow={listing}>
      <Form method="post" className="space-y-5" noValidate>
        <FormError message={result && 'error' in result ? result.error : undefined} />
        {stats ? <PriceSpread stats={stats} /> : null}
        <div>
          <label htmlFor="description" className="block text-sm font-medium text-gray-800">
            {t('post.field.description')}
          </label>
          <textarea
            id="description"
            name="description"
            rows={7}
            maxLength={5000}
            defaultValue={listing.input.description}
            aria-describedby="description-hint"
            aria-invalid={errors['description'] ? true : undefined}
            className={`mt-1 block w-full rounded-lg border px-3 py-2.5 text-base ${errors['description'] ? 'border-red-600' : 'border-gray-300'}`}
          />
          <p id="description-hint" className="mt-1 text-sm text-gray-600">
            {t('post.field.descriptionHint')}
          </p>
          {errors['description'] ? (
            <p role="alert" className="mt-1 text-sm text-red-700">
              {errors['description']}
            </p>
          ) : null}
        </div>
        <Field id="carpark" name="carpark" type="number" min={0} max={10} label={t('post.field.carpark')} defaultValue={listing.input.carpark} />
        <Field
          id="viewingAvailableDate"
          name="viewingAvailableDate"
          type="date"
          label={t('post.field.viewing')}
          defaultValue={listing.input.viewingAvailableDate?.slice(0, 10) ?? ''}
        />
        <label className="flex items-center gap-3">
          <input type="checkbox" name="petFriendly" defaultChecked={listing.input.petFriendly} className="size-5 accent-brand-700" />
          {t('post.field.pets')}
        </label>
        <label className="flex items-center gap-3">
          <input type="checkbox" name="negotiable" defaultChecked={listing.input.negotiable} className="size-5 accent-brand-700" />
          {t('post.field.negotiable')}
        </label>
        <div className="flex flex-col gap-3 sm:flex-row-reverse">
          <Button type="submit" disabled={navigation.state !== 'idle'}>
            {t('post.saveNext')}
          </Button>
          <Link to={previousStepHref(lang, listing, 'additional')} className="self-center text-sm text-brand-700 hover:underline">
            {t('post.back')}
          </Link>
        </div>
      </Form>
    </Wizard>
  );
}
