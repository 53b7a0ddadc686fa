import { z } from 'zod';

const id = z.coerce.number().int().positive().max(2_147_483_647);
const DATE = /^\d{4}-\d{2}-\d{2}$/;

/** The spec's tenant-info cookies and their lifetimes (days); empty values are not stored. */
export const TENANT_INFO_COOKIES = {
  budget: { name: 'crInfoBudget', days: 15 },
  moveInDate: { name: 'crInfoMoveInDate', days: 15 },
  tenancyDuration: { name: 'crInfoTenancyDuration', days: 15 },
  reasonForMoving: { name: 'crInfoReasonForMoveIn', days: 7 },
} as const;

export const MOVING_REASONS = ['NEAR_WORK', 'NEAR_STUDIES', 'MORE_SPACE', 'LOWER_RENT', 'FIRST_HOME', 'OTHER'] as const;
export const REPORT_REASONS = ['DEPOSIT', 'SCAM', 'ABUSE', 'DISCRIMINATION', 'OTHER'] as const;
export const CHAT_MESSAGE_MAX = 2000;
export const CHAT_BADGE_CAP = 99;

/** A chat request: the tenant's needs first, then the conversation opens (once per listing and tenant). */
export const ChatRequest = z
  .object({
    propertyId: id,
    moveInDate: z.string().regex(DATE, 'field.date'),
    budget: z.number().int().min(100, 'field.budget').max(1_000_000, 'field.budget'),
    tenancyDuration: z.number().int().min(1, 'field.tenancy').max(60, 'field.tenancy'),
    reasonForMoving: z.enum(MOVING_REASONS),
    message: z.string().trim().max(CHAT_MESSAGE_MAX).optional(),
  })
  .strict();
export type ChatRequest = z.infer<typeof ChatRequest>;

export const ChatMessage = z
  .object({
    id: z.number().int(),
    conversationId: z.number().int(),
    senderId: z.string().nullable(),
    kind: z.enum(['TEXT', 'IMAGE', 'VIDEO', 'SYSTEM']),
    body: z.string(),
    clientId: z.string().nullable(),
    createdAt: z.string(),
  })
  .meta({ id: 'ChatMessage' });
export type ChatMessage = z.infer<typeof ChatMessage>;

export const SendMessage = z
  .object({ body: z.string().trim().min(1, 'field.message').max(CHAT_MESSAGE_MAX, 'field.message'), clientId: z.uuid().optional() })
  .strict();

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

/** What the socket carries. Client → server: hello (replay after `since`), typing. Server → client: the rest. */
export const ClientEvent = z.discriminatedUnion('type', [
  z.object({ type: z.literal('hello'), since: z.number().int().min(0) }),
  z.object({ type: z.literal('typing'), conversationId: z.number().int() }),
]);
export type ClientEvent = z.infer<typeof ClientEvent>;
export type ServerEvent =
  | { type: 'message'; message: ChatMessage }
  | { type: 'typing'; conversationId: number; userId: string }
  | { type: 'read'; conversationId: number; userId: string; lastReadId: number }
  | { type: 'unread'; count: number }
  | { type: 'ready'; replayed: number };
