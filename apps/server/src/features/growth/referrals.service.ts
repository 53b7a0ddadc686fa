import { randomBytes } from 'node:crypto';
import { BUSINESS } from '@kunci/contracts/business';
import { ErrorCode } from '@kunci/contracts/errors';
import type { ReferralDashboard, ReferralEntry, ReferralLink } from '@kunci/contracts/growth';
import type { Language } from '@kunci/i18n/locales';
import { href } from '@kunci/i18n/paths';
import { AppError, notFound } from '../../lib/app-error.ts';
import { accounts } from '../../lib/ledger/ledger.repository.ts';
import type { ReferralsRepository } from './referrals.repository.ts';

const rules = BUSINESS.growth.referral;
/** What the referral programme pays out from: its rewards are Kunci's marketing cost. */
export const REFERRAL_EXPENSE_ACCOUNT = 'platform:referral-rewards';
/** Letters and digits that cannot be misread for one another (no 0/O, 1/I/L). */
const CODE_ALPHABET = '23456789ABCDEFGHJKMNPQRSTUVWXYZ';
const CODE_LENGTH = 8;
const SEN = 100;

function newCode(): string {
  const bytes = randomBytes(CODE_LENGTH);
  return Array.from(bytes, (b) => CODE_ALPHABET[b % CODE_ALPHABET.length]).join('');
}

function addMonths(date: Date, months: number): Date {
  const next = new Date(date);
  next.setUTCMonth(next.getUTCMonth() + months);
  return next;
}

/** Where a referral's reward stands for its referrer: earned rewards are payable only once bank details are given. */
function payoutStateOf(
  status: ReferralEntry['status'],
  reward: 'EARNED' | 'PAID' | 'EXPIRED' | null,
  hasPayoutDetails: boolean,
): ReferralEntry['payoutState'] {
  if (reward === 'PAID') return 'PAID';
  if (reward === 'EXPIRED' || status === 'LAPSED') return 'EXPIRED';
  if (reward === 'EARNED') return hasPayoutDetails ? 'PAYABLE' : 'QUALIFIED';
  return 'PENDING';
}

/** First name only: a referrer sees who joined, not their full name. */
const firstName = (name: string) => (name && name !== 'guest' ? name.trim().split(/\s+/)[0]! : '');

/**
 * The referral programme (business rules, "Referral programme"): a user shares a link; a new user who signs up through
 * it is recorded; when a deal of theirs becomes ACTIVE on the platform with a monthly rent above the minimum, and it
 * started within the activity window of their sign-up, the referral qualifies and the rewards go on the ledger (the
 * referrer's, the referee's discount). Unpaid rewards expire; pending referrals lapse when the window passes.
 */
export function createReferralsService(repository: ReferralsRepository, publicUrl: string, clock: () => Date = () => new Date()) {
  const linkOf = (code: string, lang: Language) => `${publicUrl}${href(lang, 'refer', { rid: code })}`;

  return {
    /** The caller's code, made once (a clash with another code is tried again), and the link to share. */
    async link(userId: string, lang: Language): Promise<ReferralLink> {
      let row = await repository.codeOf(userId);
      for (let attempt = 0; !row && attempt < 5; attempt++) {
        const created = await repository.createCode(userId, newCode());
        if (created) row = created;
      }
      if (!row) throw new AppError(ErrorCode.CONFLICT, { userId });
      return { referralCode: row.code, url: linkOf(row.code, lang) };
    },

    /** A new user says whose link they signed up through. */
    async register(refereeId: string, body: { referralCode: string; source: string }) {
      const owner = await repository.ownerOf(body.referralCode);
      if (!owner) throw notFound({ referralCode: body.referralCode });
      if (owner.userId === refereeId)
        throw new AppError(ErrorCode.VALIDATION, { refereeId }, [{ path: 'body.referralCode', message: 'growth.referral.own' }]);
      const referee = await repository.user(refereeId);
      const joinedWithin = clock().getTime() - (referee?.createdAt.getTime() ?? 0) <= rules.signUpWindowHours * 3_600_000;
      if (!referee || !joinedWithin || (await repository.hasDeals(refereeId)))
        throw new AppError(ErrorCode.VALIDATION, { refereeId }, [{ path: 'body.referralCode', message: 'growth.referral.notNew' }]);
      if (!(await repository.add({ referrerId: owner.userId, refereeId, code: body.referralCode, source: body.source })))
        throw new AppError(ErrorCode.CONFLICT, { refereeId }, undefined, 'growth.referral.already');
      return { status: 'PENDING' as const, referrerName: firstName(owner.name) };
    },

    async dashboard(userId: string, lang: Language): Promise<ReferralDashboard> {
      const code = await repository.codeOf(userId);
      const rows = await repository.byReferrer(userId);
      const hasPayoutDetails = await repository.hasPayoutDetails(userId);
      const entries: ReferralEntry[] = rows.map(({ referral: r, refereeName, refereeCreatedAt }) => ({
        id: r.id,
        refereeName: firstName(refereeName),
        source: r.source,
        status: r.status,
        joinedAt: r.createdAt.toISOString(),
        activeUntil: addMonths(refereeCreatedAt, rules.activityMonths).toISOString(),
        rent: r.rent,
        qualifiedAt: r.qualifiedAt?.toISOString() ?? null,
        reward: r.rewardState ? { amount: rules.referrerReward, state: r.rewardState, expiresAt: r.rewardExpiresAt?.toISOString() ?? null } : null,
        payoutState: payoutStateOf(r.status, r.rewardState, hasPayoutDetails),
      }));
      const sum = (state: string) => entries.filter((e) => e.reward?.state === state).reduce((total, e) => total + e.reward!.amount, 0);
      return {
        referralCode: code?.code ?? null,
        url: code ? linkOf(code.code, lang) : null,
        invited: entries.length,
        pending: entries.filter((e) => e.status === 'PENDING').length,
        qualified: entries.filter((e) => e.status === 'QUALIFIED').length,
        earned: sum('EARNED'),
        paid: sum('PAID'),
        referrals: entries,
        hasPayoutDetails,
      };
    },

    /**
     * Qualifies pending referrals whose referee has a deal that became ACTIVE within the rules (all such deals, or the
     * one given: the deals feature or a job calls this when a deal becomes ACTIVE). Idempotent: a referral qualifies
     * once and its ledger posting is keyed.
     */
    async qualify(dealId?: string): Promise<{ qualified: number }> {
      let qualified = 0;
      const done = new Set<number>();
      for (const candidate of await repository.activeDealsOfReferees(dealId)) {
        if (done.has(candidate.referralId)) continue;
        const windowEnds = addMonths(candidate.refereeCreatedAt, rules.activityMonths);
        if (candidate.rent <= rules.minRent || candidate.dealCreatedAt > windowEnds) continue;
        const ok = await repository.qualify(
          candidate.referralId,
          {
            dealId: candidate.dealId,
            rent: candidate.rent,
            qualifiedAt: candidate.activeAt,
            rewardExpiresAt: addMonths(candidate.activeAt, rules.expiryMonths),
          },
          {
            kind: 'REWARD',
            key: `referral:${candidate.referralId}:reward`,
            dealId: candidate.dealId,
            memo: `referral ${candidate.referralId}`,
            createdBy: 'system',
            lines: [
              { account: REFERRAL_EXPENSE_ACCOUNT, amountSen: -(rules.referrerReward + rules.refereeDiscount) * SEN },
              { account: accounts.user(candidate.referrerId), amountSen: rules.referrerReward * SEN },
              { account: accounts.user(candidate.refereeId), amountSen: rules.refereeDiscount * SEN },
            ],
          },
        );
        if (ok) {
          qualified++;
          done.add(candidate.referralId);
        }
      }
      return { qualified };
    },

    /** Lapses referrals whose activity window passed, and expires unpaid rewards (taking them back on the ledger). */
    async housekeeping(): Promise<{ lapsed: number; expired: number }> {
      const now = clock();
      const lapsed = await repository.lapse(addMonths(now, -rules.activityMonths));
      let expired = 0;
      for (const r of await repository.expiring(now)) {
        const ok = await repository.expire(r.id, {
          kind: 'REWARD',
          key: `referral:${r.id}:expiry`,
          dealId: r.dealId,
          memo: `referral ${r.id} expired unpaid`,
          createdBy: 'system',
          lines: [
            { account: accounts.user(r.referrerId), amountSen: -rules.referrerReward * SEN },
            { account: REFERRAL_EXPENSE_ACCOUNT, amountSen: rules.referrerReward * SEN },
          ],
        });
        if (ok) expired++;
      }
      return { lapsed, expired };
    },
  };
}
export type ReferralsService = ReturnType<typeof createReferralsService>;
