import { useCallback, useEffect, useRef, useState } from 'react';
import { Link } from 'react-router';
import type { Reel, ReelPage } from '@kunci/contracts/reels';
import { HomeIcon } from '../../../components/ui/icons.tsx';
import { useApi } from '../../../lib/api.ts';
import { useI18n } from '../../../lib/i18n.tsx';
import { useRootData } from '../../../lib/root-data.ts';
import { AreaMenu } from './area-menu.tsx';
import { MutedIcon, NextIcon, PauseIcon, PlayIcon, PreviousIcon, SoundIcon } from './reel-icons.tsx';

const SALE = new Set(['HIGHRISE_SALE', 'LANDED_SALE']);
/** A reel is the one on screen once this much of it shows. */
const VISIBLE_RATIO = 0.6;
/** Posters are fetched for the reels up to this many past the furthest one shown. */
const POSTER_REACH = 2;
/** The next page is fetched when the visitor is this close to the last reel loaded. */
const LOAD_AHEAD = 2;
/** Posters are the listing's cover in this published width (a phone's screen, sharp enough on a desktop's column). */
const POSTER_WIDTH = 768;

function useReducedMotion(): boolean {
  const [reduced, setReduced] = useState(false);
  useEffect(() => {
    const query = window.matchMedia('(prefers-reduced-motion: reduce)');
    const changed = () => setReduced(query.matches);
    changed();
    query.addEventListener('change', changed);
    return () => query.removeEventListener('change', changed);
  }, []);
  return reduced;
}

/** Keys typed into these are theirs, not the feed's. */
const TYPING = 'input, textarea, select, [contenteditable="true"]';
/** Space activates these: it is not the feed's pause there. */
const CONTROLS = 'button, a, summary';

/**
 * The vertical feed: one reel per screen (scroll snap), swiped on phones, arrow keys and buttons on a desktop. Only the
 * reel on screen plays (muted until asked, never by itself when the visitor prefers reduced motion); the others load
 * nothing but their poster, and only the next one preloads. More reels come as the visitor nears the last one.
 */
export function ReelFeed({ first, area, areaName }: { first: ReelPage; area: string | null; areaName: string | null }) {
  const { t, href } = useI18n();
  const api = useApi();
  const reduced = useReducedMotion();
  const [reels, setReels] = useState<Reel[]>(first.content);
  const [cursor, setCursor] = useState(first.nextCursor);
  const [loading, setLoading] = useState(false);
  const [failed, setFailed] = useState(false);
  const [active, setActive] = useState(0);
  const [furthest, setFurthest] = useState(0);
  const [muted, setMuted] = useState(true);
  /** The visitor's own choice for the reel on screen; until they make one, it plays (unless motion is reduced). */
  const [pausedByVisitor, setPausedByVisitor] = useState<boolean | null>(null);
  const paused = pausedByVisitor ?? reduced;
  const feed = useRef<HTMLDivElement>(null);
  const videos = useRef(new Map<number, HTMLVideoElement>());

  // The reel on screen: the one most of which shows.
  useEffect(() => {
    const root = feed.current;
    if (!root) return;
    const observer = new IntersectionObserver(
      (entries) => {
        for (const entry of entries) {
          if (entry.isIntersecting && entry.intersectionRatio >= VISIBLE_RATIO) setActive(Number((entry.target as HTMLElement).dataset['index']));
        }
      },
      { root, threshold: [VISIBLE_RATIO] },
    );
    for (const item of root.querySelectorAll('[data-index]')) observer.observe(item);
    return () => observer.disconnect();
  }, [reels.length]);

  // A new reel on screen starts as reels do: playing, muted or not as the visitor left the sound.
  useEffect(() => {
    setPausedByVisitor(null);
    setFurthest((f) => Math.max(f, active));
  }, [active]);

  // Only the reel on screen plays.
  useEffect(() => {
    for (const [index, video] of videos.current) {
      video.muted = muted;
      if (index === active && !paused) {
        video.play().catch((error: unknown) => {
          // The browser refused to start it (no gesture yet): the play button says so.
          if (error instanceof DOMException && error.name === 'NotAllowedError') setPausedByVisitor(true);
        });
      } else if (!video.paused) video.pause();
    }
  }, [active, paused, muted, reels.length]);

  const loadMore = useCallback(async () => {
    if (cursor === null) return;
    setLoading(true);
    setFailed(false);
    try {
      const next = await api.reels({ ...(area ? { area } : {}), cursor });
      setReels((loaded) => [...loaded, ...next.content.filter((reel) => !loaded.some((known) => known.id === reel.id))]);
      setCursor(next.nextCursor);
    } catch {
      setFailed(true);
    } finally {
      setLoading(false);
    }
  }, [api, area, cursor]);

  useEffect(() => {
    if (cursor !== null && !loading && !failed && active >= reels.length - LOAD_AHEAD) void loadMore();
  }, [active, cursor, loading, failed, reels.length, loadMore]);

  const go = useCallback(
    (index: number) => {
      const target = feed.current?.querySelector<HTMLElement>(`[data-index="${index}"]`);
      if (!target) return;
      feed.current!.scrollTo({ top: target.offsetTop, behavior: reduced ? 'auto' : 'smooth' });
    },
    [reduced],
  );
  const togglePause = useCallback(() => setPausedByVisitor(!paused), [paused]);
  const toggleMute = useCallback(() => setMuted((m) => !m), []);

  useEffect(() => {
    function onKey(event: KeyboardEvent) {
      if (event.defaultPrevented || event.altKey || event.ctrlKey || event.metaKey) return;
      const target = event.target instanceof Element ? event.target : null;
      if (target?.closest(TYPING)) return;
      if (event.key === 'ArrowDown' || event.key === 'PageDown') {
        event.preventDefault();
        go(active + 1);
      } else if (event.key === 'ArrowUp' || event.key === 'PageUp') {
        event.preventDefault();
        go(active - 1);
      } else if (event.key === ' ' && !target?.closest(CONTROLS)) {
        event.preventDefault();
        togglePause();
      } else if (event.key === 'm' || event.key === 'M') {
        toggleMute();
      }
    }
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [active, go, togglePause, toggleMute]);

  const onEnd = active >= reels.length;
  const roundButton =
    'flex h-12 w-12 items-center justify-center rounded-full bg-black/55 text-white ring-1 ring-white/30 backdrop-blur hover:bg-black/75 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-white disabled:opacity-40';
  return (
    <section
      aria-labelledby="reels-title"
      className="relative h-[100dvh] overflow-hidden bg-black text-white hd:h-[calc(100dvh-4rem-1px)]"
      data-active={active}
    >
      <div className="pointer-events-none absolute inset-x-0 top-0 z-20 flex items-center justify-between gap-2 bg-gradient-to-b from-black/70 to-transparent p-3 pb-8">
        <div className="pointer-events-auto flex min-w-0 items-center gap-2">
          {/* Phones have no header here (spec): the way home. */}
          <Link to={href('home')} aria-label={t('reels.home')} className={`${roundButton} h-10 w-10 shrink-0 hd:hidden`}>
            <HomeIcon width={20} height={20} />
          </Link>
          <h1 id="reels-title" className="truncate text-base font-semibold [text-shadow:0_1px_2px_rgb(0_0_0/0.6)] md:text-lg">
            {areaName ? t('reels.feedIn', { area: areaName }) : t('reels.feed')}
          </h1>
        </div>
        <div className="pointer-events-auto shrink-0">
          <AreaMenu current={area} tone="dark" />
        </div>
      </div>

      <div
        ref={feed}
        role="feed"
        aria-labelledby="reels-title"
        aria-busy={loading}
        className="relative h-full snap-y snap-mandatory overflow-y-auto overscroll-contain [scrollbar-width:none] [&::-webkit-scrollbar]:hidden"
      >
        {reels.map((reel, index) => (
          <ReelView
            key={reel.id}
            reel={reel}
            index={index}
            total={cursor === null ? reels.length : -1}
            preload={index === active || index === active + 1}
            withPoster={index <= furthest + POSTER_REACH}
            onVideo={(video) => {
              if (video) videos.current.set(index, video);
              else videos.current.delete(index);
            }}
            onTap={togglePause}
          />
        ))}
        <article
          data-index={reels.length}
          aria-labelledby="reels-end"
          className="flex h-full snap-start snap-always flex-col items-center justify-center gap-4 px-6 text-center"
        >
          {failed ? (
            <>
              <p id="reels-end" role="alert">
                {t('reels.loadFailed')}
              </p>
              <button
                type="button"
                onClick={() => void loadMore()}
                className="rounded-full bg-white px-5 py-2.5 font-medium text-ink hover:bg-gray-100"
              >
                {t('reels.retry')}
              </button>
            </>
          ) : cursor !== null ? (
            <p id="reels-end">{t('reels.loading')}</p>
          ) : (
            <>
              <p id="reels-end" className="text-lg font-semibold">
                {t('reels.end')}
              </p>
              <Link to={href('rent', area ? { loc: area } : {})} className="rounded-full bg-white px-5 py-2.5 font-medium text-ink hover:bg-gray-100">
                {t('reels.browse')}
              </Link>
            </>
          )}
        </article>
      </div>

      <div className="absolute bottom-44 right-3 z-20 flex flex-col gap-3 md:bottom-auto md:right-6 md:top-1/2 md:-translate-y-1/2">
        <button
          type="button"
          onClick={() => go(active - 1)}
          disabled={active === 0}
          aria-label={t('reels.previous')}
          className={`${roundButton} max-md:hidden`}
        >
          <PreviousIcon />
        </button>
        <button type="button" onClick={togglePause} disabled={onEnd} aria-label={paused ? t('reels.play') : t('reels.pause')} className={roundButton}>
          {paused ? <PlayIcon /> : <PauseIcon />}
        </button>
        <button type="button" onClick={toggleMute} disabled={onEnd} aria-label={muted ? t('reels.unmute') : t('reels.mute')} className={roundButton}>
          {muted ? <MutedIcon /> : <SoundIcon />}
        </button>
        <button type="button" onClick={() => go(active + 1)} disabled={onEnd} aria-label={t('reels.next')} className={`${roundButton} max-md:hidden`}>
          <NextIcon />
        </button>
      </div>
      <p className="absolute bottom-4 right-6 z-20 hidden max-w-56 text-right text-xs text-white/80 lg:block">{t('reels.keys')}</p>
    </section>
  );
}

function ReelView({
  reel,
  index,
  total,
  preload,
  withPoster,
  onVideo,
  onTap,
}: {
  reel: Reel;
  index: number;
  /** How many reels there are, or -1 while more may come. */
  total: number;
  preload: boolean;
  withPoster: boolean;
  onVideo: (video: HTMLVideoElement | null) => void;
  onTap: () => void;
}) {
  const { t, href, money, lang } = useI18n();
  const { areas } = useRootData();
  const { listing } = reel;
  const area = areas.find((a) => a.slug === listing.areaSlug);
  const price = SALE.has(listing.type) ? money(listing.price) : t('listing.perMonth', { price: money(listing.price) });
  const headingId = `reel-${reel.id}`;
  return (
    <article
      data-index={index}
      aria-posinset={index + 1}
      aria-setsize={total}
      aria-labelledby={headingId}
      className="relative flex h-full snap-start snap-always justify-center"
    >
      <div className="relative h-full w-full md:aspect-[9/16] md:w-auto">
        <video
          ref={onVideo}
          src={reel.src}
          poster={withPoster && reel.poster ? reel.poster.replace('{w}', String(POSTER_WIDTH)) : undefined}
          preload={preload ? 'auto' : 'none'}
          muted
          loop
          playsInline
          disablePictureInPicture
          aria-label={t('reels.reel', { name: listing.name })}
          onClick={onTap}
          className="absolute inset-0 h-full w-full bg-black object-cover"
        />
        <div className="absolute inset-x-0 bottom-0 bg-gradient-to-t from-black/90 via-black/60 to-transparent px-4 pb-6 pr-20 pt-20 md:pr-4">
          <p className="text-xl font-bold">{price}</p>
          <h2 id={headingId} className="mt-0.5 line-clamp-2 text-lg font-semibold">
            {listing.name}
          </h2>
          {area ? <p className="text-sm text-white/90">{t('listing.in', { area: area.name[lang] })}</p> : null}
          <Link
            to={href('details', { id: listing.id })}
            aria-describedby={headingId}
            className="mt-3 inline-block rounded-full bg-white px-4 py-2 text-sm font-semibold text-ink hover:bg-gray-100 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-white"
          >
            {t('reels.open')}
          </Link>
        </div>
      </div>
    </article>
  );
}
