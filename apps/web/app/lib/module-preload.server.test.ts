import { Readable } from 'node:stream';
import { text } from 'node:stream/consumers';
import { describe, expect, it } from 'vitest';
import { lowPriorityModulePreloads } from './module-preload.server.ts';

async function through(chunks: Buffer[]): Promise<string> {
  return text(Readable.from(chunks).pipe(lowPriorityModulePreloads()));
}

const page =
  '<p>租房 Bangsar</p><link rel="modulepreload" href="/assets/a.js"/><link rel="stylesheet" href="/x.css"/>' +
  '<link rel="modulepreload" href="/assets/b.js"/><script type="module">import "/assets/a.js"</script>';
const expected = page.replaceAll('<link rel="modulepreload"', '<link rel="modulepreload" fetchpriority="low"');

describe('lowPriorityModulePreloads', () => {
  it('marks every module preload low priority and leaves the rest alone', async () => {
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

  it('passes a page without module preloads through unchanged, including a trailing partial match', async () => {
    expect(await through([Buffer.from('<p>a</p><link rel="module')])).toBe('<p>a</p><link rel="module');
  });
});
