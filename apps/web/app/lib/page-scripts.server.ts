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

/**
 * The stream of a page with its scripts rewritten (see REWRITES). Bytes are handled as latin1 so a multi-byte
 * character split across chunks passes through untouched; the tail that could be the start of a tag is held back
 * until the next chunk.
 */
export function pageScripts(): Transform {
  let pending = '';
  return new Transform({
    transform(chunk: Buffer, _encoding, callback: TransformCallback) {
      let text = pending + chunk.toString('latin1');
      for (const [from, to] of REWRITES) text = text.replaceAll(from, to);
      const partial = partialTagAtEnd(text);
      pending = text.slice(text.length - partial);
      callback(null, Buffer.from(text.slice(0, text.length - partial), 'latin1'));
    },
    flush(callback: TransformCallback) {
      callback(null, pending ? Buffer.from(pending, 'latin1') : null);
    },
  });
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
