import { randomUUID } from 'node:crypto';
import { BUSINESS } from '@kunci/contracts/business';
import { ErrorCode } from '@kunci/contracts/errors';
import type { CreatePaymentInput, PaymentStatus } from '@kunci/contracts/payments';
import {
  otrDecision,
  protectionQuote,
  type Claim,
  type ClaimFileKind,
  type ClaimKind,
  type FileClaimBody,
  type Policy,
  type PolicyTransfer,
  type ProtectionOverview,
  type ProtectionPlan,
} from '@kunci/contracts/protection';
import { malaysiaDay } from '@kunci/i18n/format';
import { ImageRejectedError, inspectImage } from '@kunci/media/images';
import type { MediaStore } from '@kunci/media/store';
import { fromStoredLanguage, type Language } from '@kunci/i18n/locales';
import { AppError } from '../../../lib/app-error.ts';
import { accounts } from '../../../lib/ledger/ledger.repository.ts';
import type { NoticeSender } from '../../../lib/notices.ts';
import { readAll } from '../../../lib/uploads.ts';
import { addDays, addMonths, processingFeeSen, tenancyEnd } from '../collection/collection-dates.ts';
import { INVOICE_REFERENCE } from '../collection/collection.service.ts';
import { claimDecided, instalmentDue, ocdPaid, otrPaid, overstayEnded, policyActive } from './protection-notices.ts';
import { policyPdf } from './policy-pdf.ts';
import type { ClaimFileRow, ClaimRow, InstalmentRow, OcdPaymentRow, PolicyRow, ProtectionRepository, TransferRow } from './protection.repository.ts';

const rules = BUSINESS.protection;

/** A payment's reference for a protection instalment (RENTAL_ORDER payments of other kinds never start with it). */
export const INSTALMENT_REFERENCE = 'protection:';
export const instalmentOfReference = (referenceId: string) =>
  referenceId.startsWith(INSTALMENT_REFERENCE) ? referenceId.slice(INSTALMENT_REFERENCE.length) : null;
/** Where an instalment's money is held once paid (payments' holding account for RENTAL_ORDER). */
const escrowOf = (instalmentId: string) => `order:${INSTALMENT_REFERENCE}${instalmentId}:escrow`;
/** A collection invoice's holding account (collection.service.ts). */
const invoiceEscrow = (invoiceId: string) => `order:${INVOICE_REFERENCE}${invoiceId}:escrow`;
/** Premiums collected, held for the insurer; the fund on-time rental and approved claims are paid from. */
export const PROTECTION_ACCOUNTS = { premiums: 'protection:premiums', fund: 'protection:fund' } as const;

/** What protection needs of payments (the payments service implements it). */
export interface ProtectionPayments {
  createPayment(input: CreatePaymentInput<'RENTAL_ORDER'>): Promise<{ paymentId: string; paymentUrl: string }>;
  get(paymentId: string, viewer: { id: string; role: 'user' }): Promise<{ status: PaymentStatus; paymentUrl: string | null }>;
}

/** The private data key's sealing (screening's sealer, given in app.ts): claims' files are stored sealed. */
export interface Sealer {
  seal(plain: Buffer): Buffer;
  open(sealed: Buffer): Buffer;
}

/** A claim file's real type from its first bytes (PDF, JPEG or PNG), as screening's documents are told; the declared type is never trusted. */
export function sniffFile(bytes: Buffer): 'application/pdf' | 'image/jpeg' | 'image/png' | null {
  if (bytes.subarray(0, 5).toString('latin1') === '%PDF-') return 'application/pdf';
  if (bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff) return 'image/jpeg';
  if (bytes.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]))) return 'image/png';
  return null;
}

export interface Viewer {
  userId: string;
  /** Operations staff (or admin) see every policy and claim. */
  staff: boolean;
}

/** `total` in `parts` parts, the first taking the odd sen (as the quote splits it). */
export function split(total: number, parts: number): number[] {
  const each = Math.floor(total / parts);
  return Array.from({ length: parts }, (_, index) => (index === 0 ? total - each * (parts - 1) : each));
}

/** The policy's reference printed on its document and pages. */
export const policyReference = (policy: Pick<PolicyRow, 'id' | 'createdAt'>) =>
  `KP-${policy.createdAt.getUTCFullYear()}-${policy.id.slice(0, 8).toUpperCase()}`;

/** OTR's inputs from a tenancy's invoices: payouts in a row just before `number`, and unpaid invoices due by `day`. */
export function otrCounts(invoices: { number: number; status: string; dueDate: string; otrPaid: boolean | null }[], number: number, day: string) {
  let paidInARow = 0;
  for (const invoice of [...invoices].filter((each) => each.number < number).sort((a, b) => b.number - a.number)) {
    // A rent OTR paid that the tenant has not paid since: the run goes on; a rent the tenant paid resets it.
    if (invoice.otrPaid && invoice.status === 'ISSUED') paidInARow++;
    else break;
  }
  const overdueInvoices = invoices.filter((invoice) => invoice.status === 'ISSUED' && invoice.dueDate <= day).length;
  return { paidInARow, overdueInvoices };
}

/** What a claim must carry, from its kind, amount and evidence: the refusal to answer, or null when it may be filed. */
export function claimEvidenceRefusal(
  claim: { kind: ClaimKind; amount: number; moveOutDate?: string | undefined; electrical: boolean; files: { kind: ClaimFileKind }[] },
  day: string,
): { code: ErrorCode; key?: 'photos' | 'moveOutDate'; values?: Record<string, number> } | null {
  const count = (kind: ClaimFileKind) => claim.files.filter((file) => file.kind === kind).length;
  const itemised = claim.kind === 'DAMAGE' || claim.kind === 'THEFT';
  if (itemised && claim.moveOutDate !== undefined) {
    if (claim.moveOutDate > day) return { code: ErrorCode.CLAIM_NOT_ALLOWED, key: 'moveOutDate' };
    if (day > addDays(claim.moveOutDate, rules.policeReportDays))
      return { code: ErrorCode.CLAIM_POLICE_REPORT_LATE, values: { days: rules.policeReportDays } };
  }
  if (itemised && count('PHOTO') < rules.claimMinPhotos)
    return { code: ErrorCode.CLAIM_NOT_ALLOWED, key: 'photos', values: { min: rules.claimMinPhotos } };
  if ((claim.kind === 'THEFT' || (claim.kind === 'DAMAGE' && claim.moveOutDate !== undefined)) && count('POLICE_REPORT') === 0)
    return { code: ErrorCode.CLAIM_POLICE_REPORT_REQUIRED };
  if (itemised && claim.electrical && claim.amount > rules.technicianReportOver && count('TECHNICIAN_REPORT') === 0)
    return { code: ErrorCode.CLAIM_TECHNICIAN_REPORT_REQUIRED, values: { amount: rules.technicianReportOver } };
  return null;
}

/** What approving pays (sen): at most what was claimed, less the deduction when no receipt was given. */
export function settledSen(claimedSen: number, approvedAmount: number | undefined, deductionPercent: number | undefined): number {
  const grossSen = Math.min(approvedAmount === undefined ? claimedSen : approvedAmount * 100, claimedSen);
  return Math.round((grossSen * (100 - (deductionPercent ?? 0))) / 100);
}

/**
 * OCD months a policy may still pay: at most `ocdMonths` by OCD, and at most `ocdOtrMonths` by on-time rental plus
 * `ocdMonths` by OCD in all (months OTR paid beyond its share come off OCD's).
 */
export function ocdAllowance(otrMonths: number, ocdMonths: number): number {
  return Math.max(0, Math.min(rules.ocdMonths - ocdMonths, rules.ocdOtrMonths + rules.ocdMonths - otrMonths - ocdMonths));
}

/**
 * The months of an approved OCD claim to pay by `day`: month n starts n-1 months after the incident (the overstay's
 * first day) and is paid on that day, while the overstay has not ended before it, within the policy's allowance.
 */
export function ocdMonthsDue(claim: { incidentDate: string; overstayEndedOn: string | null }, paidMonths: number, day: string, allowance: number) {
  const due: { month: number; start: string }[] = [];
  for (let month = paidMonths + 1; due.length < allowance; month++) {
    const start = addMonths(claim.incidentDate, month - 1);
    if (start > day || (claim.overstayEndedOn !== null && start >= claim.overstayEndedOn)) break;
    due.push({ month, start });
  }
  return due;
}

/**
 * Whether an OCD claim may be filed, read against what the platform holds. OCD is "not for tenants who run away or
 * end early": the overstay (the claim's incident date) starts after the tenancy's last day, the tenant having stayed
 * past the term. "Eviction starts when the tenant has not paid for more than `evictionAfterDays` days": the only proof
 * of non-payment we hold is a rental-collection invoice, so the deal's collection tenancy must have an invoice unpaid
 * for more than that many days (a tenancy whose rent is collected elsewhere cannot claim OCD; the claim form says so).
 * Null when it may be filed, otherwise the refusal's message key.
 */
export function ocdRefusal(
  incidentDate: string,
  tenancyLastDay: string,
  oldestUnpaidDue: string | null,
  day: string,
): 'ocdTerm' | 'ocdUnpaid' | null {
  if (incidentDate <= tenancyLastDay) return 'ocdTerm';
  if (oldestUnpaidDue === null || day <= addDays(oldestUnpaidDue, rules.evictionAfterDays)) return 'ocdUnpaid';
  return null;
}

/** Screening decisions a replacement tenant passes with. */
export const SCREENING_PASSED: readonly string[] = ['APPROVED', 'APPROVED_WITH_CONDITIONS'];

/** The last day a policy may cover, whatever tenancies it moves between: `transferMaxMonths` from its first day. */
export const coverLimit = (policyStart: string) => tenancyEnd(policyStart, rules.transferMaxMonths);

/**
 * The replacement tenancy is for the policy's home: on the same listing; or, for a home without a listing on Kunci,
 * enrolled in the landlord's rental collection as that home (same listing, or the same name).
 */
export function sameHome(
  current: { propertyId: number | null; propertyName: string },
  next: { propertyId: number | null },
  nextCollection: { propertyId: number | null; propertyName: string } | null,
): boolean {
  if (current.propertyId !== null && next.propertyId === current.propertyId) return true;
  if (!nextCollection) return false;
  if (current.propertyId !== null && nextCollection.propertyId === current.propertyId) return true;
  const name = (value: string) => value.trim().toLowerCase();
  return name(nextCollection.propertyName) !== '' && name(nextCollection.propertyName) === name(current.propertyName);
}

/**
 * The cover a transfer gives: the earlier tenancy's cut to the day before the replacement moves in, the new one's
 * for its term (at most the cover months), never past the policy's limit. A replacement who moves in before the
 * current tenancy started, or after the limit, is refused.
 */
export function transferCover(
  policy: { startDate: string; endDate: string; currentStart: string },
  next: { moveInDate: string; tenancyMonths: number },
): { fromEnd: string; toStart: string; toEnd: string } | { refusal: 'startDate' | 'limit' } {
  const limit = coverLimit(policy.startDate);
  if (next.moveInDate <= policy.currentStart) return { refusal: 'startDate' };
  if (next.moveInDate > limit) return { refusal: 'limit' };
  const own = tenancyEnd(next.moveInDate, Math.min(next.tenancyMonths, rules.coverMonths));
  const previous = addDays(next.moveInDate, -1);
  return { fromEnd: policy.endDate < previous ? policy.endDate : previous, toStart: next.moveInDate, toEnd: own < limit ? own : limit };
}

export interface ProtectionServiceOptions {
  repository: ProtectionRepository;
  payments: ProtectionPayments;
  notices: NoticeSender;
  store: MediaStore;
  sealer: Sealer;
  now?: () => Date;
}

export function createProtectionService({ repository, payments, notices, store, sealer, now = () => new Date() }: ProtectionServiceOptions) {
  const today = () => malaysiaDay(now().toISOString());

  function transferDto(row: TransferRow): PolicyTransfer {
    return {
      fromDealId: row.fromDealId,
      toDealId: row.toDealId,
      fromStart: row.fromStart,
      fromEnd: row.fromEnd,
      toStart: row.toStart,
      toEnd: row.toEnd,
      transferredAt: row.transferredAt.toISOString(),
    };
  }

  function policyDto(row: PolicyRow, instalments: InstalmentRow[], otrPaidSen = 0, transfers: TransferRow[] = []): Policy {
    return {
      id: row.id,
      reference: policyReference(row),
      dealId: row.dealId,
      propertyName: row.propertyName,
      plan: row.plan,
      monthlyRentSen: row.monthlyRentSen,
      insuredRentSen: row.insuredRentSen,
      premiumSen: row.premiumSen,
      sstSen: row.sstSen,
      stampDutySen: row.stampDutySen,
      totalSen: row.totalSen,
      status: row.status,
      startDate: row.startDate,
      endDate: row.endDate,
      instalments: instalments
        .filter((each) => each.policyId === row.id)
        .map((each) => ({
          id: each.id,
          number: each.number,
          amountSen: each.amountSen,
          dueDate: each.dueDate,
          status: each.status,
          paidAt: each.paidAt?.toISOString() ?? null,
        })),
      otrPaidSen: Number(otrPaidSen),
      coverLimit: coverLimit(row.startDate),
      transfers: transfers.filter((each) => each.policyId === row.id).map(transferDto),
      createdAt: row.createdAt.toISOString(),
    };
  }

  function claimDto(claim: ClaimRow, policy: PolicyRow, files: ClaimFileRow[], ocdPayments: OcdPaymentRow[] = []): Claim {
    const paid = ocdPayments.filter((payment) => payment.claimId === claim.id);
    return {
      id: claim.id,
      policyId: policy.id,
      policyReference: policyReference(policy),
      plan: policy.plan,
      propertyName: policy.propertyName,
      kind: claim.kind,
      incidentDate: claim.incidentDate,
      description: claim.description,
      amountSen: claim.amountSen,
      moveOutDate: claim.moveOutDate,
      electrical: claim.electrical,
      status: claim.status,
      approvedSen: claim.approvedSen,
      deductionPercent: claim.deductionPercent,
      decisionNote: claim.decisionNote,
      decidedAt: claim.decidedAt?.toISOString() ?? null,
      createdAt: claim.createdAt.toISOString(),
      files: files
        .filter((file) => file.claimId === claim.id)
        .map((file) => ({
          id: file.id,
          kind: file.kind,
          contentType: file.contentType,
          url: `/api/services/protection/claims/${claim.id}/files/${file.id}`,
        })),
      ocd:
        claim.kind === 'OCD' && claim.status === 'APPROVED'
          ? {
              monthsPaid: paid.length,
              paidSen: paid.reduce((sum, payment) => sum + payment.amountSen, 0),
              endedOn: claim.overstayEndedOn,
            }
          : null,
    };
  }

  /** Why the deal cannot be insured now, as the error to answer; null when it can. */
  async function refusal(
    repo: ProtectionRepository,
    deal: { id: string; state: string; moveInDate: string; tenancyMonths: number; monthlyRent: number },
    room: boolean,
    day: string,
    options: { ignorePending?: boolean } = {},
  ): Promise<AppError | null> {
    if (deal.state !== 'ACTIVE')
      return new AppError(
        ErrorCode.PROTECTION_NOT_ELIGIBLE,
        { dealId: deal.id, state: deal.state },
        undefined,
        'services.protection.error.notActive',
      );
    if (deal.tenancyMonths > rules.maxTenancyMonths)
      return new AppError(
        ErrorCode.PROTECTION_NOT_ELIGIBLE,
        { dealId: deal.id, months: deal.tenancyMonths },
        undefined,
        'services.protection.error.tooLong',
      );
    if (!protectionQuote(deal.monthlyRent, room).eligible)
      return new AppError(
        ErrorCode.PROTECTION_NOT_ELIGIBLE,
        { dealId: deal.id, rent: deal.monthlyRent },
        undefined,
        'services.protection.error.band',
      );
    if (day > addDays(deal.moveInDate, rules.buyWithinDays)) return new AppError(ErrorCode.PROTECTION_WINDOW_CLOSED, { dealId: deal.id });
    if ((await repo.overdueInvoices(deal.id, day)) > 0) return new AppError(ErrorCode.PROTECTION_OVERDUE, { dealId: deal.id });
    const live = await repo.livePolicyOfDeal(deal.id);
    if (live && (live.status === 'ACTIVE' || !options.ignorePending)) return new AppError(ErrorCode.PROTECTION_EXISTS, { dealId: deal.id });
    return null;
  }

  async function openInstalmentPayment(policy: PolicyRow, instalment: InstalmentRow, language: Language): Promise<string> {
    if (instalment.paymentId) {
      const current = await payments.get(instalment.paymentId, { id: policy.landlordId, role: 'user' });
      if (current.status === 'PENDING' && current.paymentUrl) return current.paymentUrl;
    }
    const { paymentId, paymentUrl } = await payments.createPayment({
      purpose: 'RENTAL_ORDER',
      referenceId: `${INSTALMENT_REFERENCE}${instalment.id}`,
      payerId: policy.landlordId,
      amountSen: instalment.amountSen,
      description: `${policyReference(policy)} · ${policy.propertyName} · ${instalment.number}/${rules.instalments}`,
      language,
      returnPath: `/dashboard/protection?policy=${policy.id}`,
    });
    await repository.setInstalmentPayment(instalment.id, paymentId);
    return paymentUrl;
  }

  async function visiblePolicy(policyId: string, viewer: Viewer): Promise<PolicyRow> {
    const policy = await repository.policy(policyId);
    if (!policy) throw new AppError(ErrorCode.NOT_FOUND, { policyId });
    if (policy.landlordId !== viewer.userId && !viewer.staff) throw new AppError(ErrorCode.FORBIDDEN, { policyId });
    return policy;
  }

  return {
    today,

    /** The landlord's policies, the ACTIVE deals they may insure (or why not), and their claims. */
    overview: async (landlordId: string): Promise<ProtectionOverview> => {
      const day = today();
      const [rows, dealRows, claimRows] = await Promise.all([
        repository.policies(landlordId),
        repository.activeDeals(landlordId),
        repository.claimsOf(landlordId),
      ]);
      const ids = rows.map((row) => row.id);
      const claimIds = claimRows.map((row) => row.claim.id);
      const [instalments, otr, files, ocd, transfers] = await Promise.all([
        repository.instalments(ids),
        repository.otrPaid(ids),
        repository.claimFiles(claimIds),
        repository.ocdPayments(claimIds),
        repository.transfers(ids),
      ]);
      const insurable: ProtectionOverview['insurable'] = [];
      for (const { deal, propertyName, room } of dealRows) {
        const why = await refusal(repository, deal, room, day, { ignorePending: true });
        const code = why?.code;
        insurable.push({
          dealId: deal.id,
          propertyName,
          monthlyRent: deal.monthlyRent,
          room,
          moveInDate: deal.moveInDate,
          buyBy: addDays(deal.moveInDate, rules.buyWithinDays),
          refusal:
            code === undefined
              ? null
              : code === ErrorCode.PROTECTION_WINDOW_CLOSED
                ? 'WINDOW_CLOSED'
                : code === ErrorCode.PROTECTION_OVERDUE
                  ? 'OVERDUE'
                  : code === ErrorCode.PROTECTION_EXISTS
                    ? 'EXISTS'
                    : 'NOT_ELIGIBLE',
        });
      }
      return {
        today: day,
        policies: rows.map((row) => policyDto(row, instalments, otr.find((each) => each.policyId === row.id)?.sen ?? 0, transfers)),
        insurable,
        claims: claimRows.map((row) => claimDto(row.claim, row.policy, files, ocd)),
      };
    },

    /**
     * Buys a plan for an ACTIVE deal of the landlord's: priced from the rent, split into instalments over the first
     * months, the first paid now through the gateway (a pending purchase is replaced). The policy is in force once it
     * is paid.
     */
    buy: async (landlordId: string, dealId: string, plan: ProtectionPlan, language: Language) => {
      const day = today();
      const found = await repository.deal(dealId);
      if (!found) throw new AppError(ErrorCode.NOT_FOUND, { dealId });
      const { deal, propertyName, room } = found;
      if (deal.landlordId !== landlordId) throw new AppError(ErrorCode.FORBIDDEN, { dealId });
      const { policy, first } = await repository.transaction(async (tx) => {
        // The tenancy's row first, as a move of a policy to it takes it: two purchases, or a purchase and a move,
        // wait for each other instead of meeting the one-live-policy index (which answered 500).
        await tx.lockDeal(deal.id);
        const why = await refusal(tx, deal, room, day, { ignorePending: true });
        if (why) throw why;
        // A pending purchase is replaced by this one.
        const pending = await tx.livePolicyOfDeal(deal.id);
        if (pending) await tx.cancelPolicy(pending.id);
        const quote = protectionQuote(deal.monthlyRent, room).plans.find((each) => each.plan === plan)!;
        const policy = await tx.insertPolicy({
          dealId: deal.id,
          landlordId,
          tenantId: deal.tenantId,
          propertyName,
          plan,
          monthlyRentSen: deal.monthlyRent * 100,
          insuredRentSen: protectionQuote(deal.monthlyRent, room).insuredRent * 100,
          premiumSen: quote.premiumSen,
          sstSen: quote.sstSen,
          stampDutySen: quote.stampDutySen,
          totalSen: quote.totalSen,
          startDate: deal.moveInDate,
          endDate: tenancyEnd(deal.moveInDate, Math.min(deal.tenancyMonths, rules.coverMonths)),
        });
        const premiums = split(quote.premiumSen, rules.instalments);
        const stamps = split(quote.stampDutySen, rules.instalments);
        const instalments = await tx.insertInstalments(
          quote.instalmentsSen.map((amountSen, index) => ({
            policyId: policy.id,
            number: index + 1,
            amountSen,
            premiumSen: premiums[index]!,
            stampDutySen: stamps[index]!,
            // The first now; the others a month apart.
            dueDate: index === 0 ? day : addMonths(day, index),
          })),
        );
        return { policy, first: instalments.find((each) => each.number === 1)! };
      });
      const paymentUrl = await openInstalmentPayment(policy, first, language);
      return { policy: policyDto(policy, [{ ...first }], 0), paymentUrl };
    },

    /**
     * The landlord moves an ACTIVE policy to a replacement tenant's ACTIVE tenancy of the same home (`sameHome`), once
     * the tenant passed screening: the earlier tenancy's cover ends the day before the new one starts, the new one is
     * covered for its term, never past `coverLimit` (`transferCover`). The price was paid for the earlier rent, so the
     * rent the policy pays (OCD's month) is the lower of the two. Recorded in the policy's transfer history.
     */
    transfer: async (policyId: string, dealId: string, landlordId: string): Promise<Policy> => {
      await visiblePolicy(policyId, { userId: landlordId, staff: false });
      const found = await repository.deal(dealId);
      if (!found) throw new AppError(ErrorCode.NOT_FOUND, { dealId });
      if (found.deal.landlordId !== landlordId) throw new AppError(ErrorCode.FORBIDDEN, { dealId });
      const notAllowed = (key: TransferRefusal, context: Record<string, unknown> = {}) =>
        new AppError(
          ErrorCode.PROTECTION_TRANSFER_NOT_ALLOWED,
          { policyId, dealId, ...context },
          undefined,
          `services.protection.transfer.error.${key}`,
        );
      const moved = await repository.transaction(async (tx) => {
        const policy = (await tx.lockPolicy(policyId))!;
        await tx.lockDeal(dealId);
        if (policy.status !== 'ACTIVE') throw notAllowed('inactive', { status: policy.status });
        if (policy.dealId === dealId) throw notAllowed('same');
        const next = (await tx.deal(dealId))!;
        if (next.deal.state !== 'ACTIVE') throw notAllowed('notActive', { state: next.deal.state });
        // The policy's home: the listing of the tenancy it covers now (or the one that tenancy is collected for), by the policy's name.
        const current = (await tx.deal(policy.dealId))!;
        const [currentCollection, collection] = await Promise.all([tx.collectionTenancyOfDeal(policy.dealId), tx.collectionTenancyOfDeal(dealId)]);
        const home = { propertyId: current.deal.propertyId ?? currentCollection?.propertyId ?? null, propertyName: policy.propertyName };
        if (!sameHome(home, next.deal, collection?.landlordId === landlordId ? collection : null)) throw notAllowed('home');
        const screening = await tx.screeningDecision(dealId);
        if (!screening || !SCREENING_PASSED.includes(screening)) throw notAllowed('screening', { screening });
        if (await tx.livePolicyOfDeal(dealId)) throw new AppError(ErrorCode.PROTECTION_EXISTS, { dealId });
        const history = await tx.transfers([policyId]);
        const cover = transferCover(
          { startDate: policy.startDate, endDate: policy.endDate, currentStart: history.at(-1)?.toStart ?? policy.startDate },
          next.deal,
        );
        if ('refusal' in cover) {
          if (cover.refusal === 'limit')
            throw new AppError(ErrorCode.PROTECTION_TRANSFER_LIMIT, { policyId, dealId, limit: coverLimit(policy.startDate) }, undefined, undefined, {
              months: rules.transferMaxMonths,
            });
          throw notAllowed('startDate', { moveInDate: next.deal.moveInDate });
        }
        await tx.insertTransfer({
          policyId,
          fromDealId: policy.dealId,
          toDealId: dealId,
          fromTenantId: policy.tenantId,
          toTenantId: next.deal.tenantId,
          fromStart: history.at(-1)?.toStart ?? policy.startDate,
          fromEnd: cover.fromEnd,
          toStart: cover.toStart,
          toEnd: cover.toEnd,
          transferredBy: landlordId,
        });
        return tx.movePolicy(policyId, {
          dealId,
          tenantId: next.deal.tenantId,
          monthlyRentSen: Math.min(policy.monthlyRentSen, next.deal.monthlyRent * 100),
          endDate: cover.toEnd,
        });
      });
      const [instalments, otr, transfers] = await Promise.all([
        repository.instalments([policyId]),
        repository.otrPaid([policyId]),
        repository.transfers([policyId]),
      ]);
      return policyDto(moved, instalments, otr[0]?.sen ?? 0, transfers);
    },

    /** The landlord's pay link for an instalment still due. */
    payInstalment: async (policyId: string, number: number, landlordId: string, language: Language) => {
      const policy = await visiblePolicy(policyId, { userId: landlordId, staff: false });
      if (policy.status === 'CANCELLED') throw new AppError(ErrorCode.CONFLICT, { policyId }, undefined, 'services.protection.error.cancelled');
      const instalment = await repository.instalment(policyId, number);
      if (!instalment) throw new AppError(ErrorCode.NOT_FOUND, { policyId, number });
      if (instalment.status === 'PAID') throw new AppError(ErrorCode.CONFLICT, { policyId, number }, undefined, 'services.protection.error.paid');
      return { paymentUrl: await openInstalmentPayment(policy, instalment, language) };
    },

    /**
     * An instalment paid (the payments job, in its transaction): marked paid once, its money leaves escrow for the
     * premiums held for the insurer, SST and stamp duty; the first puts the policy in force and tells the landlord.
     */
    settle: async (tx: ProtectionRepository, instalmentId: string, paymentId: string) => {
      const instalment = await tx.instalmentById(instalmentId);
      if (!instalment || !(await tx.markInstalmentPaid(instalmentId, paymentId, now()))) return { paid: false };
      const sstSen = instalment.amountSen - instalment.premiumSen - instalment.stampDutySen;
      await tx.ledger.post({
        kind: 'FEE',
        key: `protection-instalment:${instalmentId}`,
        paymentId,
        createdBy: 'system',
        memo: `Landlord protection instalment ${instalment.number}`,
        lines: [
          { account: escrowOf(instalmentId), amountSen: -instalment.amountSen },
          { account: PROTECTION_ACCOUNTS.premiums, amountSen: instalment.premiumSen },
          { account: accounts.platformSst, amountSen: sstSen },
          { account: accounts.platformStamping, amountSen: instalment.stampDutySen },
        ].filter((line) => line.amountSen !== 0),
      });
      const policy = (await tx.policy(instalment.policyId))!;
      if (instalment.number === 1 && (await tx.activatePolicy(policy.id, now()))) {
        await notices.send(
          {
            type: policyActive,
            recipientId: policy.landlordId,
            link: { route: 'protectionPolicies', query: { policy: policy.id } },
            params: { plan: policy.plan, property: policy.propertyName, reference: policyReference(policy) },
            key: `protection:active:${policy.id}`,
          },
          { transaction: tx.handle },
        );
      }
      return { paid: true };
    },

    /**
     * A collection invoice the tenant paid after on-time rental had paid the landlord: the rent (less collection's
     * fee) goes back to the fund instead of to the landlord a second time (collection schedules no payout for it).
     */
    repayFund: async (tx: ProtectionRepository, invoiceId: string, paymentId: string, amountSen: number) => {
      const decision = await tx.otrDecision(invoiceId);
      if (!decision?.paid) return;
      const netSen = amountSen - processingFeeSen(amountSen);
      await tx.ledger.post({
        kind: 'CREDIT',
        key: `protection-otr-repaid:${invoiceId}`,
        paymentId,
        createdBy: 'system',
        memo: 'Late rent repays the on-time rental paid to the landlord',
        lines: [
          { account: invoiceEscrow(invoiceId), amountSen: -netSen },
          { account: PROTECTION_ACCOUNTS.fund, amountSen: netSen },
        ],
      });
    },

    /**
     * On-time rental: every unpaid invoice of a Protect Plus tenancy due by `day` is decided once (the rules in
     * `otrDecision`); when allowed, the landlord is paid the rent on the due date from the fund. How many it paid.
     */
    runOtr: async (day = today(), batch = 200): Promise<{ decided: number; paid: number }> => {
      let decided = 0;
      let paid = 0;
      for (;;) {
        const candidates = await repository.otrCandidates(day, batch);
        for (const { invoice, tenancy, policy } of candidates) {
          const done = await repository.transaction(async (tx) => {
            const invoices = (await tx.tenancyInvoices(tenancy.id)).map((row) => ({
              number: row.invoice.number,
              status: row.invoice.status,
              dueDate: row.invoice.dueDate,
              otrPaid: row.otrPaid,
            }));
            const decision = otrDecision({
              plan: policy.plan,
              month: invoice.number,
              termMonths: tenancy.termMonths,
              rentalValues: 1,
              ...otrCounts(invoices, invoice.number, day),
            });
            // The primary key on the invoice: a decision taken by another run leaves this one with nothing to do.
            if (
              !(await tx.recordOtr({
                invoiceId: invoice.id,
                policyId: policy.id,
                paid: decision.pay,
                reason: decision.pay ? null : decision.reason,
                amountSen: decision.pay ? invoice.amountSen : 0,
              }))
            )
              return null;
            if (!decision.pay) return { paid: false };
            const payout = await tx.insertPaidPayout({
              invoiceId: invoice.id,
              landlordId: tenancy.landlordId,
              amountSen: invoice.amountSen,
              day: invoice.dueDate,
              at: now(),
            });
            if (!payout) return { paid: false };
            await tx.ledger.post({
              kind: 'PAYOUT',
              key: `protection-otr:${invoice.id}`,
              createdBy: 'system',
              memo: 'On-time rental: rent paid to the landlord on the due date',
              lines: [
                { account: PROTECTION_ACCOUNTS.fund, amountSen: -invoice.amountSen },
                { account: accounts.landlord(tenancy.landlordId), amountSen: invoice.amountSen },
              ],
            });
            await notices.send(
              {
                type: otrPaid,
                recipientId: tenancy.landlordId,
                link: { route: 'protectionPolicies', query: { policy: policy.id } },
                params: { property: policy.propertyName, amountSen: invoice.amountSen, date: invoice.dueDate },
                key: `protection:otr:${invoice.id}`,
              },
              { transaction: tx.handle },
            );
            return { paid: true };
          });
          if (done) decided++;
          if (done?.paid) paid++;
        }
        if (candidates.length < batch) return { decided, paid };
      }
    },

    /**
     * Reminds landlords of instalments due and unpaid (the notification centre's key makes it once per instalment,
     * however often the cycle runs). How many reminders were new.
     */
    remindInstalments: async (day = today(), limit = 500): Promise<number> => {
      let sent = 0;
      for (const { instalment, policy } of await repository.dueInstalments(day, limit)) {
        const notice = await notices.send({
          type: instalmentDue,
          recipientId: policy.landlordId,
          link: { route: 'protectionPolicies', query: { policy: policy.id } },
          params: { property: policy.propertyName, amountSen: instalment.amountSen, date: instalment.dueDate, reference: policyReference(policy) },
          key: `protection:instalment-due:${instalment.id}`,
        });
        if (notice) sent++;
      }
      return sent;
    },

    /** The policy document in the landlord's language: the landlord's own, or staff's. */
    pdf: async (policyId: string, viewer: Viewer) => {
      const policy = await visiblePolicy(policyId, viewer);
      if (policy.status === 'CANCELLED') throw new AppError(ErrorCode.NOT_FOUND, { policyId });
      const [landlord, tenant, instalments] = await Promise.all([
        repository.person(policy.landlordId),
        repository.person(policy.tenantId),
        repository.instalments([policy.id]),
      ]);
      const reference = policyReference(policy);
      const bytes = await policyPdf({
        reference,
        language: fromStoredLanguage(landlord?.language),
        plan: policy.plan,
        status: policy.status,
        landlord: landlord?.name ?? '',
        tenant: tenant?.name ?? '',
        propertyName: policy.propertyName,
        startDate: policy.startDate,
        endDate: policy.endDate,
        monthlyRentSen: policy.monthlyRentSen,
        insuredRentSen: policy.insuredRentSen,
        premiumSen: policy.premiumSen,
        sstSen: policy.sstSen,
        stampDutySen: policy.stampDutySen,
        totalSen: policy.totalSen,
        instalments: instalments.map((each) => ({
          number: each.number,
          amountSen: each.amountSen,
          dueDate: each.dueDate,
          paid: each.status === 'PAID',
        })),
        createdAt: policy.createdAt,
      });
      return { reference, bytes };
    },

    // ---- Claims ------------------------------------------------------------------------------------------------

    /**
     * The landlord files a claim on an ACTIVE policy within the days allowed after the incident: OCD only under
     * Protect Plus and while the policy has overstay months left; damage and theft with enough photos, a police report
     * for theft and for damage found after move-out (filed within days of the move-out), a technician's report for an
     * electrical item above the amount set (`claimEvidenceRefusal`). Files are checked by their bytes and stored sealed.
     */
    fileClaim: async (landlordId: string, body: FileClaimBody): Promise<Claim> => {
      const policy = await visiblePolicy(body.policyId, { userId: landlordId, staff: false });
      const day = today();
      const refuse = (reason: string, key: Parameters<typeof claimRefusal>[0]) =>
        new AppError(ErrorCode.CLAIM_NOT_ALLOWED, { policyId: policy.id, reason }, undefined, claimRefusal(key));
      if (policy.status !== 'ACTIVE') throw refuse('policy not active', 'inactive');
      if (body.kind === 'OCD' && policy.plan !== 'PROTECT_PLUS') throw refuse('OCD is Protect Plus only', 'ocdPlusOnly');
      if (body.incidentDate > day || body.incidentDate < policy.startDate) throw refuse('incident outside the policy', 'incidentDate');
      if (body.incidentDate < addDays(day, -rules.claimWithinDays)) throw refuse('filed too late', 'late');
      if (body.kind === 'OCD') {
        const [found, oldestUnpaidDue] = await Promise.all([repository.deal(policy.dealId), repository.oldestUnpaidDue(policy.dealId)]);
        const lastDay = found ? tenancyEnd(found.deal.moveInDate, found.deal.tenancyMonths) : policy.endDate;
        const why = ocdRefusal(body.incidentDate, lastDay, oldestUnpaidDue, day);
        if (why)
          throw new AppError(
            ErrorCode.CLAIM_NOT_ALLOWED,
            { policyId: policy.id, reason: why, lastDay, oldestUnpaidDue },
            undefined,
            claimRefusal(why),
            why === 'ocdUnpaid' ? { days: rules.evictionAfterDays } : undefined,
          );
        const [otrMonths, ocdMonths] = await Promise.all([repository.otrPaidMonths(policy.id), repository.ocdPaymentsOfPolicy(policy.id)]);
        if (ocdAllowance(otrMonths, ocdMonths.length) === 0)
          throw new AppError(ErrorCode.OCD_LIMIT_REACHED, { policyId: policy.id, otrMonths, ocdMonths: ocdMonths.length });
      }
      const files = body.files ?? [];
      const itemised = body.kind === 'DAMAGE' || body.kind === 'THEFT';
      // A move-out date and an electrical item only mean something for damage and theft.
      const moveOutDate = itemised ? body.moveOutDate : undefined;
      const electrical = itemised && (body.electrical ?? false);
      if (moveOutDate !== undefined && moveOutDate < policy.startDate) throw refuse('move-out before the policy', 'moveOutDate');
      const evidence = claimEvidenceRefusal({ kind: body.kind, amount: body.amount, moveOutDate, electrical, files }, day);
      if (evidence)
        throw new AppError(
          evidence.code,
          { policyId: policy.id, kind: body.kind },
          undefined,
          evidence.key ? claimRefusal(evidence.key) : undefined,
          evidence.values,
        );
      const checked: { id: string; kind: ClaimFileKind; bytes: Buffer; contentType: string }[] = [];
      for (const [index, file] of files.entries()) {
        const bytes = Buffer.from(file.data.replace(/^data:[^;]+;base64,/, ''), 'base64');
        if (bytes.length > rules.claimFileMaxBytes) throw new AppError(ErrorCode.PAYLOAD_TOO_LARGE, { index, bytes: bytes.length });
        const sniffed = sniffFile(bytes);
        if (!sniffed || (file.contentType && file.contentType !== sniffed))
          throw new AppError(ErrorCode.INVALID_DOCUMENT, { index, declared: file.contentType, sniffed }, [
            { path: `files.${index}`, message: 'errors.11455' },
          ]);
        // A photo is a picture: a PDF is only ever a receipt.
        if (file.kind === 'PHOTO' && sniffed === 'application/pdf') throw new AppError(ErrorCode.INVALID_IMAGE, { index });
        // Pictures are checked by their header as listing photos are (dimensions within the limits).
        if (sniffed !== 'application/pdf')
          await inspectImage(bytes, 'listing').catch((error: unknown) => {
            if (error instanceof ImageRejectedError) throw new AppError(ErrorCode.INVALID_DOCUMENT, { index, reason: error.reason });
            throw error;
          });
        checked.push({ id: randomUUID(), kind: file.kind, bytes, contentType: sniffed });
      }
      const claimId = randomUUID();
      for (const file of checked) await store.put(`private/protection/${claimId}/${file.id}`, sealer.seal(file.bytes), 'application/octet-stream');
      const claim = await repository.transaction(async (tx) => {
        const row = await tx.insertClaim({
          id: claimId,
          policyId: policy.id,
          landlordId,
          kind: body.kind as ClaimKind,
          incidentDate: body.incidentDate,
          description: body.description,
          amountSen: body.amount * 100,
          moveOutDate: moveOutDate ?? null,
          electrical,
        });
        await tx.insertClaimFiles(
          checked.map((file) => ({
            id: file.id,
            claimId,
            kind: file.kind,
            storageKey: `private/protection/${claimId}/${file.id}`,
            contentType: file.contentType,
            bytes: file.bytes.length,
          })),
        );
        return row;
      });
      return claimDto(claim, policy, await repository.claimFiles([claim.id]));
    },

    /** One of a claim's files: to its landlord or operations staff. */
    claimFile: async (claimId: string, fileId: string, viewer: Viewer) => {
      const claim = await repository.claim(claimId);
      if (!claim) throw new AppError(ErrorCode.NOT_FOUND, { claimId });
      if (claim.landlordId !== viewer.userId && !viewer.staff) throw new AppError(ErrorCode.FORBIDDEN, { claimId });
      const file = await repository.claimFile(claimId, fileId);
      if (!file) throw new AppError(ErrorCode.NOT_FOUND, { claimId, fileId });
      const stored = await store.get(file.storageKey);
      if (!stored) throw new AppError(ErrorCode.NOT_FOUND, { claimId, fileId, reason: 'no file' });
      return { contentType: file.contentType, bytes: sealer.open(await readAll(stored.body)) };
    },

    /** Operations' queue: claims in a status (of a kind), oldest first. */
    staffClaims: async (status: ClaimRow['status'], kind?: ClaimKind) => {
      const rows = await repository.claimsByStatus(status, 100, kind);
      const ids = rows.map((row) => row.claim.id);
      const [files, ocd] = await Promise.all([repository.claimFiles(ids), repository.ocdPayments(ids)]);
      return {
        content: rows.map((row) => ({
          ...claimDto(row.claim, row.policy, files, ocd),
          landlord: row.landlord,
          monthlyRentSen: row.policy.monthlyRentSen,
        })),
      };
    },

    /**
     * Operations decide a claim once, with a note the landlord reads: approved (paid from the fund, at most what was
     * claimed, less the deduction staff choose within the band when damage or theft came without a receipt) or
     * rejected; audit-logged in the same transaction; the landlord is told. An approved OCD claim pays nothing at
     * once: the rent is paid month by month while the overstay lasts (`runOcd`).
     */
    decideClaim: async (
      claimId: string,
      decision: { status: 'APPROVED' | 'REJECTED'; approvedAmount?: number | undefined; deductionPercent?: number | undefined; note: string },
      staff: { id: string; name: string; role: string },
    ): Promise<Claim> => {
      const { claim, policy } = await repository.transaction(async (tx) => {
        const before = await tx.lockClaim(claimId);
        if (!before) throw new AppError(ErrorCode.NOT_FOUND, { claimId });
        if (before.status !== 'SUBMITTED')
          throw new AppError(ErrorCode.CONFLICT, { claimId, status: before.status }, undefined, 'services.protection.error.decided');
        const policy = (await tx.policy(before.policyId))!;
        const approving = decision.status === 'APPROVED';
        const ocd = before.kind === 'OCD';
        if (approving && !ocd) {
          const receipts = (await tx.claimFiles([claimId])).filter((file) => file.kind === 'RECEIPT').length;
          const needsDeduction = (before.kind === 'DAMAGE' || before.kind === 'THEFT') && receipts === 0;
          if (needsDeduction !== (decision.deductionPercent !== undefined))
            throw new AppError(ErrorCode.CLAIM_DEDUCTION_REQUIRED, { claimId, receipts }, undefined, undefined, { ...rules.noReceiptDeduction });
        }
        if (approving && ocd) {
          await tx.lockPolicy(policy.id);
          const [otrMonths, ocdMonths] = await Promise.all([tx.otrPaidMonths(policy.id), tx.ocdPaymentsOfPolicy(policy.id)]);
          if (ocdAllowance(otrMonths, ocdMonths.length) === 0) throw new AppError(ErrorCode.OCD_LIMIT_REACHED, { claimId, otrMonths });
        }
        const deductionPercent = approving && !ocd ? (decision.deductionPercent ?? null) : null;
        const approvedSen = !approving
          ? null
          : ocd
            ? policy.monthlyRentSen
            : settledSen(before.amountSen, decision.approvedAmount, deductionPercent ?? undefined);
        const values = { status: decision.status, approvedSen, deductionPercent, decisionNote: decision.note, decidedBy: staff.id, decidedAt: now() };
        await tx.decideClaim(claimId, values);
        if (approvedSen && !ocd)
          await tx.ledger.post({
            kind: 'PAYOUT',
            key: `protection-claim:${claimId}`,
            createdBy: staff.id,
            memo: `Landlord protection claim (${before.kind})`,
            lines: [
              { account: PROTECTION_ACCOUNTS.fund, amountSen: -approvedSen },
              { account: accounts.landlord(before.landlordId), amountSen: approvedSen },
            ],
          });
        await tx.audit.record({
          actor: staff,
          action: 'services.protection.claim.decide',
          targetType: 'protection_claim',
          targetId: claimId,
          before: { status: before.status },
          after: { status: decision.status, approvedSen, deductionPercent, note: decision.note },
        });
        await notices.send(
          {
            type: claimDecided,
            recipientId: before.landlordId,
            link: { route: 'protectionPolicies', query: { claim: claimId } },
            params: {
              status: decision.status,
              property: policy.propertyName,
              note: decision.note,
              amountSen: approvedSen ?? 0,
              // An approved OCD claim pays each month of the overstay as it comes, not now.
              payout: !approvedSen ? 'NONE' : ocd ? 'MONTHLY' : 'PAID',
            },
            key: `protection:claim:${claimId}`,
          },
          { transaction: tx.handle },
        );
        return { claim: { ...before, ...values }, policy };
      });
      return claimDto(claim, policy, await repository.claimFiles([claim.id]));
    },

    /**
     * Overstay Cash Defender: every approved OCD claim is paid the month's rent on each month's first day while the
     * tenant overstays, until staff mark the overstay ended, within the policy's allowance (`ocdAllowance`). Each month
     * is a payment row (its key makes it once), a ledger payout from the fund and a notice, in one transaction under
     * the policy's lock. How many months it paid.
     */
    runOcd: async (day = today(), batch = 200): Promise<{ paid: number }> => {
      let paid = 0;
      let afterId: string | undefined;
      for (;;) {
        const running = await repository.ocdRunning(batch, afterId);
        for (const { claim, policy } of running) {
          paid += await repository.transaction(async (tx) => {
            await tx.lockPolicy(policy.id);
            const current = await tx.lockClaim(claim.id);
            if (!current || current.status !== 'APPROVED') return 0;
            const [otrMonths, policyMonths] = await Promise.all([tx.otrPaidMonths(policy.id), tx.ocdPaymentsOfPolicy(policy.id)]);
            const own = policyMonths.filter((payment) => payment.claimId === claim.id).length;
            const due = ocdMonthsDue(current, own, day, ocdAllowance(otrMonths, policyMonths.length));
            let made = 0;
            for (const { month, start } of due) {
              const amountSen = current.approvedSen ?? policy.monthlyRentSen;
              if (
                !(await tx.insertOcdPayment({
                  claimId: claim.id,
                  month,
                  policyId: policy.id,
                  landlordId: claim.landlordId,
                  monthStart: start,
                  amountSen,
                  paidAt: now(),
                }))
              )
                continue;
              await tx.ledger.post({
                kind: 'PAYOUT',
                key: `protection-ocd:${claim.id}:${month}`,
                createdBy: 'system',
                memo: `Overstay Cash Defender: month ${month} of the overstay's rent paid to the landlord`,
                lines: [
                  { account: PROTECTION_ACCOUNTS.fund, amountSen: -amountSen },
                  { account: accounts.landlord(claim.landlordId), amountSen },
                ],
              });
              await notices.send(
                {
                  type: ocdPaid,
                  recipientId: claim.landlordId,
                  link: { route: 'protectionPolicies', query: { claim: claim.id } },
                  params: { property: policy.propertyName, amountSen, month, date: start },
                  key: `protection:ocd:${claim.id}:${month}`,
                },
                { transaction: tx.handle },
              );
              made++;
            }
            return made;
          });
        }
        if (running.length < batch) return { paid };
        afterId = running.at(-1)!.claim.id;
      }
    },

    /** Operations mark an approved OCD claim's overstay ended (the tenant left): no month starting on or after it is paid. */
    endOverstay: async (claimId: string, endDate: string, staff: { id: string; name: string; role: string }): Promise<Claim> => {
      const { claim, policy } = await repository.transaction(async (tx) => {
        const before = await tx.lockClaim(claimId);
        if (!before) throw new AppError(ErrorCode.NOT_FOUND, { claimId });
        if (before.kind !== 'OCD' || before.status !== 'APPROVED' || before.overstayEndedOn !== null)
          throw new AppError(ErrorCode.CONFLICT, { claimId, status: before.status }, undefined, 'services.protection.error.notOverstaying');
        if (endDate < before.incidentDate || endDate > today())
          throw new AppError(
            ErrorCode.VALIDATION,
            { claimId, endDate },
            [{ path: 'endDate', message: 'services.protection.review.endDateRange' }],
            'services.protection.review.endDateRange',
          );
        await tx.endOverstay(claimId, endDate);
        await tx.audit.record({
          actor: staff,
          action: 'services.protection.claim.overstay-end',
          targetType: 'protection_claim',
          targetId: claimId,
          before: { overstayEndedOn: null },
          after: { overstayEndedOn: endDate },
        });
        const policy = (await tx.policy(before.policyId))!;
        await notices.send(
          {
            type: overstayEnded,
            recipientId: before.landlordId,
            link: { route: 'protectionPolicies', query: { claim: claimId } },
            params: { property: policy.propertyName, date: endDate },
            key: `protection:overstay-end:${claimId}`,
          },
          { transaction: tx.handle },
        );
        return { claim: { ...before, overstayEndedOn: endDate }, policy };
      });
      const [files, ocd] = await Promise.all([repository.claimFiles([claim.id]), repository.ocdPayments([claim.id])]);
      return claimDto(claim, policy, files, ocd);
    },
  };
}

type TransferRefusal = 'inactive' | 'same' | 'notActive' | 'home' | 'screening' | 'startDate';

function claimRefusal(key: 'inactive' | 'ocdPlusOnly' | 'incidentDate' | 'late' | 'photos' | 'moveOutDate' | 'ocdTerm' | 'ocdUnpaid') {
  return `services.protection.claim.error.${key}` as const;
}

export type ProtectionService = ReturnType<typeof createProtectionService>;
