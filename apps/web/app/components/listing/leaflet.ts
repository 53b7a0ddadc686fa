import type * as Leaflet from 'leaflet';

/** Leaflet and its stylesheet, fetched on first use only: no page pays for the map until it shows one. */
export async function loadLeaflet(): Promise<typeof Leaflet> {
  const [L] = await Promise.all([import('leaflet'), import('leaflet/dist/leaflet.css')]);
  return L;
}

/**
 * Map tiles (OpenStreetMap unless MAP_TILE_URL says otherwise; the page names them in a meta tag, and its CSP
 * allows that host): they load when online; markers and the page work without them.
 */
export function addTiles(L: typeof Leaflet, map: Leaflet.Map): void {
  const template = document.querySelector<HTMLMetaElement>('meta[name="map-tiles"]')?.content;
  if (!template) return;
  L.tileLayer(template, {
    maxZoom: 19,
    attribution: '&copy; <a href="https://www.openstreetmap.org/copyright">OpenStreetMap</a>',
  }).addTo(map);
}

export const MARKER_STYLE = { color: '#0b634a', fillColor: '#0f7a5a', fillOpacity: 0.85, weight: 2 } as const;
