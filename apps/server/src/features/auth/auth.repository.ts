import { and, desc, eq, gt, isNull, sql } from 'drizzle-orm';
import type { Database } from '@kunci/db/client';
import { authEvents, meta, pins, users } from '@kunci/db/schema';

export type AuthEvent =
  | 'pin_requested'
  | 'pin_verified'
  | 'pin_failed'
  | 'password_login'
  | 'password_failed'
  | 'locked'
  | 'lock_notice_failed'
  | 'banned_refused'
  | 'logout'
  | 'password_set'
  | 'reset_requested'
  | 'facebook_login'
  | 'facebook_linked';

export function createAuthRepository(db: Database) {
  return {
    findUserByPhone: async (phoneNumber: string) => (await db.select().from(users).where(eq(users.phoneNumber, phoneNumber)))[0],
    findUserByFacebookId: async (facebookId: string) => (await db.select().from(users).where(eq(users.facebookId, facebookId)))[0],
    linkFacebook: async (userId: string, facebookId: string) => {
      await db.update(users).set({ facebookId }).where(eq(users.id, userId));
    },

    /** The account of a phone number, created on first sign-in (name "guest" until the user gives one). */
    async findOrCreateUser(phoneNumber: string, language: string) {
      await db.insert(users).values({ phoneNumber, language }).onConflictDoNothing({ target: users.phoneNumber });
      return (await db.select().from(users).where(eq(users.phoneNumber, phoneNumber)))[0]!;
    },

    async replacePin(phoneNumber: string, purpose: 'login' | 'reset', pinHash: string, ttlSeconds: number) {
      await db.transaction(async (tx) => {
        // Only the newest PIN of a number works.
        await tx
          .update(pins)
          .set({ consumedAt: sql`now()` })
          .where(and(eq(pins.phoneNumber, phoneNumber), isNull(pins.consumedAt)));
        await tx.insert(pins).values({ phoneNumber, purpose, pinHash, expiresAt: sql`now() + make_interval(secs => ${ttlSeconds})` });
      });
    },

    async latestActivePin(phoneNumber: string) {
      const [row] = await db
        .select()
        .from(pins)
        .where(and(eq(pins.phoneNumber, phoneNumber), isNull(pins.consumedAt), gt(pins.expiresAt, sql`now()`)))
        .orderBy(desc(pins.createdAt))
        .limit(1);
      return row;
    },

    /** Marks a PIN used; false when another request used it first. */
    async consumePin(id: number): Promise<boolean> {
      const used = await db
        .update(pins)
        .set({ consumedAt: sql`now()` })
        .where(and(eq(pins.id, id), isNull(pins.consumedAt)))
        .returning({ id: pins.id });
      return used.length === 1;
    },

    async expirePins(phoneNumber: string) {
      await db
        .update(pins)
        .set({ consumedAt: sql`now()` })
        .where(and(eq(pins.phoneNumber, phoneNumber), isNull(pins.consumedAt)));
    },

    async signedIn(userId: string) {
      await db
        .update(users)
        .set({ lockedUntil: null, lastActivityAt: sql`now()` })
        .where(eq(users.id, userId));
    },

    async setPasswordHash(userId: string, passwordHash: string) {
      await db.update(users).set({ passwordHash }).where(eq(users.id, userId));
    },

    async audit(event: AuthEvent, details: { userId?: string | null; phoneNumber?: string | null; ip?: string; deviceId?: string | undefined }) {
      await db.insert(authEvents).values({
        event,
        userId: details.userId ?? null,
        phoneNumber: details.phoneNumber ?? null,
        ip: details.ip ?? null,
        deviceId: details.deviceId ?? null,
      });
    },

    /** The PIN-hashing key when none is configured: made once, shared by every instance through the database. */
    async sharedSecret(generate: () => string): Promise<string> {
      await db.insert(meta).values({ key: 'auth_secret', value: generate() }).onConflictDoNothing({ target: meta.key });
      return (await db.select().from(meta).where(eq(meta.key, 'auth_secret')))[0]!.value;
    },
  };
}
export type AuthRepository = ReturnType<typeof createAuthRepository>;
