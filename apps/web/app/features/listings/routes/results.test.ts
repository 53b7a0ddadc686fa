import { describe, expect, it } from 'vitest';
import { routeContext, thrown } from '../../../lib/route-testing.ts';
import { loader } from './results.tsx';

type Args = Parameters<typeof loader>[0];

const name = (en: string) => ({ en, ms: en, zh: en });
const api = (totalPages = 2) => ({
  'GET /areas': [
    { id: 1, slug: 'kuala-lumpur', name: name('Kuala Lumpur'), lat: 3.14, lng: 101.69 },
    { id: 2, slug: 'bangsar', name: name('Bangsar'), lat: 3.13, lng: 101.67 },
  ],
  'GET /property-types': [{ slug: 'condo', name: name('Condo') }],
  'GET /properties/search': { content: [], totalElements: totalPages * 9, totalPages, pageNumber: 0, pageSize: 9 },
  'GET /reels/areas': { areas: [{ areaSlug: 'bangsar', reels: 3 }] },
});

async function load(path: string, params: { loc?: string; propertyType?: string } = {}, totalPages?: number) {
  const { context, calls } = routeContext({ api: api(totalPages) });
  const run = () => loader({ request: new Request(`http://localhost:3000${path}`), params, context } as unknown as Args);
  return { run, calls };
}
const searched = (calls: { path: string }[]) =>
  Object.fromEntries(new URL(calls.find((c) => c.path.startsWith('/properties/search'))!.path, 'http://x').searchParams);

describe('results loader', () => {
  it('searches the area and type of the path, page by page', async () => {
    const { run, calls } = await load('/rent/bangsar/condo?page=2&minPrice=1000', { loc: 'bangsar', propertyType: 'condo' });
    const data = await run();
    expect(searched(calls)).toMatchObject({
      loc: 'bangsar',
      propertyType: 'condo',
      purpose: 'rent',
      pageNumber: '1',
      pageSize: '9',
      minPrice: '1000',
    });
    expect(data).toMatchObject({
      purpose: 'rent',
      page: 2,
      canonicalPath: '/rent/bangsar/condo?minPrice=1000&page=2',
      clearPath: '/rent/bangsar/condo',
    });
  });

  it('searches Kuala Lumpur when a rent path names no area, and sale listings anywhere on /buy', async () => {
    const rent = await load('/rent');
    await rent.run();
    expect(searched(rent.calls)).toMatchObject({ loc: 'kuala-lumpur', purpose: 'rent' });
    const buy = await load('/zh/buy');
    expect(await buy.run()).toMatchObject({ purpose: 'sale', canonicalPath: '/zh/buy' });
    expect(searched(buy.calls)).not.toHaveProperty('loc');
    expect(searched(buy.calls)).toMatchObject({ purpose: 'sale' });
  });

  it('moves a type chosen in the filter form into the path, keeping the other filters', async () => {
    const { run } = await load('/rent/bangsar?propertyType=condo&minPrice=1000', { loc: 'bangsar' });
    const response = await thrown(run);
    expect(response.status).toBe(302);
    expect(response.headers.get('location')).toBe('/rent/bangsar/condo?minPrice=1000');
  });

  it('sends page 1 and a page that is not a number to the address without one, for good', async () => {
    for (const page of ['1', '0', 'abc', '2.5']) {
      const { run } = await load(`/ms/sewa/bangsar?page=${page}&bedrooms=2`, { loc: 'bangsar' });
      const response = await thrown(run);
      expect(response.status).toBe(301);
      expect(response.headers.get('location')).toBe('/ms/sewa/bangsar?bedrooms=2');
    }
  });

  it('counts the video tours of the area, for the link to its reels', async () => {
    const bangsar = await load('/rent/bangsar/condo', { loc: 'bangsar', propertyType: 'condo' });
    expect(await bangsar.run()).toMatchObject({ reels: 3 });
    expect(bangsar.calls.some((c) => c.path === '/reels/areas')).toBe(true);
    // Kuala Lumpur has none: no link.
    expect(await (await load('/ms/sewa')).run()).toMatchObject({ reels: 0 });
    // Sale results name no area and ask nothing.
    const buy = await load('/buy');
    expect(await buy.run()).toMatchObject({ reels: 0 });
    expect(buy.calls.some((c) => c.path.startsWith('/reels'))).toBe(false);
  });

  it('answers 404 for an unknown area or type and for a page past the last', async () => {
    expect((await thrown((await load('/rent/atlantis', { loc: 'atlantis' })).run)).status).toBe(404);
    expect((await thrown((await load('/rent/bangsar/castle', { loc: 'bangsar', propertyType: 'castle' })).run)).status).toBe(404);
    expect((await thrown((await load('/rent/bangsar?page=3', { loc: 'bangsar' }, 2)).run)).status).toBe(404);
  });
});
