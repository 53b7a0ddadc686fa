import { Transform, type TransformCallback } from 'node:stream';
import { HELD_MODULE_TYPE, HELD_PRELOAD_REL } from './deferred-start.ts';

/**
 * What the page's scripts become on their way out, as [tag as React renders it, tag as sent]: the router's module
 * preloads and its one inline module script (it imports the route modules and the client entry, which hydrates) are
 * held, sent in a form browsers neither fetch nor run, and started once the page has loaded and painted
 * (lib/deferred-start.ts). React renders the script `<script nonce="…" type="module" async="">`, the only module
 * script of a page.
 */
const REWRITES: [string, string][] = [
  ['<link rel="modulepreload"', `<link rel="${HELD_PRELOAD_REL}"`],
  [' type="module" async="">', ` type="${HELD_MODULE_TYPE}" async="">`],
];
const HELD_OPEN = REWRITES[1]![1];
const SCRIPT_END = '</script>';

/**
 * The stream of a page with its scripts rewritten (see REWRITES), the held module script's text staged (see
 * stagedStart). Bytes are handled as latin1 so a multi-byte character split across chunks passes through untouched;
 * the tail that could be the start of a tag is held back until the next chunk, and the held script's text until its
 * end tag.
 */
export function pageScripts(): Transform {
  let pending = '';
  let inHeld = false;
  return new Transform({
    transform(chunk: Buffer, _encoding, callback: TransformCallback) {
      let text = pending + chunk.toString('latin1');
      pending = '';
      for (const [from, to] of REWRITES) text = text.replaceAll(from, to);
      let out = '';
      for (;;) {
        if (inHeld) {
          const end = text.indexOf(SCRIPT_END);
          if (end === -1) break;
          out += stagedStart(text.slice(0, end));
          text = text.slice(end);
          inHeld = false;
        }
        const open = text.indexOf(HELD_OPEN);
        if (open === -1) break;
        out += text.slice(0, open + HELD_OPEN.length);
        text = text.slice(open + HELD_OPEN.length);
        inHeld = true;
      }
      const kept = inHeld ? text.length : partialTagAtEnd(text);
      pending = text.slice(text.length - kept);
      callback(null, Buffer.from(out + text.slice(0, text.length - kept), 'latin1'));
    },
    flush(callback: TransformCallback) {
      callback(null, pending ? Buffer.from(pending, 'latin1') : null);
    },
  });
}

/**
 * The held module script's text, rewritten to start the app in steps. As the router writes it, it imports the
 * page's route modules statically, so the browser evaluates every module of the page (the framework, the shared
 * code, the pages) in one task of a few hundred milliseconds on a phone, and no tap is answered meanwhile. Staged,
 * it imports the chunks those route modules import, one at a time, then each route module, with a pause (a new
 * task: `scheduler.yield()` where the browser has it, which lets a tap in first and resumes without a timer's clamp
 * of 4 ms) after each, and only then the client entry, which hydrates. The chunks are the ones the page's manifest
 * lists for the entry and for these routes, in its order (the framework first); the module preloads are already
 * fetching them, so staging costs no round trips. A script of any other shape is left as it is.
 */
export function stagedStart(text: string): string {
  const routes = [...text.matchAll(/^import \* as (route\d+) from "([^"\n]+)";\n/gm)];
  const entry = /^import\("([^"\n]+)"\);\s*$/m.exec(text)?.[1];
  const manifest = manifestOf(text);
  if (routes.length === 0 || !entry || !manifest) return text;
  const routeUrls = new Set(routes.map(([, , url]) => url));
  const chunks = new Set<string>();
  const pageRoutes = Object.values(manifest.routes ?? {}).filter((route) => routeUrls.has(route.module));
  for (const imports of [manifest.entry?.imports, ...pageRoutes.map((route) => route.imports)]) {
    for (const url of imports ?? []) if (!routeUrls.has(url) && url !== entry) chunks.add(url);
  }
  let rest = text;
  for (const [line] of routes) rest = rest.replace(line, '');
  const quoted = (url: string) => JSON.stringify(url);
  return (
    `const pause = () => (globalThis.scheduler?.yield ? globalThis.scheduler.yield() : new Promise((resolve) => setTimeout(resolve, 0)));\n` +
    `for (const chunk of [${[...chunks].map(quoted).join(', ')}]) {\n  await import(chunk);\n  await pause();\n}\n` +
    routes.map(([, name, url]) => `const ${name} = await import(${quoted(url!)});\nawait pause();\n`).join('') +
    rest
  );
}

interface Manifest {
  entry?: { imports?: string[] };
  routes?: Record<string, { module?: string; imports?: string[] }>;
}

/** The route manifest the script assigns to `window.__reactRouterManifest`, or undefined. */
function manifestOf(text: string): Manifest | undefined {
  const start = text.indexOf('window.__reactRouterManifest = ');
  const end = text.indexOf(';\n', start);
  if (start === -1 || end === -1) return undefined;
  try {
    return JSON.parse(text.slice(start + 'window.__reactRouterManifest = '.length, end)) as Manifest;
  } catch {
    return undefined;
  }
}

/** How many characters at the end of text could begin one of the tags (0 when none). */
function partialTagAtEnd(text: string): number {
  let longest = 0;
  for (const [tag] of REWRITES) {
    for (let length = Math.min(tag.length - 1, text.length); length > longest; length--) {
      if (tag.startsWith(text.slice(text.length - length))) {
        longest = length;
        break;
      }
    }
  }
  return longest;
}
