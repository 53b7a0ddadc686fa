import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ErrorBody } from '@kunci/contracts/errors';
import { MaybePayoutDetails, PayableRewardList, PayoutDetailsBody, RewardBankDetails, RewardParams } from '@kunci/contracts/growth';
import { requireRole } from '../../lib/staff.ts';
import { requireSession } from '../../plugins/auth.ts';
import type { ReferralPayoutsService } from './referral-payouts.service.ts';

const tags = ['growth'];
const errors = { 401: ErrorBody, 403: ErrorBody, 404: ErrorBody, 409: ErrorBody, 422: ErrorBody, 428: ErrorBody };
/** Paying rewards is money out of Kunci: operations (and admins). */
const PAYERS = ['operations'] as const;

const actorOf = (user: { id: string; name: string; role: string }) => ({ id: user.id, name: user.name, role: user.role });

/** Where referral rewards are paid, and paying them (business rules, "Referral programme"). */
export const referralPayoutsRoutes: FastifyPluginAsyncZod<{ service: ReferralPayoutsService }> = async (app, { service }) => {
  app.get(
    '/referrals/payout-details',
    {
      schema: {
        tags,
        summary: 'The caller’s bank details for referral rewards, masked (each read is logged)',
        response: { 200: MaybePayoutDetails, ...errors },
      },
    },
    async (request) => service.own(actorOf(requireSession(request).user)),
  );

  app.put(
    '/referrals/payout-details',
    {
      schema: {
        tags,
        summary: 'Give or change the bank details rewards are paid to (a Malaysian bank, the holder, the account number)',
        body: PayoutDetailsBody,
        response: { 200: MaybePayoutDetails, ...errors },
      },
    },
    async (request) => service.save(actorOf(requireSession(request).user), request.body),
  );

  app.get(
    '/admin/growth/referral-rewards',
    {
      schema: {
        tags,
        summary: 'Earned rewards whose referrer gave bank details, oldest first, with the details masked (operations; reads logged)',
        response: { 200: PayableRewardList, ...errors },
      },
    },
    async (request) => service.payable(actorOf(requireRole(request, PAYERS).user)),
  );

  app.post(
    '/admin/growth/referral-rewards/:id/bank-details',
    {
      schema: {
        tags,
        summary: 'The full bank details to pay one payable reward to (operations, needs a fresh PIN); the read is in the audit log',
        params: RewardParams,
        response: { 200: RewardBankDetails, ...errors },
      },
    },
    async (request) => service.bankDetails(request.params.id, actorOf(requireRole(request, PAYERS, { confirmed: true }).user)),
  );

  app.post(
    '/admin/growth/referral-rewards/:id/paid',
    {
      schema: {
        tags,
        summary:
          'Mark a reward paid after the bank transfer (operations, needs a fresh PIN): on the ledger and in the audit log; 409 when it is not payable',
        params: RewardParams,
        response: { 204: z.null(), ...errors },
      },
    },
    async (request, reply) => {
      await service.markPaid(request.params.id, actorOf(requireRole(request, PAYERS, { confirmed: true }).user));
      return reply.status(204).send(null);
    },
  );
};
