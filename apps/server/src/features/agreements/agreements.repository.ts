import { and, desc, eq, gt, isNull, or, sql } from 'drizzle-orm';
import type { Database } from '@kunci/db/client';
import { agreementInvitations, agreementSigningCodes, tenancyAgreements, users } from '@kunci/db/schema';
import { findPerson } from '../../lib/person.repository.ts';

export type AgreementRow = typeof tenancyAgreements.$inferSelect;
export type AgreementInsert = typeof tenancyAgreements.$inferInsert;
export type SigningCodeRow = typeof agreementSigningCodes.$inferSelect;
export type InvitationRow = typeof agreementInvitations.$inferSelect;

export function createAgreementsRepository(db: Database) {
  return {
    insert: async (values: typeof tenancyAgreements.$inferInsert) => (await db.insert(tenancyAgreements).values(values).returning())[0]!,

    remove: (id: string) => db.delete(tenancyAgreements).where(eq(tenancyAgreements.id, id)),

    findById: async (id: string) => (await db.select().from(tenancyAgreements).where(eq(tenancyAgreements.id, id)))[0],

    findByDeal: async (dealId: string) => (await db.select().from(tenancyAgreements).where(eq(tenancyAgreements.dealId, dealId)))[0],

    /**
     * Records one party's signature; the row is locked so two parties signing at once are applied one by one and
     * exactly one of them sees both signatures (and seals the document).
     */
    sign: (id: string, side: 'LANDLORD' | 'TENANT', at: Date) =>
      db.transaction(async (tx) => {
        const [row] = await tx.select().from(tenancyAgreements).where(eq(tenancyAgreements.id, id)).for('update');
        if (!row) return null;
        const already = side === 'LANDLORD' ? row.landlordSignedAt : row.tenantSignedAt;
        if (already) return { row, changed: false };
        const [updated] = await tx
          .update(tenancyAgreements)
          .set(side === 'LANDLORD' ? { landlordSignedAt: at } : { tenantSignedAt: at })
          .where(eq(tenancyAgreements.id, id))
          .returning();
        return { row: updated!, changed: true };
      }),

    /** Seals the signed document once: a row already SIGNED keeps its PDF. */
    markSigned: async (id: string, values: { pdfKey: string; pdfSha256: string; signedAt: Date }) =>
      (
        await db
          .update(tenancyAgreements)
          .set({ ...values, status: 'SIGNED' })
          .where(and(eq(tenancyAgreements.id, id), eq(tenancyAgreements.status, 'SIGNING')))
          .returning()
      )[0],

    person: (id: string) => findPerson(db, id),

    /** A new code replaces the caller's earlier unused ones. */
    newCode: (values: typeof agreementSigningCodes.$inferInsert) =>
      db.transaction(async (tx) => {
        await tx
          .update(agreementSigningCodes)
          .set({ usedAt: sql`now()` })
          .where(
            and(
              eq(agreementSigningCodes.agreementId, values.agreementId),
              eq(agreementSigningCodes.userId, values.userId),
              isNull(agreementSigningCodes.usedAt),
            ),
          );
        return (await tx.insert(agreementSigningCodes).values(values).returning())[0]!;
      }),

    /** The caller's live code (unused, unexpired), if any. */
    liveCode: async (agreementId: string, userId: string, now: Date) =>
      (
        await db
          .select()
          .from(agreementSigningCodes)
          .where(
            and(
              eq(agreementSigningCodes.agreementId, agreementId),
              eq(agreementSigningCodes.userId, userId),
              isNull(agreementSigningCodes.usedAt),
              gt(agreementSigningCodes.expiresAt, now),
            ),
          )
          .orderBy(desc(agreementSigningCodes.createdAt))
          .limit(1)
      )[0],

    /** Counts a wrong try; the code stops working after `maxAttempts`. */
    failedTry: (id: number, maxAttempts: number) =>
      db
        .update(agreementSigningCodes)
        .set({
          attempts: sql`${agreementSigningCodes.attempts} + 1`,
          usedAt: sql`case when ${agreementSigningCodes.attempts} + 1 >= ${maxAttempts} then now() else null end`,
        })
        .where(eq(agreementSigningCodes.id, id)),

    /** The user with this phone number, made (an invited account they sign in to with that phone) when there is none. */
    findOrInviteUser: async (phoneNumber: string, language: string) => {
      await db.insert(users).values({ phoneNumber, language }).onConflictDoNothing({ target: users.phoneNumber });
      return (await db.select({ id: users.id }).from(users).where(eq(users.phoneNumber, phoneNumber)))[0]!;
    },

    insertInvitation: async (values: typeof agreementInvitations.$inferInsert) =>
      (await db.insert(agreementInvitations).values(values).returning())[0]!,

    findInvitation: async (id: string) => (await db.select().from(agreementInvitations).where(eq(agreementInvitations.id, id)))[0],

    /** Invitations the user sent or received, newest first. */
    invitationsOf: (userId: string) =>
      db
        .select()
        .from(agreementInvitations)
        .where(or(eq(agreementInvitations.inviterId, userId), eq(agreementInvitations.inviteeId, userId)))
        .orderBy(desc(agreementInvitations.createdAt))
        .limit(50),

    /** Takes a pending, unexpired invitation for its invitee: only one acceptance wins. */
    claimInvitation: async (id: string, inviteeId: string, now: Date) =>
      (
        await db
          .update(agreementInvitations)
          .set({ status: 'ACCEPTED', acceptedAt: now })
          .where(
            and(
              eq(agreementInvitations.id, id),
              eq(agreementInvitations.inviteeId, inviteeId),
              eq(agreementInvitations.status, 'PENDING'),
              gt(agreementInvitations.expiresAt, now),
            ),
          )
          .returning()
      )[0],

    /** Gives a claimed invitation back (its deal could not be opened). */
    releaseInvitation: (id: string) =>
      db.update(agreementInvitations).set({ status: 'PENDING', acceptedAt: null }).where(eq(agreementInvitations.id, id)),

    setInvitationDeal: (id: string, dealId: string) => db.update(agreementInvitations).set({ dealId }).where(eq(agreementInvitations.id, id)),

    /** Uses a code once: false when another request used it first. */
    useCode: async (id: number) =>
      (
        await db
          .update(agreementSigningCodes)
          .set({ usedAt: sql`now()` })
          .where(and(eq(agreementSigningCodes.id, id), isNull(agreementSigningCodes.usedAt)))
          .returning({ id: agreementSigningCodes.id })
      ).length === 1,
  };
}
export type AgreementsRepository = ReturnType<typeof createAgreementsRepository>;
