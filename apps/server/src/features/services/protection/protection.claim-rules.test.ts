import { and, eq, like } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BUSINESS } from '@kunci/contracts/business';
import type { NoticeList } from '@kunci/contracts/notifications';
import type { Claim } from '@kunci/contracts/protection';
import {
  auditLog,
  collectionInvoices,
  collectionTenancies,
  ledgerEntries,
  notices,
  protectionClaims,
  protectionOcdPayments,
  protectionOtrDecisions,
} from '@kunci/db/schema';
import type { MediaStore } from '@kunci/media/store';
import { pngDeclaring } from '@kunci/media/test-images';
import { createTestApp, type TestApp } from '../../../../test/support.ts';
import { confirmStaffSession } from '../../../../test/authz/admin.ts';
import { servicesFixtures } from '../test-helpers.ts';
import { insertPolicy, overstayingTenancy } from './test-helpers.ts';
import { addDays, addMonths } from '../collection/collection-dates.ts';
import { createProtectionRepository } from './protection.repository.ts';
import {
  createProtectionService,
  ocdAllowance,
  ocdMonthsDue,
  PROTECTION_ACCOUNTS,
  settledSen,
  type ProtectionPayments,
} from './protection.service.ts';
import { protectionOcd, protectionOtr } from './protection-jobs.ts';

const rules = BUSINESS.protection;
let t: TestApp;
const f = servicesFixtures(() => t);
const today = f.today;

beforeAll(async () => {
  t = await createTestApp({ env: { AUTH_SECRET: 'r'.repeat(40), RATE_LIMIT_MAX: '100000' } });
});
afterAll(() => t.close());

const RENT_SEN = 180_000;

/** A policy in force (written directly) on an ACTIVE deal that started long ago, at RM1,800 a month. */
async function policyOf(plan: 'PROTECT_PLUS' | 'PROTECT' = 'PROTECT_PLUS') {
  const landlord = await f.person('Landlord Siti');
  const tenant = await f.person('Tenant Kumar');
  const { dealId } = await f.activeDeal(landlord.id, tenant.id, addDays(today(), -300));
  const policy = await insertPolicy(t, {
    dealId,
    landlordId: landlord.id,
    tenantId: tenant.id,
    propertyName: 'Claim Rules Residence',
    plan,
    startDate: addDays(today(), -300),
    endDate: addDays(today(), 65),
  });
  return { landlord, tenant, dealId, policy };
}

const PNG = pngDeclaring(8, 6);
const PDF = Buffer.from('%PDF-1.4\n% report\n%%EOF\n');
type FileKind = 'PHOTO' | 'RECEIPT' | 'POLICE_REPORT' | 'TECHNICIAN_REPORT';
const file = (kind: FileKind) => ({ kind, data: (kind === 'PHOTO' ? PNG : PDF).toString('base64') });
const files = (...kinds: FileKind[]) => kinds.map(file);
const photos = (n: number) => Array.from({ length: n }, () => 'PHOTO' as const);

const fileClaim = (who: { headers: Record<string, string> }, body: Record<string, unknown>, language?: string) =>
  t.app.inject({
    method: 'POST',
    url: '/api/services/protection/claims',
    payload: body,
    headers: { ...who.headers, ...(language ? { 'x-language': language } : {}) },
  });

describe('claim conditions: what a claim must carry', () => {
  const base = {
    kind: 'DAMAGE',
    incidentDate: -2,
    description: 'The tenant broke the wardrobe door and the kitchen cabinet.',
    amount: 1200,
  };
  const over = rules.technicianReportOver;
  const reportDays = rules.policeReportDays;
  it.each([
    // [name, changes (dates in days from today), files, status, errorCode]
    ['damage with enough photos and a receipt', {}, [...photos(rules.claimMinPhotos), 'RECEIPT'], 201, null],
    ['damage with a photo too few', {}, [...photos(rules.claimMinPhotos - 1), 'RECEIPT'], 422, 11484],
    ['theft with a photo too few', { kind: 'THEFT' }, [...photos(rules.claimMinPhotos - 1), 'POLICE_REPORT'], 422, 11484],
    ['filed on the last day after the incident', { incidentDate: -rules.claimWithinDays }, photos(rules.claimMinPhotos), 201, null],
    ['filed a day too late', { incidentDate: -rules.claimWithinDays - 1 }, photos(rules.claimMinPhotos), 422, 11484],
    ['theft without a police report', { kind: 'THEFT' }, photos(rules.claimMinPhotos), 422, 11485],
    ['theft with a police report', { kind: 'THEFT' }, [...photos(rules.claimMinPhotos), 'POLICE_REPORT'], 201, null],
    ['damage found after move-out without a police report', { moveOutDate: -1, incidentDate: -1 }, photos(rules.claimMinPhotos), 422, 11485],
    [
      'damage found after move-out with a police report, on the last day',
      { moveOutDate: -reportDays, incidentDate: -reportDays },
      [...photos(rules.claimMinPhotos), 'POLICE_REPORT'],
      201,
      null,
    ],
    [
      'damage found after move-out, a day later than the police report allows',
      { moveOutDate: -reportDays - 1, incidentDate: -reportDays - 1 },
      [...photos(rules.claimMinPhotos), 'POLICE_REPORT'],
      422,
      11486,
    ],
    ['theft at move-out, too late', { kind: 'THEFT', moveOutDate: -reportDays - 1 }, [...photos(rules.claimMinPhotos), 'POLICE_REPORT'], 422, 11486],
    ['a move-out date in the future', { moveOutDate: 1 }, [...photos(rules.claimMinPhotos), 'POLICE_REPORT'], 422, 11484],
    ['damage while the tenant lives there needs no police report', {}, photos(rules.claimMinPhotos), 201, null],
    [
      'an electrical item above the amount without a technician’s report',
      { electrical: true, amount: over + 1 },
      photos(rules.claimMinPhotos),
      422,
      11487,
    ],
    ['an electrical item at the amount', { electrical: true, amount: over }, photos(rules.claimMinPhotos), 201, null],
    [
      'an electrical item above the amount with a technician’s report',
      { electrical: true, amount: over + 1 },
      [...photos(rules.claimMinPhotos), 'TECHNICIAN_REPORT'],
      201,
      null,
    ],
    ['an item that is not electrical, above the amount', { amount: over + 1 }, photos(rules.claimMinPhotos), 201, null],
    ['loss of rent needs neither photos nor reports', { kind: 'LOSS_OF_RENT', moveOutDate: -10 }, [], 201, null],
  ] as [string, Record<string, unknown>, FileKind[], number, number | null][])('%s', async (_name, changes, kinds, status, errorCode) => {
    const { landlord, policy } = await policyOf('PROTECT');
    const body: Record<string, unknown> = { ...base, ...changes, policyId: policy.id, files: files(...kinds) };
    body['incidentDate'] = addDays(today(), Number(body['incidentDate']));
    if (typeof changes['moveOutDate'] === 'number') body['moveOutDate'] = addDays(today(), changes['moveOutDate']);
    const answer = await fileClaim(landlord, body);
    expect(answer.statusCode).toBe(status);
    if (errorCode) expect(answer.json()).toMatchObject({ errorCode });
    else expect(answer.json()).toMatchObject({ status: 'SUBMITTED', files: kinds.map((kind) => expect.objectContaining({ kind })) });
  });

  it.each([
    ['en', 'Attach the police report: theft claims, and damage found after the tenant moved out, need one.'],
    ['ms', 'Lampirkan laporan polis: tuntutan kecurian, dan kerosakan yang ditemui selepas penyewa keluar, memerlukannya.'],
    ['zh', '请附上警方报案书：盗窃索赔，以及租客搬走后发现的损坏，都需要报案书。'],
  ])('the refusal is told in the landlord’s language (%s), with the numbers from the settings', async (language, message) => {
    const { landlord, policy } = await policyOf('PROTECT');
    const body = { ...base, kind: 'THEFT', policyId: policy.id, incidentDate: today(), files: files(...photos(rules.claimMinPhotos)) };
    expect((await fileClaim(landlord, body, language)).json()).toEqual({ errorCode: 11485, message });
    const late = await fileClaim(
      landlord,
      { ...body, moveOutDate: addDays(today(), -reportDays - 1), files: files(...photos(rules.claimMinPhotos), 'POLICE_REPORT') },
      language,
    );
    expect((late.json() as { message: string }).message).toContain(String(reportDays));
    const electrical = await fileClaim(
      landlord,
      { ...body, kind: 'DAMAGE', electrical: true, amount: over + 1, files: files(...photos(3)) },
      language,
    );
    expect(electrical.json()).toMatchObject({ errorCode: 11487, message: expect.stringContaining(`RM${over}`) });
  });
});

describe('deciding: a deduction within the band when no receipt was given', () => {
  it.each([
    // [claimed, receipt?, approvedAmount, deductionPercent, what is settled]
    [1200, true, undefined, undefined, 120_000],
    [1200, false, undefined, rules.noReceiptDeduction.min, 120_000 * (1 - rules.noReceiptDeduction.min / 100)],
    [1200, false, 1000, rules.noReceiptDeduction.max, 100_000 * (1 - rules.noReceiptDeduction.max / 100)],
    [1200, true, 5000, undefined, 120_000],
    [333, false, undefined, 15, 28_305],
  ])('claimed RM%s, receipt %s, approved %s, %s%% off: %s sen', (claimed, _receipt, approved, percent, settled) => {
    expect(settledSen(claimed * 100, approved, percent)).toBe(settled);
  });

  async function submitted(receipt: boolean) {
    const { landlord, policy } = await policyOf('PROTECT');
    const filed = await fileClaim(landlord, {
      policyId: policy.id,
      kind: 'DAMAGE',
      incidentDate: addDays(today(), -1),
      description: 'The tenant broke the sliding door of the balcony.',
      amount: 1200,
      files: files(...photos(rules.claimMinPhotos), ...(receipt ? (['RECEIPT'] as const) : [])),
    });
    expect(filed.statusCode).toBe(201);
    return { landlord, claim: filed.json() as Claim };
  }

  it.each([
    // [name, receipt?, decision, status, errorCode, approvedSen, deductionPercent]
    ['with a receipt: paid without a deduction', true, { approvedAmount: 1000 }, 200, null, 100_000, null],
    ['with a receipt: no deduction allowed', true, { deductionPercent: 20 }, 422, 11488, null, null],
    ['without a receipt: a deduction is required', false, {}, 422, 11488, null, null],
    ['without a receipt: below the band', false, { deductionPercent: rules.noReceiptDeduction.min - 1 }, 422, 11422, null, null],
    ['without a receipt: above the band', false, { deductionPercent: rules.noReceiptDeduction.max + 1 }, 422, 11422, null, null],
    [
      'without a receipt: the band’s floor',
      false,
      { deductionPercent: rules.noReceiptDeduction.min },
      200,
      null,
      108_000,
      rules.noReceiptDeduction.min,
    ],
    [
      'without a receipt: the band’s top, of a lower amount',
      false,
      { approvedAmount: 1000, deductionPercent: rules.noReceiptDeduction.max },
      200,
      null,
      50_000,
      rules.noReceiptDeduction.max,
    ],
  ] as const)('%s', async (_name, receipt, decision, status, errorCode, approvedSen, deductionPercent) => {
    const { landlord, claim } = await submitted(receipt);
    const staff = await f.person('Ops Aisyah', { role: 'operations' });
    await confirmStaffSession(t, staff.token);
    const answer = await t.app.inject({
      method: 'POST',
      url: `/api/admin/protection/claims/${claim.id}/decision`,
      payload: { status: 'APPROVED', note: 'Checked against the photos.', ...decision },
      headers: staff.headers,
    });
    expect(answer.statusCode).toBe(status);
    const ledger = await t.database.db
      .select()
      .from(ledgerEntries)
      .where(eq(ledgerEntries.postingKey, `protection-claim:${claim.id}`));
    if (errorCode) {
      expect(answer.json()).toMatchObject({ errorCode });
      expect(ledger).toHaveLength(0);
      return;
    }
    // The landlord sees what is settled and the deduction; the fund pays exactly that.
    const overview = (await t.app.inject({ url: '/api/services/protection', headers: landlord.headers })).json() as { claims: Claim[] };
    expect(overview.claims.find((each) => each.id === claim.id)).toMatchObject({ status: 'APPROVED', approvedSen, deductionPercent });
    expect(Object.fromEntries(ledger.map((row) => [row.account, row.amountSen]))).toEqual({
      [PROTECTION_ACCOUNTS.fund]: -approvedSen!,
      [`landlord:${landlord.id}`]: approvedSen,
    });
  });
});

describe('Overstay Cash Defender: the months a policy may pay', () => {
  it.each([
    // [OTR months paid, OCD months paid, OCD months left]
    [0, 0, rules.ocdMonths],
    [rules.ocdOtrMonths, 0, rules.ocdMonths],
    [rules.ocdOtrMonths + 1, 0, rules.ocdMonths - 1],
    [rules.ocdOtrMonths + 2, rules.ocdMonths - 3, 1],
    [0, rules.ocdMonths - 1, 1],
    [0, rules.ocdMonths, 0],
    [rules.ocdOtrMonths + rules.ocdMonths, 0, 0],
    [rules.ocdOtrMonths + rules.ocdMonths + 3, 0, 0],
  ])('OTR paid %i months, OCD %i: %i left', (otr, ocd, left) => {
    expect(ocdAllowance(otr, ocd)).toBe(left);
  });

  it.each([
    // [name, incident, ended on, months paid, day, allowance, months due]
    ['the first month on the overstay’s first day', '2027-03-10', null, 0, '2027-03-10', 9, [[1, '2027-03-10']]],
    ['not before it', '2027-03-10', null, 0, '2027-03-09', 9, []],
    ['the second a month later', '2027-03-10', null, 1, '2027-04-10', 9, [[2, '2027-04-10']]],
    [
      'months missed are caught up',
      '2027-01-31',
      null,
      0,
      '2027-03-31',
      9,
      [
        [1, '2027-01-31'],
        [2, '2027-02-28'],
        [3, '2027-03-31'],
      ],
    ],
    [
      'within the allowance',
      '2027-01-10',
      null,
      0,
      '2027-03-10',
      2,
      [
        [1, '2027-01-10'],
        [2, '2027-02-10'],
      ],
    ],
    ['none once the overstay ended before the month', '2027-03-10', '2027-04-10', 1, '2027-05-10', 9, []],
    ['a month that started before the end is paid', '2027-03-10', '2027-04-11', 1, '2027-05-10', 9, [[2, '2027-04-10']]],
  ] as const)('%s', (_name, incidentDate, overstayEndedOn, paid, day, allowance, due) => {
    expect(ocdMonthsDue({ incidentDate, overstayEndedOn }, paid, day, allowance)).toEqual(due.map(([month, start]) => ({ month, start })));
  });
});

describe('Overstay Cash Defender pays the rent monthly through the job queue', () => {
  /** Months on-time rental paid under the policy, written as paid decisions on a collection tenancy's invoices. */
  async function otrMonths(policy: { id: string; landlordId: string; tenantId: string; dealId: string }, count: number) {
    if (!count) return;
    const db = t.database.db;
    const [tenancy] = await db
      .insert(collectionTenancies)
      .values({
        landlordId: policy.landlordId,
        tenantId: policy.tenantId,
        dealId: policy.dealId,
        propertyName: 'Claim Rules Residence',
        monthlyRentSen: RENT_SEN,
        dueDay: 1,
        startDate: addDays(today(), -300),
        termMonths: 12,
        firstDueDate: addDays(today(), -300),
        endDate: addDays(today(), 65),
        nextIssueDate: null,
      })
      .returning();
    const invoices = await db
      .insert(collectionInvoices)
      .values(
        Array.from({ length: count }, (_, index) => ({
          tenancyId: tenancy!.id,
          number: index + 2,
          dueDate: addDays(today(), -270 + index * 30),
          issueDate: addDays(today(), -277 + index * 30),
          amountSen: RENT_SEN,
          status: 'PAID' as const,
          emailedAt: new Date(),
        })),
      )
      .returning();
    await db
      .insert(protectionOtrDecisions)
      .values(invoices.map((invoice) => ({ invoiceId: invoice.id, policyId: policy.id, paid: true, amountSen: RENT_SEN })));
  }

  /** An approved OCD claim written directly: the overstay started `monthsAgo` months ago (ended on `endedOn`). */
  async function approvedOcd(policy: { id: string; landlordId: string }, monthsAgo: number, endedOn: string | null = null) {
    const [claim] = await t.database.db
      .insert(protectionClaims)
      .values({
        policyId: policy.id,
        landlordId: policy.landlordId,
        kind: 'OCD',
        incidentDate: addMonths(today(), -monthsAgo),
        description: 'The tenancy ended and the tenant stays on without paying.',
        amountSen: RENT_SEN,
        status: 'APPROVED',
        approvedSen: RENT_SEN,
        decidedAt: new Date(),
        overstayEndedOn: endedOn,
      })
      .returning();
    return claim!;
  }

  async function runOcd() {
    await t.app.jobs.enqueue(protectionOcd, {}, { key: 'protection:ocd' });
    await f.drain();
  }

  it.each([
    // [name, OTR months, OCD months an earlier claim paid, months the overstay has lasted, months paid now]
    ['three months of overstay so far', 0, 0, 2, 3],
    ['the policy’s last OCD month', 0, rules.ocdMonths - 1, 2, 1],
    ['no OCD month left', 0, rules.ocdMonths, 2, 0],
    ['OTR within its share leaves every OCD month', rules.ocdOtrMonths, rules.ocdMonths - 2, 2, 2],
    ['OTR beyond its share takes from OCD', rules.ocdOtrMonths + 2, rules.ocdMonths - 3, 2, 1],
  ])('%s', async (_name, otr, earlier, monthsAgo, expected) => {
    const { landlord, dealId, policy } = await policyOf();
    await otrMonths({ ...policy, dealId }, otr);
    if (earlier) {
      const old = await approvedOcd(policy, 14, addMonths(today(), -14 + earlier));
      await t.database.db.insert(protectionOcdPayments).values(
        Array.from({ length: earlier }, (_, index) => ({
          claimId: old.id,
          month: index + 1,
          policyId: policy.id,
          landlordId: landlord.id,
          monthStart: addMonths(today(), -14 + index),
          amountSen: RENT_SEN,
        })),
      );
    }
    const claim = await approvedOcd(policy, monthsAgo);
    await runOcd();
    await Promise.all([runOcd(), runOcd()]);
    const paid = await t.database.db.select().from(protectionOcdPayments).where(eq(protectionOcdPayments.claimId, claim.id));
    expect(paid.map((row) => [row.month, row.monthStart, row.amountSen]).sort()).toEqual(
      Array.from({ length: expected }, (_, index) => [index + 1, addMonths(claim.incidentDate, index), RENT_SEN]),
    );
    // Each month: one balanced payout from the fund to the landlord, and one notice.
    const ledger = await t.database.db
      .select()
      .from(ledgerEntries)
      .where(like(ledgerEntries.postingKey, `protection-ocd:${claim.id}:%`));
    expect(ledger).toHaveLength(expected * 2);
    expect(ledger.reduce((sum, row) => sum + row.amountSen, 0)).toBe(0);
    expect(ledger.filter((row) => row.account === `landlord:${landlord.id}`).reduce((sum, row) => sum + row.amountSen, 0)).toBe(expected * RENT_SEN);
    expect(ledger.filter((row) => row.account === PROTECTION_ACCOUNTS.fund)).toHaveLength(expected);
    const told = await t.database.db
      .select()
      .from(notices)
      .where(and(eq(notices.userId, landlord.id), eq(notices.type, 'protection.ocd-paid')));
    expect(told).toHaveLength(expected);
  });

  it.each([
    // [name, staff end the overstay today?, months paid]
    ['while the tenant stays on, the month that starts today is paid too', false, 2],
    ['once staff mark the overstay ended today, that month is not paid', true, 1],
  ])('%s', async (_name, end, expected) => {
    const { landlord, tenant, dealId, policy } = await policyOf();
    await overstayingTenancy(
      t,
      { dealId, landlordId: landlord.id, tenantId: tenant.id, policyId: policy.id },
      { daysUnpaid: rules.evictionAfterDays + 1, termMonths: 9 },
    );
    const filed = await fileClaim(landlord, {
      policyId: policy.id,
      kind: 'OCD',
      incidentDate: today(),
      description: 'The tenancy ended and the tenant stays on without paying.',
      amount: 1800,
    });
    expect(filed.statusCode).toBe(201);
    const claim = filed.json() as Claim;
    const staff = await f.person('Ops Farid', { role: 'operations' });
    const post = (url: string, payload: Record<string, unknown>) => t.app.inject({ method: 'POST', url, payload, headers: staff.headers });
    const endUrl = `/api/admin/protection/claims/${claim.id}/overstay-end`;
    // Ending asks for a fresh PIN; then, not approved yet: nothing to end.
    expect((await post(endUrl, { endDate: today() })).statusCode).toBe(428);
    await confirmStaffSession(t, staff.token);
    expect((await post(endUrl, { endDate: today() })).json()).toMatchObject({ errorCode: 11409 });
    const approved = await post(`/api/admin/protection/claims/${claim.id}/decision`, {
      status: 'APPROVED',
      note: 'Overstay confirmed by the agent.',
    });
    // OCD pays the month's rent, not what was claimed, and nothing at once.
    expect(approved.json()).toMatchObject({ status: 'APPROVED', approvedSen: RENT_SEN, ocd: { monthsPaid: 0, paidSen: 0, endedOn: null } });
    // The landlord is told the rent comes month by month, not that it was paid.
    const bell = (await t.app.inject({ url: '/api/notices', headers: landlord.headers })).json() as NoticeList;
    const decided = bell.content.find((notice) => notice.type === 'protection.claim-decided');
    expect(decided?.body).toContain('is paid to you each month while the tenant overstays');
    expect(decided?.body).not.toContain('Paid:');
    expect(
      await t.database.db
        .select()
        .from(ledgerEntries)
        .where(eq(ledgerEntries.postingKey, `protection-claim:${claim.id}`)),
    ).toHaveLength(0);
    // The overstay started a month ago: its second month starts today.
    await t.database.db
      .update(protectionClaims)
      .set({ incidentDate: addMonths(today(), -1) })
      .where(eq(protectionClaims.id, claim.id));
    if (end) {
      expect((await post(endUrl, { endDate: addDays(today(), 1) })).json()).toMatchObject({ errorCode: 11422 });
      const ended = await post(endUrl, { endDate: today() });
      expect(ended.statusCode).toBe(200);
      expect(ended.json()).toMatchObject({ ocd: { endedOn: today() } });
      expect((await post(endUrl, { endDate: today() })).statusCode).toBe(409);
      expect(
        await t.database.db
          .select()
          .from(auditLog)
          .where(and(eq(auditLog.targetId, claim.id), eq(auditLog.action, 'services.protection.claim.overstay-end'))),
      ).toHaveLength(1);
    }
    await runOcd();
    await runOcd();
    // The landlord is told, once, when staff end the overstay.
    const ended = await t.database.db
      .select()
      .from(notices)
      .where(and(eq(notices.userId, landlord.id), eq(notices.type, 'protection.overstay-ended')));
    expect(ended).toHaveLength(end ? 1 : 0);
    const overview = (await t.app.inject({ url: '/api/services/protection', headers: landlord.headers })).json() as { claims: Claim[] };
    expect(overview.claims.find((each) => each.id === claim.id)?.ocd).toEqual({
      monthsPaid: expected,
      paidSen: expected * RENT_SEN,
      endedOn: end ? today() : null,
    });
  });

  it('a run pages through every running claim, however small its batch', async () => {
    const first = await policyOf();
    const second = await policyOf();
    const claims = [await approvedOcd(first.policy, 0), await approvedOcd(second.policy, 0)];
    const service = createProtectionService({
      repository: createProtectionRepository(t.database.db),
      payments: t.app.payments as unknown as ProtectionPayments,
      notices: t.app.notifications,
      // OCD reads no claim file.
      store: {} as unknown as MediaStore,
      sealer: { seal: (bytes) => bytes, open: (bytes) => bytes },
    });
    await service.runOcd(today(), 1);
    for (const claim of claims)
      expect(await t.database.db.select().from(protectionOcdPayments).where(eq(protectionOcdPayments.claimId, claim.id))).toHaveLength(1);
  });

  it('a policy whose OCD months are all paid takes no new OCD claim', async () => {
    const { landlord, tenant, dealId, policy } = await policyOf();
    await overstayingTenancy(
      t,
      { dealId, landlordId: landlord.id, tenantId: tenant.id, policyId: policy.id },
      { daysUnpaid: rules.evictionAfterDays + 1, termMonths: 9 },
    );
    const old = await approvedOcd(policy, 12, addMonths(today(), -2));
    await t.database.db.insert(protectionOcdPayments).values(
      Array.from({ length: rules.ocdMonths }, (_, index) => ({
        claimId: old.id,
        month: index + 1,
        policyId: policy.id,
        landlordId: landlord.id,
        monthStart: addMonths(today(), -12 + index),
        amountSen: RENT_SEN,
      })),
    );
    const refused = await fileClaim(landlord, {
      policyId: policy.id,
      kind: 'OCD',
      incidentDate: today(),
      description: 'The next tenant stays on without paying too.',
      amount: 1800,
    });
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toMatchObject({ errorCode: 11489 });
  });
});

describe('on-time rental needs the tenancy enrolled in rental collection', () => {
  it('a Protect Plus policy pays nothing for rent collected elsewhere: an unpaid invoice of a tenancy not enrolled for its deal', async () => {
    const { landlord, tenant, policy } = await policyOf();
    // The same landlord and tenant collect another tenancy (signed elsewhere, no deal) through us.
    const [tenancy] = await t.database.db
      .insert(collectionTenancies)
      .values({
        landlordId: landlord.id,
        tenantId: tenant.id,
        propertyName: 'Elsewhere Flat',
        monthlyRentSen: RENT_SEN,
        dueDay: 1,
        startDate: addDays(today(), -200),
        termMonths: 12,
        firstDueDate: addDays(today(), -200),
        endDate: addDays(today(), 165),
        nextIssueDate: null,
      })
      .returning();
    const [invoice] = await t.database.db
      .insert(collectionInvoices)
      .values({ tenancyId: tenancy!.id, number: 5, dueDate: today(), issueDate: addDays(today(), -7), amountSen: RENT_SEN, emailedAt: new Date() })
      .returning();
    await t.app.jobs.enqueue(protectionOtr, {}, { key: 'protection:otr' });
    await f.drain();
    expect(await t.database.db.select().from(protectionOtrDecisions).where(eq(protectionOtrDecisions.invoiceId, invoice!.id))).toHaveLength(0);
    expect(await t.database.db.select().from(protectionOtrDecisions).where(eq(protectionOtrDecisions.policyId, policy.id))).toHaveLength(0);
  });
});
