import { useEffect, useRef, useState } from 'react';
import type { Map as LeafletMap } from 'leaflet';
import { useI18n } from '../../../lib/i18n.tsx';
import { MARKER_STYLE, addTiles, loadLeaflet } from '../../../components/listing/leaflet.ts';
import { MapNotice, addZoomButtons, watchTiles } from '../../../components/listing/map-controls.tsx';

/**
 * Where the home is: a map that loads Leaflet only when it scrolls near the screen, with a link to open the
 * spot in Google Maps that works without JavaScript or tiles.
 */
export function LocationMap({ lat, lon, name }: { lat: number; lon: number; name: string }) {
  const { t } = useI18n();
  const container = useRef<HTMLDivElement>(null);
  const [failed, setFailed] = useState(false);
  const [tilesFailed, setTilesFailed] = useState(false);
  // Read when the map is made (a page in another language is a new page).
  const zoomLabels = useRef({ zoomIn: t('map.zoomIn'), zoomOut: t('map.zoomOut') });

  useEffect(() => {
    const element = container.current;
    if (!element) return;
    let map: LeafletMap | null = null;
    let cancelled = false;
    const show = async () => {
      try {
        const L = await loadLeaflet();
        if (cancelled) return;
        map = L.map(element, { scrollWheelZoom: false, zoomControl: false }).setView([lat, lon], 15);
        addZoomButtons(L, map, zoomLabels.current);
        addTiles(L, map);
        watchTiles(L, map, (tilesDown) => {
          if (!cancelled) setTilesFailed(tilesDown);
        });
        L.circleMarker([lat, lon], { ...MARKER_STYLE, radius: 10 }).addTo(map);
      } catch {
        if (!cancelled) setFailed(true);
      }
    };
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((entry) => entry.isIntersecting)) {
          observer.disconnect();
          void show();
        }
      },
      { rootMargin: '200px' },
    );
    observer.observe(element);
    return () => {
      cancelled = true;
      observer.disconnect();
      map?.remove();
    };
  }, [lat, lon]);

  return (
    <section className="mt-8" aria-labelledby="location">
      <h2 id="location" className="text-lg font-semibold">
        {t('details.location')}
      </h2>
      <div className="relative mt-3 aspect-[16/9] overflow-hidden rounded-xl border border-gray-200 bg-gray-100">
        {failed ? (
          <p className="p-4 text-sm text-gray-600">{t('map.locationUnavailable')}</p>
        ) : (
          <div ref={container} className="h-full w-full" role="region" aria-label={t('map.listingLabel', { name })} />
        )}
        {tilesFailed && !failed ? <MapNotice>{t('map.tilesFailed')}</MapNotice> : null}
      </div>
      <a
        href={`https://www.google.com/maps/search/?api=1&query=${lat},${lon}`}
        target="_blank"
        rel="noopener noreferrer"
        className="mt-2 inline-block text-sm font-medium text-brand-700 hover:underline"
      >
        {t('details.openInMaps')}
      </a>
    </section>
  );
}
