import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { stampingCostSen, type Deal } from '@kunci/contracts/deals';
import { jobs, properties } from '@kunci/db/schema';
import { createTestApp, type TestApp } from '../../../test/support.ts';
import { textsTo } from '../../../test/outbox.ts';
import { dealFixtures } from './test-helpers.ts';

/**
 * The business rules' later cases, each checked on the ledger: postponing the start (with and without the
 * landlord's consent), the move-in payment (paid: ACTIVE and shared out; not paid within the days after the
 * start: forfeited), the stamping cost kept from a refund, a failed payment, and the hold lapsing.
 */
let t: TestApp;
const f = dealFixtures(() => t);
const FEE = 50_000;
const sum = (rows: { amountSen: number }[]) => rows.reduce((total, row) => total + row.amountSen, 0);

beforeAll(async () => {
  t = await createTestApp({ env: { AUTH_SECRET: 'r'.repeat(40), RATE_LIMIT_MAX: '100000' } });
});
afterAll(() => t.close());

const get = async (who: { headers: Record<string, string> }, dealId: string) =>
  (await t.app.inject({ url: `/api/deals/${dealId}`, headers: who.headers })).json() as Deal;

const sms = (userId: string) => textsTo(t, userId);

const dealAt = f.dealAt;

const daysAfter = (date: string, days: number) => new Date(Date.parse(`${date}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);

describe('deal rules', () => {
  it('a postponement the landlord consents to moves the start and the move-in deadline with it; nothing is forfeited', async () => {
    const { tenant, landlord, dealId } = await dealAt('SIGNED');
    const before = await get(tenant, dealId);
    expect(before.deadline).toMatchObject({ command: 'MISS_DEADLINE' });
    expect(Date.parse(before.deadline!.at)).toBe(Date.parse(`${before.moveInDate}T00:00:00+08:00`) + 7 * 86_400_000);

    // Answers with nothing to answer, and a date that is not later, are refused.
    expect((await f.command(landlord, dealId, { command: 'CONSENT_POSTPONE' })).statusCode).toBe(409);
    expect((await f.command(tenant, dealId, { command: 'REQUEST_POSTPONE', moveInDate: before.moveInDate })).statusCode).toBe(422);
    expect((await f.command(landlord, dealId, { command: 'REQUEST_POSTPONE', moveInDate: daysAfter(before.moveInDate, 14) })).statusCode).toBe(403);

    const later = daysAfter(before.moveInDate, 14);
    const asked = (await f.command(tenant, dealId, { command: 'REQUEST_POSTPONE', moveInDate: later })).json() as Deal;
    expect(asked).toMatchObject({ state: 'SIGNED', moveInDate: before.moveInDate, postponement: { moveInDate: later, status: 'REQUESTED' } });
    expect(asked.commands).toContain('WITHDRAW_POSTPONE');
    expect(asked.commands).not.toContain('POSTPONE_ANYWAY');
    const landlordSees = await get(landlord, dealId);
    expect(landlordSees.commands).toEqual(expect.arrayContaining(['CONSENT_POSTPONE', 'REFUSE_POSTPONE']));
    await f.drain();
    expect((await sms(landlord.id)).some((body) => body.includes('asks to move the start'))).toBe(true);

    const consented = (await f.command(landlord, dealId, { command: 'CONSENT_POSTPONE' })).json() as Deal;
    expect(consented).toMatchObject({ state: 'SIGNED', moveInDate: later, postponement: null });
    expect(Date.parse(consented.deadline!.at)).toBe(Date.parse(`${later}T00:00:00+08:00`) + 7 * 86_400_000);

    // The deadline armed for the old start finds the deal's deadline moved and does nothing.
    await t.database.db
      .update(jobs)
      .set({ runAt: new Date(Date.now() - 1000) })
      .where(eq(jobs.key, `deal:${dealId}:SIGNED`));
    await f.drain();
    expect((await f.dealRow(dealId)).state).toBe('SIGNED');
    expect((await f.ledger(dealId)).map((line) => line.kind)).toEqual(['CHARGE', 'CHARGE']);
  });

  it('postponing without the landlord’s consent forfeits the booking fee to the landlord (ledger: charge and forfeit)', async () => {
    const { tenant, landlord, dealId } = await dealAt('BOOKED');
    const later = daysAfter((await f.dealRow(dealId)).moveInDate, 30);
    // Without a refusal there is nothing to postpone "anyway".
    expect((await f.command(tenant, dealId, { command: 'POSTPONE_ANYWAY' })).statusCode).toBe(409);
    await f.command(tenant, dealId, { command: 'REQUEST_POSTPONE', moveInDate: later });
    const refused = (await f.command(landlord, dealId, { command: 'REFUSE_POSTPONE' })).json() as Deal;
    expect(refused.postponement).toEqual({ moveInDate: later, status: 'REFUSED' });
    expect((await get(tenant, dealId)).commands).toEqual(expect.arrayContaining(['POSTPONE_ANYWAY', 'WITHDRAW_POSTPONE', 'REQUEST_POSTPONE']));
    const forfeited = (await f.command(tenant, dealId, { command: 'POSTPONE_ANYWAY' })).json() as Deal;
    expect(forfeited).toMatchObject({ state: 'FORFEITED', reason: 'POSTPONED_WITHOUT_CONSENT' });
    await f.drain();
    expect(await f.ledger(dealId)).toEqual([
      { kind: 'CHARGE', account: `user:${tenant.id}`, amountSen: -FEE },
      { kind: 'CHARGE', account: `deal:${dealId}:escrow`, amountSen: FEE },
      { kind: 'FORFEIT', account: `deal:${dealId}:escrow`, amountSen: -FEE },
      { kind: 'FORFEIT', account: `landlord:${landlord.id}`, amountSen: FEE },
    ]);
    expect((await sms(landlord.id)).some((body) => body.includes('The booking fee of RM 500.00 is forfeited to you'))).toBe(true);
  });

  it('the move-in amount not paid within 7 days of the start forfeits the booking fee (a deadline job armed at signing)', async () => {
    const { tenant, landlord, dealId } = await dealAt('SIGNED');
    const [job] = await t.database.db
      .select()
      .from(jobs)
      .where(eq(jobs.key, `deal:${dealId}:SIGNED`));
    expect(job).toMatchObject({ name: 'deals.deadline', state: 'pending' });
    expect(job!.payload).toMatchObject({ command: 'MISS_DEADLINE', reason: 'MOVE_IN_NOT_PAID' });
    await f.deadlinePasses(dealId);
    expect(await f.dealRow(dealId)).toMatchObject({ state: 'FORFEITED', reason: 'MOVE_IN_NOT_PAID' });
    expect((await f.ledger(dealId)).filter((line) => line.kind === 'FORFEIT')).toEqual([
      { kind: 'FORFEIT', account: `deal:${dealId}:escrow`, amountSen: -FEE },
      { kind: 'FORFEIT', account: `landlord:${landlord.id}`, amountSen: FEE },
    ]);
    // Paying afterwards is refused.
    expect((await f.pay(tenant, dealId, { moveIn: true })).statusCode).toBe(409);
  });

  it('the move-in payment starts the tenancy: RM1,722.94 paid, the fee credited, the money shared out, the listing off search', async () => {
    const { tenant, landlord, dealId, propertyId } = await dealAt('SIGNED');
    const signed = await get(tenant, dealId);
    expect(signed.moveIn).toMatchObject({
      rentSen: 180_000,
      signingFeeSen: 39_900,
      sstSen: 2_394,
      surchargeSen: 0,
      creditSen: FEE,
      totalSen: 172_294,
    });
    const link = await f.pay(tenant, dealId, { moveIn: true });
    expect(link.json()).toMatchObject({ amountSen: 172_294 });
    await f.drain();
    const active = await get(tenant, dealId);
    expect(active).toMatchObject({ state: 'ACTIVE', deadline: null });
    expect(active.moveIn.paidAt).not.toBeNull();
    expect(active.moveIn.paymentId).toBe(link.json<{ paymentId: string }>().paymentId);
    const lines = await f.ledger(dealId);
    expect(lines.slice(2)).toEqual([
      { kind: 'CHARGE', account: `user:${tenant.id}`, amountSen: -172_294 },
      { kind: 'CHARGE', account: `deal:${dealId}:escrow`, amountSen: 172_294 },
      { kind: 'CREDIT', account: `deal:${dealId}:escrow`, amountSen: -222_294 },
      { kind: 'CREDIT', account: `landlord:${landlord.id}`, amountSen: 180_000 },
      { kind: 'CREDIT', account: 'platform:revenue', amountSen: 39_900 },
      { kind: 'CREDIT', account: 'platform:sst', amountSen: 2_394 },
    ]);
    expect(sum(lines)).toBe(0);
    expect(sum(lines.filter((line) => line.account.endsWith(':escrow')))).toBe(0);
    const [listing] = await t.database.db.select({ active: properties.active }).from(properties).where(eq(properties.id, propertyId));
    expect(listing!.active).toBe(false);
    // A second move-in payment is refused.
    expect((await f.pay(tenant, dealId, { moveIn: true })).statusCode).toBe(409);
  });

  it('a 10-month tenancy adds the surcharge of 25% of a month to the move-in amount', async () => {
    const { tenant, dealId } = await dealAt('SIGNED', { months: 10 });
    expect((await get(tenant, dealId)).moveIn).toMatchObject({ surchargeSen: 45_000, totalSen: 172_294 + 45_000 });
  });

  it('after the agreement is stamped a refund is the fee less the stamping cost, which Kunci keeps (ledger)', async () => {
    const { tenant, landlord, staff, dealId } = await dealAt('SIGNED');
    expect((await f.command(landlord, dealId, { command: 'STAMP' })).statusCode).toBe(403);
    const stamped = (await f.command(staff, dealId, { command: 'STAMP' })).json() as Deal;
    const cost = stampingCostSen(1800, 12);
    // RM1,800 x 12 = RM21,600 a year; RM1 for each RM250 above RM2,400: 77 units.
    expect(cost).toBe(7_700);
    expect(stamped).toMatchObject({ state: 'SIGNED', stampingCostSen: cost });
    expect(stamped.commands).not.toContain('STAMP');
    expect((await f.command(staff, dealId, { command: 'STAMP' })).statusCode).toBe(409);
    await f.age(dealId, 72);
    expect((await f.command(landlord, dealId, { command: 'CANCEL', reason: 'RENTED_ELSEWHERE' })).json()).toMatchObject({ state: 'CANCELLED' });
    await f.drain();
    const lines = await f.ledger(dealId);
    expect(lines.slice(2)).toEqual([
      { kind: 'FEE', account: `deal:${dealId}:escrow`, amountSen: -cost },
      { kind: 'FEE', account: 'platform:stamping', amountSen: cost },
      { kind: 'REFUND', account: `deal:${dealId}:escrow`, amountSen: -(FEE - cost) },
      { kind: 'REFUND', account: `user:${tenant.id}`, amountSen: FEE - cost },
    ]);
    expect(sum(lines.filter((line) => line.account.endsWith(':escrow')))).toBe(0);
    expect((await sms(tenant.id)).some((body) => body.includes('RM 423.00 of your booking fee will be refunded'))).toBe(true);
  });

  it('a declined booking payment: the tenant sees it in their language and tries again; nothing moves on the ledger until paid', async () => {
    const landlord = await f.person('Landlord Tan');
    const tenant = await f.person('Penyewa Siti', { language: 'MY' });
    const propertyId = await f.condo(landlord.id);
    const dealId = ((await f.apply(tenant, propertyId)).json() as Deal).id;
    await f.command(landlord, dealId, { command: 'ACCEPT' });
    expect((await f.pay(tenant, dealId, { declined: true })).statusCode).toBe(200);
    await f.drain();
    const failed = await get(tenant, dealId);
    expect(failed).toMatchObject({ state: 'ACCEPTED', paymentFailed: { purpose: 'BOOKING' } });
    expect((await get(landlord, dealId)).paymentFailed).toBeNull();
    expect(await f.ledger(dealId)).toEqual([]);
    expect((await sms(tenant.id)).some((body) => body.includes('tidak berjaya'))).toBe(true);
    expect((await sms(landlord.id)).some((body) => body.includes('tidak berjaya') || body.includes('did not go through'))).toBe(false);

    // Trying again with a new link clears the failure and books the home.
    await f.pay(tenant, dealId);
    await f.drain();
    expect(await get(tenant, dealId)).toMatchObject({ state: 'BOOKED', paymentFailed: null });
    expect((await f.ledger(dealId)).map((line) => line.kind)).toEqual(['CHARGE', 'CHARGE']);
  });

  it('the 7-day hold lapsing with no agreement started forfeits the fee (not a refund case of the rules)', async () => {
    const { tenant, landlord, dealId } = await dealAt('APPROVED');
    const approved = await get(tenant, dealId);
    expect(approved.deadline?.command).toBe('END_HOLD');
    // Either party may start the agreement.
    expect(approved.commands).toContain('SEND_AGREEMENT');
    expect((await get(landlord, dealId)).commands).toContain('SEND_AGREEMENT');
    await f.deadlinePasses(dealId);
    expect(await f.dealRow(dealId)).toMatchObject({ state: 'FORFEITED', reason: 'HOLD_ENDED' });
    expect((await f.ledger(dealId)).filter((line) => line.kind === 'FORFEIT')).toHaveLength(2);
  });
});
