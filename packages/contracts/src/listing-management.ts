import { z } from 'zod';
import { INT4_MAX, RowIdParam } from './ids.ts';
import { BUSINESS } from './business.ts';
import { FACILITIES, Facility, FurnishType, ListingCard, NEARBY_PLACES, NearbyPlace, Page, ROOM_TYPES } from './listings.ts';
import { ListingType, PropertyCategory, type ListingType as ListingTypeValue } from './reference.ts';

/** Spec section 3: ACTIVE (active), INACTIVE (not active), SUSPENDED, EXPIRED. */
export const LISTING_STATUSES = ['ACTIVE', 'INACTIVE', 'SUSPENDED', 'EXPIRED'] as const;
export const ListingStatus = z.enum(LISTING_STATUSES);
export type ListingStatus = z.infer<typeof ListingStatus>;
/** Review is apart from status: a new or materially edited listing waits for a moderator. */
export const REVIEW_STATUSES = ['DRAFT', 'PENDING', 'APPROVED', 'REJECTED'] as const;
export const ReviewStatus = z.enum(REVIEW_STATUSES);
export type ReviewStatus = z.infer<typeof ReviewStatus>;

export const BATHROOM_TYPES = ['PRIVATE', 'SHARED'] as const;
export const LEASE_TYPES = ['FREEHOLD', 'LEASEHOLD'] as const;
export const SALE_KINDS = ['SUBSALE', 'NEW_LAUNCH', 'AUCTION'] as const;

/** Field messages are catalogue keys: the API and the pages show them in the user's language. */
/** A real instant in UTC with milliseconds (`2026-01-31T00:00:00.000Z`): month 13 or hour 25 is refused, not stored. */
const utcTimestamp = () => z.iso.datetime({ precision: 3, message: 'field.date' });
/** Ids and counts stored in 32-bit integer columns. */
/** Spec section 5: name-type text (a person's name) holds letters, spaces, '/' and apostrophes only. */
export const NAME_TEXT = /^[\p{L}\p{M}\s/'’]+$/u;
/**
 * A building or street is not a person: its name takes digits and the punctuation addresses use
 * ("8 Kia Peng", "Arte@Mont Kiara", "The Vertical - Bangsar South", "Block C (Phase 2), #12-03"). It starts
 * with a letter or digit, so a name is never punctuation alone (an empty one is left to the length rule, "required").
 */
export const PROPERTY_NAME_TEXT = /^(?:[\p{L}\p{M}\p{N}][\p{L}\p{M}\p{N}\s/'’@&.,()#+–-]*)?$/u;

const { listing } = BUSINESS;
/** An empty field is "required"; a filled one that breaks a rule gets that rule's message. */
const emptyOr = (input: unknown, message: string) => (input === '' || input === null || input === undefined ? 'field.required' : message);
const count = (max: number) => z.number().int().min(0).max(max);

/** Race preferences are refused in listings (business rules: we do not allow them). */
const RACE_PREFERENCE = [
  /\b(chinese|malay|indian|bumi(putera)?|melayu|cina|india)\s+(only|sahaja|sahaje|je|preferred|prefer(red)?)\b/iu,
  /\b(only|prefer(red)?|no)\s+(chinese|malays?|indians?|bumi(putera)?)\b/iu,
  /(只限|只租|仅限|限)(华人|马来人|印度人)/u,
];
export function statesRacePreference(text: string): boolean {
  return RACE_PREFERENCE.some((pattern) => pattern.test(text));
}

const PropertyFields = z.object({
  type: ListingType,
  category: PropertyCategory,
  landmarkLabelId: z.number().int().positive().max(INT4_MAX).nullable().default(null),
  name: z
    .string()
    .trim()
    .min(listing.name.min, { error: (issue) => emptyOr(issue.input, 'field.name.length') })
    .max(listing.name.max, 'field.name.length')
    .regex(PROPERTY_NAME_TEXT, 'field.propertyName.characters'),
  address: z
    .string()
    .trim()
    .min(5, { error: (issue) => emptyOr(issue.input, 'field.address') })
    .max(300, 'field.address'),
  postcode: z
    .string()
    .trim()
    .regex(/^\d{5}$/, { error: (issue) => emptyOr(issue.input, 'field.postcode') }),
  unitNumber: z.string().trim().max(20, 'field.unitNumber').nullable().default(null),
  /** Left out, the pin starts at the building, else in the middle of the postcode's area (the owner moves it next). */
  latitude: z.number().min(0.8, 'field.location').max(7.5, 'field.location').nullable().default(null),
  longitude: z.number().min(99.5, 'field.location').max(119.5, 'field.location').nullable().default(null),
  price: z
    .number({ error: (issue) => emptyOr(issue.input, 'field.price') })
    .int('field.price')
    .gt(listing.minRent, 'field.price')
    .max(100_000_000, 'field.price'),
  negotiable: z.boolean().default(false),
  carpark: count(10).default(0),
  furnishType: FurnishType.default('NONE'),
  fullyFurnishable: z.boolean().default(false),
  bedroom: count(20).nullable().default(null),
  bathroom: count(20).nullable().default(null),
  sqft: z.number().int('field.sqft').min(listing.sqft.min, 'field.sqft').max(listing.sqft.max, 'field.sqft').nullable().default(null),
  level: z.number().int().min(-5).max(200).nullable().default(null),
  storeys: z.number().int().min(1).max(10).nullable().default(null),
  bathroomType: z.enum(BATHROOM_TYPES).nullable().default(null),
  roomType: z.enum(ROOM_TYPES).nullable().default(null),
  roommate: count(20).nullable().default(null),
  leaseType: z.enum(LEASE_TYPES).nullable().default(null),
  saleType: z.enum(SALE_KINDS).nullable().default(null),
  petFriendly: z.boolean().default(false),
  availability: utcTimestamp().nullable().default(null),
  viewingAvailableDate: utcTimestamp().nullable().default(null),
  description: z.string().trim().max(5000, 'field.description').default(''),
  facilities: z.array(Facility).max(FACILITIES.length).default([]),
  nearby: z.array(NearbyPlace).max(NEARBY_PLACES.length).default([]),
  /** The wizard step the owner has reached (drafts resume there). */
  draftStep: z.number().int().min(0).max(10).default(0),
});

/** What each kind of listing must state (spec section 3, "Property" and its type fields). */
const REQUIRED: Record<ListingTypeValue, (keyof z.infer<typeof PropertyFields>)[]> = {
  HIGHRISE: ['sqft', 'bedroom', 'bathroom'],
  LANDED: ['storeys', 'sqft', 'bedroom', 'bathroom'],
  ROOM: ['bathroomType', 'roomType'],
  HIGHRISE_SALE: ['sqft', 'bedroom', 'bathroom', 'leaseType', 'saleType'],
  LANDED_SALE: ['storeys', 'sqft', 'bedroom', 'bathroom', 'leaseType', 'saleType'],
};

function checkProperty(value: z.infer<typeof PropertyFields>, ctx: z.RefinementCtx) {
  // Also run when other fields failed (see PropertyInput): the type may be unknown then.
  for (const field of REQUIRED[value.type] ?? []) {
    if (value[field] === null || value[field] === undefined) ctx.addIssue({ code: 'custom', path: [field], message: 'field.required' });
  }
  if ((value.type === 'ROOM') !== (value.category === 'room')) ctx.addIssue({ code: 'custom', path: ['category'], message: 'field.category' });
  if (statesRacePreference(`${value.name} ${value.description}`))
    ctx.addIssue({ code: 'custom', path: ['description'], message: 'field.racePreference' });
}

/** `POST /api/properties`: the listing's facts (the wizard's first step and everything after it). */
// The type's own required fields are checked even when others failed, so every empty field is named at once.
export const PropertyInput = PropertyFields.strict()
  .superRefine(checkProperty, { when: (payload) => typeof payload.value === 'object' && payload.value !== null })
  .meta({ id: 'PropertyInput' });

/** How long a create's Idempotency-Key is remembered. */
export const IDEMPOTENCY_KEY_HOURS = 24;
/**
 * `Idempotency-Key` on a create: the client's own id for one submission, so that a retry (an answer lost to the
 * network, a second tap) does not make a second listing.
 */
export const IdempotencyKeyHeaders = z.object({
  'idempotency-key': z
    .string()
    .regex(/^[A-Za-z0-9_-]{8,128}$/, 'field.idempotencyKey')
    .optional()
    .meta({
      description:
        'Optional, 8-128 characters [A-Za-z0-9_-], one per submission. The same key from the same user within 24 hours answers ' +
        'with the listing the first request created (same id, 201, header Idempotent-Replayed: true) instead of creating another; ' +
        'the same key with a different body is refused (422, errorCode 11434). Two requests at once with one key create one listing.',
    }),
});
export type PropertyInput = z.infer<typeof PropertyInput>;
export type PropertyInputDraft = z.input<typeof PropertyInput>;
/** `PUT /api/properties/{id}`: any of the fields; the merged listing is checked as a whole. */
const withoutDefaults = Object.fromEntries(
  Object.entries(PropertyFields.shape).map(([key, field]) => [key, field instanceof z.ZodDefault ? (field.unwrap() as z.ZodType) : field]),
);
// Without the defaults: a field left out of an update keeps its stored value.
export const PropertyUpdate = z.object(withoutDefaults).partial().strict() as unknown as z.ZodObject<{
  [K in keyof typeof PropertyFields.shape]: z.ZodOptional<z.ZodType<z.output<(typeof PropertyFields.shape)[K]>>>;
}>;
export type PropertyUpdate = Partial<z.infer<typeof PropertyFields>>;
export { PropertyFields, checkProperty };

/**
 * The post wizard's steps (spec section 4: 5 for a HIGHRISE or HIGHRISE_SALE in a verified building, 7 for any
 * other HIGHRISE or LANDED, 5 otherwise). A verified building's facilities and nearby places come from the
 * directory; for a whole home elsewhere the owner states them in two more steps. Rooms and sales keep the short
 * flow. `draftStep` stores a step's code below, so a draft resumes at the right step even if its flow changes.
 */
export const POST_STEPS = ['details', 'gps', 'facilities', 'nearby', 'additional', 'images', 'video'] as const;
export type PostStep = (typeof POST_STEPS)[number];
export const POST_STEP_CODES: Record<PostStep, number> = { details: 1, gps: 2, additional: 3, images: 4, video: 5, facilities: 6, nearby: 7 };

export function postSteps(listing: { type: ListingTypeValue; landmarkVerified: boolean }): PostStep[] {
  const statesSurroundings = (listing.type === 'HIGHRISE' && !listing.landmarkVerified) || listing.type === 'LANDED';
  return POST_STEPS.filter((step) => statesSurroundings || (step !== 'facilities' && step !== 'nearby'));
}

/** Where a draft resumes: the step after the last one its owner saved. */
export function resumeStep(listing: { type: ListingTypeValue; landmarkVerified: boolean; draftStep: number }): PostStep {
  const saved = POST_STEPS.findIndex((step) => POST_STEP_CODES[step] === listing.draftStep);
  const steps = postSteps(listing);
  return steps.find((step) => POST_STEPS.indexOf(step) > saved) ?? steps[steps.length - 1] ?? 'details';
}

/** A listing as its owner (or a moderator) sees it. */
export const OwnerListing = ListingCard.extend({
  status: ListingStatus,
  reviewStatus: ReviewStatus,
  rejectionReason: z.string().nullable(),
  expiresAt: z.string(),
  views: z.number().int(),
  photoCount: z.number().int(),
  videoCount: z.number().int(),
  descriptionLength: z.number().int(),
  draftStep: z.number().int(),
  ownerId: z.string(),
  landmarkVerified: z.boolean(),
}).meta({ id: 'OwnerListing' });
export type OwnerListing = z.infer<typeof OwnerListing>;

export const OwnerListingFull = OwnerListing.extend({
  // A stored listing always has its place.
  input: PropertyFields.extend({ latitude: z.number(), longitude: z.number() }),
  images: z.array(z.object({ id: z.number().int(), src: z.string(), isCover: z.boolean() })),
  videos: z.array(z.object({ id: z.number().int(), url: z.string(), src: z.string(), contentType: z.string() })),
});
export type OwnerListingFull = z.infer<typeof OwnerListingFull>;

/** The tab a listing shows under in "My listings". */
export const LISTING_TABS = ['ACTIVE', 'PENDING', 'INACTIVE', 'EXPIRED', 'SUSPENDED', 'DRAFT', 'REJECTED'] as const;
export const ListingTab = z.enum(LISTING_TABS);
export type ListingTab = z.infer<typeof ListingTab>;

export const OwnerListingsQuery = z
  .object({
    pageNumber: z.coerce.number().int().min(0).default(0),
    pageSize: z.coerce.number().int().min(1).max(200).default(9),
    sort: z.enum(['-dateCreated', 'dateCreated', '-expiresAt', 'expiresAt', 'price', '-price']).default('-dateCreated'),
    status: z.enum([...LISTING_STATUSES, 'PENDING', 'DRAFT', 'REJECTED']).optional(),
    active: z
      .enum(['true', 'false'])
      .transform((v) => v === 'true')
      .optional(),
  })
  .strict();
export type OwnerListingsQuery = z.infer<typeof OwnerListingsQuery>;

export const OwnerListingsPage = Page(OwnerListing).extend({ counts: z.record(ListingTab, z.number().int()) });
export type OwnerListingsPage = z.infer<typeof OwnerListingsPage>;

export const OWNER_ACTIONS = ['deactivate', 'submit'] as const;
export const MODERATOR_ACTIONS = ['approve', 'reject', 'suspend', 'unsuspend'] as const;
export const ListingActionParams = z.object({
  id: z.coerce.number().int().positive().max(2_147_483_647),
  action: z.enum([...OWNER_ACTIONS, ...MODERATOR_ACTIONS]),
});
export const ListingActionBody = z
  .object({ reason: z.string().trim().min(3).max(500).optional() })
  .strict()
  .nullish();

/** Media: what may be uploaded, and how big. */
export const IMAGE_EXTENSIONS = ['jpg', 'jpeg', 'png', 'webp', 'heic', 'heif'] as const;
export const VIDEO_EXTENSIONS = ['mp4', 'webm', 'mov'] as const;
export const MEDIA_LIMITS = {
  imageBytes: 15 * 1024 * 1024,
  videoBytes: 200 * 1024 * 1024,
  uploadUrlMinutes: 30,
  maxPhotos: 30,
  maxVideos: 3,
} as const;
export const PresignParams = z.object({
  id: z.coerce.number().int().positive().max(2_147_483_647),
  file: z.string().min(1).max(200),
});
export const MediaUploadInfo = z.object({
  presignedUrl: z.string(),
  mediaId: z.string().uuid(),
  contentType: z.string(),
  maxBytes: z.number().int(),
});
/** A photo the owner uploaded (`mediaId`), or one of the building's directory photos (`stockImageId`). */
export const RegisterImageBody = z.union([
  z.object({ mediaId: z.string().uuid() }).strict(),
  z.object({ stockImageId: z.number().int().positive().max(2_147_483_647) }).strict(),
]);
/** `GET /api/stock-images/{landmarkId}`: a verified building's directory photos. */
export const StockImages = z
  .object({
    landmarkId: z.number().int(),
    content: z.array(z.object({ id: z.number().int(), src: z.string(), width: z.number().int(), height: z.number().int() })),
  })
  .meta({ id: 'StockImages' });
export type StockImages = z.infer<typeof StockImages>;
export const RegisterVideoBody = z
  .object({
    // The upload's media id (a UUID, as the column stores it) and its extension.
    url: z.string().regex(/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}\.(mp4|webm|mov)$/i, 'field.video'),
    type: z.literal('GENERAL').default('GENERAL'),
    sourceType: z.literal('AWS_S3').default('AWS_S3'),
  })
  .strict();
export const ReorderImagesBody = z
  .object({ imageIds: z.array(z.number().int().positive().max(INT4_MAX)).min(1).max(MEDIA_LIMITS.maxPhotos) })
  .strict();

export const PriceStatisticsRequest = z
  .object({
    landmarkLabelId: z.number().int().positive().max(INT4_MAX).nullable().optional(),
    areaSlug: z.string().max(60).optional(),
    type: ListingType.optional(),
    bedroom: count(20).nullable().optional(),
    bathroom: count(20).nullable().optional(),
    sqft: z.number().int().min(0).max(listing.sqft.max).nullable().optional(),
    parking: count(10).nullable().optional(),
    furnishType: FurnishType.nullable().optional(),
  })
  .strict();
export const PriceStatistics = z.object({
  count: z.number().int(),
  min: z.number().nullable(),
  p25: z.number().nullable(),
  median: z.number().nullable(),
  p75: z.number().nullable(),
  max: z.number().nullable(),
  buckets: z.array(z.object({ from: z.number(), to: z.number(), count: z.number().int() })),
  basis: z.enum(['landmark', 'area', 'none']),
});
export type PriceStatistics = z.infer<typeof PriceStatistics>;

/** The landlord lead page: a landlord asks to be called back about listing a home. */
export const LandlordLeadInput = z
  .object({
    name: z.string().trim().min(2, 'field.leadName').max(100, 'field.leadName').regex(NAME_TEXT, 'field.name.characters'),
    phoneNo: z.string().trim().max(20),
    areaSlug: z.string().min(2).max(60),
    type: ListingType,
    note: z.string().trim().max(1000).default(''),
  })
  .strict();
export type LandlordLeadInput = z.input<typeof LandlordLeadInput>;
export const LandlordLead = z.object({
  id: z.number().int(),
  name: z.string(),
  phoneNumber: z.string(),
  areaSlug: z.string(),
  type: z.string(),
  note: z.string(),
  language: z.string(),
  createdAt: z.string(),
});

/** A row id in a path (`/api/landmarks/{id}`, `/api/properties/images/{imageId}`): a positive int4. */
const RowId = RowIdParam;
export const IdParams = z.object({ id: RowId });
export const ImageParams = z.object({ id: RowId, imageId: RowId });
export const ImageIdParams = z.object({ imageId: RowId });
export const VideoIdParams = z.object({ videoId: RowId });

/** `POST /api/properties/{id}/extensions`: no body when the signed-in owner extends; the one-tap link's fields otherwise. */
export const ExtensionLinkBody = z
  .object({ until: z.number().int(), token: z.string().max(100) })
  .strict()
  .nullish();
export const ExtensionResult = z.object({ id: z.number().int(), expiresAt: z.string() });
export type ExtensionResult = z.infer<typeof ExtensionResult>;

/** `GET /api/moderation/properties`: the review queue, a page at a time. */
export const ReviewQueueQuery = z
  .object({ pageNumber: z.coerce.number().int().min(0).default(0), pageSize: z.coerce.number().int().min(1).max(60).default(20) })
  .strict();

/** `POST /api/properties`: checked by the service as a whole (PropertyInput), so every bad field is named at once. */
export const CreatePropertyBody = z.record(z.string(), z.unknown());

export const LandlordLeadCreated = z.object({ id: z.number().int() });
export type LandlordLead = z.infer<typeof LandlordLead>;

/** `GET /api/landmarks/{id}`: a known building, whose address, postcode and place the post wizard fills in. */
export const Landmark = z.object({
  id: z.number().int(),
  name: z.string(),
  address: z.string(),
  postcode: z.string(),
  lat: z.number(),
  lng: z.number(),
  verified: z.boolean(),
  listingType: z.string(),
});
export type Landmark = z.infer<typeof Landmark>;

/** `PUT /api/uploads/{mediaId}?expires&signature`: the signed URL's parts (the signature is the credential). */
export const UploadParams = z.object({ mediaId: z.string().uuid() });
export const UploadQuery = z.object({ expires: z.coerce.number().int(), signature: z.string().max(100) }).strict();
