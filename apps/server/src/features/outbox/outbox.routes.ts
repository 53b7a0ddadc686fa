import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { normalizePhone } from '../../lib/phone.ts';
import type { Messenger } from '../../plugins/messaging.ts';

const OutboxMessage = z.object({
  id: z.number().int(),
  channel: z.enum(['sms', 'email']),
  to: z.string(),
  subject: z.string().nullable(),
  body: z.string(),
  createdAt: z.string(),
});

/**
 * The development outbox, newest first. Registered only while a channel has no real provider, so a
 * deployment with real SMS and email providers has no such route at all.
 */
export const outboxRoutes: FastifyPluginAsyncZod<{ messenger: Messenger }> = async (app, { messenger }) => {
  app.get(
    '/dev/outbox',
    {
      schema: {
        tags: ['development'],
        summary: 'Messages the development outbox holds (only while no real SMS or email provider is configured)',
        querystring: z.object({ to: z.string().min(3).max(254).optional(), limit: z.coerce.number().int().min(1).max(200).default(50) }).strict(),
        response: { 200: z.array(OutboxMessage) },
      },
    },
    async (request) => {
      const to = request.query.to;
      const recipient = to && !to.includes('@') ? (normalizePhone(to) ?? to) : to;
      const rows = await messenger.readOutbox(recipient, request.query.limit);
      return rows.map((r) => ({ ...r, channel: r.channel as 'sms' | 'email', createdAt: r.createdAt.toISOString() }));
    },
  );
};
