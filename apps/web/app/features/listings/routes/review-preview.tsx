import { Form, Link, data, redirect, useActionData, useNavigation } from 'react-router';
import type { OwnerListingFull } from '@kunci/contracts/listing-management';
import type { PropertyDetail } from '@kunci/contracts/listings';
import { href, parsePath } from '@kunci/i18n/paths';
import { ApiError, serverApi } from '../../../lib/api.ts';
import { metaI18n, useI18n } from '../../../lib/i18n.tsx';
import { requireUser } from '../../../lib/session.server.ts';
import { ListingView } from './details.tsx';
import type { Route } from './+types/review-preview';

/** A listing as its public page will show it, from what its owner (or a moderator) sees. */
function asPublished(listing: OwnerListingFull): PropertyDetail {
  const { input } = listing;
  return {
    ...listing,
    landmarkLabelId: input.landmarkLabelId,
    landmarkLabelVerified: listing.landmarkVerified,
    description: input.description,
    address: input.address,
    postcode: input.postcode,
    carpark: input.carpark,
    fullyFurnishable: input.fullyFurnishable,
    negotiable: input.negotiable,
    petFriendly: input.petFriendly,
    level: input.level,
    storeys: input.storeys,
    bathroomType: input.bathroomType,
    roomType: input.roomType,
    roommate: input.roommate,
    leaseType: input.leaseType,
    saleType: input.saleType,
    availability: input.availability,
    facilities: input.facilities,
    nearby: input.nearby,
    videos: listing.videos.map((v) => ({ ...v, type: 'GENERAL' })),
    owner: { id: listing.ownerId, name: '' },
  };
}

const idOf = (value: string | undefined) => (value && /^\d{1,10}$/.test(value) && Number(value) <= 2_147_483_647 ? Number(value) : null);

export async function loader({ request, context, params }: Route.LoaderArgs) {
  const { lang } = parsePath(new URL(request.url).pathname);
  const user = requireUser(request, context, lang);
  if (user.role !== 'moderator') throw redirect(href(lang, 'dashboard'));
  const id = idOf(params.id);
  if (id === null) throw data(null, { status: 404 });
  const api = serverApi(context, lang);
  try {
    const [listing, types] = await Promise.all([api.manageListing(id), api.propertyTypes()]);
    return { listing: asPublished(listing), pending: listing.reviewStatus === 'PENDING', types };
  } catch (error) {
    if (error instanceof ApiError && error.status === 404) throw data(null, { status: 404 });
    throw error;
  }
}

export async function action({ request, context, params }: Route.ActionArgs) {
  const { lang } = parsePath(new URL(request.url).pathname);
  const user = requireUser(request, context, lang);
  if (user.role !== 'moderator') throw redirect(href(lang, 'dashboard'));
  const id = idOf(params.id);
  if (id === null) throw data(null, { status: 404 });
  const form = await request.formData();
  const decision = form.get('decision') === 'approve' ? 'approve' : 'reject';
  try {
    await serverApi(context, lang).listingAction(id, decision, decision === 'reject' ? String(form.get('reason') ?? '') : undefined);
    return redirect(href(lang, 'review'));
  } catch (error) {
    if (error instanceof ApiError && error.body) return data({ error: error.body.fields?.[0]?.message ?? error.body.message }, { status: 400 });
    throw error;
  }
}

export const meta: Route.MetaFunction = ({ matches, loaderData }) => {
  const { t } = metaI18n(matches);
  return [
    { title: `${t('review.preview.title', { name: loaderData?.listing.name ?? '' })} | ${t('app.name')}` },
    { name: 'robots', content: 'noindex' },
  ];
};

/** A moderator's review: the listing as tenants will see it, read-only, with approve and reject above it. */
export default function ReviewPreview({ loaderData }: Route.ComponentProps) {
  const { t, href: link } = useI18n();
  const result = useActionData<typeof action>();
  const navigation = useNavigation();
  const { listing, pending, types } = loaderData;
  return (
    <>
      <section aria-labelledby="review-bar" className="border-b border-amber-200 bg-amber-50">
        <div className="mx-auto flex max-w-5xl flex-col gap-3 px-4 py-4">
          <div className="flex flex-wrap items-baseline justify-between gap-2">
            <h2 id="review-bar" className="font-semibold text-amber-950">
              {t(pending ? 'review.preview.notice' : 'review.preview.decided')}
            </h2>
            <Link to={link('review')} className="text-sm font-medium text-brand-700 hover:underline">
              {t('review.preview.back')}
            </Link>
          </div>
          {result && 'error' in result ? (
            <p role="alert" className="text-sm text-red-700">
              {result.error}
            </p>
          ) : null}
          {pending ? (
            <Form method="post" className="flex flex-wrap items-end gap-2">
              <button
                type="submit"
                name="decision"
                value="approve"
                disabled={navigation.state !== 'idle'}
                className="rounded-full bg-brand-700 px-4 py-2 text-sm font-medium text-white hover:bg-brand-800"
              >
                {t('review.approve')}
              </button>
              <label className="flex flex-col text-sm">
                <span>{t('review.reason')}</span>
                <input name="reason" maxLength={500} className="mt-1 rounded-lg border border-gray-300 bg-white px-3 py-2" />
              </label>
              <button
                type="submit"
                name="decision"
                value="reject"
                disabled={navigation.state !== 'idle'}
                className="rounded-full border border-red-300 bg-white px-4 py-2 text-sm font-medium text-red-800 hover:bg-red-50"
              >
                {t('review.reject')}
              </button>
            </Form>
          ) : null}
        </div>
      </section>
      <ListingView listing={listing} types={types} similar={[]} shareUrl="" preview />
    </>
  );
}
