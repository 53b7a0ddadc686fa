import { Readable } from 'node:stream';
import { text } from 'node:stream/consumers';
import { describe, expect, it } from 'vitest';
import { HELD_MODULE_TYPE, HELD_PRELOAD_REL } from './deferred-start.ts';
import { pageScripts } from './page-scripts.server.ts';

async function through(chunks: Buffer[]): Promise<string> {
  return text(Readable.from(chunks).pipe(pageScripts()));
}

const page =
  '<p>租房 Bangsar</p><link rel="modulepreload" href="/assets/a.js"/><link rel="stylesheet" href="/x.css"/>' +
  '<link rel="modulepreload" href="/assets/b.js"/><script nonce="n0==">window.__reactRouterContext = {}</script>' +
  '<script nonce="n0==" type="module" async="">import "/assets/a.js";\nimport("/assets/b.js");</script>' +
  '<script type="application/json">{"a":"type=\\"module\\" async=\\"\\""}</script>';
const expected = page
  .replaceAll('<link rel="modulepreload"', `<link rel="${HELD_PRELOAD_REL}"`)
  .replace('<script nonce="n0==" type="module" async="">', `<script nonce="n0==" type="${HELD_MODULE_TYPE}" async="">`);

describe('pageScripts', () => {
  it('holds every module preload and the module script, and leaves the rest alone', async () => {
    expect(expected).not.toBe(page);
    expect(await through([Buffer.from(page)])).toBe(expected);
  });

  it('finds a tag split across chunks at any point, and keeps multi-byte characters split across chunks intact', async () => {
    const bytes = Buffer.from(page);
    for (let cut = 1; cut < bytes.length; cut++) {
      expect(await through([bytes.subarray(0, cut), bytes.subarray(cut)])).toBe(expected);
    }
    // One byte at a time.
    expect(await through([...bytes].map((b) => Buffer.from([b])))).toBe(expected);
  });

  it('passes a page without module scripts through unchanged, including a trailing partial match', async () => {
    expect(await through([Buffer.from('<p>a</p><link rel="module')])).toBe('<p>a</p><link rel="module');
    expect(await through([Buffer.from('<script type="module" as')])).toBe('<script type="module" as');
  });
});
