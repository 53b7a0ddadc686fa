import { BUSINESS } from '@kunci/contracts/business';
import { ErrorCode } from '@kunci/contracts/errors';
import { MALAYSIAN_BANKS, type MalaysianBank, type PayableReward, type PayoutDetails, type RewardBankDetails } from '@kunci/contracts/growth';
import { AppError, notFound } from '../../lib/app-error.ts';
import { accounts } from '../../lib/ledger/ledger.repository.ts';
import type { Actor, PayoutDetailsRow, ReferralPayoutsRepository } from './referral-payouts.repository.ts';

/** Seals personal data at rest (the app passes the private data key's sealer, as screening and agreements use). */
export interface TextSealer {
  sealText(text: string): string;
  openText(sealed: string): string;
}

const rules = BUSINESS.growth.referral;
const SEN = 100;
/** Where paid rewards go out: Kunci's bank transfers to referrers. */
export const REFERRAL_PAYOUT_ACCOUNT = 'platform:referral-payouts';

const maskAccount = (last4: string) => `•••• ${last4}`;
/** The holder by each word's first letter: enough for the owner to recognise, nothing for anyone looking over. */
const maskHolder = (name: string) =>
  name
    .split(/\s+/)
    .filter(Boolean)
    .map((word) => `${[...word][0]}•••`)
    .join(' ');

/**
 * Referral payouts (business rules: a reward is paid within the working days of the rules after the bank details are
 * received). A referrer gives a Malaysian bank, the holder and the account number, sealed at rest and shown masked;
 * operations see the payable rewards with the details masked, unseal one reward's details to make the transfer and
 * mark it paid (both with a fresh staff PIN; ledger and audit log together). Every read of someone's details, by its
 * owner or by staff, is in the audit log.
 */
export function createReferralPayoutsService({ repository, sealer }: { repository: ReferralPayoutsRepository; sealer: TextSealer }) {
  const masked = (row: PayoutDetailsRow): PayoutDetails => ({
    bank: row.bank as MalaysianBank,
    bankName: MALAYSIAN_BANKS[row.bank as MalaysianBank] ?? row.bank,
    accountHolder: maskHolder(sealer.openText(row.holderSealed)),
    accountNumber: maskAccount(row.accountLast4),
    updatedAt: row.updatedAt.toISOString(),
  });

  return {
    async own(reader: Actor): Promise<{ details: PayoutDetails | null }> {
      const row = await repository.read(reader.id, reader, 'owner');
      return { details: row ? masked(row) : null };
    },

    async save(owner: Actor, body: { bank: MalaysianBank; accountHolder: string; accountNumber: string }): Promise<{ details: PayoutDetails }> {
      const row = await repository.save(
        {
          userId: owner.id,
          bank: body.bank,
          holderSealed: sealer.sealText(body.accountHolder),
          accountSealed: sealer.sealText(body.accountNumber),
          accountLast4: body.accountNumber.slice(-4),
        },
        owner,
      );
      return { details: masked(row) };
    },

    hasDetails: (userId: string) => repository.hasDetails(userId),

    /**
     * The rewards operations can pay now, with where to pay them masked as the owner sees it (each referrer's
     * details read is logged); the full account is `bankDetails`, one reward at a time.
     */
    async payable(staff: Actor): Promise<{ content: PayableReward[] }> {
      const rows = await repository.payable();
      const content: PayableReward[] = [];
      for (const { referral, referrerName, details } of rows) {
        await repository.logRead(referral.referrerId, staff, 'payoutList');
        const shown = masked(details);
        content.push({
          referralId: referral.id,
          referrerId: referral.referrerId,
          referrerName,
          amount: rules.referrerReward,
          qualifiedAt: referral.qualifiedAt?.toISOString() ?? null,
          expiresAt: referral.rewardExpiresAt?.toISOString() ?? null,
          bank: shown.bank,
          bankName: shown.bankName,
          accountHolder: shown.accountHolder,
          accountNumber: shown.accountNumber,
        });
      }
      return { content };
    },

    /**
     * The full bank details to pay one payable reward to, for the staff member making the transfer (the route asks
     * for a fresh PIN): the read, naming the reward, is in the audit log before anything is unsealed.
     */
    async bankDetails(referralId: number, staff: Actor): Promise<RewardBankDetails> {
      const [row] = await repository.payable(referralId);
      if (!row) throw notFound({ referralId });
      await repository.logRead(row.referral.referrerId, staff, 'payout', referralId);
      const bank = row.details.bank as MalaysianBank;
      return {
        referralId,
        bank,
        bankName: MALAYSIAN_BANKS[bank] ?? row.details.bank,
        accountHolder: sealer.openText(row.details.holderSealed),
        accountNumber: sealer.openText(row.details.accountSealed),
      };
    },

    /** Operations mark a reward paid after the transfer: only an earned reward whose referrer gave bank details. */
    async markPaid(referralId: number, staff: Actor): Promise<void> {
      const referral = await repository.referral(referralId);
      if (!referral || !referral.rewardState) throw notFound({ referralId });
      const paid = await repository.markPaid(referralId, staff, {
        kind: 'PAYOUT',
        key: `referral:${referralId}:paid`,
        dealId: referral.dealId,
        memo: `referral ${referralId} reward paid to the referrer's bank account`,
        createdBy: staff.id,
        lines: [
          { account: accounts.user(referral.referrerId), amountSen: -rules.referrerReward * SEN },
          { account: REFERRAL_PAYOUT_ACCOUNT, amountSen: rules.referrerReward * SEN },
        ],
      });
      if (!paid) {
        const noDetails = referral.rewardState === 'EARNED' && !(await repository.hasDetails(referral.referrerId));
        throw new AppError(
          ErrorCode.CONFLICT,
          { referralId, state: referral.rewardState },
          undefined,
          noDetails ? 'growth.payout.noDetails' : 'growth.payout.notPayable',
        );
      }
    },
  };
}
export type ReferralPayoutsService = ReturnType<typeof createReferralPayoutsService>;
