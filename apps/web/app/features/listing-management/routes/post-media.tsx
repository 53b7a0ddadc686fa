import { Form, Link, redirect, useLocation, useNavigation, useRevalidator } from 'react-router';
import { BUSINESS } from '@kunci/contracts/business';
import { POST_STEP_CODES } from '@kunci/contracts/listing-management';
import { href, parsePath } from '@kunci/i18n/paths';
import { Button } from '../../../components/ui/field.tsx';
import { serverApi, useApi } from '../../../lib/api.ts';
import { metaI18n, useI18n } from '../../../lib/i18n.tsx';
import { requireUser } from '../../../lib/session.server.ts';
import { ListingImage } from '../../../components/listing/listing-image.tsx';
import { Uploader } from '../components/uploader.tsx';
import { Wizard, nextStepHref, previousStepHref } from '../components/wizard.tsx';
import { lostDraft, refOf, stepListing } from '../draft.server.ts';
import type { Route } from './+types/post-media';

// Actions may see the data URL (`/upload-video.data`): match the segment, not the end.
const isVideoStep = (pathname: string) => /\/upload-video(\.data)?$/.test(pathname);

export async function loader({ request, context }: Route.LoaderArgs) {
  const url = new URL(request.url);
  const { lang } = parsePath(url.pathname);
  const user = requireUser(request, context, lang);
  const api = serverApi(context, lang);
  const listing = await stepListing(context, lang, user, url.searchParams.get('ref'));
  // A verified building's own photos (outside, pool, lobby), which the owner may add with one tap.
  const landmark = listing.input.landmarkLabelId;
  const stock = landmark && listing.landmarkVerified && !isVideoStep(url.pathname) ? (await api.stockImages(landmark)).content : [];
  return { listing, stock };
}

export async function action({ request, context }: Route.ActionArgs) {
  const url = new URL(request.url);
  const { lang } = parsePath(url.pathname);
  const user = requireUser(request, context, lang);
  const api = serverApi(context, lang);
  const ref = refOf(url.searchParams.get('ref'));
  if (ref === null) throw await lostDraft(context, lang, user);
  if (!isVideoStep(url.pathname)) {
    const saved = await api.updateListing(ref, { draftStep: POST_STEP_CODES.images });
    return redirect(nextStepHref(lang, saved, 'images'));
  }
  await api.updateListing(ref, { draftStep: POST_STEP_CODES.video });
  await api.activateListing(ref);
  return redirect(href(lang, 'postThanks', undefined, { ref }));
}

export const meta: Route.MetaFunction = ({ matches, location }) => {
  const { t } = metaI18n(matches);
  return [
    { title: `${t(isVideoStep(location.pathname) ? 'post.step.video' : 'post.step.images')} | ${t('app.name')}` },
    { name: 'robots', content: 'noindex' },
  ];
};

/** Steps 4 and 5: photos (cover, order, remove) and an optional video, uploaded straight to storage. */
export default function PostMedia({ loaderData }: Route.ComponentProps) {
  const { t, lang } = useI18n();
  const api = useApi();
  const { listing, stock } = loaderData;
  const unused = stock.filter((s) => !listing.images.some((image) => image.src === s.src));
  const video = isVideoStep(useLocation().pathname);
  const revalidator = useRevalidator();
  const navigation = useNavigation();
  const refresh = () => void revalidator.revalidate();
  /** A change to the photos or video; refused or not, the page shows what the server now holds. */
  const change = async (request: Promise<unknown>) => {
    await request.catch(() => undefined);
    refresh();
  };
  const missing = Math.max(0, BUSINESS.listing.minPhotos - listing.images.length);
  const small =
    'rounded-full bg-white/90 px-2 py-1 text-xs font-medium shadow hover:bg-white focus-visible:outline-2 focus-visible:outline-brand-600';
  return (
    <Wizard step={video ? 'video' : 'images'} flow={listing}>
      {video ? (
        <section aria-labelledby="video-title">
          <h2 id="video-title" className="text-lg font-semibold">
            {t('post.video.title')}
          </h2>
          <p className="mt-1 text-sm text-gray-600">{t('post.video.hint')}</p>
          <ul className="my-4 space-y-3">
            {listing.videos.map((v) => (
              <li key={v.id} className="flex items-center gap-3">
                <video src={v.src} controls preload="metadata" className="h-32 rounded-lg bg-black" />
                <button type="button" className={small} onClick={() => void change(api.removeVideo(v.id))}>
                  {t('post.photos.remove')}
                </button>
              </li>
            ))}
          </ul>
          <Uploader propertyId={listing.id} kind="video" label={t('post.video.choose')} multiple={false} onDone={refresh} />
        </section>
      ) : (
        <section aria-labelledby="photos-title">
          <h2 id="photos-title" className="text-lg font-semibold">
            {t('post.photos.title')}
          </h2>
          <p className="mt-1 text-sm text-gray-600">{t('post.photos.hint')}</p>
          {missing ? <p className="mt-2 rounded-lg bg-amber-50 p-3 text-sm text-amber-900">{t('post.photos.fewer', { count: missing })}</p> : null}
          <ul className="my-4 grid grid-cols-2 gap-3 sm:grid-cols-3">
            {listing.images.map((image, index) => (
              <li key={image.id} className="relative aspect-[4/3] overflow-hidden rounded-lg bg-gray-100">
                <ListingImage
                  src={image.src}
                  alt={t('listing.photoOf', { name: listing.name })}
                  placeholderLabel={t('listing.noPhoto')}
                  sizes="200px"
                />
                <div className="absolute inset-x-1 bottom-1 flex flex-wrap gap-1">
                  {image.isCover ? (
                    <span className="rounded-full bg-brand-700 px-2 py-1 text-xs font-medium text-white">{t('post.photos.cover')}</span>
                  ) : (
                    <button type="button" className={small} onClick={() => void change(api.setCover(listing.id, image.id))}>
                      {t('post.photos.makeCover')}
                    </button>
                  )}
                  {index > 0 ? (
                    <button
                      type="button"
                      className={small}
                      onClick={() => {
                        const ids = listing.images.map((i) => i.id);
                        [ids[index - 1], ids[index]] = [ids[index]!, ids[index - 1]!];
                        void change(api.reorderImages(listing.id, ids));
                      }}
                    >
                      {t('post.photos.moveUp')}
                    </button>
                  ) : null}
                  <button type="button" className={small} onClick={() => void change(api.removeImage(image.id))}>
                    {t('post.photos.remove')}
                  </button>
                </div>
              </li>
            ))}
          </ul>
          <Uploader propertyId={listing.id} kind="image" label={t('post.photos.choose')} multiple onDone={refresh} />
          {unused.length ? (
            <section aria-labelledby="stock-title" className="mt-8">
              <h3 id="stock-title" className="font-semibold">
                {t('post.stock.title', { name: listing.landmarkName ?? listing.name })}
              </h3>
              <p className="mt-1 text-sm text-gray-600">{t('post.stock.hint')}</p>
              <ul className="mt-3 grid grid-cols-2 gap-3 sm:grid-cols-3">
                {unused.map((picture, index) => (
                  <li key={picture.id} className="relative aspect-[4/3] overflow-hidden rounded-lg bg-gray-100">
                    <ListingImage
                      src={picture.src}
                      alt={t('post.stock.alt', { index: index + 1 })}
                      placeholderLabel={t('listing.noPhoto')}
                      sizes="200px"
                    />
                    <button
                      type="button"
                      className={`${small} absolute bottom-1 left-1`}
                      onClick={() => void change(api.registerImage(listing.id, { stockImageId: picture.id }))}
                    >
                      {t('post.stock.add')}
                    </button>
                  </li>
                ))}
              </ul>
            </section>
          ) : null}
        </section>
      )}
      <Form method="post" className="mt-8 flex flex-col gap-3 sm:flex-row-reverse">
        <Button type="submit" disabled={navigation.state !== 'idle'}>
          {video ? t('post.publish') : t('post.saveNext')}
        </Button>
        <Link to={previousStepHref(lang, listing, video ? 'video' : 'images')} className="self-center text-sm text-brand-700 hover:underline">
          {t('post.back')}
        </Link>
      </Form>
    </Wizard>
  );
}
