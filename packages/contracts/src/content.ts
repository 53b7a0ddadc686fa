import { z } from 'zod';

/** The managed content's kinds: guides, blog posts, events, FAQs (by role or area) and information pages. */
export const CONTENT_KINDS = ['GUIDE', 'POST', 'EVENT', 'FAQ', 'PAGE'] as const;
export const ContentKind = z.enum(CONTENT_KINDS);
export type ContentKind = z.infer<typeof ContentKind>;
export const ContentAudience = z.enum(['TENANT', 'LANDLORD']);
export const CONTENT_LANGUAGES = ['en', 'ms', 'zh'] as const;
export const ContentLanguage = z.enum(CONTENT_LANGUAGES);
export type ContentLanguage = z.infer<typeof ContentLanguage>;

/** The six guides of the spec, each at /learn/{name}. */
export const GUIDES = ['landlord-basics', 'landlord-process', 'landlord-protection', 'tenant-basics', 'tenant-payment', 'tenant-process'] as const;
export type Guide = (typeof GUIDES)[number];

/** Raw HTML is not part of the body format: a tag-like `<word`, `</word`, `<!` or `<?` is refused. */
const HTML_TAG = /<\s*[/!?]?\s*[a-z]/i;
export const SLUG = /^[\p{Ll}\p{Lo}\p{N}]+(?:-[\p{Ll}\p{Lo}\p{N}]+)*$/u;

/** One language's words: a slug for its URL, the title, a short description (search results, cards) and a Markdown body. */
export const ContentTranslationInput = z
  .object({
    slug: z.string().trim().min(3, 'content.field.slug').max(100, 'content.field.slug').regex(SLUG, 'content.field.slug'),
    title: z.string().trim().min(3, 'content.field.title').max(140, 'content.field.title'),
    description: z.string().trim().min(10, 'content.field.description').max(300, 'content.field.description'),
    body: z
      .string()
      .trim()
      .min(20, 'content.field.body')
      .max(40_000, 'content.field.body')
      .refine((text) => !HTML_TAG.test(text), 'content.field.noHtml'),
  })
  .strict();
export type ContentTranslationInput = z.infer<typeof ContentTranslationInput>;

/** A picture uploaded for content, or one of the demo pictures the seeded pages start with. */
const MEDIA_KEY = z.string().regex(/^(content\/[0-9a-f-]{36}|demo\/photo-\d{2})$/, 'content.field.cover');

/** What an editor saves: the entry's settings and its words in the three languages (every one, complete). */
export const ContentInput = z
  .object({
    kind: ContentKind,
    audience: ContentAudience.nullable().default(null),
    areaSlug: z
      .string()
      .regex(/^[a-z0-9-]{2,60}$/)
      .nullable()
      .default(null),
    coverKey: MEDIA_KEY.nullable().default(null),
    startsAt: z.iso.datetime({ offset: true }).nullable().default(null),
    endsAt: z.iso.datetime({ offset: true }).nullable().default(null),
    venue: z.string().trim().max(200).nullable().default(null),
    translations: z.object({ en: ContentTranslationInput, ms: ContentTranslationInput, zh: ContentTranslationInput }).strict(),
  })
  .strict()
  .refine((input) => input.kind !== 'EVENT' || (input.startsAt && input.venue), { message: 'content.field.event', path: ['startsAt'] })
  .refine((input) => !input.startsAt || !input.endsAt || input.endsAt >= input.startsAt, { message: 'content.field.eventEnd', path: ['endsAt'] });
export type ContentInput = z.input<typeof ContentInput>;

const Slugs = z.object({ en: z.string(), ms: z.string(), zh: z.string() });

/** A published entry in one language, as lists show it. `slugs` are its slugs in every language (for hreflang). */
export const ContentSummary = z
  .object({
    id: z.number().int(),
    kind: ContentKind,
    key: z.string().nullable(),
    audience: ContentAudience.nullable(),
    areaSlug: z.string().nullable(),
    language: ContentLanguage,
    slug: z.string(),
    slugs: Slugs,
    title: z.string(),
    description: z.string(),
    /** `/media/{key}/{w}.webp`: replace {w} with a published width. */
    cover: z.string().nullable(),
    startsAt: z.string().nullable(),
    endsAt: z.string().nullable(),
    venue: z.string().nullable(),
    publishedAt: z.string().nullable(),
    updatedAt: z.string(),
  })
  .meta({ id: 'ContentSummary' });
export type ContentSummary = z.infer<typeof ContentSummary>;

export const ContentPage = ContentSummary.extend({ body: z.string() }).meta({ id: 'ContentPage' });
export type ContentPage = z.infer<typeof ContentPage>;

export const ContentList = z.object({ content: z.array(ContentSummary) }).meta({ id: 'ContentList' });
export type ContentList = z.infer<typeof ContentList>;

export const ContentListQuery = z
  .object({
    kind: ContentKind.optional(),
    audience: ContentAudience.optional(),
    language: ContentLanguage.optional(),
    /** Events: only those not yet over. */
    upcoming: z.stringbool().optional(),
  })
  .strict();

/** `GET /api/content/{kind}/{slug}`: a published entry by its slug in any language, answered in `language`. */
export const ContentSlugParams = z.object({ kind: ContentKind, slug: z.string().min(1).max(100) });
/** `GET /api/content/keys/{key}`: an entry the site links to by name (a guide, an information page, an area FAQ). */
export const ContentKeyParams = z.object({ key: z.string().regex(/^[a-z0-9:-]{2,80}$/) });
export const ContentLanguageQuery = z.object({ language: ContentLanguage.optional(), preview: z.stringbool().optional() }).strict();

/** What editors see: the draft and, once published, what the public sees. */
export const AdminContentEntry = z
  .object({
    id: z.number().int(),
    kind: ContentKind,
    key: z.string().nullable(),
    audience: ContentAudience.nullable(),
    areaSlug: z.string().nullable(),
    coverKey: z.string().nullable(),
    cover: z.string().nullable(),
    startsAt: z.string().nullable(),
    endsAt: z.string().nullable(),
    venue: z.string().nullable(),
    status: z.enum(['DRAFT', 'PUBLISHED']),
    /** The draft differs from what is published (or nothing is). */
    unpublishedChanges: z.boolean(),
    publishedAt: z.string().nullable(),
    draftSavedAt: z.string(),
    draft: z.object({ en: ContentTranslationInput, ms: ContentTranslationInput, zh: ContentTranslationInput }),
  })
  .meta({ id: 'AdminContentEntry' });
export type AdminContentEntry = z.infer<typeof AdminContentEntry>;

/** A row of the editors' list: the draft's English title and its slugs. */
export const AdminContentRow = AdminContentEntry.omit({ draft: true }).extend({ title: z.string(), slugs: Slugs });
export const AdminContentList = z.object({ content: z.array(AdminContentRow) }).meta({ id: 'AdminContentList' });
export type AdminContentList = z.infer<typeof AdminContentList>;
export const AdminContentQuery = z.object({ kind: ContentKind.optional() }).strict();
export const ContentIdParams = z.object({ id: z.coerce.number().int().positive().max(2_147_483_647) });
export const ContentImage = z.object({ key: z.string(), url: z.string() }).meta({ id: 'ContentImage' });

/** The contact page's form. */
export const CONTACT_TOPICS = ['GENERAL', 'LISTING', 'DEAL', 'ACCOUNT', 'PARTNERSHIP'] as const;
export const ContactInput = z
  .object({
    name: z.string().trim().min(2, 'content.field.name').max(100, 'content.field.name'),
    email: z.email('content.field.email').max(200),
    phoneNo: z.string().trim().max(20).default(''),
    topic: z.enum(CONTACT_TOPICS),
    message: z.string().trim().min(10, 'content.field.message').max(4000, 'content.field.message'),
  })
  .strict();
export type ContactInput = z.input<typeof ContactInput>;
export const ContactCreated = z.object({ id: z.number().int(), message: z.string() });
export const ContactMessage = z
  .object({
    id: z.number().int(),
    name: z.string(),
    email: z.string(),
    phoneNumber: z.string().nullable(),
    topic: z.enum(CONTACT_TOPICS),
    message: z.string(),
    language: z.string(),
    status: z.enum(['NEW', 'HANDLED']),
    createdAt: z.string(),
    handledAt: z.string().nullable(),
  })
  .meta({ id: 'ContactMessage' });
export const ContactMessages = z.object({ content: z.array(ContactMessage) }).meta({ id: 'ContactMessages' });
export type ContactMessages = z.infer<typeof ContactMessages>;

/** Home ownership: a new project for sale, in the caller's language. Prices in ringgit. */
export const HomeProject = z
  .object({
    id: z.number().int(),
    name: z.string(),
    developer: z.string(),
    areaSlug: z.string(),
    propertyKind: z.enum(['CONDO', 'SERVICED_RESIDENCE', 'TERRACE', 'SEMI_D']),
    tenure: z.enum(['FREEHOLD', 'LEASEHOLD']),
    priceMin: z.number().int(),
    priceMax: z.number().int(),
    bedroomsMin: z.number().int(),
    bedroomsMax: z.number().int(),
    sizeMinSqft: z.number().int(),
    sizeMaxSqft: z.number().int(),
    units: z.number().int(),
    completionYear: z.number().int(),
    summary: z.string(),
    /** `/media/{key}/{w}.webp` for each picture. */
    gallery: z.array(z.string()),
    brochureUrl: z.string(),
  })
  .meta({ id: 'HomeProject' });
export type HomeProject = z.infer<typeof HomeProject>;
export const HomeProjectDetail = HomeProject.extend({ body: z.string() }).meta({ id: 'HomeProjectDetail' });
export type HomeProjectDetail = z.infer<typeof HomeProjectDetail>;
export const HomeProjects = z.object({ content: z.array(HomeProject) }).meta({ id: 'HomeProjects' });
export const HomeProjectParams = z.object({ id: z.coerce.number().int().positive().max(2_147_483_647) });

/** "I want to know more": the visitor's name and number (a Malaysian mobile), optionally an email and a question. */
export const HomeLeadInput = z
  .object({
    name: z.string().trim().min(2, 'content.field.name').max(100, 'content.field.name'),
    phoneNo: z.string().trim().min(8, 'field.phone').max(20, 'field.phone'),
    email: z.union([z.literal(''), z.email('content.field.email').max(200)]).default(''),
    message: z.string().trim().max(1000).default(''),
  })
  .strict();
export type HomeLeadInput = z.input<typeof HomeLeadInput>;
export const HomeLeadCreated = z.object({ id: z.number().int(), message: z.string() });
export const HomeLead = z
  .object({
    id: z.number().int(),
    projectId: z.number().int(),
    projectName: z.string(),
    name: z.string(),
    phoneNumber: z.string(),
    email: z.string().nullable(),
    message: z.string(),
    language: z.string(),
    createdAt: z.string(),
  })
  .meta({ id: 'HomeLead' });
export const HomeLeads = z.object({ content: z.array(HomeLead) }).meta({ id: 'HomeLeads' });
export type HomeLeads = z.infer<typeof HomeLeads>;
