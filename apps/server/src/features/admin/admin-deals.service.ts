import type { AdminDealDetail, AdminDealsQuery, AdminDealSummary, AdminVerifyBody } from '@kunci/contracts/admin-deals';
import type { DealActor, DealReason, DealState } from '@kunci/contracts/deals';
import { ErrorCode } from '@kunci/contracts/errors';
import type { LedgerKind } from '@kunci/contracts/payments';
import type { ScreeningDocumentKind } from '@kunci/contracts/screening';
import { AppError, notFound } from '../../lib/app-error.ts';
import { pageOf } from '../../lib/page.ts';
import type { AdminDealRow, AdminDealsRepository } from './admin-deals.repository.ts';
import { auditEntryOf, type Staff } from './admin.service.ts';

/**
 * What the deal console needs of other features (app.ts fills it: features do not import each other): screening's
 * signed reads and its verdict on documents and bookings, and payments' refunds through the gateway.
 */
export interface AdminDealsPorts {
  signedRead(documentId: string, staffId: string): Promise<{ url: string; expiresAt: string }>;
  verify(dealId: string, staffId: string, body: AdminVerifyBody): Promise<unknown>;
  refund(input: { paymentId: string; amountSen: number; reason: string; requestedBy: string }): Promise<{ refundId: string }>;
}

const PAID = new Set(['SUCCEEDED', 'PARTIALLY_REFUNDED']);
const iso = (date: Date | null) => date?.toISOString() ?? null;

function summaryOf(row: AdminDealRow): AdminDealSummary {
  return {
    id: row.id,
    state: row.state as DealState,
    property: { id: row.propertyId, name: row.propertyName },
    tenant: { id: row.tenantId, name: row.tenantName, phoneNumber: row.tenantPhone },
    landlord: { id: row.landlordId, name: row.landlordName, phoneNumber: row.landlordPhone },
    monthlyRent: row.monthlyRent,
    moveInDate: row.moveInDate,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

export function createAdminDealsService(repository: AdminDealsRepository, ports: AdminDealsPorts) {
  /** What a refund may still give back, and from which payments: the escrow less refunds not yet confirmed. */
  async function refundable(dealId: string) {
    const [escrow, paid] = await Promise.all([repository.escrow(dealId), repository.payments(dealId)]);
    const pending = paid.reduce((sum, payment) => sum + payment.pendingRefundSen, 0);
    const sources = paid
      .filter((payment) => PAID.has(payment.status))
      .map((payment) => ({ id: payment.id, capacity: payment.amountSen - payment.outstandingSen }))
      .filter((payment) => payment.capacity > 0);
    const capacity = sources.reduce((sum, source) => sum + source.capacity, 0);
    return { amountSen: Math.max(0, Math.min(escrow - pending, capacity)), sources, paid };
  }

  async function detail(id: string): Promise<AdminDealDetail> {
    const row = await repository.find(id);
    if (!row) throw notFound({ dealId: id });
    const [events, ledger, documents, screening, credit, zeroDeposit, marketPrice, money, history] = await Promise.all([
      repository.events(id),
      repository.ledger(id),
      repository.documents(id),
      repository.screening(id),
      repository.credit(row.tenantId),
      repository.zeroDeposit(id, row.tenantId),
      row.propertyId === null ? Promise.resolve([]) : repository.marketPrice(row.propertyId),
      refundable(id),
      repository.audit.search({ targetType: 'deal', targetId: id, page: 0, pageSize: 100 }),
    ]);
    const reads = await repository.reads(documents.map((document) => document.id));
    const balances = new Map<string, number>();
    for (const line of ledger) balances.set(line.account, (balances.get(line.account) ?? 0) + line.amountSen);
    return {
      ...summaryOf(row),
      tenancyMonths: row.tenancyMonths,
      bookingFeeSen: row.bookingFeeSen,
      reason: (row.reason as DealReason | null) ?? null,
      events: events.map((event) => ({
        id: event.id,
        command: event.command,
        actor: event.actorRole as DealActor,
        actorId: event.actorId,
        actorName: event.actorName,
        from: (event.fromState as DealState | null) ?? null,
        to: event.toState as DealState,
        reason: (event.reason as DealReason | null) ?? null,
        note: event.note,
        createdAt: event.createdAt.toISOString(),
      })),
      ledger: ledger.map((line) => ({
        id: line.id,
        postingId: line.postingId,
        kind: line.kind as LedgerKind,
        account: line.account,
        amountSen: line.amountSen,
        paymentId: line.paymentId,
        memo: line.memo,
        createdBy: line.createdBy,
        createdAt: line.createdAt.toISOString(),
      })),
      balances: [...balances].map(([account, balanceSen]) => ({ account, balanceSen })),
      payments: money.paid.map((payment) => ({
        id: payment.id,
        purpose: payment.purpose,
        status: payment.status,
        amountSen: payment.amountSen,
        refundedSen: payment.refundedSen,
        pendingRefundSen: payment.pendingRefundSen,
        paidAt: iso(payment.paidAt),
      })),
      refundableSen: money.amountSen,
      documents: documents.map((document) => ({
        id: document.id,
        kind: document.kind as ScreeningDocumentKind,
        status: document.status,
        contentType: document.contentType,
        bytes: document.bytes,
        refusalReason: document.status === 'REJECTED' ? document.refusalReason : null,
        uploadedAt: iso(document.uploadedAt),
        reviewedAt: iso(document.reviewedAt),
        reads: reads
          .filter((read) => read.fileId === document.id)
          .map((read) => ({ readerId: read.readerId, readerName: read.readerName, via: read.via, readAt: read.readAt.toISOString() })),
      })),
      credit: credit ? { state: credit.state, outcome: credit.outcome, nricMasked: credit.nricMasked, checkedAt: iso(credit.checkedAt) } : null,
      screening: screening ? { profile: screening.profile, decision: screening.decision, conditions: screening.conditions } : null,
      justifications: {
        zeroDeposit: zeroDeposit.map((j) => ({ id: j.id, status: j.status, reason: j.reason, createdAt: j.createdAt.toISOString() })),
        marketPrice: marketPrice.map((j) => ({ id: j.id, status: j.status, reason: j.reason, rent: j.rent, createdAt: j.createdAt.toISOString() })),
      },
      history: history.rows.map(auditEntryOf),
    };
  }

  return {
    async list(query: AdminDealsQuery) {
      const { rows, total } = await repository.search(query);
      return pageOf(rows.map(summaryOf), total, query.page, query.pageSize);
    },

    detail,

    /**
     * Opens a document for one staff member: screening's short-lived signed read, made for them alone, and an audit
     * row saying who viewed which file (the read itself also lands in screening's read log when the URL is fetched).
     */
    async viewDocument(staff: Staff, dealId: string, documentId: string) {
      const document = await repository.document(dealId, documentId);
      if (!document) throw notFound({ dealId, documentId });
      if (!document.storageKey) throw new AppError(ErrorCode.CONFLICT, { dealId, documentId, reason: 'no file' }, undefined, 'admin.deals.noFile');
      const read = await ports.signedRead(documentId, staff.id);
      await repository.audit.record({
        actor: staff,
        action: 'deal.document.view',
        targetType: 'deal',
        targetId: dealId,
        after: { documentId, kind: document.kind, status: document.status },
      });
      return read;
    },

    /**
     * Verifies or refuses documents (each refusal with its reason; the tenant is told and uploads a replacement), or
     * gives the booking's whole verdict, through screening's own verification; then the audit row.
     */
    async verify(staff: Staff, dealId: string, body: AdminVerifyBody): Promise<AdminDealDetail> {
      const before = await repository.find(dealId);
      if (!before) throw notFound({ dealId });
      const documents = await repository.documents(dealId);
      await ports.verify(dealId, staff.id, body);
      const after = await repository.find(dealId);
      if ('decision' in body) {
        await repository.audit.record({
          actor: staff,
          action: body.decision === 'APPROVED' ? 'deal.booking.approve' : 'deal.booking.reject',
          targetType: 'deal',
          targetId: dealId,
          reason: body.note,
          before: { state: before.state },
          after: { state: after?.state ?? null },
        });
      } else {
        for (const verdict of body.documents) {
          const document = documents.find((candidate) => candidate.id === verdict.id);
          await repository.audit.record({
            actor: staff,
            action: verdict.status === 'VERIFIED' ? 'deal.document.verify' : 'deal.document.refuse',
            targetType: 'deal',
            targetId: dealId,
            reason: verdict.reason ?? null,
            before: { documentId: verdict.id, kind: document?.kind ?? null, status: document?.status ?? null },
            after: { documentId: verdict.id, kind: document?.kind ?? null, status: verdict.status },
          });
        }
      }
      return detail(dealId);
    },

    /**
     * Gives money back through the gateway with a reason: never more than the deal's escrow still holds (less refunds
     * not yet confirmed), taken from its payments in order. Each refund's ledger posting (escrow to the tenant, which
     * balances) is written when the gateway confirms it.
     */
    async refund(staff: Staff, dealId: string, amountSen: number, reason: string) {
      if (!(await repository.find(dealId))) throw notFound({ dealId });
      const available = await refundable(dealId);
      if (amountSen > available.amountSen) {
        throw new AppError(
          ErrorCode.CONFLICT,
          { dealId, asked: amountSen, refundable: available.amountSen },
          [{ path: 'body.amountSen', message: 'admin.deals.refundTooLarge' }],
          'admin.deals.refundTooLarge',
        );
      }
      const refundIds: string[] = [];
      let left = amountSen;
      for (const source of available.sources) {
        if (left === 0) break;
        const part = Math.min(left, source.capacity);
        refundIds.push((await ports.refund({ paymentId: source.id, amountSen: part, reason, requestedBy: staff.id })).refundId);
        left -= part;
      }
      await repository.audit.record({
        actor: staff,
        action: 'deal.refund',
        targetType: 'deal',
        targetId: dealId,
        reason,
        before: { refundableSen: available.amountSen },
        after: { amountSen, refundIds },
      });
      return { refundIds, amountSen, deal: await detail(dealId) };
    },
  };
}
export type AdminDealsService = ReturnType<typeof createAdminDealsService>;
