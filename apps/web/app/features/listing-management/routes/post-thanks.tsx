import { Link } from 'react-router';
import { parsePath } from '@kunci/i18n/paths';
import { useI18n } from '../../../lib/i18n.tsx';
import { noindexMeta } from '../../../lib/seo.ts';
import { requireUser } from '../../../lib/session.server.ts';
import { ShareButtons } from '../../../components/listing/share-buttons.tsx';
import { useRootData } from '../../../lib/root-data.ts';
import type { Route } from './+types/post-thanks';

export function loader({ request, context, params }: Route.LoaderArgs) {
  const url = new URL(request.url);
  const { lang } = parsePath(url.pathname);
  requireUser(request, context, lang);
  const ref = Number(('ref' in params ? params.ref : undefined) ?? url.searchParams.get('ref'));
  return { ref: Number.isInteger(ref) && ref > 0 ? ref : null };
}

export const meta: Route.MetaFunction = noindexMeta('post.thanks.title');

/** After publishing (and the share page): what happens next, and the listing's link to share once live. */
export default function PostThanks({ loaderData }: Route.ComponentProps) {
  const { t, href } = useI18n();
  const { publicUrl } = useRootData();
  const { ref } = loaderData;
  return (
    <div className="mx-auto max-w-2xl px-4 py-10">
      <h1 className="text-2xl font-bold md:text-3xl">{t('post.thanks.title')}</h1>
      <p className="mt-3 text-gray-700">{t('post.thanks.body')}</p>
      <h2 className="mt-8 text-lg font-semibold">{t('post.thanks.next')}</h2>
      <ul className="mt-3 space-y-2">
        <li>
          <Link to={href('myListings')} className="text-brand-700 hover:underline">
            {t('listings.title')}
          </Link>
        </li>
        <li>
          <Link to={href('post')} className="text-brand-700 hover:underline">
            {t('listings.new')}
          </Link>
        </li>
        {ref ? (
          <li>
            <Link to={href('postHomerunner', { ref })} className="text-brand-700 hover:underline">
              {t('services.homerunner.post.title')}
            </Link>
          </li>
        ) : null}
      </ul>
      {ref ? (
        <section className="mt-8">
          <h2 className="text-lg font-semibold">{t('post.thanks.share')}</h2>
          <div className="mt-3">
            <ShareButtons url={`${publicUrl}${href('details', { id: ref })}`} />
          </div>
        </section>
      ) : null}
    </div>
  );
}
