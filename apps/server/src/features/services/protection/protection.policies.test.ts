import { and, eq, like } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  collectionInvoices,
  collectionTenancies,
  deals,
  ledgerEntries,
  properties,
  protectionInstalments,
  protectionPolicies,
} from '@kunci/db/schema';
import type { Policy, ProtectionOverview } from '@kunci/contracts/protection';
import type { MediaStore } from '@kunci/media/store';
import { createTestApp, type TestApp } from '../../../../test/support.ts';
import { pdfText } from '../../../../test/pdf-text.ts';
import { servicesFixtures } from '../test-helpers.ts';
import { addDays, addMonths } from '../collection/collection-dates.ts';
import { createProtectionRepository } from './protection.repository.ts';
import { createProtectionService, PROTECTION_ACCOUNTS } from './protection.service.ts';

let t: TestApp;
const f = servicesFixtures(() => t);
const today = f.today;

beforeAll(async () => {
  t = await createTestApp({ env: { AUTH_SECRET: 'q'.repeat(40), RATE_LIMIT_MAX: '100000' } });
});
afterAll(() => t.close());

/** A landlord (in `language`) with an ACTIVE tenancy at `rent` whose tenant moved in `daysAgo` days ago. */
async function tenancy(daysAgo: number, options: { rent?: number; months?: number; language?: 'EN' | 'MY' | 'ZH' } = {}) {
  const landlord = await f.person('Landlord Lim', { language: options.language ?? 'EN' });
  const tenant = await f.person('Tenant Aminah');
  const moveInDate = addDays(today(), -daysAgo);
  const { dealId, propertyId } = await f.activeDeal(landlord.id, tenant.id, moveInDate, {
    monthlyRent: options.rent ?? 1800,
    ...(options.months ? { tenancyMonths: options.months } : {}),
  });
  // A whole home (some demo listings are rooms, which a cheap rent does not refuse).
  await t.database.db.update(properties).set({ roomType: null }).where(eq(properties.id, propertyId));
  return { landlord, tenant, dealId, moveInDate };
}

const buy = (who: { headers: Record<string, string> }, dealId: string, plan = 'PROTECT_PLUS', language = 'en') =>
  t.app.inject({
    method: 'POST',
    url: '/api/services/protection/policies',
    payload: { dealId, plan },
    headers: { ...who.headers, 'x-language': language },
  });

/** Pays on the simulator's page and runs the jobs that follow (the webhook, the settlement). */
async function pay(paymentUrl: string) {
  const token = new URL(paymentUrl).pathname.split('/').pop()!;
  const paid = await t.app.inject({
    method: 'POST',
    url: `/pay/sim/${token}`,
    payload: new URLSearchParams({ outcome: 'pay', method: 'fpx', bank: 'maybank2u', bankOutcome: 'approve' }).toString(),
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
  });
  expect(paid.statusCode).toBeLessThan(400);
  await f.drain();
}

const postingsOf = (keyPrefix: string) =>
  t.database.db
    .select({ key: ledgerEntries.postingKey, account: ledgerEntries.account, amountSen: ledgerEntries.amountSen })
    .from(ledgerEntries)
    .where(like(ledgerEntries.postingKey, `${keyPrefix}%`));

describe('buying protection', () => {
  it('Protect Plus at RM1,800: the price over two instalments, the first paid through the gateway puts the policy in force, balanced on the ledger, once', async () => {
    const { landlord, dealId, moveInDate } = await tenancy(10);
    const bought = await buy(landlord, dealId);
    expect(bought.statusCode).toBe(201);
    const { policy, paymentUrl } = bought.json() as { policy: Policy; paymentUrl: string };
    // 1.5 months of RM1,800 = RM2,700, SST 6% RM162, stamp duty RM10: RM2,872 as RM1,436 twice.
    expect(policy).toMatchObject({
      plan: 'PROTECT_PLUS',
      status: 'PENDING_PAYMENT',
      premiumSen: 270_000,
      sstSen: 16_200,
      stampDutySen: 1000,
      totalSen: 287_200,
      startDate: moveInDate,
    });
    expect(policy.endDate).toBe(addDays(addMonths(moveInDate, 12), -1));

    await pay(paymentUrl);
    const overview = (await t.app.inject({ url: '/api/services/protection', headers: landlord.headers })).json() as ProtectionOverview;
    const mine = overview.policies.find((each) => each.id === policy.id)!;
    expect(mine.status).toBe('ACTIVE');
    expect(mine.instalments.map((each) => [each.number, each.amountSen, each.status, each.dueDate])).toEqual([
      [1, 143_600, 'PAID', today()],
      [2, 143_600, 'DUE', addMonths(today(), 1)],
    ]);
    expect(overview.insurable.find((each) => each.dealId === dealId)?.refusal).toBe('EXISTS');

    // The instalment left escrow for the premiums, SST and stamp duty: the posting balances.
    const [first] = await t.database.db
      .select()
      .from(protectionInstalments)
      .where(and(eq(protectionInstalments.policyId, policy.id), eq(protectionInstalments.number, 1)));
    const rows = await postingsOf(`protection-instalment:${first!.id}`);
    expect(rows.reduce((sum, row) => sum + row.amountSen, 0)).toBe(0);
    expect(Object.fromEntries(rows.map((row) => [row.account, row.amountSen]))).toMatchObject({
      [PROTECTION_ACCOUNTS.premiums]: 135_000,
      'platform:sst': 8100,
      'platform:stamping': 500,
    });

    // The payment outcome delivered again (a retried job) changes nothing.
    const again = createProtectionService({
      repository: createProtectionRepository(t.database.db),
      payments: { createPayment: async () => ({ paymentId: '', paymentUrl: '' }), get: async () => ({ status: 'PENDING', paymentUrl: null }) },
      notices: { send: async () => null },
      store: {} as MediaStore,
      sealer: { seal: (b: Buffer) => b, open: (b: Buffer) => b },
    });
    expect(await again.settle(createProtectionRepository(t.database.db), first!.id, first!.paymentId!)).toEqual({ paid: false });
    expect(await postingsOf(`protection-instalment:${first!.id}`)).toHaveLength(rows.length);

    // The second instalment's own pay link.
    const second = await t.app.inject({
      method: 'POST',
      url: `/api/services/protection/policies/${policy.id}/instalments/2/pay`,
      headers: landlord.headers,
    });
    expect(second.statusCode).toBe(200);
    await pay((second.json() as { paymentUrl: string }).paymentUrl);
    const [paidSecond] = await t.database.db
      .select()
      .from(protectionInstalments)
      .where(and(eq(protectionInstalments.policyId, policy.id), eq(protectionInstalments.number, 2)));
    expect(paidSecond!.status).toBe('PAID');
    expect(
      (await t.app.inject({ method: 'POST', url: `/api/services/protection/policies/${policy.id}/instalments/2/pay`, headers: landlord.headers }))
        .statusCode,
    ).toBe(409);

    // Bought twice: refused.
    const twice = await buy(landlord, dealId);
    expect(twice.statusCode).toBe(409);
    expect(twice.json()).toMatchObject({ errorCode: 11483 });
  });

  it('a pending purchase is replaced by the next (one live policy per tenancy)', async () => {
    const { landlord, dealId } = await tenancy(0);
    const first = (await buy(landlord, dealId, 'STANDARD')).json() as { policy: Policy };
    const second = await buy(landlord, dealId, 'PROTECT');
    expect(second.statusCode).toBe(201);
    const rows = await t.database.db
      .select({ plan: protectionPolicies.plan, status: protectionPolicies.status })
      .from(protectionPolicies)
      .where(eq(protectionPolicies.dealId, dealId));
    expect(rows.sort((a, b) => a.plan.localeCompare(b.plan))).toEqual([
      { plan: 'PROTECT', status: 'PENDING_PAYMENT' },
      { plan: 'STANDARD', status: 'CANCELLED' },
    ]);
    expect(first.policy.plan).toBe('STANDARD');
  });

  it('two purchases of the same tenancy at once: both answered, one live policy (never the index’s 500)', async () => {
    const { landlord, dealId } = await tenancy(0);
    const answers = await Promise.all([buy(landlord, dealId, 'STANDARD'), buy(landlord, dealId, 'PROTECT'), buy(landlord, dealId, 'PROTECT_PLUS')]);
    expect(answers.map((answer) => answer.statusCode)).toEqual([201, 201, 201]);
    const rows = await t.database.db
      .select({ status: protectionPolicies.status })
      .from(protectionPolicies)
      .where(eq(protectionPolicies.dealId, dealId));
    expect(rows.filter((row) => row.status !== 'CANCELLED')).toHaveLength(1);
    expect(rows).toHaveLength(3);
  });

  it.each([
    ['bought on the 60th day', { daysAgo: 60 }, 201, undefined],
    ['too late: the 61st day', { daysAgo: 61 }, 409, 11481],
    ['a rent above the band', { daysAgo: 5, rent: 5001 }, 422, 11480],
    ['a rent below the band', { daysAgo: 5, rent: 499 }, 422, 11480],
    ['at the top of the band', { daysAgo: 5, rent: 5000 }, 201, undefined],
    ['a tenancy longer than a year', { daysAgo: 5, months: 24 }, 422, 11480],
  ] as const)('%s: %s', async (_name, setup, status, errorCode) => {
    const { landlord, dealId } = await tenancy(setup.daysAgo, {
      ...('rent' in setup ? { rent: setup.rent } : {}),
      ...('months' in setup ? { months: setup.months } : {}),
    });
    const answer = await buy(landlord, dealId);
    expect(answer.statusCode).toBe(status);
    if (errorCode) expect(answer.json()).toMatchObject({ errorCode });
  });

  it('a room let below the floor is insured and priced at the floor rent; the same rent for a whole home is refused', async () => {
    const { landlord, dealId } = await tenancy(5, { rent: 450 });
    expect((await buy(landlord, dealId)).json()).toMatchObject({ errorCode: 11480 });
    const [deal] = await t.database.db.select({ propertyId: deals.propertyId }).from(deals).where(eq(deals.id, dealId));
    await t.database.db.update(properties).set({ roomType: 'SINGLE' }).where(eq(properties.id, deal!.propertyId!));
    const bought = await buy(landlord, dealId, 'PROTECT');
    expect(bought.statusCode).toBe(201);
    // 1.25 months of RM500 = RM625, SST RM37.50, stamp duty RM10.
    expect((bought.json() as { policy: Policy }).policy).toMatchObject({
      monthlyRentSen: 45_000,
      insuredRentSen: 50_000,
      premiumSen: 62_500,
      sstSen: 3750,
      totalSen: 67_250,
    });
  });

  it('refused while rent is overdue, in the landlord’s language; refused to anyone but the landlord', async () => {
    const { landlord, tenant, dealId, moveInDate } = await tenancy(40, { language: 'MY' });
    const [row] = await t.database.db
      .insert(collectionTenancies)
      .values({
        landlordId: landlord.id,
        tenantId: tenant.id,
        dealId,
        propertyName: 'Overdue Residence',
        monthlyRentSen: 180_000,
        dueDay: Number(moveInDate.slice(8)),
        startDate: moveInDate,
        termMonths: 12,
        firstDueDate: addDays(today(), -3),
        endDate: addDays(moveInDate, 364),
      })
      .returning();
    await t.database.db
      .insert(collectionInvoices)
      .values({ tenancyId: row!.id, number: 2, dueDate: addDays(today(), -3), issueDate: addDays(today(), -10), amountSen: 180_000 });
    const overdue = await buy(landlord, dealId, 'PROTECT', 'ms');
    expect(overdue.statusCode).toBe(409);
    expect(overdue.json()).toEqual({ errorCode: 11482, message: 'Perlindungan tidak boleh dibeli semasa penyewa mempunyai sewa tertunggak.' });
    expect((await buy(tenant, dealId)).statusCode).toBe(403);
    const overview = (await t.app.inject({ url: '/api/services/protection', headers: landlord.headers })).json() as ProtectionOverview;
    expect(overview.insurable.find((each) => each.dealId === dealId)?.refusal).toBe('OVERDUE');
  });
});

describe('the policy document', () => {
  it.each([
    ['EN', 'Landlord protection policy', 'Protect Plus', 'Period of cover'],
    ['MY', 'Polisi perlindungan tuan rumah', 'Protect Plus', 'Tempoh perlindungan'],
    ['ZH', '房东保障保单', '加强版 Protect Plus', '保障期'],
  ] as const)(
    'in the landlord’s language (%s), with the cover table, amounts and dates; private to the landlord and operations',
    async (language, title, plan, period) => {
      const { landlord, tenant, dealId } = await tenancy(3, { language });
      const { policy, paymentUrl } = (await buy(landlord, dealId)).json() as { policy: Policy; paymentUrl: string };
      await pay(paymentUrl);
      const answer = await t.app.inject({ url: `/api/services/protection/policies/${policy.id}/pdf`, headers: landlord.headers });
      expect(answer.statusCode).toBe(200);
      expect(answer.headers['content-type']).toContain('application/pdf');
      expect(answer.headers['cache-control']).toContain('no-store');
      // Compared without white space: the extractor joins wrapped lines without it.
      const squeeze = (text: string) => text.replace(/\s+/g, '');
      const text = squeeze(await pdfText(answer.rawPayload));
      for (const expected of [
        title,
        plan,
        period,
        policy.reference,
        'RM 2,872.00',
        'RM 2,700.00',
        'RM 162.00',
        'RM 10.00',
        'RM 1,436.00',
        'Landlord Lim',
        'Tenant Aminah',
      ])
        expect(text).toContain(squeeze(expected));
      expect(text).not.toContain('{');

      expect((await t.app.inject({ url: `/api/services/protection/policies/${policy.id}/pdf`, headers: tenant.headers })).statusCode).toBe(403);
      const staff = await f.person('Ops Nadia', { role: 'operations' });
      expect((await t.app.inject({ url: `/api/services/protection/policies/${policy.id}/pdf`, headers: staff.headers })).statusCode).toBe(200);
      expect((await t.app.inject({ url: `/api/services/protection/policies/${policy.id}/pdf` })).statusCode).toBe(401);
    },
  );
});
