import { z } from 'zod';
import { AdminPaging, AuditEntry, Reason } from './admin.ts';
import { DealActor, DealReason, DealState } from './deals.ts';
import { Page } from './listings.ts';
import { LedgerKind } from './payments.ts';
import { CreditOutcome, CreditState, DocumentStatus, ScreeningDocumentKind, VerifyDocumentsBody } from './screening.ts';

/** The back office's deals (`/api/admin/deals`): operations and admins only. */

export const AdminDealsQuery = AdminPaging.extend({ state: DealState.optional() });
export type AdminDealsQuery = z.infer<typeof AdminDealsQuery>;

const Person = z.object({ id: z.uuid(), name: z.string(), phoneNumber: z.string() });

export const AdminDealSummary = z
  .object({
    id: z.uuid(),
    state: DealState,
    /** The listing (null for a tenancy found elsewhere, named by the parties). */
    property: z.object({ id: z.number().int().nullable(), name: z.string() }),
    tenant: Person,
    landlord: Person,
    monthlyRent: z.number().int(),
    moveInDate: z.string(),
    createdAt: z.iso.datetime(),
    updatedAt: z.iso.datetime(),
  })
  .meta({ id: 'AdminDealSummary' });
export type AdminDealSummary = z.infer<typeof AdminDealSummary>;
export const AdminDealsPage = Page(AdminDealSummary).meta({ id: 'AdminDealsPage' });
export type AdminDealsPage = z.infer<typeof AdminDealsPage>;

export const AdminDealParams = z.object({ id: z.uuid() });
export const AdminDealDocumentParams = z.object({ id: z.uuid(), documentId: z.uuid() });

/** One step of the deal's timeline: who (a person's name, or the system), when, from which state to which, and why. */
export const AdminDealEvent = z.object({
  id: z.number().int(),
  command: z.string(),
  actor: DealActor,
  actorId: z.uuid().nullable(),
  actorName: z.string().nullable(),
  from: DealState.nullable(),
  to: DealState,
  reason: DealReason.nullable(),
  note: z.string().nullable(),
  createdAt: z.iso.datetime(),
});

export const AdminLedgerRow = z.object({
  id: z.number().int(),
  postingId: z.string(),
  kind: LedgerKind,
  account: z.string(),
  amountSen: z.number().int(),
  paymentId: z.string().nullable(),
  memo: z.string().nullable(),
  createdBy: z.string(),
  createdAt: z.iso.datetime(),
});

export const AdminDealDocument = z.object({
  id: z.uuid(),
  kind: ScreeningDocumentKind,
  status: DocumentStatus,
  contentType: z.string().nullable(),
  bytes: z.number().int().nullable(),
  refusalReason: z.string().nullable(),
  uploadedAt: z.iso.datetime().nullable(),
  reviewedAt: z.iso.datetime().nullable(),
  /** Reads of its file (the tenant's own and staff's through signed reads), newest first. */
  reads: z.array(z.object({ readerId: z.uuid(), readerName: z.string(), via: z.string(), readAt: z.iso.datetime() })),
});

export const AdminDealPayment = z.object({
  id: z.string(),
  purpose: z.string(),
  status: z.string(),
  amountSen: z.number().int(),
  refundedSen: z.number().int(),
  /** Refunds asked of the gateway and not yet confirmed. */
  pendingRefundSen: z.number().int(),
  paidAt: z.iso.datetime().nullable(),
});

export const AdminDealDetail = AdminDealSummary.extend({
  tenancyMonths: z.number().int(),
  bookingFeeSen: z.number().int(),
  reason: DealReason.nullable(),
  events: z.array(AdminDealEvent),
  ledger: z.array(AdminLedgerRow),
  /** Each account's balance within the deal (sen); the rows of every posting sum to zero. */
  balances: z.array(z.object({ account: z.string(), balanceSen: z.number().int() })),
  payments: z.array(AdminDealPayment),
  /** What a refund may still give back: the deal's escrow less the refunds not yet confirmed (sen). */
  refundableSen: z.number().int(),
  documents: z.array(AdminDealDocument),
  /** The tenant's credit check: only the masked NRIC is ever shown. */
  credit: z
    .object({
      state: CreditState,
      outcome: CreditOutcome.nullable(),
      nricMasked: z.string(),
      checkedAt: z.iso.datetime().nullable(),
    })
    .nullable(),
  screening: z.object({ profile: z.string().nullable(), decision: z.string().nullable(), conditions: z.array(z.string()) }).nullable(),
  justifications: z.object({
    zeroDeposit: z.array(z.object({ id: z.uuid(), status: z.string(), reason: z.string(), createdAt: z.iso.datetime() })),
    marketPrice: z.array(z.object({ id: z.uuid(), status: z.string(), reason: z.string(), rent: z.number().int(), createdAt: z.iso.datetime() })),
  }),
  /** Staff actions on the deal from the audit log (document views, verdicts, refunds), newest first. */
  history: z.array(AuditEntry),
}).meta({ id: 'AdminDealDetail' });
export type AdminDealDetail = z.infer<typeof AdminDealDetail>;

/** A staff member's view of one document: a short-lived signed read made for them (the view is in the audit log). */
export const AdminDocumentView = z.object({ url: z.string(), expiresAt: z.iso.datetime() }).meta({ id: 'AdminDocumentView' });

/** Verify or refuse documents one by one (a reason for each refusal), or give the booking's whole screening verdict. */
export const AdminVerifyBody = z.union([VerifyDocumentsBody, z.object({ decision: z.enum(['APPROVED', 'REJECTED']), note: Reason }).strict()]);
export type AdminVerifyBody = z.infer<typeof AdminVerifyBody>;

export const AdminRefundBody = z
  .object({ amountSen: z.number().int().positive().max(100_000_000), reason: Reason })
  .strict()
  .meta({ id: 'AdminRefundBody' });
export type AdminRefundBody = z.infer<typeof AdminRefundBody>;
export const AdminRefund = z
  .object({ refundIds: z.array(z.string()), amountSen: z.number().int(), deal: AdminDealDetail })
  .meta({ id: 'AdminRefund' });
