import { Transform, type TransformCallback } from 'node:stream';

const TAG = '<link rel="modulepreload"';
const LOW = '<link rel="modulepreload" fetchpriority="low"';

/**
 * The router preloads every module of the page with `<link rel="modulepreload">`, which browsers fetch at
 * high priority, ahead of the first listing photos. The page is fully rendered on the server, so those scripts
 * only make it interactive: this stream marks them `fetchpriority="low"`, the priority a browser gives a
 * deferred module script of its own, while keeping their early discovery (no import waterfall).
 *
 * Bytes are handled as latin1 so a multi-byte character split across chunks passes through untouched; the tail
 * that could be the start of a tag is held back until the next chunk.
 */
export function lowPriorityModulePreloads(): Transform {
  let pending = '';
  return new Transform({
    transform(chunk: Buffer, _encoding, callback: TransformCallback) {
      const text = (pending + chunk.toString('latin1')).replaceAll(TAG, LOW);
      const partial = partialTagAtEnd(text);
      pending = text.slice(text.length - partial);
      callback(null, Buffer.from(text.slice(0, text.length - partial), 'latin1'));
    },
    flush(callback: TransformCallback) {
      callback(null, pending ? Buffer.from(pending, 'latin1') : null);
    },
  });
}

/** How many characters at the end of text could begin the tag (0 when none). */
function partialTagAtEnd(text: string): number {
  for (let length = Math.min(TAG.length - 1, text.length); length > 0; length--) {
    if (TAG.startsWith(text.slice(text.length - length))) return length;
  }
  return 0;
}
