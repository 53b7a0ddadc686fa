import { describe, expect, it } from 'vitest';
import { routeContext } from '../../../lib/route-testing.ts';
import { loader } from './reels.tsx';

type Args = Parameters<typeof loader>[0];

const name = (en: string) => ({ en, ms: en, zh: en });
const api = {
  'GET /reels': { content: [], nextCursor: null },
  'GET /areas': [{ id: 2, slug: 'bangsar', name: name('Bangsar'), lat: 3.13, lng: 101.67 }],
};

async function load(path: string, params: { loc?: string } = {}) {
  const { context, calls } = routeContext({ api });
  const data = await loader({ request: new Request(`http://localhost:3000${path}`), params, context } as unknown as Args);
  const feed = new URL(calls.find((c) => c.path.startsWith('/reels'))!.path, 'http://x');
  return { data, asked: Object.fromEntries(feed.searchParams) };
}

describe('reels loader', () => {
  it('begins the feed at the reel named by ?start (the cursor is the reel before it)', async () => {
    expect((await load('/reels?start=42')).asked).toEqual({ cursor: '43' });
    const inArea = await load('/zh/reels/bangsar?start=9', { loc: 'bangsar' });
    expect(inArea.asked).toEqual({ area: 'bangsar', cursor: '10' });
    expect(inArea.data).toMatchObject({ start: 9, path: '/zh/reels/bangsar', areaName: 'Bangsar' });
  });

  it('ignores a start that is not a reel id, and starts at the newest', async () => {
    for (const start of ['abc', '0', '-3', '2.5', '2147483647', '99999999999', ''])
      expect((await load(`/reels?start=${start}`)).asked, start).toEqual({});
  });
});
