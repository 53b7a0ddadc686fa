import { z } from 'zod';

/** A message the development outbox holds (demo mode only). */
export const OutboxMessage = z.object({
  id: z.number().int(),
  channel: z.enum(['sms', 'email']),
  to: z.string(),
  subject: z.string().nullable(),
  body: z.string(),
  createdAt: z.string(),
});
export const OutboxMessages = z.array(OutboxMessage);
export const OutboxQuery = z
  .object({ to: z.string().min(3).max(254).optional(), limit: z.coerce.number().int().min(1).max(200).default(50) })
  .strict();
