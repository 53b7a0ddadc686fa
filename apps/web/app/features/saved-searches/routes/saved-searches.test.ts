import { createElement } from 'react';
import { describe, expect, it } from 'vitest';
import type { Area, PropertyTypeInfo } from '@kunci/contracts/reference';
import type { SavedSearch } from '@kunci/contracts/saved-searches';
import type { Language } from '@kunci/i18n/locales';
import { renderPage, routeContext, testUser } from '../../../lib/route-testing.ts';
import SavedSearches, { loader } from './saved-searches.tsx';

type Props = Parameters<typeof SavedSearches>[0];

const areas: Area[] = [
  { id: 2, slug: 'bangsar', name: { en: 'Bangsar', ms: 'Bangsar', zh: '孟沙' }, lat: 3.13, lng: 101.67 },
  { id: 10, slug: 'mont-kiara', name: { en: 'Mont Kiara', ms: 'Mont Kiara', zh: '满家乐' }, lat: 3.17, lng: 101.65 },
];
const types: PropertyTypeInfo[] = [
  { slug: 'condo', listingType: 'HIGHRISE', name: { en: 'Condo', ms: 'Kondo', zh: '共管公寓' } },
  { slug: 'studio', listingType: 'HIGHRISE', name: { en: 'Studio', ms: 'Studio', zh: '单间公寓' } },
];

const search = (id: number, query: SavedSearch['query'], found: number): SavedSearch => ({
  id,
  name: `Search ${id}`,
  frequency: 'INSTANT',
  paused: false,
  query,
  url: '/rent/bangsar',
  found,
  createdAt: '2026-11-20T03:00:00.000Z',
});

/** As the API keeps them: a rent search with most of the results page's filters, a sale one, one around a building. */
const searches = [
  search(
    1,
    {
      purpose: 'rent',
      loc: 'bangsar',
      propertyType: 'condo',
      minPrice: 1500,
      maxPrice: 3000,
      bedrooms: 2,
      furnishType: 'FULL',
      petFriendly: true,
      zeroDeposit: true,
      specialOffer: true,
      instantView: true,
    },
    2,
  ),
  search(2, { purpose: 'sale', propertyType: 'condo,studio', maxPrice: 900_000, bathrooms: 2 }, 1),
  search(3, { purpose: 'rent', loc: 'mont-kiara', category: 'PROPERTY', q: 'Arcoris', lm: 41, minPrice: 2000, roomType: 'MASTER' }, 0),
];

/** Each card's filter chips and its counter line, as the page server-renders them in `lang`. */
async function cards(lang: Language) {
  const page = createElement(SavedSearches, { loaderData: { content: searches, types } } as unknown as Props);
  const html = await renderPage(page, { lang, url: 'http://localhost:3000/saved-searches', root: { areas, user: testUser() } });
  const text = (fragment: string) => fragment.replace(/<[^>]+>/g, '');
  return html
    .split('data-testid="saved-search"')
    .slice(1)
    .map((card) => {
      const [, chips = '', after = ''] = /<ul aria-label="[^"]*"[^>]*>([\s\S]*?)<\/ul>([\s\S]*)/.exec(card) ?? [];
      return {
        chips: [...chips.matchAll(/<li[^>]*>([\s\S]*?)<\/li>/g)].map(([, chip = '']) => text(chip)),
        counter: text(/<p[^>]*>([\s\S]*?)<\/p>/.exec(after)?.[1] ?? ''),
      };
    });
}

describe('saved searches page', () => {
  it('shows each search’s filters in English, and what its counter counts', async () => {
    expect(await cards('en')).toEqual([
      {
        chips: [
          'For rent',
          'Bangsar',
          'Condo',
          'RM\u00a01,500 to RM\u00a03,000',
          '2+ bedrooms',
          'Fully furnished',
          'Pet friendly',
          'Zero deposit',
          'Special offers',
          'Instant view',
        ],
        counter: 'As soon as a home is posted · 2 new homes since you saved it',
      },
      {
        chips: ['For sale', 'Condo, Studio', 'Up to RM\u00a0900,000', '2+ bathrooms'],
        counter: 'As soon as a home is posted · 1 new home since you saved it',
      },
      // Around a building the area filters nothing: the building is the place.
      {
        chips: ['For rent', 'Near Arcoris', 'From RM\u00a02,000', 'Master room'],
        counter: 'As soon as a home is posted · No new homes since you saved it',
      },
    ]);
  });

  it('shows them in Malay', async () => {
    expect(await cards('ms')).toEqual([
      {
        chips: [
          'Untuk disewa',
          'Bangsar',
          'Kondo',
          'RM\u00a01,500 hingga RM\u00a03,000',
          '2+ bilik tidur',
          'Berperabot penuh',
          'Mesra haiwan peliharaan',
          'Tanpa deposit',
          'Tawaran istimewa',
          'Lawatan segera',
        ],
        counter: 'Sebaik sahaja rumah diiklankan · 2 rumah baharu sejak carian ini disimpan',
      },
      {
        chips: ['Untuk dijual', 'Kondo, Studio', 'Sehingga RM\u00a0900,000', '2+ bilik air'],
        counter: 'Sebaik sahaja rumah diiklankan · 1 rumah baharu sejak carian ini disimpan',
      },
      {
        chips: ['Untuk disewa', 'Berhampiran Arcoris', 'Dari RM\u00a02,000', 'Bilik utama'],
        counter: 'Sebaik sahaja rumah diiklankan · Tiada rumah baharu sejak carian ini disimpan',
      },
    ]);
  });

  it('shows them in Chinese', async () => {
    expect(await cards('zh')).toEqual([
      {
        chips: ['出租', '孟沙', '共管公寓', 'RM\u00a01,500至RM\u00a03,000', '2 间以上卧室', '全配家具', '可养宠物', '零押金', '特别优惠', '即时看房'],
        counter: '新房源一发布就通知 · 保存以来新增 2 套房源',
      },
      { chips: ['出售', '共管公寓、单间公寓', 'RM\u00a0900,000以内', '2 间以上浴室'], counter: '新房源一发布就通知 · 保存以来新增 1 套房源' },
      { chips: ['出租', 'Arcoris附近', 'RM\u00a02,000起', '主人房'], counter: '新房源一发布就通知 · 保存以来暂无新房源' },
    ]);
  });

  it('loads the property types’ names with the searches, in the page’s language', async () => {
    const { context, calls } = routeContext({
      api: { 'GET /saved-searches': { content: searches }, 'GET /property-types': types },
      user: testUser(),
    });
    const args = { request: new Request('http://localhost:3000/zh/saved-searches'), context, params: {} } as unknown as Parameters<typeof loader>[0];
    expect(await loader(args)).toEqual({ content: searches, types });
    expect(calls.map((call) => call.path).sort()).toEqual(['/property-types', '/saved-searches']);
  });
});
