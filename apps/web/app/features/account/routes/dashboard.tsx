import { Suspense, type ReactNode } from 'react';
import { Await, Link, data, useActionData, useRevalidator } from 'react-router';
import type { DashboardListing, DashboardSummary } from '@kunci/contracts/dashboard';
import { RentalRole } from '@kunci/contracts/users';
import { parsePath } from '@kunci/i18n/paths';
import { ApiError, serverApi } from '../../../lib/api.ts';
import { useI18n } from '../../../lib/i18n.tsx';
import { noindexMeta } from '../../../lib/seo.ts';
import { requireUser } from '../../../lib/session.server.ts';
import { FirstRunChoice, RoleToggle } from '../components/role-choice.tsx';
import { viewingTime } from '../components/viewing-time.ts';
import type { Route } from './+types/dashboard';

export function loader({ request, context }: Route.LoaderArgs) {
  const { lang } = parsePath(new URL(request.url).pathname);
  const user = requireUser(request, context, lang);
  // Not awaited: the page and the role question show at once, the cards when the summary arrives.
  return { user, summary: serverApi(context, lang).dashboard(user.id) };
}

export async function action({ request, context }: Route.ActionArgs) {
  const { lang } = parsePath(new URL(request.url).pathname);
  const user = requireUser(request, context, lang);
  const form = await request.formData();
  const role = RentalRole.safeParse(form.get('rentalRole'));
  if (form.get('intent') !== 'role' || !role.success) return data({ roleSaved: null }, { status: 400 });
  try {
    await serverApi(context, lang).updateUser(user.id, { rentalRole: role.data });
    return { roleSaved: role.data };
  } catch (error) {
    if (error instanceof ApiError && error.status < 500) return data({ roleSaved: null }, { status: error.status });
    throw error;
  }
}

export const meta: Route.MetaFunction = noindexMeta('nav.dashboard');

const cardClass = 'flex h-full flex-col rounded-xl border border-gray-200 p-5 shadow-sm';
const linkClass =
  'rounded font-medium text-brand-700 underline-offset-2 hover:underline focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600';

function Card({ id, title, children, action }: { id: string; title: string; children: ReactNode; action?: ReactNode }) {
  return (
    <section aria-labelledby={id} className={cardClass}>
      <h3 id={id} className="text-base font-semibold">
        {title}
      </h3>
      <div className="mt-2 flex-1">{children}</div>
      {action ? <div className="mt-4">{action}</div> : null}
    </section>
  );
}

function Skeleton() {
  const { t } = useI18n();
  return (
    <div role="status" className="mt-4">
      <span className="sr-only">{t('dashboard.loading')}</span>
      <div className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3" aria-hidden="true">
        {[0, 1, 2].map((i) => (
          <div key={i} className={`${cardClass} animate-pulse`}>
            <div className="h-4 w-1/3 rounded bg-gray-200" />
            <div className="mt-4 h-7 w-1/2 rounded bg-gray-200" />
            <div className="mt-3 h-4 w-2/3 rounded bg-gray-100" />
          </div>
        ))}
      </div>
    </div>
  );
}

function LoadFailed() {
  const { t } = useI18n();
  const revalidator = useRevalidator();
  return (
    <div role="alert" className="mt-4 rounded-xl border border-red-200 bg-red-50 p-5">
      <p className="text-red-800">{t('dashboard.loadFailed')}</p>
      <button type="button" onClick={() => void revalidator.revalidate()} className={`mt-2 ${linkClass}`}>
        {t('dashboard.retry')}
      </button>
    </div>
  );
}

function ChatsCard({ unread }: { unread: DashboardSummary['unreadChats'] }) {
  const { t, href, number } = useI18n();
  return (
    <Card
      id="card-chats"
      title={t('nav.chat')}
      action={
        <Link to={href('chat')} className={linkClass}>
          {t('dashboard.chats.open')}
        </Link>
      }
    >
      {unread.messages > 0 ? (
        <p>
          <span className="text-2xl font-bold text-brand-700">{number(unread.messages)}</span>{' '}
          <span className="text-gray-800">
            {t('dashboard.chats.unread', { count: unread.messages })} {t('dashboard.chats.in', { count: unread.conversations })}
          </span>
        </p>
      ) : (
        <p className="text-gray-600">{t('dashboard.chats.caughtUp')}</p>
      )}
    </Card>
  );
}

function ViewingsCard({ viewings, role }: { viewings: DashboardSummary['viewings']; role: RentalRole | null }) {
  const { t, href, lang } = useI18n();
  const more = viewings.upcoming - viewings.next.length;
  return (
    <Card
      id="card-viewings"
      title={t('dashboard.viewings.title')}
      action={
        more > 0 ? (
          <Link to={href('chat')} className={linkClass}>
            {t('dashboard.viewings.more', { count: more })}
          </Link>
        ) : undefined
      }
    >
      {viewings.next.length === 0 ? (
        <p className="text-gray-600">{t('dashboard.viewings.empty', { role: role ?? 'TENANT' })}</p>
      ) : (
        <ul className="divide-y divide-gray-100">
          {viewings.next.map((viewing) => (
            <li key={viewing.id} className="py-2 first:pt-0 last:pb-0">
              <Link
                to={href('chat', undefined, { chatId: viewing.conversationId })}
                className="block rounded focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600"
              >
                <time dateTime={viewing.startsAt} className="block font-semibold text-brand-700">
                  {viewingTime(lang, viewing.startsAt)}
                </time>
                <span className="block truncate text-gray-900">{viewing.propertyName}</span>
                <span className="block text-sm text-gray-600">
                  {t('dashboard.viewings.with', { name: viewing.withName })}
                  {viewing.group ? ` · ${t('dashboard.viewings.group')}` : ''}
                  {' · '}
                  {viewing.accepted ? t('dashboard.viewings.confirmed') : t('dashboard.viewings.waiting', { as: viewing.as })}
                </span>
              </Link>
            </li>
          ))}
        </ul>
      )}
    </Card>
  );
}

function FavouritesCard({ count }: { count: number }) {
  const { t, href } = useI18n();
  return (
    <Card
      id="card-favourites"
      title={t('nav.favourites')}
      action={
        <Link to={count > 0 ? href('favourites') : href('rent')} className={linkClass}>
          {count > 0 ? t('dashboard.favourites.open') : t('dashboard.browse')}
        </Link>
      }
    >
      <p className={count > 0 ? 'text-gray-800' : 'text-gray-600'}>{t('dashboard.favourites.count', { count })}</p>
      {count === 0 ? <p className="mt-1 text-sm text-gray-600">{t('dashboard.favourites.emptyHint')}</p> : null}
    </Card>
  );
}

function ListingGroup({
  heading,
  items,
  to,
  detail,
}: {
  heading: string;
  items: DashboardListing[];
  to: (item: DashboardListing) => string;
  detail?: (item: DashboardListing) => ReactNode;
}) {
  return (
    <div className="mt-3 first:mt-0">
      <p className="text-sm font-semibold text-gray-800">{heading}</p>
      <ul className="mt-1 space-y-1">
        {items.map((item) => (
          <li key={item.id} className="text-sm">
            <Link to={to(item)} className={linkClass}>
              {item.name}
            </Link>
            {detail ? <span className="block text-gray-600">{detail(item)}</span> : null}
          </li>
        ))}
      </ul>
    </div>
  );
}

function ListingsCard({ listings }: { listings: DashboardSummary['listings'] }) {
  const { t, href, date } = useI18n();
  const { drafts, rejected, expiringSoon } = listings;
  const needsAction = drafts.count + rejected.count + expiringSoon.count > 0;
  return (
    <Card
      id="card-listings"
      title={t('dashboard.listings')}
      action={
        listings.total > 0 ? (
          <Link to={href('myListings')} className={linkClass}>
            {t('dashboard.listings.open')}
          </Link>
        ) : (
          <Link to={href('post')} className={linkClass}>
            {t('dashboard.post')}
          </Link>
        )
      }
    >
      {listings.total === 0 ? (
        <p className="text-gray-600">{t('dashboard.listings.none')}</p>
      ) : (
        <>
          <p className="text-sm text-gray-600">
            {t('dashboard.listings.live', { count: listings.live })}
            {listings.inReview > 0 ? ` · ${t('dashboard.listings.inReview', { count: listings.inReview })}` : ''}
          </p>
          <div className="mt-3">
            {drafts.count > 0 ? (
              <ListingGroup
                heading={t('dashboard.listings.drafts', { count: drafts.count })}
                items={drafts.items}
                to={() => href('myListings', undefined, { status: 'DRAFT' })}
              />
            ) : null}
            {rejected.count > 0 ? (
              <ListingGroup
                heading={t('dashboard.listings.rejected', { count: rejected.count })}
                items={rejected.items}
                to={() => href('myListings', undefined, { status: 'REJECTED' })}
                detail={(item) => item.reason}
              />
            ) : null}
            {expiringSoon.count > 0 ? (
              <ListingGroup
                heading={t('dashboard.listings.expiring', { count: expiringSoon.count })}
                items={expiringSoon.items}
                to={(item) => href('extendListing', { id: item.id })}
                detail={(item) => (item.expiresAt ? t('dashboard.listings.expiresOn', { date: date(item.expiresAt) }) : null)}
              />
            ) : null}
            {needsAction ? null : <p className="text-sm text-gray-600">{t('dashboard.listings.allGood')}</p>}
          </div>
        </>
      )}
    </Card>
  );
}

/** The cards in the order the role calls for: a landlord's listings first; a tenant sees them only when they have some. */
function AttentionCards({ summary, role }: { summary: DashboardSummary; role: RentalRole | null }) {
  const landlord = role === 'LANDLORD';
  const listings = landlord || summary.listings.total > 0 ? <ListingsCard key="listings" listings={summary.listings} /> : null;
  const cards = [
    landlord ? listings : null,
    <ChatsCard key="chats" unread={summary.unreadChats} />,
    <ViewingsCard key="viewings" viewings={summary.viewings} role={role} />,
    <FavouritesCard key="favourites" count={summary.favourites.count} />,
    landlord ? null : listings,
  ].filter(Boolean);
  return (
    <ul className="mt-4 grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
      {cards.map((card, index) => (
        <li key={index}>{card}</li>
      ))}
    </ul>
  );
}

export default function Dashboard({ loaderData }: Route.ComponentProps) {
  const { t, href, date } = useI18n();
  const { user, summary } = loaderData;
  const saved = useActionData<typeof action>();
  const role = user.rentalRole;
  const shortcuts = [
    { to: href('profile'), title: t('dashboard.profile'), hint: t('dashboard.profileHint') },
    ...(role === 'LANDLORD'
      ? [
          { to: href('post'), title: t('dashboard.post'), hint: t('dashboard.postHint') },
          // The landlord's services: rent collected for an ACTIVE tenancy, protection, keys collected for viewings.
          { to: href('rentalCollection'), title: t('services.dashboard.collection'), hint: t('services.dashboard.collectionHint') },
          { to: href('protection'), title: t('services.dashboard.protection'), hint: t('services.dashboard.protectionHint') },
          { to: href('homerunner'), title: t('services.dashboard.homerunner'), hint: t('services.dashboard.homerunnerHint') },
        ]
      : [{ to: href('rent'), title: t('dashboard.browse'), hint: t('dashboard.browseHint') }]),
    ...(user.role === 'moderator' ? [{ to: href('review'), title: t('dashboard.review'), hint: t('dashboard.reviewHint') }] : []),
  ];
  return (
    <div className="mx-auto max-w-5xl px-4 py-8">
      <h1 className="text-2xl font-bold md:text-3xl">{t('dashboard.title', { name: user.name === 'guest' ? user.phoneNumber : user.name })}</h1>
      <p className="mt-1 text-gray-600">{t('dashboard.subtitle')}</p>
      {user.stats.lastActivityDate ? (
        <p className="mt-1 text-sm text-gray-500">{t('dashboard.lastActive', { date: date(user.stats.lastActivityDate) })}</p>
      ) : null}
      {role ? <RoleToggle role={role} /> : <FirstRunChoice />}
      <p role="status" className="mt-2 text-sm text-brand-700">
        {saved?.roleSaved ? t('dashboard.role.saved', { role: saved.roleSaved }) : null}
      </p>
      <section aria-labelledby="attention" className="mt-6">
        <h2 id="attention" className="text-lg font-semibold">
          {t('dashboard.attention')}
        </h2>
        <Suspense fallback={<Skeleton />}>
          <Await resolve={summary} errorElement={<LoadFailed />}>
            {(resolved) => <AttentionCards summary={resolved} role={role} />}
          </Await>
        </Suspense>
      </section>
      <section aria-labelledby="shortcuts" className="mt-10">
        <h2 id="shortcuts" className="text-lg font-semibold">
          {t('dashboard.shortcuts')}
        </h2>
        <ul className="mt-4 grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
          {shortcuts.map((card) => (
            <li key={card.to}>
              <Link
                to={card.to}
                className="block h-full rounded-xl border border-gray-200 p-5 transition hover:border-brand-600 hover:shadow-md focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600"
              >
                <span className="font-semibold">{card.title}</span>
                <span className="mt-1 block text-sm text-gray-600">{card.hint}</span>
              </Link>
            </li>
          ))}
        </ul>
      </section>
    </div>
  );
}
