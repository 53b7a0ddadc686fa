import type { ListingType, PropertyCategory } from '@kunci/contracts/reference';

/** Property categories (spec section 3) with the listing type each one posts as. */
export const PROPERTY_TYPES: readonly { slug: PropertyCategory; listingType: ListingType; en: string; ms: string; zh: string }[] = [
  { slug: 'studio', listingType: 'HIGHRISE', en: 'Studio', ms: 'Studio', zh: '单间公寓' },
  { slug: 'apartment', listingType: 'HIGHRISE', en: 'Apartment', ms: 'Pangsapuri', zh: '公寓' },
  { slug: 'condo', listingType: 'HIGHRISE', en: 'Condo', ms: 'Kondo', zh: '共管公寓' },
  { slug: 'room', listingType: 'ROOM', en: 'Room', ms: 'Bilik', zh: '房间' },
  { slug: 'house', listingType: 'LANDED', en: 'House', ms: 'Rumah', zh: '有地住宅' },
  { slug: 'terrace', listingType: 'LANDED', en: 'Terrace', ms: 'Rumah Teres', zh: '排屋' },
  { slug: 'highrise', listingType: 'HIGHRISE', en: 'Highrise', ms: 'Kediaman bertingkat tinggi', zh: '高楼住宅' },
];
