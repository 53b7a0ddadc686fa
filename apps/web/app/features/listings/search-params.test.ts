import { describe, expect, it } from 'vitest';
import { filterQuery, readFilters } from './search-params.ts';

describe('results URL filters', () => {
  it('reads every filter and writes it back', () => {
    const filters = readFilters(
      new URLSearchParams('q=Bangsar&category=LOCATION&minPrice=1000&maxPrice=2500&bedrooms=2&furnishType=FULL&petFriendly=true&sort=price'),
    );
    expect(filters).toMatchObject({
      q: 'Bangsar',
      minPrice: 1000,
      maxPrice: 2500,
      bedrooms: 2,
      furnishType: 'FULL',
      petFriendly: true,
      sort: 'price',
    });
    expect(filterQuery(filters)).toMatchObject({ minPrice: 1000, maxPrice: 2500, bedrooms: 2, sort: 'price' });
  });

  it('drops what is malformed instead of failing the page', () => {
    expect(readFilters(new URLSearchParams('minPrice=abc&bedrooms=-1&furnishType=GOLD&sort=cheapest&lm=0&petFriendly=maybe'))).toEqual({
      q: undefined,
      category: undefined,
      lm: undefined,
      minPrice: undefined,
      maxPrice: undefined,
      bedrooms: undefined,
      furnishType: undefined,
      petFriendly: undefined,
      zeroDeposit: undefined,
      sort: undefined,
    });
  });

  it('swaps an upside-down price range, and allows distance only around a building', () => {
    expect(readFilters(new URLSearchParams('minPrice=3000&maxPrice=1000'))).toMatchObject({ minPrice: 1000, maxPrice: 3000 });
    expect(readFilters(new URLSearchParams('sort=distance')).sort).toBeUndefined();
    expect(readFilters(new URLSearchParams('sort=distance&lm=4')).sort).toBe('distance');
  });
});
