import { randomUUID } from 'node:crypto';
import { and, asc, eq, sql } from 'drizzle-orm';
import type { LedgerKind } from '@kunci/contracts/payments';
import type { Database } from '@kunci/db/client';
import { ledgerEntries } from '@kunci/db/schema';

/** One line of a posting: a signed amount in sen on one account (negative: money leaves it). */
export interface LedgerLine {
  account: string;
  amountSen: number;
  /** Defaults to the posting's. */
  dealId?: string | null;
}

export interface LedgerPosting {
  kind: LedgerKind;
  lines: LedgerLine[];
  dealId?: string | null;
  paymentId?: string | null;
  memo?: string | null;
  /** A user id, or `system` / `gateway`. */
  createdBy: string;
  /** Makes the posting happen once: posting again with the same key does nothing and answers `posted: false`. */
  key?: string;
}

export type LedgerEntry = typeof ledgerEntries.$inferSelect;

/** Account names, so every feature spells them alike. */
export const accounts = {
  user: (userId: string) => `user:${userId}`,
  dealEscrow: (dealId: string) => `deal:${dealId}:escrow`,
  dealMoveIn: (dealId: string) => `deal:${dealId}:move-in`,
  landlord: (landlordId: string) => `landlord:${landlordId}`,
  platformRevenue: 'platform:revenue',
  /** SST collected on Kunci's fees, owed to the tax authority. */
  platformSst: 'platform:sst',
  /** Stamp duty Kunci paid on agreements, kept from a refund after stamping. */
  platformStamping: 'platform:stamping',
  gatewayClearing: 'gateway:clearing',
} as const;

/** Thrown for a posting that does not balance or is malformed: a programming error, never the user's. */
export class UnbalancedPostingError extends Error {}

function check(posting: LedgerPosting) {
  if (posting.lines.length < 2) throw new UnbalancedPostingError(`a ${posting.kind} posting needs at least two lines`);
  for (const line of posting.lines) {
    if (!Number.isSafeInteger(line.amountSen)) throw new UnbalancedPostingError(`amounts are whole sen, not ${line.amountSen}`);
    if (!line.account) throw new UnbalancedPostingError('every line names an account');
  }
  const sum = posting.lines.reduce((total, line) => total + line.amountSen, 0);
  if (sum !== 0) throw new UnbalancedPostingError(`a ${posting.kind} posting must sum to zero, not ${sum} sen`);
}

/**
 * The ledger: append-only, every posting balanced. Give it a transaction (`createLedgerRepository(tx)`) to post
 * together with the change that causes the posting.
 */
export function createLedgerRepository(db: Database) {
  const post = async (posting: LedgerPosting, tx?: Database): Promise<{ postingId: string; posted: boolean }> => {
    check(posting);
    const target = tx ?? db;
    const postingId = randomUUID();
    const rows = posting.lines.map((line, index) => ({
      postingId,
      postingKey: posting.key ?? null,
      line: index + 1,
      dealId: line.dealId === undefined ? (posting.dealId ?? null) : line.dealId,
      paymentId: posting.paymentId ?? null,
      kind: posting.kind,
      account: line.account,
      amountSen: line.amountSen,
      memo: posting.memo ?? null,
      createdBy: posting.createdBy,
    }));
    if (!posting.key) {
      await target.insert(ledgerEntries).values(rows);
      return { postingId, posted: true };
    }
    // A keyed posting is all or nothing: its lines share the key, so either none exists yet or all do.
    const inserted = await target
      .insert(ledgerEntries)
      .values(rows)
      .onConflictDoNothing({ target: [ledgerEntries.postingKey, ledgerEntries.line], where: sql`${ledgerEntries.postingKey} is not null` })
      .returning({ id: ledgerEntries.id });
    if (inserted.length === rows.length) return { postingId, posted: true };
    if (inserted.length === 0) return { postingId, posted: false };
    throw new UnbalancedPostingError(`posting ${posting.key} was partly there already`);
  };

  return {
    post,

    /** Every line touching a deal, oldest first. */
    forDeal: (dealId: string) => db.select().from(ledgerEntries).where(eq(ledgerEntries.dealId, dealId)).orderBy(asc(ledgerEntries.id)),

    forPayment: (paymentId: string) => db.select().from(ledgerEntries).where(eq(ledgerEntries.paymentId, paymentId)).orderBy(asc(ledgerEntries.id)),

    /** Each account's balance within a deal (sen), derived by summing its rows. */
    balances: async (dealId: string): Promise<Record<string, number>> => {
      const rows = await db
        .select({ account: ledgerEntries.account, balance: sql<string>`sum(${ledgerEntries.amountSen})` })
        .from(ledgerEntries)
        .where(eq(ledgerEntries.dealId, dealId))
        .groupBy(ledgerEntries.account);
      return Object.fromEntries(rows.map((row) => [row.account, Number(row.balance)]));
    },

    /** One account's balance across everything (sen). */
    balance: async (account: string, dealId?: string): Promise<number> => {
      const [row] = await db
        .select({ balance: sql<string>`coalesce(sum(${ledgerEntries.amountSen}), 0)` })
        .from(ledgerEntries)
        .where(and(eq(ledgerEntries.account, account), dealId ? eq(ledgerEntries.dealId, dealId) : undefined));
      return Number(row?.balance ?? 0);
    },
  };
}

export type LedgerRepository = ReturnType<typeof createLedgerRepository>;
