import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BUSINESS } from '@kunci/contracts/business';
import type { NoticeList } from '@kunci/contracts/notifications';
import type { Claim, Policy } from '@kunci/contracts/protection';
import {
  collectionTenancies,
  dealScreenings,
  deals,
  notices,
  protectionClaims,
  protectionPolicies,
  protectionPolicyTransfers,
} from '@kunci/db/schema';
import { createTestApp, type TestApp } from '../../../../test/support.ts';
import { confirmStaffSession } from '../../../../test/authz/admin.ts';
import { servicesFixtures } from '../test-helpers.ts';
import { insertPolicy, overstayingTenancy } from './test-helpers.ts';
import { addDays, addMonths, tenancyEnd } from '../collection/collection-dates.ts';
import { coverLimit, ocdRefusal, sameHome, transferCover } from './protection.service.ts';

const rules = BUSINESS.protection;
let t: TestApp;
const f = servicesFixtures(() => t);
const today = f.today;

beforeAll(async () => {
  t = await createTestApp({ env: { AUTH_SECRET: 'x'.repeat(40), RATE_LIMIT_MAX: '100000' } });
});
afterAll(() => t.close());

const RENT_SEN = 180_000;

/** A policy (written directly) on an ACTIVE deal of a listing that started `startDaysAgo` days ago. */
async function policyOf(
  options: {
    startDaysAgo?: number;
    termMonths?: number;
    status?: 'ACTIVE' | 'PENDING_PAYMENT';
    language?: 'EN' | 'MY';
    landlord?: Awaited<ReturnType<typeof f.person>>;
  } = {},
) {
  const landlord = options.landlord ?? (await f.person('Landlord Mei', { language: options.language ?? 'EN' }));
  const tenant = await f.person('Tenant Arif');
  const startDate = addDays(today(), -(options.startDaysAgo ?? 300));
  const termMonths = options.termMonths ?? 12;
  const { dealId, propertyId } = await f.activeDeal(landlord.id, tenant.id, startDate, { tenancyMonths: termMonths });
  const policy = await insertPolicy(t, {
    dealId,
    landlordId: landlord.id,
    tenantId: tenant.id,
    propertyName: 'Transfer Residence',
    plan: 'PROTECT_PLUS',
    status: options.status ?? 'ACTIVE',
    startDate,
    endDate: tenancyEnd(startDate, Math.min(termMonths, rules.coverMonths)),
  });
  return { landlord, tenant, dealId, propertyId, policy };
}

type Replacement = {
  /** How the new tenancy is tied to the policy's home: enrolled in collection as its listing, by its name, as another home, or not at all. */
  home: 'listing' | 'name' | 'other' | 'none';
  screening: 'APPROVED' | 'APPROVED_WITH_CONDITIONS' | 'REJECTED' | null;
  moveInDaysAgo: number;
  state: 'ACTIVE' | 'SIGNED';
  months: number;
  rent: number;
  otherLandlord: boolean;
};
const replacementDefaults: Replacement = {
  home: 'listing',
  screening: 'APPROVED',
  moveInDaysAgo: 10,
  state: 'ACTIVE',
  months: 12,
  rent: 1500,
  otherLandlord: false,
};

/** The replacement tenant's tenancy: a deal without a listing (the listing's is held by the first), as the options say. */
async function replacementOf(current: Awaited<ReturnType<typeof policyOf>>, options: Partial<Replacement>) {
  const o = { ...replacementDefaults, ...options };
  const db = t.database.db;
  const landlordId = o.otherLandlord ? (await f.person('Another Landlord')).id : current.landlord.id;
  const tenant = await f.person('Tenant Farah');
  const moveInDate = addDays(today(), -o.moveInDaysAgo);
  const [deal] = await db
    .insert(deals)
    .values({
      propertyName: 'Transfer Residence, unit 3',
      tenantId: tenant.id,
      landlordId,
      state: o.state,
      moveInDate,
      tenancyMonths: o.months,
      monthlyRent: o.rent,
      occupants: 1,
      bookingFeeSen: 50_000,
      paidAt: new Date(),
    })
    .returning();
  if (o.screening)
    await db.insert(dealScreenings).values({ dealId: deal!.id, profile: 'WORKING_ADULT', decision: o.screening, decidedAt: new Date() });
  if (o.home !== 'none')
    await db.insert(collectionTenancies).values({
      landlordId,
      tenantId: tenant.id,
      dealId: deal!.id,
      propertyId: o.home === 'listing' ? current.propertyId : null,
      propertyName: o.home === 'name' ? ' transfer residence ' : o.home === 'other' ? 'Another Flat' : 'Unit 3',
      monthlyRentSen: o.rent * 100,
      dueDay: 1,
      startDate: moveInDate,
      termMonths: o.months,
      firstDueDate: moveInDate,
      endDate: tenancyEnd(moveInDate, o.months),
      nextIssueDate: null,
    });
  return { dealId: deal!.id, tenantId: tenant.id, moveInDate };
}

const transfer = (who: { headers: Record<string, string> }, policyId: string, dealId: string, language?: string) =>
  t.app.inject({
    method: 'POST',
    url: `/api/services/protection/policies/${policyId}/transfer`,
    payload: { dealId },
    headers: { ...who.headers, ...(language ? { 'x-language': language } : {}) },
  });

describe('moving a policy to a replacement tenant who passed screening', () => {
  it.each([
    // [name, policy options, replacement options, status, errorCode, cover: 'own' (the new term) or 'limit' (capped)]
    ['approved tenant, the home enrolled in collection as the listing', {}, {}, 200, null, 'own'],
    ['approved with conditions, the home enrolled by its name', {}, { home: 'name', screening: 'APPROVED_WITH_CONDITIONS' }, 200, null, 'own'],
    ['capped at the months allowed in all from the policy’s first day', { startDaysAgo: 500 }, {}, 200, null, 'limit'],
    ['moving in after the policy’s limit', { startDaysAgo: 720 }, {}, 409, 11491, null],
    ['screening rejected', {}, { screening: 'REJECTED' }, 422, 11490, null],
    ['not screened', {}, { screening: null }, 422, 11490, null],
    ['another home', {}, { home: 'other' }, 422, 11490, null],
    ['a tenancy tied to no home of the policy', {}, { home: 'none' }, 422, 11490, null],
    ['a tenancy that has not started', {}, { state: 'SIGNED' }, 422, 11490, null],
    ['moving in before the covered tenancy started', {}, { moveInDaysAgo: 301 }, 422, 11490, null],
    ['a policy not in force', { status: 'PENDING_PAYMENT' }, {}, 422, 11490, null],
    ['another landlord’s tenancy', {}, { otherLandlord: true }, 403, 11403, null],
  ] as const)('%s', async (_name, policyOptions, replacementOptions, status, errorCode, cover) => {
    const current = await policyOf(policyOptions);
    const next = await replacementOf(current, replacementOptions);
    const answer = await transfer(current.landlord, current.policy.id, next.dealId);
    expect(answer.statusCode).toBe(status);
    const history = await t.database.db.select().from(protectionPolicyTransfers).where(eq(protectionPolicyTransfers.policyId, current.policy.id));
    const [stored] = await t.database.db.select().from(protectionPolicies).where(eq(protectionPolicies.id, current.policy.id));
    if (errorCode !== null) {
      expect(answer.json()).toMatchObject({ errorCode });
      expect(history).toHaveLength(0);
      expect(stored).toMatchObject({ dealId: current.dealId, endDate: current.policy.endDate });
      return;
    }
    const limit = tenancyEnd(current.policy.startDate, rules.transferMaxMonths);
    const toEnd = cover === 'own' ? tenancyEnd(next.moveInDate, replacementDefaults.months) : limit;
    const policy = answer.json() as Policy;
    expect(policy).toMatchObject({
      dealId: next.dealId,
      startDate: current.policy.startDate,
      endDate: toEnd,
      coverLimit: limit,
      monthlyRentSen: 150_000,
    });
    expect(policy.transfers).toEqual([
      {
        fromDealId: current.dealId,
        toDealId: next.dealId,
        fromStart: current.policy.startDate,
        // The earlier tenancy's cover ends the day before the new tenant moves in (or when it ended already).
        fromEnd: [current.policy.endDate, addDays(next.moveInDate, -1)].sort()[0],
        toStart: next.moveInDate,
        toEnd,
        transferredAt: expect.any(String),
      },
    ]);
    expect(stored).toMatchObject({ dealId: next.dealId, tenantId: next.tenantId, endDate: toEnd });
    // Never more than the months allowed, counted from the policy's first day.
    expect(stored!.endDate <= addDays(addMonths(current.policy.startDate, rules.transferMaxMonths), -1)).toBe(true);
    // The landlord's page shows it moved.
    const overview = (await t.app.inject({ url: '/api/services/protection', headers: current.landlord.headers })).json() as { policies: Policy[] };
    expect(overview.policies.find((each) => each.id === current.policy.id)?.transfers).toHaveLength(1);
  });

  it('the refusal is in the landlord’s language; someone else’s policy is forbidden; a tenancy already protected is refused', async () => {
    const current = await policyOf();
    const rejected = await replacementOf(current, { screening: 'REJECTED' });
    const ms = await transfer(current.landlord, current.policy.id, rejected.dealId, 'ms');
    expect(ms.json()).toEqual({ errorCode: 11490, message: 'Penyewa baharu belum lulus saringan.' });
    const zh = await transfer(current.landlord, current.policy.id, rejected.dealId, 'zh');
    expect(zh.json()).toEqual({ errorCode: 11490, message: '新租客尚未通过筛查。' });
    const late = await policyOf({ startDaysAgo: 720 });
    const lateNext = await replacementOf(late, {});
    expect((await transfer(late.landlord, late.policy.id, lateNext.dealId)).json()).toEqual({
      errorCode: 11491,
      message: `A policy covers at most ${rules.transferMaxMonths} months in all, and this one has reached that limit.`,
    });
    const next = await replacementOf(current, {});
    const stranger = await f.person('Stranger');
    expect((await transfer(stranger, current.policy.id, next.dealId)).statusCode).toBe(403);
    // A second policy already protects the replacement's tenancy.
    const other = await policyOf();
    await t.database.db.update(protectionPolicies).set({ dealId: next.dealId }).where(eq(protectionPolicies.id, other.policy.id));
    expect((await transfer(current.landlord, current.policy.id, next.dealId)).json()).toMatchObject({ errorCode: 11483 });
  });

  it('two policies moved to the same tenancy at once: one moves, the other is told it is protected already', async () => {
    const first = await policyOf();
    const second = await policyOf({ landlord: first.landlord });
    // Enrolled under the home's name, which both policies bear.
    const next = await replacementOf(first, { home: 'name' });
    const answers = await Promise.all([
      transfer(first.landlord, first.policy.id, next.dealId),
      transfer(first.landlord, second.policy.id, next.dealId),
    ]);
    expect(answers.map((answer) => answer.statusCode).sort()).toEqual([200, 409]);
    expect(answers.find((answer) => answer.statusCode === 409)?.json()).toMatchObject({ errorCode: 11483 });
    expect(await t.database.db.select().from(protectionPolicies).where(eq(protectionPolicies.dealId, next.dealId))).toHaveLength(1);
  });

  it('a policy moved twice keeps its history and never covers more than the months allowed in all', async () => {
    const current = await policyOf({ startDaysAgo: 400 });
    const second = await replacementOf(current, { moveInDaysAgo: 200 });
    expect((await transfer(current.landlord, current.policy.id, second.dealId)).statusCode).toBe(200);
    // The second replacement cannot move in before the tenancy now covered started.
    const early = await replacementOf(current, { moveInDaysAgo: 250 });
    expect((await transfer(current.landlord, current.policy.id, early.dealId)).json()).toMatchObject({ errorCode: 11490 });
    const third = await replacementOf(current, { moveInDaysAgo: 5 });
    const moved = (await transfer(current.landlord, current.policy.id, third.dealId)).json() as Policy;
    expect(moved.transfers.map((each) => [each.fromStart, each.fromEnd, each.toStart])).toEqual([
      [current.policy.startDate, addDays(second.moveInDate, -1), second.moveInDate],
      [second.moveInDate, addDays(third.moveInDate, -1), third.moveInDate],
    ]);
    expect(moved.endDate).toBe(coverLimit(current.policy.startDate));
  });
});

describe('the transfer rules', () => {
  it.each([
    // [name, policy start, current tenancy's start, policy end, new move-in, new months, expected]
    [
      'a new term within the limit',
      '2026-01-01',
      '2026-01-01',
      '2026-12-31',
      '2026-10-01',
      12,
      { fromEnd: '2026-09-30', toStart: '2026-10-01', toEnd: '2027-09-30' },
    ],
    [
      'a term past the limit is cut at it',
      '2026-01-01',
      '2026-01-01',
      '2026-12-31',
      '2027-06-01',
      12,
      { fromEnd: '2026-12-31', toStart: '2027-06-01', toEnd: '2027-11-30' },
    ],
    [
      'moving in on the limit’s last day',
      '2026-01-01',
      '2026-01-01',
      '2026-12-31',
      '2027-11-30',
      12,
      { fromEnd: '2026-12-31', toStart: '2027-11-30', toEnd: '2027-11-30' },
    ],
    ['moving in a day after the limit', '2026-01-01', '2026-01-01', '2026-12-31', '2027-12-01', 12, { refusal: 'limit' }],
    ['moving in on the current tenancy’s first day', '2026-01-01', '2026-03-01', '2027-02-28', '2026-03-01', 12, { refusal: 'startDate' }],
    [
      'a term longer than the cover months is covered for the cover months',
      '2026-01-01',
      '2026-01-01',
      '2026-12-31',
      '2026-02-01',
      24,
      { fromEnd: '2026-01-31', toStart: '2026-02-01', toEnd: '2027-01-31' },
    ],
  ] as const)('%s', (_name, startDate, currentStart, endDate, moveInDate, tenancyMonths, expected) => {
    expect(transferCover({ startDate, endDate, currentStart }, { moveInDate, tenancyMonths })).toEqual(expected);
  });

  it.each([
    // [name, current home, new deal's listing, new deal's collection tenancy, same home?]
    ['the same listing', { propertyId: 7, propertyName: 'A' }, 7, null, true],
    ['another listing, not enrolled', { propertyId: 7, propertyName: 'A' }, 8, null, false],
    ['enrolled as the listing', { propertyId: 7, propertyName: 'A' }, null, { propertyId: 7, propertyName: 'Z' }, true],
    ['enrolled under the same name', { propertyId: null, propertyName: 'Vista 3A' }, null, { propertyId: null, propertyName: ' vista 3a' }, true],
    ['enrolled under another name', { propertyId: null, propertyName: 'Vista 3A' }, null, { propertyId: null, propertyName: 'Vista 3B' }, false],
    ['no listing on either side, not enrolled', { propertyId: null, propertyName: 'Vista 3A' }, null, null, false],
    ['a blank name matches nothing', { propertyId: null, propertyName: '' }, null, { propertyId: null, propertyName: ' ' }, false],
  ] as const)('%s', (_name, current, propertyId, collection, expected) => {
    expect(sameHome(current, { propertyId }, collection)).toBe(expected);
  });
});

describe('OCD is for a tenant who stays past the term and has not paid for longer than eviction waits', () => {
  const days = rules.evictionAfterDays;
  it.each([
    // [name, incident vs the tenancy's last day, days the oldest unpaid rent is overdue (null: none), refusal]
    ['the day after the term, a rent unpaid a day longer than eviction waits', 1, days + 1, null],
    ['on the tenancy’s last day (not past the term)', 0, days + 1, 'ocdTerm'],
    ['before the term ended (ended early, or ran away)', -3, days + 1, 'ocdTerm'],
    ['a rent unpaid exactly as long as eviction waits', 1, days, 'ocdUnpaid'],
    ['no rent unpaid through us', 1, null, 'ocdUnpaid'],
  ] as const)('%s', (_name, afterEnd, overdue, expected) => {
    const day = '2026-11-26';
    const lastDay = '2026-11-20';
    expect(ocdRefusal(addDays(lastDay, afterEnd), lastDay, overdue === null ? null : addDays(day, -overdue), day)).toBe(expected);
  });

  /** A Protect Plus policy whose deal's term ends on `lastDay` (a day relative to today). */
  async function endingPolicy() {
    const current = await policyOf({ startDaysAgo: 0, termMonths: 9 });
    // Move the tenancy back so its last day is two days ago.
    const moveInDate = addMonths(addDays(today(), -1), -9);
    await t.database.db.update(deals).set({ moveInDate }).where(eq(deals.id, current.dealId));
    await t.database.db.update(protectionPolicies).set({ startDate: moveInDate }).where(eq(protectionPolicies.id, current.policy.id));
    return { ...current, lastDay: tenancyEnd(moveInDate, 9) };
  }

  it.each([
    // [name, incident vs last day, days unpaid (null: no tenancy collected through us), invoice status, status, message]
    ['overstaying with a rent unpaid a day longer than eviction waits', 1, days + 1, 'ISSUED', 201, null],
    ['an incident on the tenancy’s last day', 0, days + 1, 'ISSUED', 422, 'Overstay Cash Defender is for a tenant who stays on'],
    ['a rent unpaid exactly as long as eviction waits', 1, days, 'ISSUED', 422, `not paid for more than ${days} days`],
    ['the old rent was paid', 1, days + 10, 'PAID', 422, `not paid for more than ${days} days`],
    ['rent not collected through us', 1, null, 'ISSUED', 422, `not paid for more than ${days} days`],
  ] as const)('%s', async (_name, afterEnd, daysUnpaid, invoiceStatus, status, message) => {
    const current = await endingPolicy();
    if (daysUnpaid !== null)
      await overstayingTenancy(
        t,
        { dealId: current.dealId, landlordId: current.landlord.id, tenantId: current.tenant.id, policyId: current.policy.id },
        { daysUnpaid, status: invoiceStatus },
      );
    const filed = await t.app.inject({
      method: 'POST',
      url: '/api/services/protection/claims',
      payload: {
        policyId: current.policy.id,
        kind: 'OCD',
        incidentDate: addDays(current.lastDay, afterEnd),
        description: 'The tenancy ended and the tenant stays on without paying.',
        amount: 1800,
      },
      headers: current.landlord.headers,
    });
    expect(filed.statusCode).toBe(status);
    if (message) expect(filed.json()).toMatchObject({ errorCode: 11484, message: expect.stringContaining(message) });
    const stored = await t.database.db.select().from(protectionClaims).where(eq(protectionClaims.policyId, current.policy.id));
    expect(stored).toHaveLength(status === 201 ? 1 : 0);
  });
});

describe('the landlord is told when staff mark the overstay ended', () => {
  it('in the landlord’s language, once', async () => {
    const current = await policyOf({ language: 'MY' });
    const [claim] = await t.database.db
      .insert(protectionClaims)
      .values({
        policyId: current.policy.id,
        landlordId: current.landlord.id,
        kind: 'OCD',
        incidentDate: addDays(today(), -20),
        description: 'The tenancy ended and the tenant stays on without paying.',
        amountSen: RENT_SEN,
        status: 'APPROVED',
        approvedSen: RENT_SEN,
        decidedAt: new Date(),
      })
      .returning();
    const staff = await f.person('Ops Lina', { role: 'operations' });
    await confirmStaffSession(t, staff.token);
    const end = (endDate: string) =>
      t.app.inject({ method: 'POST', url: `/api/admin/protection/claims/${claim!.id}/overstay-end`, payload: { endDate }, headers: staff.headers });
    expect(((await end(addDays(today(), -2))).json() as Claim).ocd?.endedOn).toBe(addDays(today(), -2));
    expect((await end(addDays(today(), -1))).statusCode).toBe(409);
    const bell = (await t.app.inject({ url: '/api/notices', headers: { ...current.landlord.headers, 'x-language': 'ms' } })).json() as NoticeList;
    const told = bell.content.filter((notice) => notice.type === 'protection.overstay-ended');
    expect(told).toHaveLength(1);
    expect(told[0]).toMatchObject({ title: 'Tinggal lebih masa di Transfer Residence telah tamat' });
    expect(told[0]?.body).toContain('Overstay Cash Defender tidak membayar sewa mulai hari itu.');
    expect(
      await t.database.db
        .select()
        .from(notices)
        .where(and(eq(notices.userId, current.landlord.id), eq(notices.type, 'protection.overstay-ended'))),
    ).toHaveLength(1);
  });
});
