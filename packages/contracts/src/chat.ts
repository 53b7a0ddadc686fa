import { z } from 'zod';
import { CHAT_MESSAGE_MAX, CHAT_REQUEST_LIMITS, MOVING_REASONS, REPORT_REASONS } from './chat-constants.ts';

export { CHAT_MESSAGE_MAX, CHAT_REQUEST_LIMITS, MOVING_REASONS, REPORT_REASONS, TENANT_INFO_COOKIES } from './chat-constants.ts';

const id = z.coerce.number().int().positive().max(2_147_483_647);

/** A chat request: the tenant's needs first, then the conversation opens (once per listing and tenant). */
export const ChatRequest = z
  .object({
    propertyId: id,
    // A real calendar date: `2026-02-30` is refused here rather than by the database.
    moveInDate: z.iso.date({ message: 'field.date' }),
    budget: z.number().int().min(CHAT_REQUEST_LIMITS.budget.min, 'field.budget').max(CHAT_REQUEST_LIMITS.budget.max, 'field.budget'),
    tenancyDuration: z
      .number()
      .int()
      .min(CHAT_REQUEST_LIMITS.tenancyMonths.min, 'field.tenancy')
      .max(CHAT_REQUEST_LIMITS.tenancyMonths.max, 'field.tenancy'),
    reasonForMoving: z.enum(MOVING_REASONS),
    message: z.string().trim().max(CHAT_MESSAGE_MAX).optional(),
  })
  .strict();
export type ChatRequest = z.infer<typeof ChatRequest>;

const viewing = { appointmentId: z.number().int(), startsAt: z.string(), group: z.boolean() };
/**
 * What a system message says: the chat request (the tenant's needs), the landlord's invitation, or a viewing booked,
 * reminded, accepted, declined, moved or cancelled. The server writes it as the message's body and sends it parsed
 * as the message's `event`, so readers switch on `event.event` and never look inside the body.
 */
export const ChatSystemEvent = z
  .discriminatedUnion('event', [
    z.object({
      event: z.literal('CHAT_REQUEST'),
      moveInDate: z.string(),
      budget: z.number().int(),
      tenancyDuration: z.number().int(),
      reasonForMoving: z.enum(MOVING_REASONS),
    }),
    z.object({ event: z.literal('TENANT_INVITE') }),
    z.object({ event: z.enum(['VIEWING_BOOKED', 'VIEWING_REMINDER', 'VIEWING_ACCEPTED', 'VIEWING_DECLINED']), ...viewing }),
    z.object({ event: z.enum(['VIEWING_RESCHEDULED', 'VIEWING_CANCELLED']), by: z.enum(['TENANT', 'LANDLORD']), ...viewing }),
  ])
  .meta({ id: 'ChatSystemEvent' });
export type ChatSystemEvent = z.infer<typeof ChatSystemEvent>;

/** The body a system message is stored with. */
export const systemMessageBody = (event: ChatSystemEvent): string => JSON.stringify(ChatSystemEvent.parse(event));

/** The event a stored message carries: null for people's messages, and for a system body this union does not know. */
export function systemEventOf(message: { kind: string; body: string }): ChatSystemEvent | null {
  if (message.kind !== 'SYSTEM') return null;
  try {
    const parsed = ChatSystemEvent.safeParse(JSON.parse(message.body));
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}

export const ChatMessage = z
  .object({
    id: z.number().int(),
    conversationId: z.number().int(),
    senderId: z.string().nullable(),
    kind: z.enum(['TEXT', 'IMAGE', 'VIDEO', 'SYSTEM']),
    body: z.string(),
    /** A photo (`src` is a template: `{w}` is one of the published widths) or a video (`src` is the file). */
    media: z.object({ src: z.string(), contentType: z.string(), width: z.number().int().nullable(), height: z.number().int().nullable() }).nullable(),
    clientId: z.string().nullable(),
    createdAt: z.string(),
    /** A system message's event (its body parsed); null for people's messages. */
    event: ChatSystemEvent.nullable(),
  })
  .meta({ id: 'ChatMessage' });
export type ChatMessage = z.infer<typeof ChatMessage>;

/** Text, or a photo or video uploaded first to a chat media URL (`mediaId`), with an optional caption. */
export const SendMessage = z
  .object({
    body: z.string().trim().max(CHAT_MESSAGE_MAX, 'field.message').default(''),
    mediaId: z.uuid().optional(),
    clientId: z.uuid().optional(),
  })
  .strict()
  .refine((m) => m.body.length > 0 || m.mediaId, { path: ['body'], message: 'field.message' });
export type SendMessage = z.infer<typeof SendMessage>;

/** Spec: `GET {chat media host}{id}/media/generate/presigned-url` returns preSignedUrl; the file is PUT with its content type. */
export const ChatMediaQuery = z.object({ file: z.string().trim().min(1).max(40).default('jpg') }).strict();
export const ChatMediaUpload = z
  .object({ preSignedUrl: z.string(), mediaId: z.string(), contentType: z.string(), maxBytes: z.number().int() })
  .meta({ id: 'ChatMediaUpload' });

/** Tenant search: tenants whose stated needs (from their chat requests) fit a listing; names are first names only. */
export const TenantSearchList = z.object({ propertyId: id }).strict();
export const TenantSearchSubmit = z.object({ propertyId: id, tenantId: z.uuid() }).strict();
export const TenantMatch = z.object({
  tenantId: z.string(),
  name: z.string(),
  moveInDate: z.string().nullable(),
  budget: z.number().int().nullable(),
  tenancyDuration: z.number().int().nullable(),
  reasonForMoving: z.string().nullable(),
  area: z.string().nullable(),
  statedAt: z.string(),
  /** The conversation already open with this tenant about the listing, if any. */
  conversationId: z.number().int().nullable(),
});
export type TenantMatch = z.infer<typeof TenantMatch>;
export const TenantMatches = z.object({ propertyId: z.number().int(), content: z.array(TenantMatch) }).meta({ id: 'TenantMatches' });
export type TenantMatches = z.infer<typeof TenantMatches>;

/** Spec section 3: id, banner text, unread count and the listing; plus who is on the other side. */
export const ChatConversation = z
  .object({
    id: z.number().int(),
    bannerText: z.string().nullable(),
    unreadCount: z.number().int(),
    property: z.object({ id: z.number().int(), name: z.string(), price: z.number().int(), cover: z.string().nullable() }),
    tenant: z.object({ id: z.string(), name: z.string() }),
    landlord: z.object({ id: z.string(), name: z.string() }),
    role: z.enum(['TENANT', 'LANDLORD', 'MODERATOR']),
    tenantInfo: z.object({
      moveInDate: z.string().nullable(),
      budget: z.number().int().nullable(),
      tenancyDuration: z.number().int().nullable(),
      reasonForMoving: z.string().nullable(),
    }),
    /** The other side's last read message: "seen" marks. */
    otherReadId: z.number().int(),
    blocked: z.boolean(),
    lastMessage: ChatMessage.nullable(),
    lastMessageAt: z.string(),
  })
  .meta({ id: 'ChatConversation' });
export type ChatConversation = z.infer<typeof ChatConversation>;

export const ConversationParams = z.object({ id });
export const MessagesQuery = z
  .object({ before: z.coerce.number().int().positive().optional(), limit: z.coerce.number().int().min(1).max(100).default(30) })
  .strict();
export const MessagesPage = z.object({ content: z.array(ChatMessage), hasMore: z.boolean() });
export type MessagesPage = z.infer<typeof MessagesPage>;
export const ReadBody = z.object({ lastReadId: z.number().int().min(0) }).strict();
export const ReportBody = z.object({ reason: z.enum(REPORT_REASONS), note: z.string().trim().max(1000).default('') }).strict();
export const UnreadCount = z.object({ count: z.number().int() });
export const Banner = z.object({ bannerText: z.string().nullable() });

/**
 * What the socket carries. Client → server: hello (replay after `since`; without it, live events only), typing.
 * Server → client: the rest.
 */
/**
 * The code the chat socket closes with when there is no signed-in session: none when it opened, or the session ended
 * while it was open (signed out elsewhere, revoked, expired, the account banned). Clients do not reconnect on it.
 */
export const SOCKET_CLOSE_SIGNED_OUT = 4401;

export const ClientEvent = z.discriminatedUnion('type', [
  z.object({ type: z.literal('hello'), since: z.number().int().min(0).optional() }),
  z.object({ type: z.literal('typing'), conversationId: z.number().int() }),
]);
export type ClientEvent = z.infer<typeof ClientEvent>;
export type ServerEvent =
  | { type: 'message'; message: ChatMessage }
  | { type: 'typing'; conversationId: number; userId: string }
  | { type: 'read'; conversationId: number; userId: string; lastReadId: number }
  | { type: 'unread'; count: number }
  /** A notice of the notification centre arrived (the bell's count; the list is fetched in the page's language). */
  | { type: 'notice'; noticeId: number; unread: number }
  | { type: 'ready'; replayed: number };
