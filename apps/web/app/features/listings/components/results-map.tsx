import { useEffect, useRef, useState } from 'react';
import type { CircleMarker, Map as LeafletMap } from 'leaflet';
import type { ListingCard } from '@kunci/contracts/listings';
import { href } from '@kunci/i18n/paths';
import { useI18n } from '../../../lib/i18n.tsx';
import { MARKER_STYLE, addTiles, loadLeaflet } from '../../../components/listing/leaflet.ts';
import { MapNotice, addZoomButtons, watchTiles } from '../../../components/listing/map-controls.tsx';

/**
 * The results on a map, in step with the list: one marker per listing of the page, the hovered card's
 * marker highlighted, a marker's popup linking to its listing. Leaflet loads only when the map is opened,
 * and map tiles only when online; the list never depends on it.
 */
export function ResultsMap({ listings, activeId }: { listings: readonly ListingCard[]; activeId: number | null }) {
  const { t, money, lang } = useI18n();
  const container = useRef<HTMLDivElement>(null);
  const map = useRef<LeafletMap | null>(null);
  const markers = useRef(new Map<number, CircleMarker>());
  const [failed, setFailed] = useState(false);
  const [tilesFailed, setTilesFailed] = useState(false);
  // Read when the map is made (a page in another language is a new page).
  const zoomLabels = useRef({ zoomIn: t('map.zoomIn'), zoomOut: t('map.zoomOut') });

  useEffect(() => {
    let cancelled = false;
    (async () => {
      try {
        const L = await loadLeaflet();
        if (cancelled || !container.current) return;
        if (!map.current) {
          map.current = L.map(container.current, { scrollWheelZoom: false, zoomControl: false }).setView([3.139, 101.6869], 12);
          addZoomButtons(L, map.current, zoomLabels.current);
          addTiles(L, map.current);
          watchTiles(L, map.current, setTilesFailed);
        }
        for (const marker of markers.current.values()) marker.remove();
        markers.current.clear();
        for (const listing of listings) {
          const marker = L.circleMarker([listing.lat, listing.lon], { ...MARKER_STYLE, radius: 8 })
            .bindPopup(
              `<a href="${href(lang, 'details', { id: listing.id })}"><strong>${listing.name.replace(/[<>&"]/g, '')}</strong><br>${money(listing.price)}</a>`,
            )
            .addTo(map.current);
          markers.current.set(listing.id, marker);
        }
        if (listings.length)
          map.current.fitBounds(L.latLngBounds(listings.map((l) => [l.lat, l.lon] as [number, number])), { padding: [24, 24], maxZoom: 15 });
      } catch {
        if (!cancelled) setFailed(true);
      }
    })();
    return () => {
      cancelled = true;
    };
  }, [listings, lang, money]);

  useEffect(() => {
    for (const [id, marker] of markers.current) {
      marker.setStyle(
        id === activeId ? { radius: 12, fillColor: '#f59e0b', color: '#b45309' } : { radius: 8, fillColor: '#0f7a5a', color: '#0b634a' },
      );
      if (id === activeId) marker.bringToFront();
    }
  }, [activeId]);

  useEffect(
    () => () => {
      map.current?.remove();
      map.current = null;
    },
    [],
  );

  return (
    <div className="sticky top-20 h-[70vh] overflow-hidden rounded-xl border border-gray-200 bg-gray-100">
      {failed ? (
        <p className="p-4 text-sm text-gray-600">{t('map.unavailable')}</p>
      ) : (
        <div ref={container} className="h-full w-full" role="region" aria-label={t('map.label')} />
      )}
      {tilesFailed && !failed ? <MapNotice>{t('map.tilesFailed')}</MapNotice> : null}
    </div>
  );
}
