import { z } from 'zod';

export const LocalizedName = z.object({ en: z.string(), ms: z.string(), zh: z.string() });

export const Area = z.object({
  id: z.number().int(),
  slug: z.string(),
  name: LocalizedName,
  lat: z.number(),
  lng: z.number(),
});
export type Area = z.infer<typeof Area>;
export const AreaList = z.array(Area);

export const LISTING_TYPES = ['HIGHRISE', 'LANDED', 'ROOM', 'HIGHRISE_SALE', 'LANDED_SALE'] as const;
export const ListingType = z.enum(LISTING_TYPES);
export type ListingType = z.infer<typeof ListingType>;
export const SALE_TYPES: readonly ListingType[] = ['HIGHRISE_SALE', 'LANDED_SALE'];

export const PROPERTY_CATEGORIES = ['studio', 'apartment', 'condo', 'room', 'house', 'terrace', 'highrise'] as const;
export const PropertyCategory = z.enum(PROPERTY_CATEGORIES);
export type PropertyCategory = z.infer<typeof PropertyCategory>;

export const PropertyTypeInfo = z.object({
  slug: PropertyCategory,
  listingType: ListingType,
  name: LocalizedName,
});
export type PropertyTypeInfo = z.infer<typeof PropertyTypeInfo>;
export const PropertyTypeList = z.array(PropertyTypeInfo);

export const PostcodeParams = z.object({ postcode: z.string().regex(/^\d{5}$/, 'A postcode has 5 digits') });
export const PostcodeLookup = z.object({
  postcode: z.string(),
  city: z.string(),
  state: z.string(),
  /** True when the postcode is not in the directory and the spec's Kuala Lumpur fallback was used. */
  fallback: z.boolean(),
});
export type PostcodeLookup = z.infer<typeof PostcodeLookup>;

export const Country = z.object({
  iso2: z.string().length(2),
  callingCode: z.string(),
  internationalPrefix: z.string().nullable(),
  nationalPrefix: z.string().nullable(),
  possibleLengths: z.array(z.number().int()),
});
export const CountryList = z.array(Country);
