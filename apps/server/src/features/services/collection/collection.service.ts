import { createHmac, timingSafeEqual } from 'node:crypto';
import { BUSINESS } from '@kunci/contracts/business';
import { ErrorCode } from '@kunci/contracts/errors';
import type { CreatePaymentInput, PaymentMethod, PaymentStatus } from '@kunci/contracts/payments';
import type {
  CollectionInvoice,
  CollectionMonth,
  CollectionOverview,
  CollectionTenancy,
  EnrolTenancyBody,
  RentalReportRequest,
  RentalReportRow,
} from '@kunci/contracts/rental-collection';
import { malaysiaDay } from '@kunci/i18n/format';
import type { Language } from '@kunci/i18n/locales';
import { AppError } from '../../../lib/app-error.ts';
import type { JobQueue } from '../../../lib/jobs/jobs.service.ts';
import { accounts } from '../../../lib/ledger/ledger.repository.ts';
import { normalizePhone } from '../../../lib/phone.ts';
import { addDays, firstDueDateFor, invoiceSchedule, issueDateFor, payoutDateFor, processingFeeSen, tenancyEnd } from './collection-dates.ts';
import { collectionIssue, collectionPayout, collectionRetry, collectionTold } from './collection-job-kinds.ts';
import type { CollectionRepository, NewInvoice, TenancyRow } from './collection.repository.ts';

const rules = BUSINESS.rentalCollection;

/** What collection needs of payments (the payments service implements it). */
export interface CollectionPayments {
  createPayment(input: CreatePaymentInput<'RENTAL_ORDER'>): Promise<{ paymentId: string; paymentUrl: string }>;
  get(
    paymentId: string,
    viewer: { id: string; role: 'user' | 'moderator' },
  ): Promise<{ status: PaymentStatus; paymentUrl: string | null; method: PaymentMethod | null }>;
}

/** A payment's reference for an invoice (RENTAL_ORDER payments of other kinds never start with it). */
export const INVOICE_REFERENCE = 'invoice:';
export const invoiceOfReference = (referenceId: string) =>
  referenceId.startsWith(INVOICE_REFERENCE) ? referenceId.slice(INVOICE_REFERENCE.length) : null;
/** The ledger account holding an invoice's rent between the tenant's payment and the payout (payments' holding account). */
const escrowOf = (invoiceId: string) => `order:${INVOICE_REFERENCE}${invoiceId}:escrow`;

/** Rows per invoicing transaction: big enough to be quick, small enough to keep locks short. */
export const ISSUE_BATCH = 2000;
const INSERT_CHUNK = 4000;

export interface CollectionServiceOptions {
  repository: CollectionRepository;
  jobs: JobQueue;
  payments: CollectionPayments;
  secret: string;
  publicUrl: string;
  now?: () => Date;
}

export function createCollectionService({ repository, jobs, payments, secret, publicUrl, now = () => new Date() }: CollectionServiceOptions) {
  const today = () => malaysiaDay(now().toISOString());

  const payToken = (invoiceId: string) => createHmac('sha256', secret).update(`collection-invoice:${invoiceId}`).digest('base64url').slice(0, 32);
  const tokenMatches = (invoiceId: string, token: string) => {
    const expected = Buffer.from(payToken(invoiceId));
    const given = Buffer.from(token);
    return expected.length === given.length && timingSafeEqual(expected, given);
  };
  /** The link in the tenant's invoice email: opens the gateway's pay page without signing in. */
  const payUrl = (invoiceId: string) => `${publicUrl}/api/rental-collection/invoices/${invoiceId}/pay?token=${payToken(invoiceId)}`;

  function tenancyDto(row: TenancyRow, side: 'LANDLORD' | 'TENANT', counterpart: string, overdueCount: number): CollectionTenancy {
    return {
      id: row.id,
      side,
      propertyName: row.propertyName,
      propertyId: row.propertyId,
      dealId: row.dealId,
      counterpart,
      monthlyRentSen: row.monthlyRentSen,
      dueDay: row.dueDay,
      startDate: row.startDate,
      endDate: row.endDate,
      termMonths: row.termMonths,
      firstDueDate: row.firstDueDate,
      status: row.status,
      invitedUntil: row.status === 'INVITED' ? (row.invitedUntil?.toISOString() ?? null) : null,
      overdueCount,
    };
  }

  /** Invoices the tenancies whose next invoice is due to be issued by `day`; how many invoices are new. */
  async function issueInvoices(day = today(), batch = ISSUE_BATCH): Promise<number> {
    let created = 0;
    for (;;) {
      const round = await repository.transaction(async (tx) => {
        const due = await tx.takeDueTenancies(day, batch);
        const rows: NewInvoice[] = [];
        const next: { id: string; day: string | null }[] = [];
        for (const tenancy of due) {
          const schedule = invoiceSchedule(tenancy);
          for (const entry of schedule) {
            if (entry.issueDate > day) break;
            if (tenancy.nextIssueDate && entry.issueDate < tenancy.nextIssueDate) continue;
            rows.push({
              tenancyId: tenancy.id,
              number: entry.number,
              dueDate: entry.dueDate,
              issueDate: entry.issueDate,
              amountSen: tenancy.monthlyRentSen,
            });
          }
          next.push({ id: tenancy.id, day: schedule.find((entry) => entry.issueDate > day)?.issueDate ?? null });
        }
        let inserted = 0;
        for (let start = 0; start < rows.length; start += INSERT_CHUNK) inserted += await tx.insertInvoices(rows.slice(start, start + INSERT_CHUNK));
        await tx.setNextIssue(next);
        return { taken: due.length, inserted };
      });
      created += round.inserted;
      if (round.taken < batch) return created;
    }
  }

  async function openPayment(invoiceId: string, tenantId: string, language: Language, reuse: boolean): Promise<string> {
    const found = await repository.invoice(invoiceId);
    if (!found) throw new AppError(ErrorCode.NOT_FOUND, { invoiceId });
    const { invoice, tenancy } = found;
    if (invoice.status !== 'ISSUED')
      throw new AppError(ErrorCode.CONFLICT, { invoiceId, status: invoice.status }, undefined, 'services.collection.alreadyPaid');
    if (reuse && invoice.paymentId) {
      const current = await payments.get(invoice.paymentId, { id: tenantId, role: 'user' });
      if (current.status === 'PENDING' && current.paymentUrl) return current.paymentUrl;
    }
    const { paymentId, paymentUrl } = await payments.createPayment({
      purpose: 'RENTAL_ORDER',
      referenceId: `${INVOICE_REFERENCE}${invoice.id}`,
      payerId: tenancy.tenantId,
      amountSen: invoice.amountSen,
      description: `${tenancy.propertyName} · ${invoice.dueDate}`,
      language,
      returnPath: `/dashboard/rental-collection?invoice=${invoice.id}`,
    });
    await repository.setPayment(invoice.id, paymentId);
    return paymentUrl;
  }

  return {
    today,
    payUrl,
    issueInvoices,

    /** Enrols an ACTIVE deal of the landlord's, or a tenancy signed elsewhere (its tenant invited by phone). */
    enrol: async (landlordId: string, body: EnrolTenancyBody) => {
      const day = today();
      if ('dealId' in body) {
        const found = await repository.deal(body.dealId);
        if (!found) throw new AppError(ErrorCode.NOT_FOUND, { dealId: body.dealId });
        const { deal, propertyName } = found;
        if (deal.landlordId !== landlordId) throw new AppError(ErrorCode.FORBIDDEN, { dealId: deal.id });
        if (deal.state !== 'ACTIVE')
          throw new AppError(ErrorCode.CONFLICT, { dealId: deal.id, state: deal.state }, undefined, 'services.collection.dealNotActive');
        if (await repository.activeTenancyOfDeal(deal.id))
          throw new AppError(ErrorCode.CONFLICT, { dealId: deal.id }, undefined, 'services.collection.alreadyEnrolled');
        const terms = { startDate: deal.moveInDate, termMonths: deal.tenancyMonths, dueDay: Number(deal.moveInDate.slice(8, 10)) };
        // The first month was paid with the move-in amount: invoices start with the second.
        const secondMonth = invoiceSchedule({ ...terms, firstDueDate: terms.startDate })[1]?.dueDate;
        const firstDueDate = secondMonth ? firstDueDateFor(terms, secondMonth > day ? secondMonth : day) : null;
        if (!firstDueDate) throw new AppError(ErrorCode.CONFLICT, { dealId: deal.id }, undefined, 'services.collection.nothingLeft');
        const tenancy = await repository.transaction(async (tx) => {
          const row = await tx.insertTenancy({
            landlordId,
            tenantId: deal.tenantId,
            dealId: deal.id,
            propertyId: deal.propertyId,
            propertyName,
            monthlyRentSen: deal.monthlyRent * 100,
            ...terms,
            firstDueDate,
            endDate: tenancyEnd(terms.startDate, terms.termMonths),
            nextIssueDate: issueDateFor(firstDueDate),
          });
          await jobs.enqueue(collectionIssue, {}, { key: 'collection:issue', transaction: tx.handle });
          return row;
        });
        const tenant = await repository.person(deal.tenantId);
        return { tenancy: tenancyDto(tenancy, 'LANDLORD', tenant?.name ?? '', 0), invited: false };
      }

      const phone = normalizePhone(body.tenantPhone);
      if (!phone)
        throw new AppError(
          ErrorCode.VALIDATION,
          { reason: 'phone' },
          [{ path: 'tenantPhone', message: 'field.phone' }],
          'services.collection.phoneInvalid',
        );
      const terms = { startDate: body.startDate, termMonths: body.termMonths, dueDay: body.dueDay };
      const firstDueDate = firstDueDateFor(terms, day);
      if (!firstDueDate) throw new AppError(ErrorCode.CONFLICT, { reason: 'tenancy over' }, undefined, 'services.collection.nothingLeft');
      const { tenancy, tenant, invited } = await repository.transaction(async (tx) => {
        const { user, invited } = await tx.findOrInviteUser(phone, (await tx.person(landlordId))?.language ?? 'EN');
        if (user.id === landlordId)
          throw new AppError(
            ErrorCode.VALIDATION,
            { reason: 'own phone' },
            [{ path: 'tenantPhone', message: 'services.collection.ownPhone' }],
            'services.collection.ownPhone',
          );
        // Invited: no invoice until the tenant accepts (the first due date is worked out again then).
        const row = await tx.insertTenancy({
          landlordId,
          tenantId: user.id,
          propertyId: body.propertyId ?? null,
          propertyName: body.propertyName,
          monthlyRentSen: body.monthlyRent * 100,
          ...terms,
          firstDueDate,
          endDate: tenancyEnd(terms.startDate, terms.termMonths),
          status: 'INVITED',
          invitedUntil: new Date(now().getTime() + BUSINESS.agreement.invitationDays * 86_400_000),
          nextIssueDate: null,
        });
        await jobs.enqueue(collectionTold, { kind: 'INVITED', tenancyId: row.id }, { key: `collection:invited:${row.id}`, transaction: tx.handle });
        return { tenancy: row, tenant: user, invited };
      });
      return { tenancy: tenancyDto(tenancy, 'LANDLORD', tenant.name, 0), invited };
    },

    /**
     * The invited tenant accepts a tenancy signed elsewhere: it becomes ACTIVE and its invoices run as for any
     * enrolment, from the first due date still ahead. Only its tenant (403), once (409), before it lapses (410).
     */
    accept: async (tenancyId: string, userId: string) => {
      const row = await repository.tenancy(tenancyId);
      if (!row) throw new AppError(ErrorCode.NOT_FOUND, { tenancyId });
      if (row.tenantId !== userId) throw new AppError(ErrorCode.FORBIDDEN, { tenancyId });
      if (row.status !== 'INVITED')
        throw new AppError(ErrorCode.CONFLICT, { tenancyId, status: row.status }, undefined, 'services.collection.answered');
      const at = now();
      if (!row.invitedUntil || row.invitedUntil <= at)
        throw new AppError(ErrorCode.GONE, { tenancyId }, undefined, 'services.collection.inviteExpired');
      const firstDueDate = firstDueDateFor({ startDate: row.startDate, termMonths: row.termMonths, dueDay: row.dueDay }, today());
      if (!firstDueDate) throw new AppError(ErrorCode.CONFLICT, { tenancyId, reason: 'tenancy over' }, undefined, 'services.collection.nothingLeft');
      const accepted = await repository.transaction(async (tx) => {
        const updated = await tx.acceptTenancy(tenancyId, userId, at, { firstDueDate, nextIssueDate: issueDateFor(firstDueDate) });
        if (updated) await jobs.enqueue(collectionIssue, {}, { key: 'collection:issue', transaction: tx.handle });
        return updated;
      });
      if (!accepted) throw new AppError(ErrorCode.CONFLICT, { tenancyId }, undefined, 'services.collection.answered');
      const landlord = await repository.person(accepted.landlordId);
      return tenancyDto(accepted, 'TENANT', landlord?.name ?? '', 0);
    },

    /** The signed-in user's dashboard: tenancies on either side, invoices, payouts, and the year's months. */
    overview: async (userId: string, year?: number): Promise<CollectionOverview> => {
      const day = today();
      const chartYear = year ?? Number(day.slice(0, 4));
      const [tenancyRows, invoiceRows, payoutRows] = await Promise.all([
        repository.tenancies(userId, day),
        repository.invoices(userId),
        repository.payouts(userId),
      ]);
      const tenancies = tenancyRows.map((row) =>
        row.tenancy.landlordId === userId
          ? // An invited tenant who has not signed in yet has no name: the landlord sees the number they gave.
            tenancyDto(row.tenancy, 'LANDLORD', row.tenantName === 'guest' ? row.tenantPhone : row.tenantName, row.overdueCount)
          : tenancyDto(row.tenancy, 'TENANT', row.landlordName, row.overdueCount),
      );
      const invoices: CollectionInvoice[] = invoiceRows.map((row) => ({
        id: row.invoice.id,
        tenancyId: row.invoice.tenancyId,
        propertyName: row.propertyName,
        number: row.invoice.number,
        dueDate: row.invoice.dueDate,
        issueDate: row.invoice.issueDate,
        amountSen: row.invoice.amountSen,
        status: row.invoice.status,
        overdue: row.invoice.status === 'ISSUED' && row.invoice.dueDate < day,
        paidAt: row.invoice.paidAt?.toISOString() ?? null,
        method: row.invoice.status === 'PAID' ? row.method : null,
        payUrl: row.invoice.status === 'ISSUED' && row.tenantId === userId ? payUrl(row.invoice.id) : null,
      }));
      const payouts = payoutRows.map(({ payout, propertyName }) => ({
        id: payout.id,
        invoiceId: payout.invoiceId,
        propertyName,
        grossSen: payout.grossSen,
        feeSen: payout.feeSen,
        netSen: payout.netSen,
        payoutDate: payout.payoutDate,
        status: payout.status,
        paidAt: payout.paidAt?.toISOString() ?? null,
      }));
      const months: CollectionMonth[] = Array.from({ length: 12 }, (_, index) => ({
        month: `${chartYear}-${String(index + 1).padStart(2, '0')}`,
        invoicedSen: 0,
        paidSen: 0,
        paidOutSen: 0,
      }));
      const monthOf = (iso: string) => (iso.startsWith(String(chartYear)) ? months[Number(iso.slice(5, 7)) - 1] : undefined);
      const landlordInvoices = invoiceRows.filter((row) => row.landlordId === userId);
      for (const row of landlordInvoices) {
        const month = monthOf(row.invoice.dueDate);
        if (!month) continue;
        month.invoicedSen += row.invoice.amountSen;
        if (row.invoice.status === 'PAID') month.paidSen += row.invoice.amountSen;
      }
      for (const payout of payouts) if (payout.status === 'PAID') monthOf(payout.payoutDate)!.paidOutSen += payout.netSen;
      const overdue = invoices.filter((invoice) => invoice.overdue && landlordInvoices.some((row) => row.invoice.id === invoice.id));
      return {
        today: day,
        year: chartYear,
        tenancies,
        invoices,
        payouts,
        months,
        totals: {
          overdueSen: overdue.reduce((sum, invoice) => sum + invoice.amountSen, 0),
          overdueCount: overdue.length,
          paidOutSen: payouts.filter((payout) => payout.status === 'PAID').reduce((sum, payout) => sum + payout.netSen, 0),
          scheduledSen: payouts.filter((payout) => payout.status === 'SCHEDULED').reduce((sum, payout) => sum + payout.netSen, 0),
        },
      };
    },

    /** The landlord's report rows (`POST /api/report/rental/new`), and the CSV export. */
    report: async (landlordId: string, request: RentalReportRequest): Promise<RentalReportRow[]> => {
      const day = today();
      const rows = await repository.report(landlordId, request);
      return rows
        .map((row): RentalReportRow => {
          const status = row.invoice.status === 'PAID' ? 'PAID' : row.invoice.dueDate < day ? 'OVERDUE' : 'UNPAID';
          return {
            invoiceId: row.invoice.id,
            tenancyId: row.invoice.tenancyId,
            propertyName: row.propertyName,
            tenantName: row.tenantName,
            number: row.invoice.number,
            dueDate: row.invoice.dueDate,
            amountSen: row.invoice.amountSen,
            status,
            paidAt: row.invoice.paidAt?.toISOString() ?? null,
            method: status === 'PAID' ? row.method : null,
            feeSen: row.payout?.feeSen ?? null,
            netSen: row.payout?.netSen ?? null,
            payoutDate: row.payout?.payoutDate ?? null,
            payoutStatus: row.payout?.status ?? null,
          };
        })
        .filter((row) => !request.status || row.status === request.status);
    },

    /** The signed-in tenant's pay link for an invoice. */
    payLink: async (invoiceId: string, userId: string, language: Language) => {
      const found = await repository.invoice(invoiceId);
      if (!found) throw new AppError(ErrorCode.NOT_FOUND, { invoiceId });
      if (found.tenancy.tenantId !== userId) throw new AppError(ErrorCode.FORBIDDEN, { invoiceId, userId });
      return { paymentUrl: await openPayment(invoiceId, userId, language, true) };
    },

    /** The emailed link: its token stands for the tenant. */
    payLinkByToken: async (invoiceId: string, token: string, language: Language) => {
      if (!tokenMatches(invoiceId, token)) throw new AppError(ErrorCode.NOT_FOUND, { reason: 'pay link' });
      const found = await repository.invoice(invoiceId);
      if (!found) throw new AppError(ErrorCode.NOT_FOUND, { invoiceId });
      return openPayment(invoiceId, found.tenancy.tenantId, language, true);
    },

    /**
     * Rent paid: the invoice is PAID, the processing fee goes to revenue, the payout is scheduled on the working day
     * it is due. One transaction (the job's), so a settlement delivered twice changes nothing the second time.
     */
    settle: async (tx: CollectionRepository, invoiceId: string, paymentId: string, amountSen: number) => {
      const found = await tx.lockInvoice(invoiceId);
      if (!found) return { paid: false };
      const paidAt = now();
      if (!(await tx.markPaid(invoiceId, paymentId, paidAt))) return { paid: false };
      const feeSen = processingFeeSen(amountSen);
      const paidDay = malaysiaDay(paidAt.toISOString());
      const payoutDate = payoutDateFor(paidDay, await tx.holidayDays(rules.holidayRegion, paidDay, addDays(paidDay, 60)));
      const payout = await tx.insertPayout({
        invoiceId,
        landlordId: found.tenancy.landlordId,
        grossSen: amountSen,
        feeSen,
        netSen: amountSen - feeSen,
        payoutDate,
      });
      await tx.ledger.post({
        kind: 'FEE',
        key: `collection-fee:${invoiceId}`,
        paymentId,
        createdBy: 'system',
        memo: `Rental collection processing fee (${(rules.processingFeeRate * 100).toFixed(2)}%)`,
        lines: [
          { account: escrowOf(invoiceId), amountSen: -feeSen },
          { account: accounts.platformRevenue, amountSen: feeSen },
        ],
      });
      // Paid out in the morning of the payout day, Malaysia time.
      if (payout)
        await jobs.enqueue(
          collectionPayout,
          { payoutId: payout.id },
          { key: `collection:payout:${payout.id}`, runAt: new Date(`${payoutDate}T01:00:00.000Z`), transaction: tx.handle },
        );
      await jobs.enqueue(collectionTold, { kind: 'PAID', invoiceId }, { key: `collection:paid:${invoiceId}`, transaction: tx.handle });
      return { paid: true, payoutDate };
    },

    /** A payment of an invoice failed: the tenant is told now and, for a card, it is tried again later. */
    failed: async (invoiceId: string, paymentId: string) => {
      const found = await repository.invoice(invoiceId);
      if (!found || found.invoice.status !== 'ISSUED' || found.invoice.paymentId !== paymentId) return;
      const payment = await payments.get(paymentId, { id: found.tenancy.tenantId, role: 'user' });
      await repository.transaction(async (tx) => {
        await jobs.enqueue(
          collectionTold,
          { kind: 'FAILED', invoiceId, paymentId },
          { key: `collection:failed:${paymentId}`, transaction: tx.handle },
        );
        if (payment.method === 'card')
          await jobs.enqueue(
            collectionRetry,
            { invoiceId, paymentId },
            { key: `collection:retry:${paymentId}`, runAt: new Date(now().getTime() + rules.cardRetryHours * 3_600_000), transaction: tx.handle },
          );
      });
    },

    /** The retry of a failed card: a fresh payment (the tenant gets its link), unless paid or retried meanwhile. */
    retry: async (invoiceId: string, paymentId: string, language: Language): Promise<string | null> => {
      const found = await repository.invoice(invoiceId);
      if (!found || found.invoice.status !== 'ISSUED' || found.invoice.paymentId !== paymentId) return null;
      await openPayment(invoiceId, found.tenancy.tenantId, language, false);
      return payUrl(invoiceId);
    },

    /** Pays the landlord: the rent less the fee leaves escrow for the landlord's account, once. */
    payout: async (tx: CollectionRepository, payoutId: string) => {
      const payout = await tx.lockPayout(payoutId);
      if (!payout || payout.status !== 'SCHEDULED') return;
      await tx.markPayoutPaid(payoutId, now());
      await tx.ledger.post({
        kind: 'PAYOUT',
        key: `collection-payout:${payoutId}`,
        createdBy: 'system',
        memo: 'Rent paid out to the landlord',
        lines: [
          { account: escrowOf(payout.invoiceId), amountSen: -payout.netSen },
          { account: accounts.landlord(payout.landlordId), amountSen: payout.netSen },
        ],
      });
    },

    claimNotices: (kind: Parameters<CollectionRepository['claimNotices']>[0], limit: number) =>
      repository.claimNotices(kind, today(), limit, {
        reminderBefore: rules.reminderDaysBefore,
        lateAfter: rules.lateDaysAfter,
        missedAfter: rules.missedDaysAfter,
      }),
    noticeFacts: (invoiceId: string) => repository.noticeFacts(invoiceId),
    tenancyFacts: (tenancyId: string) => repository.tenancyFacts(tenancyId),

    holidays: async () => ({
      region: rules.holidayRegion,
      holidays: (await repository.holidays(rules.holidayRegion)).map((row) => ({ day: row.day, name: row.name, updatedBy: row.updatedBy })),
    }),
    /** Staff add or rename a holiday; recorded in the audit log with the change. */
    putHoliday: (day: string, name: string, staff: { id: string; name: string; role: string }) =>
      repository.transaction(async (tx) => {
        const before = await tx.holiday(rules.holidayRegion, day);
        const row = await tx.putHoliday(rules.holidayRegion, day, name, staff.id);
        await tx.audit.record({
          actor: staff,
          action: 'services.holiday.put',
          targetType: 'public_holiday',
          targetId: `${rules.holidayRegion}:${day}`,
          before: before ? { name: before.name } : null,
          after: { name },
        });
        return { day: row.day, name: row.name, updatedBy: row.updatedBy };
      }),

    deleteHoliday: (day: string, staff: { id: string; name: string; role: string }) =>
      repository.transaction(async (tx) => {
        const before = await tx.holiday(rules.holidayRegion, day);
        if (!before || !(await tx.deleteHoliday(rules.holidayRegion, day))) throw new AppError(ErrorCode.NOT_FOUND, { day });
        await tx.audit.record({
          actor: staff,
          action: 'services.holiday.delete',
          targetType: 'public_holiday',
          targetId: `${rules.holidayRegion}:${day}`,
          before: { name: before.name },
        });
      }),
  };
}

export type CollectionService = ReturnType<typeof createCollectionService>;
