import { Link } from 'react-router';
import { parsePath } from '@kunci/i18n/paths';
import { metaI18n, useI18n } from '../../../lib/i18n.tsx';
import { requireUser } from '../../../lib/session.server.ts';
import { RoleToggle } from '../components/role-toggle.tsx';
import type { Route } from './+types/dashboard';

export function loader({ request, context }: Route.LoaderArgs) {
  const { lang } = parsePath(new URL(request.url).pathname);
  return { user: requireUser(request, context, lang) };
}

export const meta: Route.MetaFunction = ({ matches }) => {
  const { t } = metaI18n(matches);
  return [{ title: `${t('nav.dashboard')} | ${t('app.name')}` }, { name: 'robots', content: 'noindex' }];
};

export default function Dashboard({ loaderData }: Route.ComponentProps) {
  const { t, href, date } = useI18n();
  const { user } = loaderData;
  const cards = [
    { to: href('profile'), title: t('dashboard.profile'), hint: t('dashboard.profileHint') },
    { to: href('rent'), title: t('dashboard.browse'), hint: t('dashboard.browseHint') },
    { to: href('post'), title: t('dashboard.post'), hint: t('dashboard.postHint') },
    { to: href('myListings'), title: t('dashboard.listings'), hint: t('dashboard.listingsHint') },
    ...(user.role === 'moderator' ? [{ to: href('review'), title: t('dashboard.review'), hint: t('dashboard.reviewHint') }] : []),
  ];
  return (
    <div className="mx-auto max-w-5xl px-4 py-8">
      <h1 className="text-2xl font-bold md:text-3xl">{t('dashboard.title', { name: user.name === 'guest' ? user.phoneNumber : user.name })}</h1>
      <p className="mt-1 text-gray-600">{t('dashboard.subtitle')}</p>
      {user.stats.lastActivityDate ? (
        <p className="mt-1 text-sm text-gray-500">{t('dashboard.lastActive', { date: date(user.stats.lastActivityDate) })}</p>
      ) : null}
      <RoleToggle />
      <ul className="mt-8 grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
        {cards.map((card) => (
          <li key={card.to}>
            <Link
              to={card.to}
              className="block h-full rounded-xl border border-gray-200 p-5 shadow-sm transition hover:border-brand-600 hover:shadow-md"
            >
              <span className="text-lg font-semibold">{card.title}</span>
              <span className="mt-1 block text-sm text-gray-600">{card.hint}</span>
            </Link>
          </li>
        ))}
      </ul>
    </div>
  );
}
