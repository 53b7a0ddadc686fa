import { and, desc, eq } from 'drizzle-orm';
import type { Database } from '@kunci/db/client';
import { outboxMessages } from '@kunci/db/schema';

/** The development outbox: messages of channels without a provider. */
export function createOutboxRepository(db: Database) {
  return {
    add: async (message: {
      channel: 'sms' | 'email';
      to: string;
      subject: string | null;
      body: string;
      html?: string | null;
      headers?: Record<string, string> | null;
    }) => {
      await db.insert(outboxMessages).values(message);
    },

    /** Newest first, to one recipient when given. */
    read: (to: string | undefined, limit: number) =>
      db
        .select()
        .from(outboxMessages)
        .where(to ? and(eq(outboxMessages.to, to)) : undefined)
        .orderBy(desc(outboxMessages.createdAt), desc(outboxMessages.id))
        .limit(limit),
  };
}
export type OutboxRepository = ReturnType<typeof createOutboxRepository>;
