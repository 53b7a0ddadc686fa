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
const SCRIPT_END = '</script>';

/** The tags as bytes, [as rendered, as sent]; the page is searched as bytes (a page as a string costs more to make). */
const TAGS = REWRITES.map(([from, to]) => [Buffer.from(from, 'latin1'), Buffer.from(to, 'latin1')] as const);
const HELD_SCRIPT = 1;
const SCRIPT_END_BYTES = Buffer.from(SCRIPT_END, 'latin1');

/**
 * The page with its scripts rewritten (see REWRITES), the held module script's text staged (see stagedStart). The
 * page is rewritten whole, once it is all rendered: the server sends a page in one write (compressed in one go), so
 * nothing is gained by rewriting it as it streams, which cost a pass through two more streams for each of React's
 * small writes. Only the held script's text is read as text (latin1, one byte per character, so UTF-8 passes
 * through untouched).
 */
export function pageScripts(page: Buffer): Buffer<ArrayBuffer> {
  const parts: Buffer[] = [];
  // Where each tag is next found at or after `at` (-1: nowhere further).
  const next = TAGS.map(([from]) => page.indexOf(from));
  let at = 0;
  for (;;) {
    let tag = -1;
    for (let i = 0; i < TAGS.length; i++) if (next[i]! !== -1 && (tag === -1 || next[i]! < next[tag]!)) tag = i;
    if (tag === -1) break;
    const [from, to] = TAGS[tag]!;
    parts.push(page.subarray(at, next[tag]), to);
    at = next[tag]! + from.length;
    if (tag === HELD_SCRIPT) {
      const end = page.indexOf(SCRIPT_END_BYTES, at);
      if (end !== -1) {
        parts.push(stagedBytes(page.toString('latin1', at, end)));
        at = end;
      }
    }
    for (let i = 0; i < TAGS.length; i++) if (next[i]! !== -1 && next[i]! < at) next[i] = page.indexOf(TAGS[i]![0], at);
  }
  parts.push(page.subarray(at));
  return Buffer.concat(parts);
}

/**
 * The staged script by the script the router wrote: that text depends only on the page's routes (its manifest part
 * and module imports), so pages of the same kind share it, and its manifest is parsed once, not per page.
 */
const STAGED_KEPT = 256;
const staged = new Map<string, Buffer>();
function stagedBytes(text: string): Buffer {
  let bytes = staged.get(text);
  if (!bytes) {
    if (staged.size >= STAGED_KEPT) staged.clear();
    staged.set(text, (bytes = Buffer.from(stagedStart(text), 'latin1')));
  }
  return bytes;
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
