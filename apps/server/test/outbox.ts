import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { z } from 'zod';
import type { OutboxMessage } from '@kunci/contracts/outbox';
import { users } from '@kunci/db/schema';
import type { TestDatabase } from '../../../test/database.ts';

export type SentMessage = z.infer<typeof OutboxMessage>;

/** What the development outbox sent to a phone number or an email address, newest first (its latest 50 unless `limit`). */
export async function outbox(app: FastifyInstance, to: string, limit?: number): Promise<SentMessage[]> {
  const url = `/api/dev/outbox?to=${encodeURIComponent(to)}${limit ? `&limit=${limit}` : ''}`;
  return (await app.inject({ url })).json() as SentMessage[];
}

/** The phone number of a user. */
export async function phoneOf(database: TestDatabase, userId: string): Promise<string> {
  const [row] = await database.db.select({ phone: users.phoneNumber }).from(users).where(eq(users.id, userId));
  if (!row) throw new Error(`no user ${userId}`);
  return row.phone;
}

/** The texts sent to a user's phone, newest first. */
export async function textsTo(t: { app: FastifyInstance; database: TestDatabase }, userId: string): Promise<string[]> {
  return (await outbox(t.app, await phoneOf(t.database, userId))).map((message) => message.body);
}

/** The 6-digit code (a PIN or a signing code) in a message, if it has one. */
export const sixDigitCode = (body: string | undefined) => /\b(\d{6})\b/.exec(body ?? '')?.[1];
