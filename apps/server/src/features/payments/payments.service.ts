import { ErrorCode } from '@kunci/contracts/errors';
import {
  PAYMENT_JOBS,
  SIMULATOR_CARDS,
  type CreatePaymentInput,
  type Payment,
  type PaymentFailedJob,
  type PaymentPurpose,
  type PaymentRefundedJob,
  type PaymentSettledJob,
  type Receipt,
  type SimulatorChoice,
} from '@kunci/contracts/payments';
import { holdsRole, type UserRole } from '@kunci/contracts/staff';
import type { Language } from '@kunci/i18n/locales';
import { AppError } from '../../lib/app-error.ts';
import { defineJob, type JobQueue } from '../../lib/jobs/jobs.service.ts';
import { accounts } from '../../lib/ledger/ledger.repository.ts';
import type { GatewayEvent, PaymentGateway } from './gateway.ts';
import type { PaymentRow, PaymentsRepository } from './payments.repository.ts';
import type { PayerOutcome, SimulatorGateway } from './simulator.ts';

/** The jobs other features handle (names from the contracts). Keys: `settled:<paymentId>`, `failed:<paymentId>`, `refunded:<refundId>`. */
export const paymentSettledJob = defineJob<PaymentSettledJob>(PAYMENT_JOBS.settled, { maxAttempts: 10 });
export const paymentFailedJob = defineJob<PaymentFailedJob>(PAYMENT_JOBS.failed, { maxAttempts: 10 });
export const paymentRefundedJob = defineJob<PaymentRefundedJob>(PAYMENT_JOBS.refunded, { maxAttempts: 10 });

/** Where a payment's money is held: the ledger account its CHARGE credits and its REFUND debits. */
export function holdingAccount(purpose: PaymentPurpose, referenceId: string): { account: string; dealId: string | null } {
  switch (purpose) {
    case 'DEAL_BOOKING':
    case 'DEAL_MOVE_IN':
      return { account: accounts.dealEscrow(referenceId), dealId: referenceId };
    case 'RENTAL_ORDER':
      return { account: `order:${referenceId}:escrow`, dealId: null };
    case 'TEST':
      return { account: `test:${referenceId}:escrow`, dealId: null };
  }
}

export interface Viewer {
  id: string;
  role: UserRole;
}

const PAID = new Set<PaymentRow['status']>(['SUCCEEDED', 'PARTIALLY_REFUNDED', 'REFUNDED']);

export interface PaymentsServiceOptions {
  repository: PaymentsRepository;
  gateway: PaymentGateway;
  jobs: JobQueue;
  publicUrl: string;
}

/** A refund asked of the gateway: which payment, how much, why and by whom. */
type RefundInput = { paymentId: string; amountSen: number; reason: string; requestedBy: string };

export function createPaymentsService({ repository, gateway, jobs, publicUrl }: PaymentsServiceOptions) {
  const receiptUrl = (id: string) => `${publicUrl}/receipts/${id}`;

  function toDto(row: PaymentRow): Payment {
    return {
      id: row.id,
      purpose: row.purpose,
      referenceId: row.referenceId,
      description: row.description,
      amountSen: row.amountSen,
      refundedSen: row.refundedSen,
      currency: 'MYR',
      status: row.status,
      method: row.method,
      bank: row.bank,
      paidAt: row.paidAt?.toISOString() ?? null,
      createdAt: row.createdAt.toISOString(),
      paymentUrl: row.status === 'PENDING' ? row.paymentUrl : null,
      receiptUrl: PAID.has(row.status) ? receiptUrl(row.id) : null,
    };
  }

  async function visible(id: string, viewer: Viewer): Promise<PaymentRow> {
    const row = await repository.findById(id);
    if (!row) throw new AppError(ErrorCode.NOT_FOUND, { paymentId: id });
    if (row.payerId !== viewer.id && !holdsRole(viewer.role, ['operations']))
      throw new AppError(ErrorCode.FORBIDDEN, { paymentId: id, userId: viewer.id });
    return row;
  }

  /** Applies one gateway event inside a transaction; the payment row is locked, so events for it apply one by one. */
  async function apply(event: GatewayEvent, gatewayName: PaymentGateway['name']): Promise<{ duplicate: boolean }> {
    return repository.transaction(async ({ payments, ledger, handle }) => {
      const paymentId = 'paymentId' in event ? (event.paymentId ?? null) : null;
      if (!(await payments.recordEvent({ gateway: gatewayName, eventId: event.id, type: event.type, paymentId }))) return { duplicate: true };
      if (event.type === 'ignored') return { duplicate: false };

      if (event.type === 'refund.succeeded' || event.type === 'refund.failed') {
        // Each refund settles once, whichever event tells of it first (a refund's own or its charge's).
        for (const refundId of event.refundIds) await settleRefund(refundId, event.type === 'refund.succeeded');
        return { duplicate: false };
      }

      return applyPaymentEvent(event as Extract<GatewayEvent, { type: `payment.${string}` }>);

      /** Posts money moving between the payer and the payment's holding account: a CHARGE into it, a REFUND out of it. */
      function postPayerMovement(
        payment: PaymentRow,
        kind: 'CHARGE' | 'REFUND',
        entry: { key: string; createdBy: string; memo: string; amountSen: number },
      ) {
        const holding = holdingAccount(payment.purpose, payment.referenceId);
        const payer = accounts.user(payment.payerId);
        const [from, to] = kind === 'CHARGE' ? [payer, holding.account] : [holding.account, payer];
        return ledger.post({
          kind,
          key: entry.key,
          dealId: holding.dealId,
          paymentId: payment.id,
          createdBy: entry.createdBy,
          memo: entry.memo,
          lines: [
            { account: from, amountSen: -entry.amountSen },
            { account: to, amountSen: entry.amountSen },
          ],
        });
      }

      async function settleRefund(refundId: string, succeeded: boolean): Promise<void> {
        const refund = await payments.lockRefund(refundId);
        if (!refund || refund.status !== 'PENDING') return;
        if (!succeeded) {
          await payments.settleRefund(refund.id, 'FAILED');
          return;
        }
        const payment = (await payments.lock(refund.paymentId))!;
        const refundedSen = payment.refundedSen + refund.amountSen;
        await payments.settleRefund(refund.id, 'SUCCEEDED');
        await payments.update(payment.id, { refundedSen, status: refundedSen >= payment.amountSen ? 'REFUNDED' : 'PARTIALLY_REFUNDED' });
        await postPayerMovement(payment, 'REFUND', {
          key: `refund:${refund.id}`,
          createdBy: refund.requestedBy,
          memo: refund.reason,
          amountSen: refund.amountSen,
        });
        await jobs.enqueue(
          paymentRefundedJob,
          { paymentId: payment.id, purpose: payment.purpose, referenceId: payment.referenceId, amountSen: refund.amountSen, refundId: refund.id },
          { key: `refunded:${refund.id}`, transaction: handle },
        );
      }

      async function applyPaymentEvent(change: Extract<GatewayEvent, { type: `payment.${string}` }>): Promise<{ duplicate: boolean }> {
        const payment = await payments.lock(change.paymentId);
        if (!payment) return { duplicate: false };
        const details = {
          ...(change.method ? { method: change.method } : {}),
          ...(change.bank ? { bank: change.bank } : {}),
          ...(change.cardLast4 ? { cardLast4: change.cardLast4 } : {}),
        };
        const job = { paymentId: payment.id, purpose: payment.purpose, referenceId: payment.referenceId, amountSen: payment.amountSen };
        switch (change.type) {
          case 'payment.pending':
            // Only tells which method is on its way; a late one changes nothing else.
            if (payment.status === 'PENDING' && !payment.method) await payments.update(payment.id, details);
            break;
          case 'payment.succeeded': {
            // Money taken is never lost: a payment marked failed or expired earlier (events out of order, or a
            // payer who tried again) still becomes SUCCEEDED. Once SUCCEEDED it stays so.
            if (PAID.has(payment.status)) break;
            await payments.update(payment.id, {
              status: 'SUCCEEDED',
              paidAt: new Date(),
              ...details,
              ...(change.gatewayPaymentRef ? { gatewayPaymentRef: change.gatewayPaymentRef } : {}),
            });
            await postPayerMovement(payment, 'CHARGE', {
              key: `charge:${payment.id}`,
              createdBy: 'gateway',
              memo: payment.description,
              amountSen: payment.amountSen,
            });
            await jobs.enqueue(paymentSettledJob, job, { key: `settled:${payment.id}`, transaction: handle });
            break;
          }
          case 'payment.failed':
          case 'payment.expired':
            if (payment.status !== 'PENDING') break;
            await payments.update(payment.id, { status: change.type === 'payment.failed' ? 'FAILED' : 'EXPIRED', failedAt: new Date(), ...details });
            await jobs.enqueue(paymentFailedJob, job, { key: `failed:${payment.id}`, transaction: handle });
            break;
        }
        return { duplicate: false };
      }
    });
  }

  function simulator(): SimulatorGateway {
    if (gateway.name !== 'simulator') throw new AppError(ErrorCode.NOT_FOUND, { reason: 'the simulator is not the gateway' });
    return gateway as SimulatorGateway;
  }

  /** The pending payment a pay link names, or 404 (forged or expired link) / 409 (no longer payable). */
  async function payable(token: string): Promise<PaymentRow> {
    const paymentId = simulator().readPayToken(token);
    const row = paymentId ? await repository.findById(paymentId) : undefined;
    if (!row) throw new AppError(ErrorCode.NOT_FOUND, { reason: 'pay link' });
    return row;
  }

  /**
   * Gives money back through the gateway. The refund is recorded first (so the total asked back can never pass
   * the amount paid), then asked of the gateway with the refund's id as idempotency key; its ledger posting is
   * written when the gateway confirms. `owed`: the amount is what is owed back in all (see refundOwed).
   */
  async function refund(input: RefundInput, owed: boolean): Promise<{ refundId: string } | null> {
    if (!Number.isSafeInteger(input.amountSen) || input.amountSen <= 0) throw new AppError(ErrorCode.VALIDATION, { amountSen: input.amountSen });
    const recorded = await repository.transaction(async ({ payments }) => {
      const payment = await payments.lock(input.paymentId);
      if (!payment) throw new AppError(ErrorCode.NOT_FOUND, { paymentId: input.paymentId });
      if (!PAID.has(payment.status))
        throw new AppError(ErrorCode.CONFLICT, { paymentId: payment.id, status: payment.status }, undefined, 'payments.notPaid');
      const outstanding = await payments.refundsOutstanding(payment.id);
      const amountSen = owed ? input.amountSen - outstanding : input.amountSen;
      if (amountSen <= 0) return null;
      if (outstanding + amountSen > payment.amountSen) {
        throw new AppError(ErrorCode.CONFLICT, { paymentId: payment.id, outstanding, asked: input.amountSen }, undefined, 'payments.refundTooLarge');
      }
      const row = await payments.insertRefund({
        paymentId: payment.id,
        amountSen,
        reason: input.reason.slice(0, 500),
        requestedBy: input.requestedBy,
      });
      return { row, payment, amountSen };
    });
    if (!recorded) return null;
    try {
      const { gatewayRef } = await gateway.refund({
        refundId: recorded.row.id,
        paymentId: recorded.payment.id,
        gatewayPaymentRef: recorded.payment.gatewayPaymentRef,
        amountSen: recorded.amountSen,
      });
      await repository.setRefundGatewayRef(recorded.row.id, gatewayRef);
    } catch (error) {
      await repository.settleRefund(recorded.row.id, 'FAILED');
      throw new AppError(ErrorCode.UNAVAILABLE, { refundId: recorded.row.id, error: String(error) });
    }
    return { refundId: recorded.row.id };
  }

  return {
    holdingAccount,

    /** Opens a payment with the gateway; the payer pays at `paymentUrl`. */
    createPayment: async (input: CreatePaymentInput): Promise<{ paymentId: string; paymentUrl: string }> => {
      if (!Number.isSafeInteger(input.amountSen) || input.amountSen <= 0) throw new AppError(ErrorCode.VALIDATION, { amountSen: input.amountSen });
      if (!input.returnPath.startsWith('/') || input.returnPath.startsWith('//'))
        throw new AppError(ErrorCode.VALIDATION, { returnPath: input.returnPath });
      const row = await repository.insert({
        purpose: input.purpose,
        referenceId: input.referenceId,
        payerId: input.payerId,
        amountSen: input.amountSen,
        description: input.description.slice(0, 200),
        language: input.language,
        returnPath: input.returnPath,
        gateway: gateway.name,
      });
      const returnUrl = `${publicUrl}${input.returnPath}`;
      const checkout = await gateway
        .createCheckout({
          paymentId: row.id,
          amountSen: row.amountSen,
          description: row.description,
          language: input.language,
          successUrl: returnUrl,
          cancelUrl: returnUrl,
        })
        .catch((error: unknown) => {
          throw new AppError(ErrorCode.UNAVAILABLE, { paymentId: row.id, gateway: gateway.name, error: String(error) });
        });
      await repository.setCheckout(row.id, checkout.gatewayRef, checkout.url);
      return { paymentId: row.id, paymentUrl: checkout.url };
    },

    /** For other features: the payment's state. */
    findPayment: async (paymentId: string) => {
      const row = await repository.findById(paymentId);
      if (!row) return null;
      const dto = toDto(row);
      return { status: dto.status, amountSen: dto.amountSen, method: dto.method, bank: dto.bank, paidAt: dto.paidAt, receiptUrl: dto.receiptUrl };
    },

    /** The payer's or staff's view. */
    get: async (id: string, viewer: Viewer) => toDto(await visible(id, viewer)),

    receipt: async (id: string, viewer: Viewer, language?: Language): Promise<Receipt> => {
      const row = await visible(id, viewer);
      if (!PAID.has(row.status) || !row.paidAt || !row.method)
        throw new AppError(ErrorCode.CONFLICT, { paymentId: id, status: row.status }, undefined, 'payments.notPaid');
      const paidAt = row.paidAt.toISOString();
      return {
        paymentId: row.id,
        receiptNumber: `KR-${paidAt.slice(0, 10).replaceAll('-', '')}-${row.id.slice(0, 8).toUpperCase()}`,
        language: language ?? row.language,
        payerName: (await repository.payerName(row.payerId)) ?? '',
        description: row.description,
        amountSen: row.amountSen,
        refundedSen: row.refundedSen,
        currency: 'MYR',
        method: row.method,
        bank: row.bank,
        cardLast4: row.method === 'card' ? row.cardLast4 : null,
        paidAt,
        status: row.status,
      };
    },

    /** Gives money back through the gateway (see refund above). */
    refund: (input: RefundInput): Promise<{ refundId: string }> => refund(input, false) as Promise<{ refundId: string }>,

    /**
     * A rule's refund: `amountSen` is what the payer is owed back from this payment in all, so only what earlier
     * refunds (staff's partial ones) did not already give is asked; nothing (null) when they gave it all.
     */
    refundOwed: (input: RefundInput): Promise<{ refundId: string } | null> => refund(input, true),

    /** A webhook: checked by the gateway, then applied once (by event id) and in any order. */
    webhook: async (rawBody: Buffer, headers: Record<string, string | string[] | undefined>) => {
      const event = await gateway.parseWebhook(rawBody, headers);
      return apply(event, gateway.name);
    },

    /** What the simulator's pay page shows. */
    simulatorPage: async (token: string) => {
      const row = await payable(token);
      return { payment: toDto(row), language: row.language, returnUrl: `${publicUrl}${row.returnPath}` };
    },

    /** The payer's choice on the simulator's pay page; where to send them next. */
    simulatorChoose: async (token: string, choice: SimulatorChoice): Promise<{ returnUrl: string; outcome: PayerOutcome['kind'] }> => {
      const row = await payable(token);
      if (row.status !== 'PENDING')
        throw new AppError(ErrorCode.CONFLICT, { paymentId: row.id, status: row.status }, undefined, 'payments.notPayable');
      const outcome = payerOutcome(choice);
      await simulator().payerChose(row.id, outcome);
      return { returnUrl: `${publicUrl}${row.returnPath}`, outcome: outcome.kind };
    },
  };
}

function payerOutcome(choice: SimulatorChoice): PayerOutcome {
  if (choice.outcome === 'cancel') return { kind: 'abandoned' };
  if (choice.method === 'card') {
    const number = (choice.cardNumber ?? '').replace(/[\s-]/g, '');
    if (number === SIMULATOR_CARDS.succeeds) return { kind: 'paid', method: 'card', cardLast4: number.slice(-4) };
    if (number === SIMULATOR_CARDS.declines) return { kind: 'declined', method: 'card', cardLast4: number.slice(-4) };
    throw new AppError(
      ErrorCode.VALIDATION,
      { reason: 'card number' },
      [{ path: 'cardNumber', message: 'payments.card.invalid' }],
      'payments.card.invalid',
    );
  }
  if (choice.method === 'fpx') {
    if (!choice.bank)
      throw new AppError(ErrorCode.VALIDATION, { reason: 'bank' }, [{ path: 'bank', message: 'payments.bank.required' }], 'payments.bank.required');
    return { kind: choice.bankOutcome === 'reject' ? 'declined' : 'paid', method: 'fpx', bank: choice.bank };
  }
  throw new AppError(
    ErrorCode.VALIDATION,
    { reason: 'method' },
    [{ path: 'method', message: 'payments.method.required' }],
    'payments.method.required',
  );
}

export type PaymentsService = ReturnType<typeof createPaymentsService>;
