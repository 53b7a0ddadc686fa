import { data, redirect, useActionData } from 'react-router';
import type { OwnerListingFull } from '@kunci/contracts/listing-management';
import type { PropertyDetail } from '@kunci/contracts/listings';
import { href, parsePath } from '@kunci/i18n/paths';
import { ApiError, serverApi } from '../../../lib/api.ts';
import { metaI18n, useI18n } from '../../../lib/i18n.tsx';
import { requireUser } from '../../../lib/session.server.ts';
import { ReviewDecisionForm, decideReview } from '../../listing-management/index.ts';
import { ListingView } from './details.tsx';
import type { Route } from './+types/review-preview';

/** The public page's fields that the owner's input holds as they are. */
const FROM_INPUT = [
  'landmarkLabelId',
  'description',
  'address',
  'postcode',
  'carpark',
  'fullyFurnishable',
  'negotiable',
  'petFriendly',
  'level',
  'storeys',
  'bathroomType',
  'roomType',
  'roommate',
  'leaseType',
  'saleType',
  'availability',
  'facilities',
  'nearby',
] as const satisfies readonly (keyof PropertyDetail & keyof OwnerListingFull['input'])[];

/** A listing as its public page will show it, from what its owner (or a moderator) sees. */
function asPublished(listing: OwnerListingFull): PropertyDetail {
  const fromInput = Object.fromEntries(FROM_INPUT.map((key) => [key, listing.input[key]])) as Pick<
    OwnerListingFull['input'],
    (typeof FROM_INPUT)[number]
  >;
  return {
    ...listing,
    ...fromInput,
    landmarkLabelVerified: listing.landmarkVerified,
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
  const outcome = await decideReview(serverApi(context, lang), id, form);
  // The queue confirms the decision ("Approved: <name>").
  return outcome.ok
    ? redirect(href(lang, 'review', undefined, outcome.decision === 'approve' ? { approved: id } : { rejected: id }))
    : data({ error: outcome.error }, { status: 400 });
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
  const { t } = useI18n();
  const result = useActionData<typeof action>();
  const { listing, pending, types } = loaderData;
  return (
    <>
      <section aria-labelledby="review-bar" className="border-b border-amber-200 bg-amber-50">
        <div className="mx-auto flex max-w-5xl flex-col gap-3 px-4 py-4">
          <h2 id="review-bar" className="font-semibold text-amber-950">
            {t(pending ? 'review.preview.notice' : 'review.preview.decided')}
          </h2>
          {result && 'error' in result ? (
            <p role="alert" className="text-sm text-red-700">
              {result.error}
            </p>
          ) : null}
          {pending ? <ReviewDecisionForm /> : null}
        </div>
      </section>
      <ListingView listing={listing} types={types} similar={[]} shareUrl="" preview />
    </>
  );
}
