import { and, desc, eq, gt, isNull, sql } from 'drizzle-orm';
import type { Database } from '@kunci/db/client';
import { emailVerifications, psychometricResults, users } from '@kunci/db/schema';

export function createProfileExtrasRepository(db: Database) {
  return {
    findUser: async (id: string) => (await db.select().from(users).where(eq(users.id, id)))[0],

    async replaceEmailCode(userId: string, email: string, codeHash: string, ttlSeconds: number) {
      await db.transaction(async (tx) => {
        await tx
          .update(emailVerifications)
          .set({ consumedAt: sql`now()` })
          .where(and(eq(emailVerifications.userId, userId), isNull(emailVerifications.consumedAt)));
        await tx.insert(emailVerifications).values({ userId, email, codeHash, expiresAt: sql`now() + make_interval(secs => ${ttlSeconds})` });
      });
    },

    async activeEmailCode(userId: string, email: string) {
      const [row] = await db
        .select()
        .from(emailVerifications)
        .where(
          and(
            eq(emailVerifications.userId, userId),
            eq(emailVerifications.email, email),
            isNull(emailVerifications.consumedAt),
            gt(emailVerifications.expiresAt, sql`now()`),
          ),
        )
        .orderBy(desc(emailVerifications.createdAt))
        .limit(1);
      return row;
    },

    async countAttempt(id: number) {
      const [row] = await db
        .update(emailVerifications)
        .set({ attempts: sql`${emailVerifications.attempts} + 1` })
        .where(eq(emailVerifications.id, id))
        .returning({ attempts: emailVerifications.attempts });
      return row?.attempts ?? 0;
    },

    /** Marks the code used and stores the verified address, in one transaction. */
    async verifyEmail(codeId: number, userId: string, email: string): Promise<boolean> {
      return db.transaction(async (tx) => {
        const used = await tx
          .update(emailVerifications)
          .set({ consumedAt: sql`now()` })
          .where(and(eq(emailVerifications.id, codeId), isNull(emailVerifications.consumedAt)))
          .returning({ id: emailVerifications.id });
        if (used.length !== 1) return false;
        await tx
          .update(users)
          .set({ attributes: sql`${users.attributes} || ${JSON.stringify({ company_email: email })}::jsonb` })
          .where(eq(users.id, userId));
        return true;
      });
    },

    findPsychometric: async (userId: string) => (await db.select().from(psychometricResults).where(eq(psychometricResults.userId, userId)))[0],

    async savePsychometric(userId: string, answers: Record<string, string>, result: string) {
      await db
        .insert(psychometricResults)
        .values({ userId, answers, result })
        .onConflictDoUpdate({ target: psychometricResults.userId, set: { answers, result, updatedAt: sql`now()` } });
    },
  };
}
export type ProfileExtrasRepository = ReturnType<typeof createProfileExtrasRepository>;
