import { and, eq, like } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  auditLog,
  collectionInvoices,
  collectionPayouts,
  collectionTenancies,
  ledgerEntries,
  notices,
  protectionInstalments,
  protectionOtrDecisions,
} from '@kunci/db/schema';
import { BUSINESS } from '@kunci/contracts/business';
import type { Claim, Policy } from '@kunci/contracts/protection';
import { pngDeclaring } from '@kunci/media/test-images';
import { createTestApp, type TestApp } from '../../../../test/support.ts';
import { confirmStaffSession } from '../../../../test/authz/admin.ts';
import { servicesFixtures } from '../test-helpers.ts';
import { insertPolicy } from './test-helpers.ts';
import { addDays } from '../collection/collection-dates.ts';
import { otrCounts, PROTECTION_ACCOUNTS } from './protection.service.ts';
import { protectionOtr } from './protection-jobs.ts';

let t: TestApp;
const f = servicesFixtures(() => t);
const today = f.today;

beforeAll(async () => {
  t = await createTestApp({ env: { AUTH_SECRET: 'o'.repeat(40), RATE_LIMIT_MAX: '100000' } });
});
afterAll(() => t.close());

describe('on-time rental: the counts it decides from', () => {
  const invoice = (number: number, status: 'ISSUED' | 'PAID', dueDate: string, otrPaid: boolean | null = null) => ({
    number,
    status,
    dueDate,
    otrPaid,
  });
  it.each([
    ['nothing before', [], 3, { paidInARow: 0, overdueInvoices: 1 }],
    ['one OTR payout just before, still unpaid', [invoice(2, 'ISSUED', '2027-02-01', true)], 3, { paidInARow: 1, overdueInvoices: 2 }],
    ['two in a row', [invoice(2, 'ISSUED', '2027-02-01', true), invoice(3, 'ISSUED', '2027-03-01', true)], 4, { paidInARow: 2, overdueInvoices: 3 }],
    [
      'the tenant paid the later one: the run resets',
      [invoice(2, 'ISSUED', '2027-02-01', true), invoice(3, 'PAID', '2027-03-01', true)],
      4,
      { paidInARow: 0, overdueInvoices: 2 },
    ],
    [
      'a rent paid on time in between',
      [invoice(2, 'ISSUED', '2027-02-01', true), invoice(3, 'PAID', '2027-03-01')],
      4,
      { paidInARow: 0, overdueInvoices: 2 },
    ],
    ['an unpaid one OTR refused: not a payout', [invoice(3, 'ISSUED', '2027-03-01', false)], 4, { paidInARow: 0, overdueInvoices: 2 }],
  ])('%s', (_name, earlier, number, expected) => {
    const all = [...earlier, invoice(number, 'ISSUED', '2027-04-01')];
    expect(otrCounts(all, number, '2027-04-01')).toEqual(expected);
  });
});

/**
 * A Protect Plus policy in force (written directly) on an ACTIVE deal enrolled in collection whose invoices are
 * given as [month, due in days from today (negative: past), paid?, OTR already paid?].
 */
async function protectedTenancy(plan: 'PROTECT_PLUS' | 'PROTECT', invoices: [number, number, boolean, boolean?][], termMonths = 12) {
  const landlord = await f.person('Landlord Wong');
  const tenant = await f.person('Tenant Ravi');
  const moveInDate = addDays(today(), -400);
  const { dealId } = await f.activeDeal(landlord.id, tenant.id, moveInDate, { tenancyMonths: termMonths });
  const db = t.database.db;
  const policy = await insertPolicy(t, {
    dealId,
    landlordId: landlord.id,
    tenantId: tenant.id,
    propertyName: 'OTR Residence',
    plan,
    startDate: addDays(today(), -1000),
    endDate: addDays(today(), 1000),
  });
  const [tenancy] = await db
    .insert(collectionTenancies)
    .values({
      landlordId: landlord.id,
      tenantId: tenant.id,
      dealId,
      propertyName: 'OTR Residence',
      monthlyRentSen: 180_000,
      dueDay: 1,
      startDate: moveInDate,
      termMonths,
      firstDueDate: moveInDate,
      endDate: addDays(moveInDate, 364),
      nextIssueDate: null,
    })
    .returning();
  const rows = !invoices.length
    ? []
    : await db
        .insert(collectionInvoices)
        .values(
          invoices.map(([number, due, paid]) => ({
            tenancyId: tenancy!.id,
            number,
            dueDate: addDays(today(), due),
            issueDate: addDays(today(), due - 7),
            amountSen: 180_000,
            status: paid ? ('PAID' as const) : ('ISSUED' as const),
            emailedAt: new Date(),
          })),
        )
        .returning();
  const earlier = invoices.filter(([, , , otr]) => otr !== undefined);
  if (earlier.length)
    await db.insert(protectionOtrDecisions).values(
      earlier.map(([number, , , otr]) => ({
        invoiceId: rows.find((row) => row.number === number)!.id,
        policyId: policy.id,
        paid: otr!,
        amountSen: otr ? 180_000 : 0,
      })),
    );
  return { landlord, policy, tenancy: tenancy!, invoices: rows };
}

/** Runs on-time rental through the job queue, as the recurring job enqueues it. */
async function runOtr() {
  await t.app.jobs.enqueue(protectionOtr, {}, { key: 'protection:otr' });
  await f.drain();
}

describe('on-time rental pays the landlord on the due date, within its rules', () => {
  it.each([
    // [name, plan, invoices [month, due (days from today), paid, OTR paid before], term, paid?, reason]
    ['month 5 unpaid on its due date', 'PROTECT_PLUS', [[5, 0, false]], 12, true, null],
    ['never in the first month', 'PROTECT_PLUS', [[1, 0, false]], 12, false, 'FIRST_MONTH'],
    ['never in the last month', 'PROTECT_PLUS', [[12, 0, false]], 12, false, 'LAST_MONTH'],
    [
      'the second in a row',
      'PROTECT_PLUS',
      [
        [4, -30, false, true],
        [5, 0, false],
      ],
      12,
      true,
      null,
    ],
    [
      'not a third in a row',
      'PROTECT_PLUS',
      [
        [3, -60, false, true],
        [4, -30, false, true],
        [5, 0, false],
      ],
      12,
      false,
      'IN_A_ROW',
    ],
    [
      'a third after the tenant paid',
      'PROTECT_PLUS',
      [
        [3, -60, false, true],
        [4, -30, true, true],
        [5, 0, false],
      ],
      12,
      true,
      null,
    ],
    [
      'not with more than 2 overdue invoices',
      'PROTECT_PLUS',
      [
        [2, -90, false, false],
        [3, -60, false, false],
        [5, 0, false],
      ],
      12,
      false,
      'TOO_MANY_OVERDUE',
    ],
    ['not under Protect', 'PROTECT', [[5, 0, false]], 12, false, 'NOT_PROTECT_PLUS'],
  ] as const)('%s', async (_name, plan, invoices, term, paid, reason) => {
    const { landlord, invoices: rows } = await protectedTenancy(plan, invoices.map((row) => [...row]) as [number, number, boolean, boolean?][], term);
    const target = rows.find((row) => row.dueDate === today())!;
    await runOtr();
    const decisions = await t.database.db.select().from(protectionOtrDecisions).where(eq(protectionOtrDecisions.invoiceId, target.id));
    if (plan === 'PROTECT') {
      // Only Protect Plus tenancies are looked at.
      expect(decisions).toHaveLength(0);
      return;
    }
    expect(decisions).toEqual([expect.objectContaining({ paid, reason })]);
    const payouts = await t.database.db.select().from(collectionPayouts).where(eq(collectionPayouts.invoiceId, target.id));
    const ledger = await t.database.db
      .select()
      .from(ledgerEntries)
      .where(eq(ledgerEntries.postingKey, `protection-otr:${target.id}`));
    if (paid) {
      expect(payouts).toEqual([expect.objectContaining({ landlordId: landlord.id, netSen: 180_000, status: 'PAID', payoutDate: today() })]);
      expect(Object.fromEntries(ledger.map((row) => [row.account, row.amountSen]))).toEqual({
        [PROTECTION_ACCOUNTS.fund]: -180_000,
        [`landlord:${landlord.id}`]: 180_000,
      });
    } else {
      expect(payouts).toHaveLength(0);
      expect(ledger).toHaveLength(0);
    }
  });

  it('exactly once: two runs at the same time pay once, and a later run changes nothing; the landlord is told once', async () => {
    const { landlord, invoices: rows } = await protectedTenancy('PROTECT_PLUS', [[6, 0, false]]);
    const target = rows[0]!;
    await Promise.all([runOtr(), runOtr(), f.drain()]);
    await runOtr();
    expect(await t.database.db.select().from(collectionPayouts).where(eq(collectionPayouts.invoiceId, target.id))).toHaveLength(1);
    expect(
      await t.database.db
        .select()
        .from(ledgerEntries)
        .where(like(ledgerEntries.postingKey, `protection-otr:${target.id}`)),
    ).toHaveLength(2);
    const told = await t.database.db
      .select()
      .from(notices)
      .where(and(eq(notices.userId, landlord.id), eq(notices.type, 'protection.otr-paid')));
    expect(told).toHaveLength(1);
  });

  it('the landlord is reminded once of an instalment due and unpaid, not of one paid or not yet due', async () => {
    const { landlord, policy } = await protectedTenancy('PROTECT', []);
    await t.database.db.insert(protectionInstalments).values([
      { policyId: policy.id, number: 1, amountSen: 119_750, premiumSen: 112_500, stampDutySen: 500, dueDate: addDays(today(), -30), status: 'PAID' },
      { policyId: policy.id, number: 2, amountSen: 119_750, premiumSen: 112_500, stampDutySen: 500, dueDate: addDays(today(), -1) },
    ]);
    const other = await protectedTenancy('PROTECT', []);
    await t.database.db
      .insert(protectionInstalments)
      .values({ policyId: other.policy.id, number: 2, amountSen: 119_750, premiumSen: 112_500, stampDutySen: 500, dueDate: addDays(today(), 1) });
    await runOtr();
    await runOtr();
    const reminders = async (userId: string) =>
      t.database.db
        .select()
        .from(notices)
        .where(and(eq(notices.userId, userId), eq(notices.type, 'protection.instalment-due')));
    expect(await reminders(landlord.id)).toEqual([
      expect.objectContaining({ params: expect.objectContaining({ amountSen: 119_750, date: addDays(today(), -1) }) }),
    ]);
    expect(await reminders(other.landlord.id)).toHaveLength(0);
  });

  it('an invoice due tomorrow is not decided yet', async () => {
    const { invoices: rows } = await protectedTenancy('PROTECT_PLUS', [[7, 1, false]]);
    await runOtr();
    expect(await t.database.db.select().from(protectionOtrDecisions).where(eq(protectionOtrDecisions.invoiceId, rows[0]!.id))).toHaveLength(0);
  });
});

const PNG = pngDeclaring(8, 6);
const PDF = Buffer.from('%PDF-1.4\n% repair quotation, Kedai Baiki Jaya, RM850\n%%EOF\n');
const file = (kind: 'PHOTO' | 'RECEIPT', bytes: Buffer, contentType?: string) => ({
  kind,
  data: bytes.toString('base64'),
  ...(contentType ? { contentType } : {}),
});

describe('claims', () => {
  async function policyOf(plan: 'PROTECT_PLUS' | 'PROTECT') {
    const { landlord, policy } = await protectedTenancy(plan, []);
    return { landlord, policy };
  }
  const claim = (who: { headers: Record<string, string> }, body: Record<string, unknown>) =>
    t.app.inject({ method: 'POST', url: '/api/services/protection/claims', payload: body, headers: who.headers });

  it('the landlord files a damage claim with photos and a receipt; operations decide it once (PIN, audit log); the landlord follows it', async () => {
    const { landlord, policy } = await policyOf('PROTECT');
    const body = {
      policyId: policy.id,
      kind: 'DAMAGE',
      incidentDate: addDays(today(), -2),
      description: 'The tenant broke the kitchen cabinet door and the washing machine.',
      amount: 1200,
      files: [file('PHOTO', PNG, 'image/png'), file('PHOTO', PNG), file('PHOTO', PNG), file('RECEIPT', PDF, 'application/pdf')],
    };
    // Two photos are not enough for damage.
    const few = await claim(landlord, { ...body, files: body.files.slice(1) });
    expect(few.statusCode).toBe(422);
    expect(few.json()).toMatchObject({ errorCode: 11484 });
    // A "photo" that is a PDF, and a file that is none of the types, are refused.
    expect((await claim(landlord, { ...body, files: [...body.files.slice(0, 3), file('PHOTO', PDF)] })).statusCode).toBe(422);
    expect((await claim(landlord, { ...body, files: [...body.files, file('RECEIPT', Buffer.from('<svg onload=alert(1)>'))] })).json()).toMatchObject({
      errorCode: 11455,
    });
    // Too late after the incident.
    expect((await claim(landlord, { ...body, incidentDate: addDays(today(), -6) })).json()).toMatchObject({ errorCode: 11484 });
    // Someone else's policy.
    const other = await f.person('Other Landlord');
    expect((await claim(other, body)).statusCode).toBe(403);

    const filed = await claim(landlord, body);
    expect(filed.statusCode).toBe(201);
    const made = filed.json() as Claim;
    expect(made).toMatchObject({ status: 'SUBMITTED', amountSen: 120_000, kind: 'DAMAGE' });
    expect(made.files.map((each) => [each.kind, each.contentType])).toEqual([
      ['PHOTO', 'image/png'],
      ['PHOTO', 'image/png'],
      ['PHOTO', 'image/png'],
      ['RECEIPT', 'application/pdf'],
    ]);
    // Private: the landlord and operations read the files, nobody else.
    const receipt = made.files[3]!.url;
    const own = await t.app.inject({ url: receipt, headers: landlord.headers });
    expect(own.statusCode).toBe(200);
    expect(own.rawPayload.equals(PDF)).toBe(true);
    expect((await t.app.inject({ url: receipt, headers: other.headers })).statusCode).toBe(403);
    expect((await t.app.inject({ url: receipt })).statusCode).toBe(401);

    const staff = await f.person('Ops Mei', { role: 'operations' });
    expect((await t.app.inject({ url: receipt, headers: staff.headers })).statusCode).toBe(200);
    const queue = (await t.app.inject({ url: '/api/admin/protection/claims', headers: staff.headers })).json() as {
      content: (Claim & { landlord: { id: string } })[];
    };
    expect(queue.content.find((each) => each.id === made.id)?.landlord.id).toBe(landlord.id);
    const decide = (who: { headers: Record<string, string> }, payload: Record<string, unknown>) =>
      t.app.inject({ method: 'POST', url: `/api/admin/protection/claims/${made.id}/decision`, payload, headers: who.headers });
    // Unconfirmed staff: asked for the PIN.
    expect((await decide(staff, { status: 'APPROVED', approvedAmount: 850, note: 'Receipt for the cabinet only.' })).statusCode).toBe(428);
    await confirmStaffSession(t, staff.token);
    const approved = await decide(staff, { status: 'APPROVED', approvedAmount: 850, note: 'Receipt for the cabinet only.' });
    expect(approved.statusCode).toBe(200);
    expect(approved.json()).toMatchObject({ status: 'APPROVED', approvedSen: 85_000 });
    expect((await decide(staff, { status: 'REJECTED', note: 'Changed my mind.' })).statusCode).toBe(409);
    const ledger = await t.database.db
      .select()
      .from(ledgerEntries)
      .where(eq(ledgerEntries.postingKey, `protection-claim:${made.id}`));
    expect(Object.fromEntries(ledger.map((row) => [row.account, row.amountSen]))).toEqual({
      [PROTECTION_ACCOUNTS.fund]: -85_000,
      [`landlord:${landlord.id}`]: 85_000,
    });
    expect(
      await t.database.db
        .select()
        .from(auditLog)
        .where(and(eq(auditLog.targetId, made.id), eq(auditLog.action, 'services.protection.claim.decide'))),
    ).toHaveLength(1);
    const overview = (await t.app.inject({ url: '/api/services/protection', headers: landlord.headers })).json() as {
      claims: Claim[];
      policies: Policy[];
    };
    expect(overview.claims.find((each) => each.id === made.id)).toMatchObject({
      status: 'APPROVED',
      approvedSen: 85_000,
      decisionNote: 'Receipt for the cabinet only.',
    });
    const told = await t.database.db
      .select()
      .from(notices)
      .where(and(eq(notices.userId, landlord.id), eq(notices.type, 'protection.claim-decided')));
    expect(told).toHaveLength(1);
    // Landlords do not reach the queue.
    expect((await t.app.inject({ url: '/api/admin/protection/claims', headers: landlord.headers })).statusCode).toBe(403);
  });

  it('an OCD claim (rent while a non-paying tenant overstays) is for Protect Plus only', async () => {
    const ocd = (policyId: string) => ({
      policyId,
      kind: 'OCD',
      incidentDate: today(),
      description: 'The tenancy ended and the tenant stays on without paying for two months.',
      amount: 3600,
    });
    // The term ended long ago and a rent is unpaid for longer than eviction waits (OCD's conditions).
    const overstay: [number, number, boolean, boolean][] = [[12, -BUSINESS.protection.evictionAfterDays - 1, false, false]];
    const plus = await protectedTenancy('PROTECT_PLUS', overstay);
    expect((await claim(plus.landlord, ocd(plus.policy.id))).statusCode).toBe(201);
    const protect = await protectedTenancy('PROTECT', overstay);
    const refused = await t.app.inject({
      method: 'POST',
      url: '/api/services/protection/claims',
      payload: ocd(protect.policy.id),
      headers: { ...protect.landlord.headers, 'x-language': 'zh' },
    });
    expect(refused.statusCode).toBe(422);
    expect(refused.json()).toEqual({ errorCode: 11484, message: '逾期占住保障（OCD）索赔仅适用于加强版 Protect Plus 保单。' });
  });
});
