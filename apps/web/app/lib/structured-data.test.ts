import { describe, expect, it } from 'vitest';
import type { PropertyDetail } from '@kunci/contracts/listings';
import { PROPERTY_CATEGORIES, type ListingType, type PropertyCategory } from '@kunci/contracts/reference';
import { validateJsonLd } from '../../../../test/schema-org.ts';
import { listingJsonLd, siteJsonLd } from './structured-data.ts';

const listing = (category: PropertyCategory, type: ListingType, extra: Partial<PropertyDetail> = {}): PropertyDetail => ({
  id: 7,
  name: 'Bangsar Heights A-12',
  type,
  category,
  price: 2500,
  bedroom: category === 'room' ? null : 3,
  bathroom: 2,
  sqft: 1200,
  furnishType: 'FULL',
  areaSlug: 'bangsar',
  landmarkName: 'Bangsar Heights',
  lat: 3.13,
  lon: 101.67,
  cover: { id: 1, src: '/media/a/{w}.webp' } as PropertyDetail['cover'],
  zeroDepositEligible: true,
  dateCreated: '2026-03-01T08:00:00.000Z',
  landmarkLabelId: null,
  landmarkLabelVerified: false,
  description: 'Owner text',
  address: 'Jalan Maarof',
  postcode: '59000',
  carpark: 1,
  fullyFurnishable: false,
  negotiable: false,
  petFriendly: true,
  level: 12,
  storeys: null,
  bathroomType: null,
  roomType: category === 'room' ? 'MASTER' : null,
  roommate: null,
  leaseType: null,
  saleType: null,
  availability: '2026-04-01T00:00:00.000Z',
  facilities: ['POOL'],
  nearby: [],
  images: [
    { id: 1, src: '/media/a/{w}.webp' },
    { id: 2, src: '/media/b/{w}.webp' },
  ] as PropertyDetail['images'],
  videos: [],
  owner: { id: 'u1', name: 'Aina' },
  ...extra,
});

const build = (home: PropertyDetail) =>
  listingJsonLd({
    listing: home,
    lang: 'ms',
    publicUrl: 'https://kunci.test',
    canonicalPath: `/my/iklan/${home.id}`,
    description: 'Kondo untuk disewa di Bangsar',
    areaName: 'Bangsar',
    facilityNames: ['Kolam renang'],
  });

describe('listing JSON-LD', () => {
  it.each(
    PROPERTY_CATEGORIES.flatMap((category) =>
      (['HIGHRISE', 'LANDED', 'ROOM', 'HIGHRISE_SALE', 'LANDED_SALE'] as const).map((type) => [category, type] as const),
    ),
  )('%s listed as %s is valid schema.org', (category, type) => {
    expect(validateJsonLd(build(listing(category, type)))).toEqual([]);
  });

  it('is valid with the optional facts missing', () => {
    const bare = listing('condo', 'HIGHRISE', {
      bedroom: null,
      bathroom: null,
      sqft: null,
      level: null,
      availability: null,
      images: [],
      facilities: [],
    });
    expect(validateJsonLd(build(bare))).toEqual([]);
  });

  it('types the home by its kind and prices rent per month in ringgit on an Offer of the listing', () => {
    const types = Object.fromEntries(
      PROPERTY_CATEGORIES.map((category) => [category, (build(listing(category, 'HIGHRISE')).mainEntity as { '@type': string })['@type']]),
    );
    expect(types).toEqual({
      studio: 'Apartment',
      apartment: 'Apartment',
      condo: 'Apartment',
      highrise: 'Apartment',
      room: 'Room',
      house: 'SingleFamilyResidence',
      terrace: 'House',
    });
    const data = build(listing('condo', 'HIGHRISE'));
    expect(data['@type']).toBe('RealEstateListing');
    expect(data.offers).toMatchObject({
      '@type': 'Offer',
      price: 2500,
      priceCurrency: 'MYR',
      priceSpecification: { '@type': 'UnitPriceSpecification', price: 2500, priceCurrency: 'MYR', unitCode: 'MON' },
    });
    expect(build(listing('condo', 'HIGHRISE_SALE')).offers).not.toHaveProperty('priceSpecification');
  });

  it('gives the move-in day as a plain date, not a UTC instant', () => {
    expect(build(listing('condo', 'HIGHRISE')).offers).toMatchObject({ availabilityStarts: '2026-04-01' });
    const evening = { ...listing('condo', 'HIGHRISE'), availability: '2026-03-31T16:00:00.000Z' };
    expect(build(evening).offers).toMatchObject({ availabilityStarts: '2026-04-01' });
  });

  it('is checked by a validator that refuses what schema.org does not allow', () => {
    const old = {
      '@context': 'https://schema.org',
      '@type': 'Accommodation',
      name: 'x',
      offers: { '@type': 'Offer', price: 1, priceCurrency: 'MYR' },
    };
    expect(validateJsonLd(old)).toEqual(['$.offers: not a property of Accommodation']);
    expect(validateJsonLd({ '@context': 'https://schema.org', '@type': 'Residence', numberOfBedrooms: 2 })).toEqual([
      '$.numberOfBedrooms: not a property of Residence',
    ]);
    expect(validateJsonLd({ '@context': 'https://schema.org', '@type': 'Flat' })).toEqual(['$: unknown @type Flat']);
    expect(validateJsonLd({ '@context': 'https://schema.org', '@type': 'Apartment', numberOfBedrooms: 'three', geo: 'here' })).toEqual([
      '$.numberOfBedrooms: "three" is not Number or QuantitativeValue',
      '$.geo: "here" is not GeoCoordinates',
    ]);
  });
});

describe('home page JSON-LD', () => {
  it('describes the organization and the website with its search, valid schema.org', () => {
    const data = siteJsonLd({ lang: 'zh', publicUrl: 'https://kunci.test', name: 'Kunci', description: '零押金' });
    expect(validateJsonLd(data)).toEqual([]);
    expect(data['@graph'].map((node) => node['@type'])).toEqual(['Organization', 'WebSite']);
    expect(data['@graph'][1]).toMatchObject({
      url: 'https://kunci.test/zh',
      potentialAction: {
        '@type': 'SearchAction',
        target: { urlTemplate: 'https://kunci.test/zh/rent?category=PROPERTY&q={search_term_string}' },
        'query-input': 'required name=search_term_string',
      },
    });
  });
});
