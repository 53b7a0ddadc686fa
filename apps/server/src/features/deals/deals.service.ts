import { createHmac, timingSafeEqual } from 'node:crypto';
import { BUSINESS } from '@kunci/contracts/business';
import {
  bookingFeeOutcome,
  commandsFor,
  DEAL_COMMANDS,
  FINAL_STATES,
  mayRun,
  moveInAmount,
  refundOf,
  sen,
  stampingCostSen,
  type CreateDealBody,
  type Deal,
  type DealActor,
  type DealCommand,
  type DealReason,
  type DealState,
  type DealTerms,
  type PaymentLink,
} from '@kunci/contracts/deals';
import { ErrorCode } from '@kunci/contracts/errors';
import type { CreatePaymentInput, PaymentStatus } from '@kunci/contracts/payments';
import type { Database } from '@kunci/db/client';
import type { Language } from '@kunci/i18n/locales';
import { malaysiaDay } from '@kunci/i18n/format';
import { href } from '@kunci/i18n/paths';
import { AppError, notFound } from '../../lib/app-error.ts';
import { accounts } from '../../lib/ledger/ledger.repository.ts';
import type { JobQueue } from '../../lib/jobs/jobs.service.ts';
import { dealDeadline, dealNotice, dealRefund } from './deal-job-kinds.ts';
import { isUniqueViolation, type DealEventRow, type DealQueries, type DealRow, type DealsRepository } from './deals.repository.ts';

/** What deals need of payments: the port app.ts fills with the payments service (features do not import each other). */
export interface DealPayments {
  createPayment(input: CreatePaymentInput<'DEAL_BOOKING' | 'DEAL_MOVE_IN'>): Promise<{ paymentId: string; paymentUrl: string }>;
  /** Gives back what is owed from a payment in all, less what earlier refunds already gave (null: nothing left). */
  refundOwed(input: { paymentId: string; amountSen: number; reason: string; requestedBy: string }): Promise<{ refundId: string } | null>;
  findPayment(paymentId: string): Promise<{ status: PaymentStatus; amountSen: number } | null>;
}

/** The caller of a command: a person (their role on the deal is worked out here) or the system. */
export type Caller = { userId: string; moderator: boolean } | 'SYSTEM';
/** Who looks at a deal: a party, staff, or someone holding its link. */
type Viewer = Exclude<DealActor, 'SYSTEM'> | 'GUEST';

const DAY_MS = 86_400_000;
const HOUR_MS = 3_600_000;
const MALAYSIA_OFFSET = '+08:00';

/** The deal page's path in a language (the web app's /deal page reads `id` or `hash`). */
export function dealPath(lang: Language, query: { id?: string; hash?: string }): string {
  return href(lang, 'deal', undefined, query);
}

/** Midnight in Malaysia at the start of a date. */
const startOfDay = (date: string) => new Date(`${date}T00:00:00${MALAYSIA_OFFSET}`);

/** The deadline a state runs against, if any: when, what runs then, and why. `now`: when the state was entered. */
export function deadlineOf(
  state: DealState,
  deal: { moveInDate: string; paidAt: Date | null },
  now: Date,
): { at: Date; command: DealCommand; reason: DealReason | null } | null {
  const rules = BUSINESS.deal;
  switch (state) {
    case 'APPLIED':
      return { at: new Date(now.getTime() + rules.responseDays * DAY_MS), command: 'EXPIRE', reason: 'NO_RESPONSE' };
    case 'ACCEPTED':
      return { at: new Date(now.getTime() + rules.paymentDays * DAY_MS), command: 'EXPIRE', reason: 'NOT_PAID' };
    case 'BOOKED':
      return { at: new Date((deal.paidAt ?? now).getTime() + rules.documentsDays * DAY_MS), command: 'MISS_DEADLINE', reason: 'DOCUMENTS_LATE' };
    case 'APPROVED':
      return { at: new Date(now.getTime() + rules.holdDays * DAY_MS), command: 'END_HOLD', reason: 'HOLD_ENDED' };
    case 'AGREEMENT': {
      // Within the signing window, and by the start date at the latest.
      const at = Math.min(now.getTime() + rules.signingDays * DAY_MS, Math.max(now.getTime(), startOfDay(deal.moveInDate).getTime()));
      return { at: new Date(at), command: 'MISS_DEADLINE', reason: 'NOT_SIGNED' };
    }
    case 'SIGNED':
      // The move-in amount is paid in full within `moveInPaymentDays` of the start (paying makes the deal ACTIVE).
      return {
        at: new Date(startOfDay(deal.moveInDate).getTime() + rules.moveInPaymentDays * DAY_MS),
        command: 'MISS_DEADLINE',
        reason: 'MOVE_IN_NOT_PAID',
      };
    default:
      return null;
  }
}

export interface DealsServiceOptions {
  repository: DealsRepository;
  jobs: JobQueue;
  payments: DealPayments;
  secret: string;
  clock?: () => Date;
}

export function createDealsService({ repository, jobs, payments, secret, clock = () => new Date() }: DealsServiceOptions) {
  const signature = (dealId: string) => createHmac('sha256', secret).update(`deal-link:${dealId}`).digest('base64url');
  const hashOf = (dealId: string) => `${dealId}.${signature(dealId)}`;

  function roleOf(deal: DealRow, caller: Caller): DealActor | null {
    if (caller === 'SYSTEM') return 'SYSTEM';
    if (caller.userId === deal.tenantId) return 'TENANT';
    if (caller.userId === deal.landlordId) return 'LANDLORD';
    if (caller.moderator) return 'STAFF';
    return null;
  }

  async function load(id: string, caller: Caller): Promise<{ deal: DealRow; role: DealActor }> {
    const deal = await repository.findById(id);
    if (!deal) throw notFound({ dealId: id });
    const role = roleOf(deal, caller);
    if (!role) throw new AppError(ErrorCode.FORBIDDEN, { dealId: id });
    return { deal, role };
  }

  /** Whether the deal page offers a command the table allows in this state (postponing goes request, answer, choice). */
  function offered(row: DealRow, command: DealCommand): boolean {
    switch (command) {
      case 'REQUEST_POSTPONE':
        return row.postponeStatus !== 'REQUESTED';
      case 'CONSENT_POSTPONE':
      case 'REFUSE_POSTPONE':
        return row.postponeStatus === 'REQUESTED';
      case 'WITHDRAW_POSTPONE':
        return row.postponeStatus !== null;
      case 'POSTPONE_ANYWAY':
        return row.postponeStatus === 'REFUSED';
      case 'STAMP':
        return !row.stampedAt;
      default:
        return true;
    }
  }

  /** The failure of the payment the deal waits for (the latest one asked for), if the gateway reported one. */
  function paymentFailure(row: DealRow): Deal['paymentFailed'] {
    if (!row.failedPaymentId || !row.paymentFailedAt) return null;
    const at = row.paymentFailedAt.toISOString();
    if (row.state === 'ACCEPTED' && !row.paidAt && row.failedPaymentId === row.bookingPaymentId) return { purpose: 'BOOKING', at };
    if (row.state === 'SIGNED' && !row.moveInPaidAt && row.failedPaymentId === row.moveInPaymentId) return { purpose: 'MOVE_IN', at };
    return null;
  }

  /** Deals as their DTO, with their listing, parties and events. */
  async function views(rows: DealRow[], viewer: Viewer): Promise<Deal[]> {
    const [listings, people, events] = await Promise.all([
      repository.properties([...new Set(rows.flatMap((row) => (row.propertyId === null ? [] : [row.propertyId])))]),
      repository.people([...new Set(rows.flatMap((row) => [row.tenantId, row.landlordId]))]),
      repository.events(rows.map((row) => row.id)),
    ]);
    const now = clock();
    const firstName = (id: string) => {
      const name = people.find((person) => person.id === id)?.name ?? '';
      return viewer === 'GUEST' ? (name.split(/\s+/)[0] ?? name) : name;
    };
    return rows.map((row) => {
      const listing = listings.find((candidate) => candidate.id === row.propertyId);
      const refundableUntil =
        row.paidAt && (['BOOKED', 'SCREENING', 'APPROVED', 'AGREEMENT', 'SIGNED'] as DealState[]).includes(row.state)
          ? new Date(row.paidAt.getTime() + BUSINESS.deal.cancelWindowHours * HOUR_MS)
          : null;
      return {
        id: row.id,
        state: row.state,
        propertyId: row.propertyId,
        propertyDto: { id: row.propertyId, name: listing?.name ?? row.propertyName ?? '', area: listing?.area ?? null, type: listing?.type ?? '' },
        tenant: { id: row.tenantId, name: firstName(row.tenantId) },
        landlord: { id: row.landlordId, name: firstName(row.landlordId) },
        moveInDate: row.moveInDate,
        tenancyMonths: row.tenancyMonths,
        monthlyRent: row.monthlyRent,
        occupants: row.occupants,
        bookingFeeSen: row.bookingFeeSen,
        paidAt: row.paidAt?.toISOString() ?? null,
        bookingPaymentId: row.paidAt && (viewer === 'TENANT' || viewer === 'STAFF') ? row.bookingPaymentId : null,
        postponement:
          row.postponeStatus && row.postponeTo && !(FINAL_STATES as readonly DealState[]).includes(row.state)
            ? { moveInDate: row.postponeTo, status: row.postponeStatus }
            : null,
        stampedAt: row.stampedAt?.toISOString() ?? null,
        stampingCostSen: row.stampedAt ? row.stampingCostSen : null,
        moveIn: {
          ...moveInAmount(row),
          paidAt: row.moveInPaidAt?.toISOString() ?? null,
          paymentId: row.moveInPaidAt && (viewer === 'TENANT' || viewer === 'STAFF') ? row.moveInPaymentId : null,
        },
        paymentFailed: viewer === 'TENANT' || viewer === 'STAFF' ? paymentFailure(row) : null,
        deadline: row.deadlineAt && row.deadlineCommand ? { at: row.deadlineAt.toISOString(), command: row.deadlineCommand as DealCommand } : null,
        refundableUntil: refundableUntil && refundableUntil > now ? refundableUntil.toISOString() : null,
        reason: (row.reason as DealReason | null) ?? null,
        viewerRole: viewer,
        commands: viewer === 'GUEST' ? [] : commandsFor(viewer, row.state).filter((command) => offered(row, command)),
        hash: viewer === 'GUEST' ? null : hashOf(row.id),
        events: events
          .filter((event) => event.dealId === row.id)
          .map((event) => ({
            id: event.id,
            command: event.command,
            actor: event.actorRole,
            from: (event.fromState as DealState | null) ?? null,
            to: event.toState as DealState,
            reason: (event.reason as DealReason | null) ?? null,
            note: viewer === 'GUEST' ? null : event.note,
            createdAt: event.createdAt.toISOString(),
          })),
        createdAt: row.createdAt.toISOString(),
        updatedAt: row.updatedAt.toISOString(),
      };
    });
  }
  const view = async (row: DealRow, viewer: Viewer) => (await views([row], viewer))[0]!;

  /**
   * What a command that keeps the state changes on the deal (postponing the start, stamping), checked against
   * the locked row: a request already answered, or an answer with nothing to answer, is refused.
   */
  function sideEffects(deal: DealRow, command: DealCommand, details: { moveInDate?: string }, now: Date): Partial<DealRow> {
    const refuse = () => new AppError(ErrorCode.DEAL_STATE, { dealId: deal.id, command, postponement: deal.postponeStatus });
    switch (command) {
      case 'REQUEST_POSTPONE': {
        if (deal.postponeStatus === 'REQUESTED') throw refuse();
        const asked = details.moveInDate;
        if (!asked || asked <= deal.moveInDate || Number.isNaN(startOfDay(asked).getTime())) {
          throw new AppError(ErrorCode.VALIDATION, { moveInDate: asked }, [{ path: 'body.moveInDate', message: 'deals.field.postponeDate' }]);
        }
        return { postponeTo: asked, postponeStatus: 'REQUESTED' };
      }
      case 'CONSENT_POSTPONE':
        if (deal.postponeStatus !== 'REQUESTED' || !deal.postponeTo) throw refuse();
        return { moveInDate: deal.postponeTo, postponeTo: null, postponeStatus: null };
      case 'REFUSE_POSTPONE':
        if (deal.postponeStatus !== 'REQUESTED') throw refuse();
        return { postponeStatus: 'REFUSED' };
      case 'WITHDRAW_POSTPONE':
        if (!deal.postponeStatus) throw refuse();
        return { postponeTo: null, postponeStatus: null };
      case 'POSTPONE_ANYWAY':
        if (deal.postponeStatus !== 'REFUSED') throw refuse();
        return {};
      case 'STAMP':
        if (deal.stampedAt) throw refuse();
        return { stampedAt: now, stampingCostSen: stampingCostSen(deal.monthlyRent, deal.tenancyMonths) };
      default:
        return {};
    }
  }

  /**
   * One transition in one transaction: checks who may run it from which state, moves the deal, writes the event,
   * arms the next deadline, settles a paid booking fee (a refund job, less the stamping cost once stamped, or the
   * forfeit posted to the ledger) and queues the notices.
   */
  async function transition(
    tx: { repo: DealQueries; db: Database },
    deal: DealRow,
    command: DealCommand,
    actor: DealActor,
    actorId: string | null,
    details: { reason?: DealReason | null; note?: string | null; paidAt?: Date; paymentId?: string; moveInDate?: string } = {},
  ): Promise<{ deal: DealRow; event: DealEventRow }> {
    const now = clock();
    const { repo, db } = tx;
    if (!mayRun(command, actor, deal.state)) {
      if (!(DEAL_COMMANDS[command].by as readonly DealActor[]).includes(actor)) throw new AppError(ErrorCode.FORBIDDEN, { dealId: deal.id, command });
      throw new AppError(ErrorCode.DEAL_STATE, { dealId: deal.id, command, state: deal.state });
    }
    const changes = sideEffects(deal, command, details, now);
    const paidAt = details.paidAt ?? deal.paidAt;
    const moveInDate = changes.moveInDate ?? deal.moveInDate;
    const { to, fee } = bookingFeeOutcome({ command, actor, from: deal.state, paidAt, now });
    const reason =
      details.reason ??
      (command === 'REJECT'
        ? 'SCREENING_FAILED'
        : command === 'POSTPONE_ANYWAY'
          ? 'POSTPONED_WITHOUT_CONSENT'
          : deal.deadlineCommand === command
            ? (deal.reason as DealReason | null)
            : null) ??
      null;
    // A new state arms its deadline. Staying, the deadline stands, unless the start moved and the deadline runs
    // from it (signing by the start, paying within days of it): then it is worked out again from when the state
    // was entered, and the job keyed by the new date (the old job finds the deal's deadline changed and does nothing).
    let next: ReturnType<typeof deadlineOf> = null;
    let deadlineKey = `deal:${deal.id}:${to}`;
    if (to !== deal.state) next = deadlineOf(to, { moveInDate, paidAt }, now);
    else if (moveInDate !== deal.moveInDate && (to === 'AGREEMENT' || to === 'SIGNED')) {
      const entered = (await repo.events([deal.id])).filter((event) => event.toState === to && event.fromState !== to).at(-1)?.createdAt ?? now;
      next = deadlineOf(to, { moveInDate, paidAt }, entered);
      deadlineKey = `deal:${deal.id}:${to}:${moveInDate}`;
    }
    const staying = to === deal.state && !next;
    const updated = await repo.update(deal.id, {
      ...changes,
      state: to,
      paidAt,
      bookingPaymentId: details.paymentId ?? deal.bookingPaymentId,
      ...(staying
        ? {}
        : { deadlineAt: next?.at ?? null, deadlineCommand: next?.command ?? null, reason: next ? deal.reason : (reason ?? deal.reason) }),
    });
    const event = await repo.addEvent({
      dealId: deal.id,
      actorId,
      actorRole: actor,
      command,
      fromState: deal.state,
      toState: to,
      reason,
      note: details.note ?? (command === 'REQUEST_POSTPONE' ? (changes.postponeTo ?? null) : null),
    });
    if (next) {
      await jobs.enqueue(
        dealDeadline,
        { dealId: deal.id, command: next.command, state: to, reason: next.reason, at: next.at.toISOString() },
        { runAt: next.at, key: deadlineKey, transaction: db },
      );
    }
    const paymentId = details.paymentId ?? deal.bookingPaymentId;
    if (fee === 'REFUND' && paymentId) {
      // Once the agreement is stamped, the stamping cost stays with Kunci (it paid the duty) and the rest goes back.
      const { refundSen, stampingSen } = refundOf(deal.bookingFeeSen, deal.stampedAt ? deal.stampingCostSen : null);
      if (stampingSen > 0) {
        await repo.post({
          kind: 'FEE',
          dealId: deal.id,
          paymentId,
          memo: 'stamping cost kept from the refunded booking fee',
          createdBy: actorId ?? 'system',
          key: `deal-stamping:${deal.id}`,
          lines: [
            { account: accounts.dealEscrow(deal.id), amountSen: -stampingSen },
            { account: accounts.platformStamping, amountSen: stampingSen },
          ],
        });
      }
      if (refundSen > 0) {
        await jobs.enqueue(
          dealRefund,
          { dealId: deal.id, paymentId, amountSen: refundSen, reason: reason ?? command },
          { key: `deal-refund:${paymentId}`, transaction: db },
        );
      }
    }
    if (fee === 'FORFEIT') {
      await repo.post({
        kind: 'FORFEIT',
        dealId: deal.id,
        paymentId,
        memo: `booking fee forfeited (${reason ?? command})`,
        createdBy: actorId ?? 'system',
        key: `deal-forfeit:${deal.id}`,
        lines: [
          { account: accounts.dealEscrow(deal.id), amountSen: -deal.bookingFeeSen },
          { account: accounts.landlord(deal.landlordId), amountSen: deal.bookingFeeSen },
        ],
      });
    }
    await jobs.enqueue(dealNotice, { dealId: deal.id, eventId: event.id, fee }, { key: `deal-notice:${event.id}`, transaction: db });
    return { deal: updated, event };
  }

  /**
   * A new deal enters the state machine at `state` (an application at APPLIED, an accepted invitation at
   * AGREEMENT): the event that opened it, its first deadline armed, the other side told. The deal as updated.
   */
  async function enter(
    tx: { repo: DealQueries; db: Database },
    created: DealRow,
    by: { userId: string; role: 'TENANT' | 'LANDLORD' },
    command: 'APPLY' | 'ACCEPT_INVITATION',
    state: 'APPLIED' | 'AGREEMENT',
  ): Promise<DealRow> {
    const { repo, db } = tx;
    const next = deadlineOf(state, { moveInDate: created.moveInDate, paidAt: null }, clock())!;
    const event = await repo.addEvent({ dealId: created.id, actorId: by.userId, actorRole: by.role, command, fromState: null, toState: state });
    await jobs.enqueue(
      dealDeadline,
      { dealId: created.id, command: next.command, state, reason: next.reason, at: next.at.toISOString() },
      { runAt: next.at, key: `deal:${created.id}:${state}`, transaction: db },
    );
    await jobs.enqueue(dealNotice, { dealId: created.id, eventId: event.id }, { key: `deal-notice:${event.id}`, transaction: db });
    return repo.update(created.id, { deadlineAt: next.at, deadlineCommand: next.command });
  }

  /** Runs a command on a deal by id in its own transaction (the deal row locked). */
  async function run(
    id: string,
    command: DealCommand,
    caller: Caller,
    details: { reason?: DealReason | null; note?: string | null; moveInDate?: string; expect?: DealState; expectDeadline?: string } = {},
  ): Promise<DealRow | null> {
    return repository.transaction(async (repo, db) => {
      const deal = await repo.lock(id);
      if (!deal) throw notFound({ dealId: id });
      if (details.expect && deal.state !== details.expect) return null;
      // A deadline moved since this job was armed (the start was postponed): the new job runs it.
      if (details.expectDeadline && deal.deadlineAt?.toISOString() !== details.expectDeadline) return null;
      const role = roleOf(deal, caller);
      if (!role) throw new AppError(ErrorCode.FORBIDDEN, { dealId: id });
      const actorId = caller === 'SYSTEM' ? null : caller.userId;
      return (await transition({ repo, db }, deal, command, role, actorId, details)).deal;
    });
  }

  /**
   * The booking fee of a deal was paid. Exactly one deal holds a listing: under the listing's row lock the first
   * settled booking wins; a later one (or a payment for a deal no longer waiting for it) is refunded.
   */
  async function bookingPaid(dealId: string, paymentId: string, amountSen: number): Promise<void> {
    const attempt = async () =>
      repository.transaction(async (repo, db) => {
        // The listing first, then the deal: every settlement of a listing takes the locks in this order, so two
        // of them wait for each other instead of deadlocking over the applications they end.
        const listed = await repo.findById(dealId);
        if (!listed) return;
        await repo.lockListing(listed.propertyId);
        const deal = (await repo.lock(dealId))!;
        if (deal.paidAt && deal.bookingPaymentId === paymentId) return; // already applied
        const now = clock();
        const holder = await repo.holder(deal.propertyId);
        if (deal.state === 'ACCEPTED' && !holder) {
          await transition({ repo, db }, deal, 'PAY_BOOKING', 'SYSTEM', null, { paidAt: now, paymentId });
          // The other applications for the listing end: it is taken.
          for (const other of await repo.openApplications(deal.propertyId, deal.id)) {
            await transition({ repo, db }, other, 'LOSE_LISTING', 'SYSTEM', null, { reason: 'LISTING_BOOKED' });
          }
          return;
        }
        if (deal.state === 'ACCEPTED' || deal.state === 'APPLIED') {
          await transition({ repo, db }, deal, 'LOSE_LISTING', 'SYSTEM', null, { reason: 'LISTING_BOOKED', paidAt: now, paymentId });
          return;
        }
        // Paid after the deal ended (or a second payment for it): the money goes back.
        await jobs.enqueue(
          dealRefund,
          { dealId, paymentId, amountSen, reason: 'NOT_APPLICABLE' },
          { key: `deal-refund:${paymentId}`, transaction: db },
        );
      });
    try {
      await attempt();
    } catch (error) {
      // Two settlements racing past the lock (a listing row deleted meanwhile): the index decides, retry once.
      if (!isUniqueViolation(error, 'deals_one_holder')) throw error;
      await attempt();
    }
  }

  /**
   * The move-in amount was paid: the deal becomes ACTIVE, the booking fee is credited to it, the money is shared
   * out on the ledger (the first month to the landlord, the signing fee and any surcharge to Kunci, SST to its tax
   * account) and the listing leaves search. Paid for a deal no longer waiting for it (ended, or paid twice): refunded.
   */
  async function moveInPaid(dealId: string, paymentId: string, amountSen: number): Promise<void> {
    await repository.transaction(async (repo, db) => {
      const deal = await repo.lock(dealId);
      if (!deal || (deal.moveInPaidAt && deal.moveInPaymentId === paymentId)) return;
      if (deal.state !== 'SIGNED' || deal.moveInPaidAt) {
        await jobs.enqueue(
          dealRefund,
          { dealId, paymentId, amountSen, reason: 'NOT_APPLICABLE' },
          { key: `deal-refund:${paymentId}`, transaction: db },
        );
        return;
      }
      const amount = moveInAmount(deal);
      const credit = deal.paidAt ? deal.bookingFeeSen : 0;
      const kunci = amount.signingFeeSen + amount.surchargeSen;
      // The landlord's share is what is left, so the posting balances whatever was paid.
      const landlordSen = amountSen + credit - kunci - amount.sstSen;
      await repo.update(deal.id, { moveInPaidAt: clock(), moveInPaymentId: paymentId });
      await repo.post({
        kind: 'CREDIT',
        dealId: deal.id,
        paymentId,
        memo: 'move-in payment with the booking fee credited: first month to the landlord, signing fee and SST',
        createdBy: 'system',
        key: `deal-move-in:${deal.id}`,
        lines: [
          { account: accounts.dealEscrow(deal.id), amountSen: -(amountSen + credit) },
          { account: accounts.landlord(deal.landlordId), amountSen: landlordSen },
          { account: accounts.platformRevenue, amountSen: kunci },
          { account: accounts.platformSst, amountSen: amount.sstSen },
        ],
      });
      await transition({ repo, db }, { ...deal, moveInPaymentId: paymentId }, 'MOVE_IN', 'SYSTEM', null);
      await repo.takeOffSearch(deal.propertyId);
    });
  }

  /** Records the failure of the payment a deal waits for (once per payment) and tells the tenant. */
  async function paymentFailed(purpose: 'DEAL_BOOKING' | 'DEAL_MOVE_IN', dealId: string, paymentId: string): Promise<void> {
    await repository.transaction(async (repo, db) => {
      const deal = await repo.lock(dealId);
      if (!deal || deal.failedPaymentId === paymentId) return;
      const waiting =
        purpose === 'DEAL_BOOKING' ? deal.bookingPaymentId === paymentId && !deal.paidAt : deal.moveInPaymentId === paymentId && !deal.moveInPaidAt;
      if (!waiting) return;
      await repo.update(deal.id, { failedPaymentId: paymentId, paymentFailedAt: clock() });
      await jobs.enqueue(
        dealNotice,
        { dealId, paymentFailed: purpose === 'DEAL_BOOKING' ? 'BOOKING' : 'MOVE_IN', paymentId },
        { key: `deal-payment-failed:${paymentId}`, transaction: db },
      );
    });
  }

  return {
    hashOf,

    async list(userId: string, propertyId: number | undefined): Promise<Deal[]> {
      const rows = await repository.list(userId, propertyId);
      return Promise.all(rows.map((row) => view(row, (roleOf(row, { userId, moderator: false }) as Viewer | null) ?? 'GUEST')));
    },

    async get(id: string, caller: Caller): Promise<Deal> {
      const { deal, role } = await load(id, caller);
      return view(deal, role as Viewer);
    },

    /** The deal behind a signed link: the party's own view when signed in as one, else a summary with first names. */
    async byHash(hash: string, caller: Caller | null): Promise<Deal> {
      const [id = '', given = ''] = hash.split('.');
      const expected = signature(id);
      if (given.length !== expected.length || !timingSafeEqual(Buffer.from(given), Buffer.from(expected))) throw notFound({ hash: 'bad signature' });
      const deal = await repository.findById(id);
      if (!deal) throw notFound({ dealId: id });
      return view(deal, ((caller && roleOf(deal, caller)) as Viewer | null) ?? 'GUEST');
    },

    /** A tenant applies for a live rental listing, at its listed rent. */
    async apply(tenantId: string, body: CreateDealBody): Promise<Deal> {
      const listing = await repository.listing(body.propertyId);
      if (!listing) throw notFound({ propertyId: body.propertyId });
      if (!listing.live) throw new AppError(ErrorCode.GONE, { propertyId: body.propertyId });
      if (!['HIGHRISE', 'LANDED', 'ROOM'].includes(listing.type)) {
        throw new AppError(
          ErrorCode.VALIDATION,
          { type: listing.type },
          [{ path: 'body.propertyId', message: 'deals.field.notForRent' }],
          'deals.field.notForRent',
        );
      }
      if (listing.ownerId === tenantId) throw new AppError(ErrorCode.DEAL_OWN_LISTING, { propertyId: listing.id });
      if (body.moveInDate < malaysiaDay(clock().toISOString()) || Number.isNaN(startOfDay(body.moveInDate).getTime())) {
        throw new AppError(ErrorCode.VALIDATION, { moveInDate: body.moveInDate }, [{ path: 'body.moveInDate', message: 'deals.field.moveInDate' }]);
      }
      if (body.conversationId) {
        const conversation = await repository.conversation(body.conversationId);
        if (!conversation || conversation.tenantId !== tenantId || conversation.propertyId !== listing.id)
          throw notFound({ conversationId: body.conversationId });
      }
      if (await repository.holder(listing.id)) throw new AppError(ErrorCode.LISTING_BOOKED, { propertyId: listing.id });
      try {
        const row = await repository.transaction(async (repo, db) => {
          const created = await repo.insert({
            propertyId: listing.id,
            tenantId,
            landlordId: listing.ownerId,
            conversationId: body.conversationId ?? null,
            moveInDate: body.moveInDate,
            tenancyMonths: body.tenancyMonths,
            monthlyRent: listing.price,
            occupants: body.occupants,
            bookingFeeSen: sen(BUSINESS.bookingFee),
          });
          return enter({ repo, db }, created, { userId: tenantId, role: 'TENANT' }, 'APPLY', 'APPLIED');
        });
        return view(row, 'TENANT');
      } catch (error) {
        if (isUniqueViolation(error, 'deals_one_application')) throw new AppError(ErrorCode.DEAL_ALREADY_APPLIED, { propertyId: listing.id });
        throw error;
      }
    },

    /**
     * A tenancy found elsewhere (decision 14): the accepted agreement invitation opens a deal without a listing,
     * entering the one state machine at AGREEMENT (as an application enters at APPLIED), with no booking fee to
     * credit. From here it runs as any deal: signing, the move-in payment (first month, signing fee, SST), ACTIVE.
     * `by` is the party who accepted; the other is told the agreement is ready to sign.
     */
    async openInvited(by: { userId: string; role: 'TENANT' | 'LANDLORD' }, terms: DealTerms): Promise<{ id: string }> {
      return repository.transaction(async (repo, db) => {
        const created = await repo.insert({ ...terms, propertyId: null, state: 'AGREEMENT', bookingFeeSen: 0 });
        await enter({ repo, db }, created, by, 'ACCEPT_INVITATION', 'AGREEMENT');
        return { id: created.id };
      });
    },

    /** `PUT /api/deals/{id}`: a person's command. */
    async command(
      id: string,
      caller: Exclude<Caller, 'SYSTEM'>,
      command: DealCommand,
      details: { reason?: DealReason; note?: string; moveInDate?: string },
    ): Promise<Deal> {
      const { deal, role } = await load(id, caller);
      if (command === 'SUBMIT_DOCUMENTS') {
        const documents = await repository.documentsOfDeal(deal.id);
        if (role === 'TENANT' && deal.state === 'BOOKED' && !documents.some((document) => document.status === 'UPLOADED')) {
          throw new AppError(ErrorCode.DOCUMENTS_MISSING, { dealId: deal.id });
        }
      }
      if (command === 'VOID' && !details.reason) details.reason = 'FALSE_LISTING';
      if (command === 'VOID' && !['RENT_RAISED', 'FALSE_LISTING', 'OTHER'].includes(details.reason!)) {
        throw new AppError(ErrorCode.VALIDATION, { reason: details.reason }, [{ path: 'body.reason', message: 'field.invalid' }]);
      }
      if (command === 'CANCEL' && !details.reason) details.reason = role === 'LANDLORD' ? 'RENTED_ELSEWHERE' : 'CHANGED_MIND';
      // Only a cancellation or a void says why; the other commands' reasons are the machine's.
      if (command !== 'CANCEL' && command !== 'VOID') delete details.reason;
      const row = await run(deal.id, command, caller, details);
      return view(row!, role as Viewer);
    },

    /** `POST /api/deals/{id}/booking`: where the tenant pays the booking fee (refused once another tenant holds the listing). */
    async booking(id: string, caller: Exclude<Caller, 'SYSTEM'>, language: Language): Promise<PaymentLink> {
      const { deal, role } = await load(id, caller);
      if (role !== 'TENANT') throw new AppError(ErrorCode.FORBIDDEN, { dealId: id });
      const holder = await repository.holder(deal.propertyId);
      if (holder && holder.id !== deal.id) throw new AppError(ErrorCode.LISTING_BOOKED, { propertyId: deal.propertyId });
      if (deal.state !== 'ACCEPTED') throw new AppError(ErrorCode.DEAL_STATE, { dealId: id, state: deal.state });
      const payment = await payments.createPayment({
        purpose: 'DEAL_BOOKING',
        referenceId: deal.id,
        payerId: deal.tenantId,
        amountSen: deal.bookingFeeSen,
        description: `Booking fee, deal ${deal.id}`,
        language,
        returnPath: dealPath(language, { id: deal.id }),
      });
      await repository.update(deal.id, { bookingPaymentId: payment.paymentId });
      return { ...payment, amountSen: deal.bookingFeeSen };
    },

    /** `POST /api/deals/{id}/verify/booking`: asks payments whether the booking fee (or the move-in amount) was paid or failed and applies it (once). */
    async verifyBooking(id: string, caller: Exclude<Caller, 'SYSTEM'>): Promise<Deal> {
      const { deal, role } = await load(id, caller);
      if (deal.bookingPaymentId && !deal.paidAt) {
        const payment = await payments.findPayment(deal.bookingPaymentId);
        if (payment?.status === 'SUCCEEDED') await bookingPaid(deal.id, deal.bookingPaymentId, payment.amountSen);
        if (payment?.status === 'FAILED' || payment?.status === 'EXPIRED') await paymentFailed('DEAL_BOOKING', deal.id, deal.bookingPaymentId);
      }
      if (deal.moveInPaymentId && !deal.moveInPaidAt) {
        const payment = await payments.findPayment(deal.moveInPaymentId);
        if (payment?.status === 'SUCCEEDED') await moveInPaid(deal.id, deal.moveInPaymentId, payment.amountSen);
        if (payment?.status === 'FAILED' || payment?.status === 'EXPIRED') await paymentFailed('DEAL_MOVE_IN', deal.id, deal.moveInPaymentId);
      }
      return view((await repository.findById(deal.id))!, role as Viewer);
    },

    /** `POST /api/rental/order/pay`: the move-in amount (first month, signing fee, SST and any surcharge, less the booking fee). */
    async moveInPayment(dealId: string, caller: Exclude<Caller, 'SYSTEM'>, language: Language): Promise<PaymentLink> {
      const { deal, role } = await load(dealId, caller);
      if (role !== 'TENANT') throw new AppError(ErrorCode.FORBIDDEN, { dealId });
      if (deal.state !== 'SIGNED' || deal.moveInPaidAt) throw new AppError(ErrorCode.DEAL_STATE, { dealId, state: deal.state });
      const amountSen = moveInAmount(deal).totalSen;
      const payment = await payments.createPayment({
        purpose: 'DEAL_MOVE_IN',
        referenceId: deal.id,
        payerId: deal.tenantId,
        amountSen,
        description: `Move-in payment, deal ${deal.id}`,
        language,
        returnPath: dealPath(language, { id: deal.id }),
      });
      await repository.update(deal.id, { moveInPaymentId: payment.paymentId });
      return { ...payment, amountSen };
    },

    /** A deal payment settled (the payments.settled job): booking fees move the deal, move-in payments start the tenancy. */
    async paymentSettled(purpose: string, dealId: string, paymentId: string, amountSen: number): Promise<void> {
      if (purpose === 'DEAL_BOOKING') return bookingPaid(dealId, paymentId, amountSen);
      if (purpose === 'DEAL_MOVE_IN') return moveInPaid(dealId, paymentId, amountSen);
    },

    /** A deal payment failed or lapsed (the payments.failed job): nothing moves on the ledger; the tenant is told and may try again. */
    paymentFailed: (purpose: string, dealId: string, paymentId: string) =>
      purpose === 'DEAL_BOOKING' || purpose === 'DEAL_MOVE_IN' ? paymentFailed(purpose, dealId, paymentId) : Promise.resolve(),

    /**
     * Screening's verdict on a deal (the screening feature decides from the credit report and the documents):
     * passed approves it, failed rejects it and refunds the booking fee by the deal rules. `by` is the staff member
     * who gave it, or the system when the result decided it.
     */
    async screeningVerdict(dealId: string, passed: boolean, by: { userId: string } | 'SYSTEM', note: string | null): Promise<void> {
      await run(dealId, passed ? 'APPROVE' : 'REJECT', by === 'SYSTEM' ? 'SYSTEM' : { userId: by.userId, moderator: true }, {
        note,
        ...(passed ? {} : { reason: 'SCREENING_FAILED' as const }),
      });
    },

    /** What the tenancy agreement needs of a deal (the agreements port): its terms and the caller's side. */
    async agreementFacts(id: string, caller: Exclude<Caller, 'SYSTEM'>) {
      const { deal, role } = await load(id, caller);
      const [listing] = deal.propertyId === null ? [] : await repository.properties([deal.propertyId]);
      return {
        id: deal.id,
        state: deal.state,
        role,
        tenantId: deal.tenantId,
        landlordId: deal.landlordId,
        propertyName: listing?.name ?? deal.propertyName ?? '',
        moveInDate: deal.moveInDate,
        tenancyMonths: deal.tenancyMonths,
        monthlyRent: deal.monthlyRent,
        occupants: deal.occupants,
        bookingFeeSen: deal.paidAt ? deal.bookingFeeSen : 0,
      };
    },

    /** Both parties signed the agreement: the deal is SIGNED and its move-in payment falls due. */
    async agreementSigned(id: string): Promise<void> {
      await run(id, 'SIGN', 'SYSTEM', { expect: 'AGREEMENT' });
    },

    /** A deadline job: runs its command if the deal still waits in the state it was armed for. */
    async deadline(dealId: string, command: DealCommand, state: DealState, reason: DealReason | null, at?: string): Promise<void> {
      if (!(await repository.findById(dealId))) return;
      await run(dealId, command, 'SYSTEM', { expect: state, reason, ...(at ? { expectDeadline: at } : {}) });
    },

    /**
     * Asks payments to give a booking fee back (the refund job): the rule's amount in all, so a part staff already
     * refunded is not asked twice and the rest still goes back; a repeated run asks nothing more.
     */
    refund: (paymentId: string, amountSen: number, reason: string) => payments.refundOwed({ paymentId, amountSen, reason, requestedBy: 'system' }),

    /** What a notice needs: the deal, the event, the people. */
    async noticeFacts(dealId: string, eventId: number | null) {
      const [deal, event] = await Promise.all([repository.findById(dealId), eventId === null ? null : repository.event(eventId)]);
      if (!deal || (eventId !== null && !event)) return null;
      const [people, listings] = await Promise.all([
        repository.people([deal.tenantId, deal.landlordId]),
        repository.properties(deal.propertyId === null ? [] : [deal.propertyId]),
      ]);
      return { deal, event, people, listing: listings[0]?.name ?? deal.propertyName ?? '', hash: hashOf(deal.id) };
    },

    isFinal: (state: DealState) => (FINAL_STATES as readonly DealState[]).includes(state),
  };
}
export type DealsService = ReturnType<typeof createDealsService>;
