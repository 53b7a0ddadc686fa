import { z } from 'zod';
import { DEFAULT_PAGE_SIZE, MAX_PAGE_SIZE } from './constants.ts';
import { ListingType, PropertyCategory } from './reference.ts';

export const FURNISH_TYPES = ['NONE', 'PARTIAL', 'FULL'] as const;
export const FurnishType = z.enum(FURNISH_TYPES);

export const ListingImage = z.object({
  id: z.number().int(),
  /** URL template with `{w}` standing for one of the image widths. */
  src: z.string(),
  isCover: z.boolean(),
});

export const ListingCard = z.object({
  id: z.number().int(),
  name: z.string(),
  type: ListingType,
  category: PropertyCategory,
  price: z.number().int(),
  bedroom: z.number().int().nullable(),
  bathroom: z.number().int().nullable(),
  sqft: z.number().int().nullable(),
  furnishType: FurnishType,
  areaSlug: z.string(),
  landmarkName: z.string().nullable(),
  cover: ListingImage.nullable(),
  zeroDepositEligible: z.boolean(),
  dateCreated: z.string(),
});
export type ListingCard = z.infer<typeof ListingCard>;

export const Page = <T extends z.ZodType>(item: T) =>
  z.object({
    content: z.array(item),
    totalElements: z.number().int(),
    totalPages: z.number().int(),
    pageNumber: z.number().int(),
    pageSize: z.number().int(),
  });

export const ListingPage = Page(ListingCard);
export type ListingPage = z.infer<typeof ListingPage>;

export const LISTING_SORTS = ['-dateCreated', 'price', '-price'] as const;

/** `GET /api/properties/search`. Unknown parameters are refused (strict), never ignored. */
export const SearchQuery = z
  .object({
    loc: z
      .string()
      .regex(/^[a-z0-9-]{1,64}$/)
      .optional(),
    propertyType: PropertyCategory.optional(),
    purpose: z.enum(['rent', 'sale']).default('rent'),
    sort: z.enum(LISTING_SORTS).default('-dateCreated'),
    pageNumber: z.coerce.number().int().min(0).max(10_000).default(0),
    pageSize: z.coerce.number().int().min(1).max(MAX_PAGE_SIZE).default(DEFAULT_PAGE_SIZE),
  })
  .strict();
export type SearchQuery = z.infer<typeof SearchQuery>;
/** What a client may send: every parameter optional, defaults filled in by the server. */
export type SearchQueryInput = Partial<SearchQuery>;

export const ListingIdParams = z.object({ id: z.coerce.number().int().positive().max(2_147_483_647) });

/** `GET /api/properties/{id}`: the public view of one listing (spec section 3 "Property"). */
export const PropertyDetail = ListingCard.extend({
  landmarkLabelId: z.number().int().nullable(),
  landmarkLabelVerified: z.boolean(),
  description: z.string(),
  address: z.string(),
  postcode: z.string(),
  lat: z.number(),
  lon: z.number(),
  carpark: z.number().int(),
  fullyFurnishable: z.boolean(),
  negotiable: z.boolean(),
  petFriendly: z.boolean(),
  level: z.number().int().nullable(),
  storeys: z.number().int().nullable(),
  bathroomType: z.string().nullable(),
  roomType: z.string().nullable(),
  roommate: z.number().int().nullable(),
  leaseType: z.string().nullable(),
  saleType: z.string().nullable(),
  availability: z.string().nullable(),
  images: z.array(ListingImage),
  owner: z.object({ id: z.string(), name: z.string() }),
}).meta({ id: 'PropertyDetail' });
export type PropertyDetail = z.infer<typeof PropertyDetail>;
