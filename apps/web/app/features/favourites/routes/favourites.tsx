import { Form, Link, data, useNavigation } from 'react-router';
import { parsePath } from '@kunci/i18n/paths';
import { ListingCard } from '../../../components/listing/listing-card.tsx';
import { Button } from '../../../components/ui/field.tsx';
import { serverApi } from '../../../lib/api.ts';
import { explainedRefusal, signedInForm } from '../../../lib/form-action.server.ts';
import { useI18n } from '../../../lib/i18n.tsx';
import { noindexMeta } from '../../../lib/seo.ts';
import { useRootData } from '../../../lib/root-data.ts';
import { requireUser } from '../../../lib/session.server.ts';
import { useFavourites } from '../favourites.tsx';
import { ShareButtons } from '../../../components/listing/share-buttons.tsx';
import type { Route } from './+types/favourites';

export async function loader({ request, context }: Route.LoaderArgs) {
  const { lang } = parsePath(new URL(request.url).pathname);
  const user = requireUser(request, context, lang);
  const api = serverApi(context, lang);
  const [list, link] = await Promise.all([api.favourites(user.id), api.shortlistLink(user.id)]);
  return { favourites: list.content, link };
}

export async function action({ request, context }: Route.ActionArgs) {
  const { user, api, intent } = await signedInForm(request, context);
  try {
    if (intent === 'share') await api.shareShortlist(user.id);
    else if (intent === 'revoke') await api.revokeShortlist(user.id);
    return { ok: true };
  } catch (error) {
    return data(explainedRefusal(error), { status: 400 });
  }
}

export const meta: Route.MetaFunction = noindexMeta('favourites.title');

/** The user's saved homes (`/dashboard/favorites`, also `/favorites`), with a shareable read-only link. */
export default function Favourites({ loaderData }: Route.ComponentProps) {
  const { t, href } = useI18n();
  const { areas } = useRootData();
  const { ids } = useFavourites();
  const navigation = useNavigation();
  const { link } = loaderData;
  // A heart taken off here leaves the card at once (the list reloads on the next visit).
  const favourites = loaderData.favourites.filter((f) => !ids || ids.has(f.propertyId));
  const live = favourites.filter((f) => f.property.live);
  const gone = favourites.filter((f) => !f.property.live);

  return (
    <div className="mx-auto max-w-6xl px-4 py-6 md:py-10">
      <h1 className="text-2xl font-bold md:text-3xl">{t('favourites.title')}</h1>
      {favourites.length === 0 ? (
        <div className="mt-8 rounded-xl border border-dashed border-gray-300 p-8 text-center">
          <p className="text-lg font-medium">{t('favourites.empty')}</p>
          <p className="mt-1 text-gray-600">{t('favourites.emptyHint')}</p>
          <Link to={href('rent')} className="mt-4 inline-block rounded-full bg-brand-700 px-5 py-2.5 font-medium text-white hover:bg-brand-800">
            {t('favourites.browse')}
          </Link>
        </div>
      ) : (
        <>
          <p className="mt-1 text-gray-600">{t('favourites.count', { count: live.length })}</p>
          <section aria-labelledby="share-title" className="mt-6 rounded-xl border border-gray-200 p-4">
            <h2 id="share-title" className="font-semibold">
              {t('favourites.share.title')}
            </h2>
            <p className="mt-1 text-sm text-gray-600">{t('favourites.share.hint')}</p>
            {link ? (
              <div className="mt-3 space-y-3">
                <ShareButtons url={link.url} message={t('favourites.share.whatsappText', { url: link.url })} />
                <Form method="post" replace preventScrollReset>
                  <button
                    type="submit"
                    name="intent"
                    value="revoke"
                    disabled={navigation.state !== 'idle'}
                    className="text-sm font-medium text-red-700 hover:underline"
                  >
                    {t('favourites.share.revoke')}
                  </button>
                </Form>
              </div>
            ) : (
              <Form method="post" replace preventScrollReset className="mt-3">
                <Button type="submit" name="intent" value="share" disabled={navigation.state !== 'idle'}>
                  {t('favourites.share.create')}
                </Button>
              </Form>
            )}
          </section>
          <ul className="mt-6 grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
            {live.map((f, index) => (
              <li key={f.id}>
                <ListingCard listing={f.property} areas={areas} eager={index < 3} priority={index === 0} />
              </li>
            ))}
          </ul>
          {gone.length ? (
            <section aria-labelledby="gone-title" className="mt-10">
              <h2 id="gone-title" className="text-lg font-semibold">
                {t('favourites.gone')}
              </h2>
              <ul className="mt-3 grid gap-4 opacity-70 sm:grid-cols-2 lg:grid-cols-3">
                {gone.map((f) => (
                  <li key={f.id}>
                    <ListingCard listing={f.property} areas={areas} eager={false} />
                  </li>
                ))}
              </ul>
            </section>
          ) : null}
        </>
      )}
    </div>
  );
}
