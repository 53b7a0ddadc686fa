import { data } from 'react-router';
import { parsePath } from '@kunci/i18n/paths';
import { ListingGrid } from '../../../components/listing/listing-grid.tsx';
import { ApiError, serverApi } from '../../../lib/api.ts';
import { metaI18n, useI18n } from '../../../lib/i18n.tsx';
import { useRootData } from '../../../lib/root-data.ts';
import type { Route } from './+types/shortlist';

export async function loader({ request, context, params }: Route.LoaderArgs) {
  const { lang } = parsePath(new URL(request.url).pathname);
  try {
    return { shortlist: await serverApi(context, lang).shortlist(params.token) };
  } catch (error) {
    // A revoked or mistyped link: say so plainly (404), never show whose it was.
    if (error instanceof ApiError && (error.status === 404 || error.status === 422)) return data({ shortlist: null }, { status: 404 });
    throw error;
  }
}

export const meta: Route.MetaFunction = ({ matches, loaderData }) => {
  const { t } = metaI18n(matches);
  const title = loaderData?.shortlist ? t('shortlist.title', { name: loaderData.shortlist.ownerName }) : t('shortlist.gone');
  return [{ title: `${title} | ${t('app.name')}` }, { name: 'robots', content: 'noindex' }];
};

/** Someone's favourites, shared read-only by a link they can revoke. */
export default function SharedShortlist({ loaderData }: Route.ComponentProps) {
  const { t } = useI18n();
  const { areas } = useRootData();
  const { shortlist } = loaderData;
  if (!shortlist) {
    return (
      <div className="mx-auto max-w-2xl px-4 py-16 text-center">
        <h1 className="text-2xl font-bold">{t('shortlist.gone')}</h1>
        <p className="mt-2 text-gray-600">{t('shortlist.goneHint')}</p>
      </div>
    );
  }
  return (
    <div className="mx-auto max-w-6xl px-4 py-6 md:py-10">
      <h1 className="text-2xl font-bold md:text-3xl">{t('shortlist.title', { name: shortlist.ownerName })}</h1>
      <p className="mt-1 text-gray-600">{t('favourites.count', { count: shortlist.content.length })}</p>
      <div className="mt-6">
        {shortlist.content.length ? <ListingGrid listings={shortlist.content} areas={areas} /> : <p>{t('shortlist.empty')}</p>}
      </div>
    </div>
  );
}
