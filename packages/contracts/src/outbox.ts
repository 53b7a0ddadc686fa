import { z } from 'zod';

/** A message the development outbox holds (demo mode only). */
export const OutboxMessage = z.object({
  id: z.number().int(),
  channel: z.enum(['sms', 'email']),
  to: z.string(),
  subject: z.string().nullable(),
  /** The plain text (an email's text part). */
  body: z.string(),
  /** An email's HTML part, as a mail client would get it; null for SMS and plain-text emails. */
  html: z.string().nullable().optional(),
  /** An email's extra headers (List-Unsubscribe, List-Unsubscribe-Post); null when it has none. */
  headers: z.record(z.string(), z.string()).nullable().optional(),
  createdAt: z.string(),
});
export const OutboxMessages = z.array(OutboxMessage);
export const OutboxQuery = z
  .object({ to: z.string().min(3).max(254).optional(), limit: z.coerce.number().int().min(1).max(200).default(50) })
  .strict();
