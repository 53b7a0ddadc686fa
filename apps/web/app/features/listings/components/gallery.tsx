import { useId, useRef, useState, type KeyboardEvent, type PointerEvent } from 'react';
import type { PropertyDetail } from '@kunci/contracts/listings';
import { ChevronLeftIcon, ChevronRightIcon, CloseIcon, PhotosIcon } from '../../../components/ui/icons.tsx';
import { Modal } from '../../../components/ui/modal.tsx';
import { useI18n } from '../../../lib/i18n.tsx';
import { ListingImage } from '../../../components/listing/listing-image.tsx';

/** A horizontal swipe longer than this (px) turns the photo. */
const SWIPE_PX = 40;

/**
 * The desktop grid is 4 columns by 2 equal rows with the cover on the left half; the grid alone sets the height
 * (3:1), and every tile fills its cells, so tiles of a row line up whatever the photos' shapes. With fewer than
 * four more photos, the ones there are span more cells to fill the right half (never an empty tile or a gap).
 */
const COVER_CLASS = ['md:col-span-4 md:row-span-2', 'md:col-span-2 md:row-span-2'] as const;
const TILE_CLASSES: Record<number, readonly string[]> = {
  1: ['md:col-span-2 md:row-span-2'],
  2: ['md:col-span-2', 'md:col-span-2'],
  3: ['', '', 'md:col-span-2'],
  4: ['', '', '', ''],
};

/**
 * The listing's photos: the cover and up to four more in a grid (one on a phone), each opening a full-screen
 * viewer with previous/next buttons, the arrow keys, Home/End and swipes.
 */
export function Gallery({ listing }: { listing: PropertyDetail }) {
  const { t } = useI18n();
  const [viewing, setViewing] = useState<number | null>(null);
  const images = listing.images;
  const count = images.length;
  const alt = t('listing.photoOf', { name: listing.name });
  const more = images.slice(1, 5);
  const tile = 'block h-full w-full cursor-zoom-in focus-visible:outline-3 focus-visible:-outline-offset-3 focus-visible:outline-brand-600';
  return (
    <div className="relative mt-4">
      <div className="grid gap-2 overflow-hidden rounded-2xl md:aspect-[3/1] md:grid-cols-4 md:grid-rows-2" data-testid="gallery-grid">
        <div className={`aspect-[3/2] md:aspect-auto md:min-h-0 ${COVER_CLASS[more.length ? 1 : 0]}`}>
          {count ? (
            <button type="button" className={tile} onClick={() => setViewing(0)} aria-label={t('gallery.open', { index: 1, count })}>
              <ListingImage
                src={images[0]!.src}
                alt={alt}
                placeholderLabel={t('listing.noPhoto')}
                sizes="(min-width: 768px) 50vw, 100vw"
                eager
                priority
              />
            </button>
          ) : (
            <ListingImage src={null} alt={alt} placeholderLabel={t('listing.noPhoto')} sizes="100vw" />
          )}
        </div>
        {more.map((image, index) => (
          <div key={image.id} className={`hidden md:block md:min-h-0 ${TILE_CLASSES[more.length]![index]}`}>
            <button type="button" className={tile} onClick={() => setViewing(index + 1)} aria-label={t('gallery.open', { index: index + 2, count })}>
              <ListingImage src={image.src} alt={alt} placeholderLabel={t('listing.noPhoto')} sizes="25vw" />
            </button>
          </div>
        ))}
      </div>
      {count > 1 ? (
        <button
          type="button"
          onClick={() => setViewing(0)}
          className="absolute right-3 bottom-3 flex items-center gap-2 rounded-lg bg-white/95 px-3 py-2 text-sm font-medium shadow hover:bg-white focus-visible:outline-2 focus-visible:outline-brand-600"
        >
          <PhotosIcon width={18} height={18} />
          {t('gallery.showAll', { count })}
        </button>
      ) : null}
      <Viewer listing={listing} index={viewing} onIndex={setViewing} />
    </div>
  );
}

function Viewer({ listing, index, onIndex }: { listing: PropertyDetail; index: number | null; onIndex: (index: number | null) => void }) {
  const { t } = useI18n();
  const titleId = useId();
  const swipeFrom = useRef<number | null>(null);
  const count = listing.images.length;
  const current = index ?? 0;
  const go = (next: number) => onIndex((next + count) % count);
  const image = listing.images[current];

  function onKeyDown(event: KeyboardEvent) {
    const moves: Record<string, number> = { ArrowLeft: current - 1, ArrowRight: current + 1, Home: 0, End: count - 1 };
    const next = moves[event.key];
    if (next === undefined) return;
    event.preventDefault();
    go(next);
  }
  function onPointerUp(event: PointerEvent) {
    if (swipeFrom.current === null) return;
    const dx = event.clientX - swipeFrom.current;
    swipeFrom.current = null;
    if (Math.abs(dx) > SWIPE_PX) go(current + (dx < 0 ? 1 : -1));
  }

  const control = 'rounded-full bg-white/10 p-3 text-white hover:bg-white/20 focus-visible:outline-2 focus-visible:outline-white disabled:invisible';
  return (
    <Modal
      open={index !== null}
      onClose={() => onIndex(null)}
      labelledBy={titleId}
      className="m-0 h-full max-h-none w-full max-w-none bg-gray-950 text-white"
    >
      <div className="flex h-full flex-col" onKeyDown={onKeyDown}>
        <div className="flex items-center justify-between gap-4 p-3">
          <h2 id={titleId} className="truncate text-base font-medium">
            {t('gallery.title', { name: listing.name })}
          </h2>
          <p className="shrink-0 text-sm text-gray-300" aria-live="polite">
            {t('gallery.position', { index: current + 1, count })}
          </p>
          <button type="button" onClick={() => onIndex(null)} className={control}>
            <CloseIcon title={t('gallery.close')} />
          </button>
        </div>
        <div
          className="relative flex min-h-0 flex-1 touch-pan-y items-center justify-center"
          onPointerDown={(event) => {
            swipeFrom.current = event.clientX;
          }}
          onPointerUp={onPointerUp}
        >
          {image ? (
            <ListingImage
              key={image.id}
              src={image.src}
              alt={t('listing.photoOf', { name: listing.name })}
              placeholderLabel={t('listing.noPhoto')}
              sizes="100vw"
              fit="contain"
              eager
            />
          ) : null}
        </div>
        <div className="flex items-center justify-center gap-6 p-4">
          <button type="button" onClick={() => go(current - 1)} disabled={count < 2} className={control}>
            <ChevronLeftIcon title={t('gallery.previous')} />
          </button>
          <button type="button" onClick={() => go(current + 1)} disabled={count < 2} className={control}>
            <ChevronRightIcon title={t('gallery.next')} />
          </button>
        </div>
      </div>
    </Modal>
  );
}
