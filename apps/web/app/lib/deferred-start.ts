import { useEffect } from 'react';

/**
 * The app starts (its scripts are fetched and evaluated and the page hydrates) once the page has loaded and painted,
 * not while the first listing photos are still arriving: on a phone's connection the scripts would share its
 * bandwidth with the photos, and their evaluation and the hydration would hold the main thread before the first
 * paint. The server renders every page whole, so until then links and forms work as plain HTML; what the scripts
 * add (dialogs, the map, client navigation) follows a moment later.
 *
 * The router's module script (it imports the page's route modules and the client entry) and its module preloads
 * leave the server in a form browsers neither run nor fetch (lib/page-scripts.server.ts). START_BOOT_SCRIPT, in the
 * head, turns them back into module preloads (every one, so the imports do not come one after another) and then a
 * module script of the same text, once the window's `load` event and the next frame have come, or START_FALLBACK_MS
 * after the document was parsed if `load` has not (an image that never finishes). What it adds carries the held
 * script's nonce; a page from the page cache allows the script by the hash of its text, which is the held script's
 * (apps/server page-cache.ts), and the preloads are our own files ('self').
 *
 * The preloads go one per task: adding one starts its request, which cost Chromium 1 to 15 ms of main thread each when
 * measured here (four times that on a phone), and the page's fifteen or so added at once made the longest task of the
 * start. The next is added after `scheduler.yield()` where the browser has it, else after a timer.
 */
export const HELD_MODULE_TYPE = 'text/x-module-after-load';
/** The `rel` the module preloads are sent with, which browsers ignore. */
export const HELD_PRELOAD_REL = 'x-modulepreload-after-load';

/** The longest the start waits for `load` once the document is parsed. */
export const START_FALLBACK_MS = 4000;

export const START_BOOT_SCRIPT =
  `(function(){var started=false;` +
  `function soon(next){if(window.scheduler&&scheduler.yield)scheduler.yield().then(next);else setTimeout(next,0)}` +
  `function start(){if(started)return;` +
  `var held=document.querySelector('script[type="${HELD_MODULE_TYPE}"]');if(!held)return;started=true;` +
  `var links=document.querySelectorAll('link[rel="${HELD_PRELOAD_REL}"]'),next=0;` +
  `function preload(){if(next<links.length){var link=document.createElement('link');link.rel='modulepreload';` +
  `link.href=links[next++].getAttribute('href');link.nonce=held.nonce;document.head.appendChild(link)}` +
  `soon(next<links.length?preload:run)}` +
  `function run(){var script=document.createElement('script');script.type='module';script.nonce=held.nonce;script.text=held.text;document.head.appendChild(script)}` +
  `preload()}` +
  `function afterPaint(){requestAnimationFrame(function(){setTimeout(start,0)})}` +
  `if(document.readyState==='complete')afterPaint();else addEventListener('load',afterPaint);` +
  `addEventListener('DOMContentLoaded',function(){setTimeout(start,${START_FALLBACK_MS})})})();`;

/** The attribute <html> gets once the app has hydrated: browser tests wait for it before acting on a page. */
export const HYDRATED_ATTRIBUTE = 'data-hydrated';

/** In the root layout: marks <html> once the first render has been hydrated (effects run after the commit). */
export function useHydratedMarker() {
  useEffect(() => {
    document.documentElement.setAttribute(HYDRATED_ATTRIBUTE, '');
  }, []);
}
