import { z } from 'zod';
import { DEFAULT_PAGE_SIZE, MAX_PAGE_SIZE } from './constants.ts';
import { ListingType, PROPERTY_CATEGORIES, PropertyCategory } from './reference.ts';

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
  lat: z.number(),
  lon: z.number(),
  cover: ListingImage.nullable(),
  zeroDepositEligible: z.boolean(),
  dateCreated: z.string(),
  /** Present when searching around a building (lm). */
  distanceKm: z.number().optional(),
  /** Present when a running hot deal or partner campaign covers the listing: its badge. */
  offer: z.object({ kind: z.enum(['HOT_DEAL', 'CAMPAIGN']) }).optional(),
  /** Present (true) while a Kunci home runner holds the keys: viewings are confirmed at once, without the landlord. */
  instantView: z.literal(true).optional(),
});
export type ListingCard = z.infer<typeof ListingCard>;

/** Counting stops here: a broader search says "1,000+" (as large marketplaces do) instead of counting every match. */
export const SEARCH_COUNT_CAP = 1_000;

export const Page = <T extends z.ZodType>(item: T) =>
  z.object({
    content: z.array(item),
    totalElements: z.number().int(),
    /** True when totalElements stopped at SEARCH_COUNT_CAP: there are at least that many. */
    totalCapped: z.boolean().optional(),
    totalPages: z.number().int(),
    pageNumber: z.number().int(),
    pageSize: z.number().int(),
  });

export const ListingPage = Page(ListingCard);
export type ListingPage = z.infer<typeof ListingPage>;

export const LISTING_SORTS = ['relevance', '-dateCreated', 'price', '-price', 'distance'] as const;
export const ROOM_TYPES = ['SINGLE', 'MIDDLE', 'MASTER'] as const;
/** What a building or estate offers. A verified building's come from the directory; other homes state their own. */
export const FACILITIES = ['SECURITY', 'GATED', 'POOL', 'GYM', 'PLAYGROUND', 'LIFT', 'COVERED_PARKING', 'BBQ', 'LAUNDRY', 'SURAU'] as const;
export const Facility = z.enum(FACILITIES);
export type Facility = z.infer<typeof Facility>;
/** Places within a short walk, from the directory for verified buildings, from the owner otherwise. */
export const NEARBY_PLACES = ['RAIL', 'BUS', 'SCHOOL', 'UNIVERSITY', 'MALL', 'SUPERMARKET', 'HOSPITAL', 'PARK'] as const;
export const NearbyPlace = z.enum(NEARBY_PLACES);
export type NearbyPlace = z.infer<typeof NearbyPlace>;
/** Radius around a chosen building (lm) within which listings are found and ranked by distance. */
export const LANDMARK_RADIUS_KM = 5;

const flag = z.enum(['true', 'false']).transform((v) => v === 'true');
const list = <T extends readonly [string, ...string[]]>(values: T) =>
  z
    .string()
    .max(200)
    .transform((text) => text.split(',').filter(Boolean))
    .pipe(z.array(z.enum(values)).min(1).max(values.length));
const count = z.coerce.number().int().min(0).max(20);

/**
 * `GET /api/properties/search` (query) and `POST` (body): every filter of the results pages. Unknown
 * parameters are refused (strict), never ignored.
 */
export const SearchQuery = z
  .object({
    q: z.string().trim().max(100).optional(),
    category: z.enum(['LOCATION', 'PROPERTY']).default('LOCATION'),
    loc: z
      .string()
      .regex(/^[a-z0-9-]{1,64}$/)
      .optional(),
    lm: z.coerce.number().int().positive().max(2_147_483_647).optional(),
    propertyType: list(PROPERTY_CATEGORIES).optional(),
    purpose: z.enum(['rent', 'sale']).default('rent'),
    minPrice: z.coerce.number().int().min(0).max(100_000_000).optional(),
    maxPrice: z.coerce.number().int().min(0).max(100_000_000).optional(),
    bedrooms: count.optional(),
    bathrooms: count.optional(),
    parking: count.optional(),
    furnishType: list(FURNISH_TYPES).optional(),
    petFriendly: flag.optional(),
    roomType: list(ROOM_TYPES).optional(),
    zeroDeposit: flag.optional(),
    /** "Special offers": listings in a running hot deal or partner campaign. */
    specialOffer: flag.optional(),
    /** "Instant view": listings whose keys a home runner holds (viewings without the landlord). */
    instantView: flag.optional(),
    sort: z.enum(LISTING_SORTS).default('relevance'),
    pageNumber: z.coerce.number().int().min(0).max(10_000).default(0),
    pageSize: z.coerce.number().int().min(1).max(MAX_PAGE_SIZE).default(DEFAULT_PAGE_SIZE),
  })
  .strict()
  .refine((q) => q.minPrice === undefined || q.maxPrice === undefined || q.minPrice <= q.maxPrice, {
    path: ['maxPrice'],
    message: 'field.priceRange',
  })
  .refine((q) => q.sort !== 'distance' || q.lm !== undefined, { path: ['sort'], message: 'field.distanceSort' });
export type SearchQuery = z.infer<typeof SearchQuery>;
/** What a client may send: every parameter optional, as text in a URL. */
export type SearchQueryInput = { [K in keyof z.input<typeof SearchQuery>]?: string | number | boolean | undefined };

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
  facilities: z.array(Facility),
  nearby: z.array(NearbyPlace),
  images: z.array(ListingImage),
  videos: z.array(z.object({ id: z.number().int(), url: z.string(), type: z.string(), src: z.string(), contentType: z.string() })),
  owner: z.object({ id: z.string(), name: z.string() }),
}).meta({ id: 'PropertyDetail' });
export type PropertyDetail = z.infer<typeof PropertyDetail>;

export const AutocompleteRequest = z.object({ keywords: z.string().max(100) }).strict();
export const AutocompleteItem = z.object({
  /** Areas and property types: their id; buildings carry landmarkLabelId instead. */
  id: z.union([z.number().int(), z.string()]).optional(),
  landmarkLabelId: z.number().int().optional(),
  label: z.string(),
  title: z.string().optional(),
  name: z.string().optional(),
  category: z.enum(['LOCATION', 'PROPERTY_TYPE']).optional(),
  type: z.literal('PROPERTY').optional(),
  /** The area to open results in. */
  slug: z.string(),
});
export type AutocompleteItem = z.infer<typeof AutocompleteItem>;
export const AutocompleteResponse = z.object({ LOCATION: z.array(AutocompleteItem), PROPERTY: z.array(AutocompleteItem) });
export type AutocompleteResponse = z.infer<typeof AutocompleteResponse>;

export const LISTING_ACTIONS = ['VIEW', 'SHARE', 'CALL', 'CHAT', 'FAVOURITE'] as const;
export const ActionLogBody = z.object({ action: z.enum(LISTING_ACTIONS), recommendedRef: z.string().max(100).optional() }).strict();
export const ActionLogResponse = z.object({ views: z.number().int() });

export const ListingContent = z.object({
  id: z.number().int(),
  description: z.string(),
  images: z.array(ListingImage),
  videos: z.array(z.object({ id: z.number().int(), url: z.string(), type: z.string() })),
});

export const PopularArea = z.object({ slug: z.string(), listings: z.number().int() });
export const PopularAreas = z.array(PopularArea);

export const SitemapPart = z.object({
  listings: z.array(z.object({ id: z.number().int(), dateUpdated: z.string() })),
  parts: z.number().int(),
});
export const SITEMAP_PART_SIZE = 40_000;
/** Live rentals per area and kind of home: the sitemaps list only results pages that have homes. */
export const SitemapPages = z.object({
  rentals: z.array(z.object({ areaSlug: z.string(), category: z.string(), listings: z.number().int() })),
});
export type SitemapPages = z.infer<typeof SitemapPages>;

/** `X-Visitor-ID`: an anonymous visitor's own id, for recommendations from what they viewed. */
export const VisitorHeaders = z.object({
  'x-visitor-id': z
    .string()
    .regex(/^[\w-]{1,100}$/)
    .optional(),
});
export const RecommendQuery = z.object({ pageSize: z.coerce.number().int().min(1).max(MAX_PAGE_SIZE).default(DEFAULT_PAGE_SIZE) }).strict();
export const PopularAreasBody = z
  .object({ limit: z.number().int().min(1).max(21).optional() })
  .strict()
  .nullish();
export const SitemapPartQuery = z.object({ part: z.coerce.number().int().min(0).max(1000).default(0) }).strict();
/** `POST /api/properties/similar`: the listing to match (`X-Source-Ref`) and where the visitor came from. */
export const SimilarHeaders = z.object({
  'x-source-ref': z.coerce.number().int().positive().max(2_147_483_647).optional(),
  'x-source-type': z.string().max(40).optional(),
});
