import { z } from 'zod';
import { RowIdParam } from './ids.ts';

/** The channels a notice goes out on besides the in-app list (which always has it). */
export const NOTICE_CHANNELS = ['email', 'sms', 'push'] as const;
export const NoticeChannel = z.enum(NOTICE_CHANNELS);
export type NoticeChannel = z.infer<typeof NoticeChannel>;

/** A card inside a notice (a listing of a saved-search alert), rendered in the caller's language. */
export const NoticeItemView = z.object({ title: z.string(), subtitle: z.string().nullable(), url: z.string(), imageUrl: z.string().nullable() });
export type NoticeItemView = z.infer<typeof NoticeItemView>;

/** One notice of the bell and the list page, rendered in the caller's language; `url` is a path of this site. */
export const NoticeView = z
  .object({
    id: z.number().int(),
    type: z.string(),
    title: z.string(),
    body: z.string(),
    url: z.string(),
    items: z.array(NoticeItemView),
    read: z.boolean(),
    createdAt: z.string(),
  })
  .meta({ id: 'Notice' });
export type NoticeView = z.infer<typeof NoticeView>;

export const NoticeListQuery = z
  .object({
    before: RowIdParam.optional(),
    limit: z.coerce.number().int().min(1).max(50).default(20),
  })
  .strict();
export const NoticeList = z.object({ content: z.array(NoticeView), unread: z.number().int(), hasMore: z.boolean() }).meta({ id: 'NoticeList' });
export type NoticeList = z.infer<typeof NoticeList>;
export const NoticeUnread = z.object({ unread: z.number().int() });
export type NoticeUnread = z.infer<typeof NoticeUnread>;

/** Marks read: the listed notices, or every notice when `all` is true. */
export const MarkNoticesReadBody = z
  .object({ ids: z.array(z.number().int().positive()).min(1).max(100).optional(), all: z.literal(true).optional() })
  .strict()
  .refine((body) => Boolean(body.ids) !== Boolean(body.all), { message: 'field.required', path: ['ids'] });

/** The headings of the notification settings, in the page's order. */
export const NOTICE_GROUPS = ['chat', 'viewings', 'savedSearches', 'deals', 'listings', 'services', 'account'] as const;
export const NoticeGroup = z.enum(NOTICE_GROUPS);
export type NoticeGroup = z.infer<typeof NoticeGroup>;

/**
 * One row of the preferences: a notice type, its heading, whether only landlords get it, what each channel is set
 * to; a channel not offered for it is absent.
 */
export const NoticePreference = z.object({
  type: z.string(),
  label: z.string(),
  // The server always sends both; optional so a preferences value built without them (a fixture) still reads.
  group: NoticeGroup.optional(),
  landlord: z.boolean().optional(),
  channels: z.object({ email: z.boolean().optional(), sms: z.boolean().optional(), push: z.boolean().optional() }),
});
export type NoticePreference = z.infer<typeof NoticePreference>;
/**
 * `push`: the VAPID public key to subscribe with, null when web push is not configured (the option is hidden).
 * `landlord`: the person has listed a home (else the landlords' types are shown apart, folded).
 */
export const NoticePreferences = z
  .object({
    types: z.array(NoticePreference),
    landlord: z.boolean().optional(),
    push: z.object({ publicKey: z.string().nullable(), subscriptions: z.number().int() }),
  })
  .meta({ id: 'NoticePreferences' });
export type NoticePreferences = z.infer<typeof NoticePreferences>;
export const SetNoticePreferenceBody = z.object({ type: z.string().min(1).max(64), channel: NoticeChannel, enabled: z.boolean() }).strict();

/** A browser's PushSubscription as `toJSON()` gives it. */
export const PushSubscriptionBody = z
  .object({
    endpoint: z.url({ protocol: /^https?$/ }).max(2000),
    keys: z.object({ p256dh: z.string().min(16).max(200), auth: z.string().min(8).max(100) }),
    expirationTime: z.number().nullable().optional(),
  })
  .strict();
export const PushEndpointBody = z.object({ endpoint: z.string().max(2000) }).strict();

/** The one-click unsubscribe link's token (List-Unsubscribe too); the POST body mail clients send is accepted as is. */
export const UnsubscribeQuery = z.object({ token: z.string().min(10).max(400) }).strict();
/** The List-Unsubscribe address opened in a browser: any token is sent on to the page, which says when it is not valid. */
export const UnsubscribePageQuery = z.object({ token: z.string().max(400).default('') });
export const Unsubscribed = z.object({ type: z.string(), channel: NoticeChannel, label: z.string() });
export type Unsubscribed = z.infer<typeof Unsubscribed>;

/** A landlord's answers to tenants' chat requests over the last `windowDays`: rate in percent, typical first reply. */
export const LandlordResponse = z
  .object({
    requests: z.number().int(),
    answered: z.number().int(),
    rate: z.number().int().nullable(),
    typicalMinutes: z.number().int().nullable(),
    windowDays: z.number().int(),
  })
  .meta({ id: 'LandlordResponse' });
export type LandlordResponse = z.infer<typeof LandlordResponse>;
export const LandlordParams = z.object({ id: z.uuid() });
