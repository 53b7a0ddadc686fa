import type { ReactNode } from 'react';
import type * as Leaflet from 'leaflet';

/** Zoom buttons labelled in the page's language (Leaflet's own say "Zoom in" whatever the page). Maps are made with `zoomControl: false`. */
export function addZoomButtons(L: typeof Leaflet, map: Leaflet.Map, labels: { zoomIn: string; zoomOut: string }): void {
  L.control.zoom({ zoomInTitle: labels.zoomIn, zoomOutTitle: labels.zoomOut }).addTo(map);
}

/**
 * Tells `onChange(true)` when the map cannot show its tiles (no tile server, or none of a screenful loaded),
 * so the page can say so instead of leaving a grey square; `onChange(false)` once tiles load again.
 * Call it after the tiles are added.
 */
export function watchTiles(L: typeof Leaflet, map: Leaflet.Map, onChange: (failed: boolean) => void): void {
  const layers: Leaflet.TileLayer[] = [];
  map.eachLayer((layer) => {
    if (layer instanceof L.TileLayer) layers.push(layer);
  });
  if (!layers.length) return onChange(true);
  for (const layer of layers) {
    let loaded = 0;
    let failed = 0;
    layer.on('tileload', () => {
      loaded++;
      onChange(false);
    });
    layer.on('tileerror', () => failed++);
    // 'load' comes once every tile of the view has answered, loaded or not.
    layer.on('load', () => {
      if (failed && !loaded) onChange(true);
      loaded = failed = 0;
    });
  }
}

/**
 * A notice laid over a map (tiles that did not load): above Leaflet's panes, clear of its zoom buttons (top left) and of
 * its attribution line (bottom right, one 12 px line), which must stay readable.
 */
export function MapNotice({ children }: { children: ReactNode }) {
  return (
    <p role="status" className="absolute inset-x-2 bottom-7 z-[1000] rounded-lg bg-white/95 px-3 py-2 text-sm text-gray-800 shadow">
      {children}
    </p>
  );
}
