import { z } from 'zod';
import type { Language } from './constants.ts';

/**
 * Payments (issue 16). Money is integer sen everywhere (RM 1.00 = 100), currency MYR. A payment belongs to a
 * purpose and a reference (a deal, an order...) owned by another feature; that feature hears of the outcome
 * through the jobs below, never by importing payments.
 */

const sen = z.number().int();

/** What a payment is for; the feature owning the reference handles its jobs. */
export const PaymentPurpose = z.enum(['DEAL_BOOKING', 'DEAL_MOVE_IN', 'RENTAL_ORDER', 'TEST']);
export type PaymentPurpose = z.infer<typeof PaymentPurpose>;

/** What a feature asks of payments to take money: the payments service's input, and the port other features declare. */
export interface CreatePaymentInput<Purpose extends PaymentPurpose = PaymentPurpose> {
  purpose: Purpose;
  referenceId: string;
  payerId: string;
  amountSen: number;
  description: string;
  language: Language;
  /** Where the payer lands afterwards: a localized path on our origin, such as `/deal?id=...`. */
  returnPath: string;
}

export const PaymentMethod = z.enum(['card', 'fpx']);
export type PaymentMethod = z.infer<typeof PaymentMethod>;

export const PaymentStatus = z.enum(['PENDING', 'SUCCEEDED', 'FAILED', 'EXPIRED', 'REFUNDED', 'PARTIALLY_REFUNDED']);
export type PaymentStatus = z.infer<typeof PaymentStatus>;

export const PaymentGatewayName = z.enum(['simulator', 'stripe']);
export type PaymentGatewayName = z.infer<typeof PaymentGatewayName>;

/** Kinds of ledger postings; every posting's lines sum to zero. */
export const LedgerKind = z.enum(['CHARGE', 'REFUND', 'CREDIT', 'FORFEIT', 'PAYOUT', 'FEE', 'REWARD']);
export type LedgerKind = z.infer<typeof LedgerKind>;

/** Malaysian FPX banks (online banking), by their FPX-style code. Names are brand names, the same in every language. */
export const FPX_BANKS = [
  { code: 'maybank2u', name: 'Maybank2u' },
  { code: 'cimb', name: 'CIMB Clicks' },
  { code: 'public_bank', name: 'Public Bank' },
  { code: 'rhb', name: 'RHB Now' },
  { code: 'hong_leong_bank', name: 'Hong Leong Connect' },
  { code: 'ambank', name: 'AmOnline' },
  { code: 'bank_islam', name: 'Bank Islam' },
  { code: 'bank_rakyat', name: 'Bank Rakyat' },
  { code: 'bsn', name: 'BSN' },
  { code: 'affin_bank', name: 'Affin Bank' },
  { code: 'alliance_bank', name: 'Alliance Bank' },
  { code: 'ocbc', name: 'OCBC' },
  { code: 'uob', name: 'UOB' },
  { code: 'hsbc', name: 'HSBC' },
  { code: 'standard_chartered', name: 'Standard Chartered' },
  { code: 'agrobank', name: 'Agrobank' },
  { code: 'bank_muamalat', name: 'Bank Muamalat' },
  { code: 'kfh', name: 'KFH' },
] as const;
export const FpxBank = z.enum(FPX_BANKS.map((bank) => bank.code) as [FpxBankCode, ...FpxBankCode[]]);
export type FpxBankCode = (typeof FPX_BANKS)[number]['code'];

/** Jobs the payments feature enqueues for the feature owning the reference (key = paymentId, or refundId). */
export const PAYMENT_JOBS = { settled: 'payments.settled', failed: 'payments.failed', refunded: 'payments.refunded' } as const;

export const PaymentSettledJob = z.object({ paymentId: z.uuid(), purpose: PaymentPurpose, referenceId: z.string(), amountSen: sen });
export type PaymentSettledJob = z.infer<typeof PaymentSettledJob>;
export const PaymentFailedJob = PaymentSettledJob;
export type PaymentFailedJob = z.infer<typeof PaymentFailedJob>;
export const PaymentRefundedJob = PaymentSettledJob.extend({ refundId: z.uuid() });
export type PaymentRefundedJob = z.infer<typeof PaymentRefundedJob>;

/** `GET /api/payments/{id}`: the payer's or staff's view of one payment. */
export const Payment = z
  .object({
    id: z.uuid(),
    purpose: PaymentPurpose,
    referenceId: z.string(),
    description: z.string(),
    amountSen: sen,
    refundedSen: sen,
    currency: z.literal('MYR'),
    status: PaymentStatus,
    method: PaymentMethod.nullable(),
    bank: z.string().nullable(),
    paidAt: z.string().nullable(),
    createdAt: z.string(),
    /** Where the payer pays while it is pending (null afterwards). */
    paymentUrl: z.string().nullable(),
    /** The receipt page once paid (null before). */
    receiptUrl: z.string().nullable(),
  })
  .meta({ id: 'Payment' });
export type Payment = z.infer<typeof Payment>;

export const PaymentParams = z.object({ id: z.uuid() });

/** A receipt in the payer's language (the page and the PDF show the same). */
export const Receipt = z
  .object({
    paymentId: z.uuid(),
    receiptNumber: z.string(),
    language: z.enum(['en', 'ms', 'zh']),
    payerName: z.string(),
    description: z.string(),
    amountSen: sen,
    refundedSen: sen,
    currency: z.literal('MYR'),
    method: PaymentMethod,
    bank: z.string().nullable(),
    /** A card's last four digits (null for FPX, or when the gateway did not say). */
    cardLast4: z.string().nullable(),
    paidAt: z.string(),
    status: PaymentStatus,
  })
  .meta({ id: 'Receipt' });
export type Receipt = z.infer<typeof Receipt>;

export const ReceiptQuery = z.object({ lang: z.enum(['en', 'ms', 'zh']).optional() });

/** The simulator's hosted pay page: the signed token in its URL names the payment. */
export const SimulatorTokenParams = z.object({ token: z.string().min(10).max(600) });
export const SimulatorChoice = z
  .object({
    outcome: z.enum(['pay', 'cancel']),
    method: PaymentMethod.optional(),
    cardNumber: z.string().max(40).optional(),
    bank: FpxBank.optional(),
    /** FPX only: the bank's own page said yes or no. */
    bankOutcome: z.enum(['approve', 'reject']).optional(),
  })
  .strict();
export type SimulatorChoice = z.infer<typeof SimulatorChoice>;

/** Simulated card numbers: this one pays, the decline one is refused; any other is refused as invalid. */
export const SIMULATOR_CARDS = { succeeds: '4242424242424242', declines: '4000000000000002' } as const;

/** Webhook events the simulator sends, in the same spirit as Stripe's. */
export const SimulatorEventType = z.enum(['payment.pending', 'payment.succeeded', 'payment.failed', 'payment.expired', 'refund.succeeded']);
export type SimulatorEventType = z.infer<typeof SimulatorEventType>;
export const SimulatorEvent = z.object({
  id: z.string().min(1).max(100),
  type: SimulatorEventType,
  created: z.number().int(),
  data: z.object({
    paymentId: z.uuid(),
    method: PaymentMethod.optional(),
    bank: z.string().max(60).optional(),
    cardLast4: z
      .string()
      .regex(/^\d{4}$/)
      .optional(),
    refundId: z.uuid().optional(),
    amountSen: sen.optional(),
  }),
});
export type SimulatorEvent = z.infer<typeof SimulatorEvent>;

export const WebhookAck = z.object({ received: z.literal(true), duplicate: z.boolean() });

/** Formats sen as `RM 1,234.50` (the same in every language). */
export function formatRinggit(amountSen: number): string {
  const sign = amountSen < 0 ? '-' : '';
  const abs = Math.abs(amountSen);
  const ringgit = Math.floor(abs / 100).toLocaleString('en-MY');
  return `${sign}RM ${ringgit}.${String(abs % 100).padStart(2, '0')}`;
}
