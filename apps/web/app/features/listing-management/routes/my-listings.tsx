import { Form, Link, data, useActionData, useNavigation } from 'react-router';
import { BUSINESS } from '@kunci/contracts/business';
import { LISTING_TABS, type ListingTab, type OwnerListing } from '@kunci/contracts/listing-management';
import type { MessageKey } from '@kunci/i18n/messages';
import { parsePath } from '@kunci/i18n/paths';
import { ApiError, serverApi } from '../../../lib/api.ts';
import { useI18n } from '../../../lib/i18n.tsx';
import { signedInForm } from '../../../lib/form-action.server.ts';
import { noindexMeta } from '../../../lib/seo.ts';
import { resumeHref } from '../components/wizard.tsx';
import { requireUser } from '../../../lib/session.server.ts';
import { CoverThumb } from '../components/cover-thumb.tsx';
import type { Route } from './+types/my-listings';

const ACTIONS = ['activate', 'deactivate', 'extend', 'submit'] as const;

export async function loader({ request, context }: Route.LoaderArgs) {
  const url = new URL(request.url);
  const { lang } = parsePath(url.pathname);
  const user = requireUser(request, context, lang);
  const tab = (LISTING_TABS as readonly string[]).includes(url.searchParams.get('status') ?? '')
    ? (url.searchParams.get('status') as ListingTab)
    : 'ACTIVE';
  const pageNumber = Math.max(0, Number(url.searchParams.get('page') ?? 1) - 1) || 0;
  const page = await serverApi(context, lang).myListings(user.id, { status: tab, pageNumber, pageSize: 20 });
  return { page, tab, moderator: user.role === 'moderator' };
}

export async function action({ request, context }: Route.ActionArgs) {
  const { api, form } = await signedInForm(request, context);
  const id = Number(form.get('id'));
  const which = String(form.get('action')) as (typeof ACTIONS)[number];
  try {
    if (which === 'extend') await api.extendListing(id);
    else if (which === 'activate') await api.activateListing(id);
    else if (ACTIONS.includes(which)) await api.listingAction(id, which);
    return { ok: true, id, which };
  } catch (error) {
    if (error instanceof ApiError && error.body) return data({ ok: false, id, which, error: error.body.message }, { status: 400 });
    throw error;
  }
}

export const meta: Route.MetaFunction = noindexMeta('listings.title');

/** Spec's listing-extra labels: what the listing still lacks. */
function extraLabel(listing: OwnerListing): MessageKey | null {
  if (listing.descriptionLength < 50) return 'listings.extra.info';
  if (listing.photoCount === 0 && listing.videoCount === 0) return 'listings.extra.photosVideo';
  if (listing.photoCount < BUSINESS.listing.minPhotos) return 'listings.extra.photos';
  if (listing.videoCount === 0) return 'listings.extra.video';
  return null;
}

/** A quality score from what tenants look at: enough photos, a real description, a video. */
function quality(listing: OwnerListing): number {
  const photos = Math.min(1, listing.photoCount / 8) * 50;
  const words = Math.min(1, listing.descriptionLength / 400) * 35;
  return Math.round(photos + words + (listing.videoCount ? 15 : 0));
}

function Card({ listing, tab }: { listing: OwnerListing; tab: ListingTab }) {
  const { t, lang, href: link, money, date } = useI18n();
  // Only a listing that has been public has an end date and views; a draft or one in review says where it stands.
  const statusLine = (at: ListingTab, l: OwnerListing): string[] => {
    const views = t('listings.views', { count: l.views });
    switch (at) {
      case 'ACTIVE':
      case 'INACTIVE':
        return [t('listings.expires', { date: date(l.expiresAt) }), views];
      case 'EXPIRED':
        return [t('listings.expiredOn', { date: date(l.expiresAt) }), views];
      case 'SUSPENDED':
        return [views];
      case 'PENDING':
        return [t('listings.inReview')];
      case 'DRAFT':
        return [t('listings.notSubmitted')];
      case 'REJECTED':
        return [];
    }
  };
  const result = useActionData<typeof action>();
  const navigation = useNavigation();
  const extra = extraLabel(listing);
  const score = quality(listing);
  const button =
    'rounded-full border border-gray-300 px-3 py-1.5 text-sm font-medium hover:bg-gray-50 focus-visible:outline-2 focus-visible:outline-brand-600';
  const act = (which: (typeof ACTIONS)[number], label: string) => (
    <Form method="post" replace preventScrollReset>
      <input type="hidden" name="id" value={listing.id} />
      <button type="submit" name="action" value={which} className={button} disabled={navigation.state !== 'idle'}>
        {label}
      </button>
    </Form>
  );
  const draft = tab === 'DRAFT' || tab === 'REJECTED';
  const nextStep = resumeHref(lang, listing);
  const status = statusLine(tab, listing);
  return (
    <li className="flex flex-col gap-4 rounded-xl border border-gray-200 p-4 sm:flex-row">
      <CoverThumb listing={listing} />
      <div className="min-w-0 flex-1">
        <h2 className="truncate text-lg font-semibold">{listing.name}</h2>
        <p className="text-brand-700 font-semibold">{money(listing.price)}</p>
        {status.length ? <p className="mt-1 text-sm text-gray-600">{status.join(' · ')}</p> : null}
        {listing.rejectionReason ? <p className="mt-1 text-sm text-red-700">{t('listings.rejected', { reason: listing.rejectionReason })}</p> : null}
        <div className="mt-2 flex items-center gap-2">
          <meter
            min={0}
            max={100}
            low={50}
            high={80}
            optimum={100}
            value={score}
            className="h-2 w-32"
            aria-label={t('listings.quality', { score })}
          />
          <span className="text-xs text-gray-600">{t('listings.quality', { score })}</span>
        </div>
        {extra ? (
          <Link
            to={
              listing.photoCount < BUSINESS.listing.minPhotos
                ? link('postImages', undefined, { ref: listing.id })
                : link('postAdditional', undefined, { ref: listing.id })
            }
            className="mt-2 inline-block rounded-full bg-amber-50 px-3 py-1 text-xs font-medium text-amber-900 hover:underline"
          >
            {t(extra)}
          </Link>
        ) : null}
        {result && result.id === listing.id ? (
          <p role={result.ok ? 'status' : 'alert'} className={`mt-2 text-sm ${result.ok ? 'text-brand-700' : 'text-red-700'}`}>
            {result.ok ? (result.which === 'extend' ? t('listings.done.extend') : t('listings.done')) : 'error' in result ? result.error : null}
          </p>
        ) : null}
        <div className="mt-3 flex flex-wrap gap-2">
          <Link to={draft ? nextStep : link('postEdit', { ref: listing.id })} className={button}>
            {draft ? t('listings.action.continue') : t('listings.action.edit')}
          </Link>
          {tab === 'ACTIVE' ? act('deactivate', t('listings.action.deactivate')) : null}
          {tab === 'INACTIVE' ? act('activate', t('listings.action.activate')) : null}
          {draft ? act('submit', t('listings.action.submit')) : null}
          {tab === 'ACTIVE' || tab === 'EXPIRED' || tab === 'INACTIVE' ? act('extend', t('listings.action.extend')) : null}
          {tab === 'ACTIVE' ? (
            <Link to={link('details', { id: listing.id })} className={button}>
              {t('listings.action.share')}
            </Link>
          ) : null}
          {tab === 'ACTIVE' && !listing.type.endsWith('_SALE') ? (
            <Link to={link('tenantSearch', { propertyId: listing.id })} className={button}>
              {t('tenantSearch.link')}
            </Link>
          ) : null}
        </div>
      </div>
    </li>
  );
}

/** "My listings": a tab per state with its count, each listing with its actions and what it still lacks. */
export default function MyListings({ loaderData }: Route.ComponentProps) {
  const { t, href: link } = useI18n();
  const { page, tab, moderator } = loaderData;
  return (
    <div className="mx-auto max-w-5xl px-4 py-8">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h1 className="text-2xl font-bold md:text-3xl">{t('listings.title')}</h1>
        <div className="flex gap-3">
          {moderator ? (
            <Link to={link('review')} className="rounded-full border border-gray-300 px-4 py-2 text-sm font-medium hover:bg-gray-50">
              {t('dashboard.review')}
            </Link>
          ) : null}
          <Link to={link('post')} className="rounded-full bg-brand-700 px-4 py-2 text-sm font-medium text-white hover:bg-brand-800">
            {t('listings.new')}
          </Link>
        </div>
      </div>
      <nav aria-label={t('listings.title')} className="mt-6 flex gap-1 overflow-x-auto border-b border-gray-200">
        {LISTING_TABS.map((name) => (
          <Link
            key={name}
            to={link('myListings', undefined, { status: name })}
            aria-current={name === tab ? 'page' : undefined}
            className={`shrink-0 border-b-2 px-3 py-2 text-sm font-medium ${name === tab ? 'border-brand-600 text-brand-800' : 'border-transparent text-gray-600 hover:text-ink'}`}
          >
            {t(`listings.tab.${name}`)} <span className="text-gray-500">({page.counts[name] ?? 0})</span>
          </Link>
        ))}
      </nav>
      {page.content.length ? (
        <ul className="mt-6 space-y-4">
          {page.content.map((listing) => (
            <Card key={listing.id} listing={listing} tab={tab} />
          ))}
        </ul>
      ) : (
        <p className="mt-10 text-center text-gray-600">{t('listings.empty')}</p>
      )}
    </div>
  );
}
