import type { PropertyDetail } from '@kunci/contracts/listings';
import type { PropertyCategory } from '@kunci/contracts/reference';
import { HTML_LANG, type Language } from '@kunci/i18n/locales';
import { malaysiaDay } from '@kunci/i18n/format';
import { href } from '@kunci/i18n/paths';

/**
 * schema.org data of our pages (JSON-LD). A listing page is a RealEstateListing: the listing's Offer hangs on
 * it (`offers` belongs to CreativeWork, not to Accommodation or Residence) and the home itself is its
 * mainEntity, typed by kind of home. Rent is priced per month: a UnitPriceSpecification with unitCode MON
 * (UN/CEFACT "month").
 */
export type JsonLd = { '@context'?: string; '@type': string } & Record<string, unknown>;
export type JsonLdGraph = { '@context': string; '@graph': JsonLd[] };

const HOME_TYPE: Record<PropertyCategory, 'Apartment' | 'House' | 'SingleFamilyResidence' | 'Room'> = {
  studio: 'Apartment',
  apartment: 'Apartment',
  condo: 'Apartment',
  highrise: 'Apartment',
  room: 'Room',
  house: 'SingleFamilyResidence',
  terrace: 'House',
};

const SALE = new Set(['HIGHRISE_SALE', 'LANDED_SALE']);
const absolute = (publicUrl: string, src: string) => (src.startsWith('http') ? src : `${publicUrl}${src}`);

export function listingJsonLd(input: {
  listing: PropertyDetail;
  lang: Language;
  publicUrl: string;
  canonicalPath: string;
  /** The page's description, in its language. */
  description: string;
  areaName: string;
  facilityNames: string[];
}): JsonLd {
  const { listing, publicUrl, lang } = input;
  const url = `${publicUrl}${input.canonicalPath}`;
  const images = listing.images.map((image) => absolute(publicUrl, image.src.replace('{w}', '1280')));
  const homeType = HOME_TYPE[listing.category];
  const home: JsonLd = {
    '@type': homeType,
    name: listing.name,
    address: {
      '@type': 'PostalAddress',
      streetAddress: listing.address,
      postalCode: listing.postcode,
      ...(input.areaName ? { addressLocality: input.areaName } : {}),
      addressCountry: 'MY',
    },
    geo: { '@type': 'GeoCoordinates', latitude: listing.lat, longitude: listing.lon },
    ...(images.length ? { photo: images.map((contentUrl) => ({ '@type': 'ImageObject', contentUrl })) } : {}),
    ...(listing.bedroom ? { numberOfBedrooms: listing.bedroom } : {}),
    ...(listing.bedroom && homeType !== 'Room' ? { numberOfRooms: listing.bedroom } : {}),
    ...(listing.bathroom ? { numberOfBathroomsTotal: listing.bathroom } : {}),
    ...(listing.sqft ? { floorSize: { '@type': 'QuantitativeValue', value: listing.sqft, unitCode: 'FTK' } } : {}),
    ...(listing.level ? { floorLevel: String(listing.level) } : {}),
    petsAllowed: listing.petFriendly,
    ...(input.facilityNames.length
      ? { amenityFeature: input.facilityNames.map((name) => ({ '@type': 'LocationFeatureSpecification', name, value: true })) }
      : {}),
  };
  const sale = SALE.has(listing.type);
  const offer: JsonLd = {
    '@type': 'Offer',
    url,
    price: listing.price,
    priceCurrency: 'MYR',
    businessFunction: sale ? 'http://purl.org/goodrelations/v1#Sell' : 'http://purl.org/goodrelations/v1#LeaseOut',
    availability: 'https://schema.org/InStock',
    ...(listing.availability ? { availabilityStarts: malaysianDate(listing.availability) } : {}),
    ...(sale
      ? {}
      : {
          priceSpecification: {
            '@type': 'UnitPriceSpecification',
            price: listing.price,
            priceCurrency: 'MYR',
            unitCode: 'MON',
            referenceQuantity: { '@type': 'QuantitativeValue', value: 1, unitCode: 'MON' },
          },
        }),
  };
  return {
    '@context': 'https://schema.org',
    '@type': 'RealEstateListing',
    name: listing.name,
    description: input.description,
    url,
    inLanguage: HTML_LANG[lang],
    datePosted: listing.dateCreated,
    ...(images.length ? { image: images } : {}),
    offers: offer,
    mainEntity: home,
  };
}

/** The home page: who runs the site (Organization) and how to search it (WebSite with a SearchAction). */
export function siteJsonLd(input: { lang: Language; publicUrl: string; name: string; description: string }): JsonLdGraph {
  const { lang, publicUrl } = input;
  const organization = `${publicUrl}/#organization`;
  return {
    '@context': 'https://schema.org',
    '@graph': [
      {
        '@type': 'Organization',
        '@id': organization,
        name: input.name,
        url: `${publicUrl}/`,
        logo: `${publicUrl}/favicon.svg`,
        areaServed: { '@type': 'Country', name: 'Malaysia' },
      },
      {
        '@type': 'WebSite',
        '@id': `${publicUrl}/#website`,
        name: input.name,
        description: input.description,
        url: `${publicUrl}${href(lang, 'home')}`,
        inLanguage: HTML_LANG[lang],
        publisher: { '@id': organization },
        potentialAction: {
          '@type': 'SearchAction',
          target: { '@type': 'EntryPoint', urlTemplate: `${publicUrl}${href(lang, 'rent')}?category=PROPERTY&q={search_term_string}` },
          'query-input': 'required name=search_term_string',
        },
      },
    ],
  };
}

/** The calendar date (YYYY-MM-DD) in Malaysia of a stored timestamp: a move-in day is a date, not an instant. */
function malaysianDate(timestamp: string): string {
  // Not toLocaleDateString: the first date Intl writes costs the browser tens of milliseconds while the page hydrates.
  return malaysiaDay(timestamp);
}
