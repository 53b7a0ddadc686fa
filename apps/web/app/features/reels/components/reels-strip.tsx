import { Link } from 'react-router';
import type { Reel } from '@kunci/contracts/reels';
import { useI18n } from '../../../lib/i18n.tsx';
import { useRootData } from '../../../lib/root-data.ts';
import { PlayIcon } from './reel-icons.tsx';

/** Posters here are small: the listing's cover in its narrowest published width. */
const POSTER_WIDTH = 640;

/**
 * The newest video tours as a row of posters (the home page's way into /reels): each opens the feed at its reel,
 * "Watch all" at the newest. Nothing when there are none.
 */
export function ReelsStrip({ reels }: { reels: readonly Reel[] }) {
  const { t, href, lang } = useI18n();
  const { areas } = useRootData();
  if (reels.length === 0) return null;
  return (
    <section className="mx-auto max-w-7xl px-4 py-8" aria-labelledby="reels-strip-heading">
      <div className="flex flex-wrap items-end justify-between gap-x-4 gap-y-1">
        <h2 id="reels-strip-heading" className="text-2xl font-semibold">
          {t('reels.entry')}
        </h2>
        <Link to={href('reels')} className="font-medium text-brand-700 hover:underline">
          {t('reels.homeAll')}
        </Link>
      </div>
      <p className="mt-1 text-gray-700">{t('reels.homeBody')}</p>
      <ul className="mt-4 grid grid-cols-2 gap-3 sm:grid-cols-4">
        {reels.map((reel) => {
          const area = areas.find((a) => a.slug === reel.listing.areaSlug)?.name[lang];
          return (
            <li key={reel.id}>
              <Link
                to={href('reels', undefined, { start: reel.id })}
                className="group relative block aspect-[3/4] overflow-hidden rounded-xl bg-gray-900 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600"
              >
                {reel.poster ? (
                  <img
                    src={reel.poster.replace('{w}', String(POSTER_WIDTH))}
                    alt=""
                    loading="lazy"
                    decoding="async"
                    className="h-full w-full object-cover opacity-90 transition-opacity group-hover:opacity-100 motion-reduce:transition-none"
                  />
                ) : null}
                <span className="absolute left-1/2 top-1/2 flex h-12 w-12 -translate-x-1/2 -translate-y-1/2 items-center justify-center rounded-full bg-black/55 text-white ring-1 ring-white/40">
                  <PlayIcon />
                </span>
                <span className="absolute inset-x-0 bottom-0 bg-gradient-to-t from-black/80 to-transparent p-3 pt-8 text-white">
                  <span className="sr-only">{t('reels.reel', { name: reel.listing.name })}</span>
                  <span aria-hidden="true" className="line-clamp-2 text-sm font-semibold">
                    {reel.listing.name}
                  </span>
                  {area ? (
                    <span aria-hidden="true" className="block text-xs text-white/85">
                      {area}
                    </span>
                  ) : null}
                </span>
              </Link>
            </li>
          );
        })}
      </ul>
    </section>
  );
}
