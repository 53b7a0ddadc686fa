import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { collectionInvoices, collectionPayouts, collectionTenancies, deals, jobs, ledgerEntries, notices, users } from '@kunci/db/schema';
import type { CollectionOverview, RentalReportRow } from '@kunci/contracts/rental-collection';
import { createSessionsRepository } from '../../../lib/sessions.repository.ts';
import { bearer, createTestApp, freshPhone, type TestApp } from '../../../../test/support.ts';
import { servicesFixtures } from '../test-helpers.ts';
import { addDays, invoiceSchedule, payoutDateFor, processingFeeSen } from './collection-dates.ts';

let t: TestApp;
const f = servicesFixtures(() => t);
const today = f.today;

beforeAll(async () => {
  t = await createTestApp({ env: { AUTH_SECRET: 'c'.repeat(40), RATE_LIMIT_MAX: '100000' } });
});
afterAll(() => t.close());

async function phoneOf(userId: string) {
  return (await t.database.db.select({ phone: users.phoneNumber }).from(users).where(eq(users.id, userId)))[0]!.phone;
}
const outbox = async (userId: string) => f.outbox(await phoneOf(userId));
/** The invited tenant signs in with their phone and accepts the tenancy (its invoices run from then). */
async function acceptAs(phone: string, tenancyId: string) {
  const [row] = await t.database.db.select({ id: users.id }).from(users).where(eq(users.phoneNumber, phone));
  const headers = bearer(await createSessionsRepository(t.database.db).create(row!.id, 'pin', 'collection-test', 1));
  return { headers, answer: await t.app.inject({ method: 'POST', url: `/api/rental-collection/tenancies/${tenancyId}/accept`, headers }) };
}
const invoicesOf = (tenancyId: string) => t.database.db.select().from(collectionInvoices).where(eq(collectionInvoices.tenancyId, tenancyId));

/** An ACTIVE deal at RM1,800 whose tenant moved in `daysAgo` days ago (written directly: another area runs the deal there). */
async function activeDeal(daysAgo: number) {
  const landlord = await f.person('Landlord Tan');
  const tenant = await f.person('Tenant Siti', { email: `siti-${Date.now()}@example.my` });
  const moveInDate = addDays(today(), -daysAgo);
  const { dealId, propertyId } = await f.activeDeal(landlord.id, tenant.id, moveInDate);
  return { landlord, tenant, dealId, propertyId, moveInDate };
}

/** Pays the invoice through its emailed link on the simulator's page. */
async function payByLink(payUrl: string, choice: Record<string, string>) {
  const url = new URL(payUrl);
  const redirect = await t.app.inject({ url: `${url.pathname}${url.search}` });
  expect(redirect.statusCode).toBe(302);
  const token = new URL(redirect.headers.location!).pathname.split('/').pop()!;
  const paid = await t.app.inject({
    method: 'POST',
    url: `/pay/sim/${token}`,
    payload: new URLSearchParams({ outcome: 'pay', ...choice }).toString(),
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
  });
  expect(paid.statusCode).toBeLessThan(400);
  await f.drain();
}

describe('rental collection', () => {
  it('enrols an ACTIVE tenancy: the first invoice is emailed 7 days ahead, FPX pays it, the fee is on the ledger and the payout skips weekends and holidays', async () => {
    const { landlord, tenant, dealId, moveInDate } = await activeDeal(25);
    const enrolled = await t.app.inject({ method: 'POST', url: '/api/rental-collection/tenancies', payload: { dealId }, headers: landlord.headers });
    expect(enrolled.statusCode).toBe(201);
    const { tenancy } = enrolled.json() as { tenancy: CollectionOverview['tenancies'][number] };
    // The first month was paid at move-in: collection starts with the second.
    const second = invoiceSchedule({ startDate: moveInDate, termMonths: 12, dueDay: Number(moveInDate.slice(8)), firstDueDate: moveInDate })[1]!;
    expect(tenancy).toMatchObject({ side: 'LANDLORD', monthlyRentSen: 180_000, firstDueDate: second.dueDate, counterpart: 'Tenant Siti' });
    // Enrolling it twice is refused.
    expect(
      (await t.app.inject({ method: 'POST', url: '/api/rental-collection/tenancies', payload: { dealId }, headers: landlord.headers })).statusCode,
    ).toBe(409);

    await f.drain();
    const [invoice] = await invoicesOf(tenancy.id);
    expect(invoice).toMatchObject({
      number: 2,
      dueDate: second.dueDate,
      issueDate: addDays(second.dueDate, -7),
      amountSen: 180_000,
      status: 'ISSUED',
    });
    expect(invoice!.emailedAt).not.toBeNull();
    const tenantEmail = (await t.database.db.select({ email: users.email }).from(users).where(eq(users.id, tenant.id)))[0]!.email!;
    const email = (await f.outbox(tenantEmail)).find((message) => message.channel === 'email' && message.subject?.includes('RM 1,800.00'));
    expect(email?.body).toMatch(/card or FPX online banking: http\S+\/api\/rental-collection\/invoices\/[\w-]+\/pay\?token=/);

    // Running the invoicing again (as a second instance would) adds nothing.
    await t.app.jobs.enqueue({ name: 'services.collection.issue', maxAttempts: 5 }, {});
    await f.drain();
    expect(await invoicesOf(tenancy.id)).toHaveLength(1);

    // The tenant sees it with a pay link; the landlord sees it without one.
    const tenantView = (await t.app.inject({ url: '/api/rental-collection', headers: tenant.headers })).json() as CollectionOverview;
    expect(tenantView.invoices[0]).toMatchObject({ id: invoice!.id, overdue: false });
    expect(tenantView.invoices[0]!.payUrl).toContain(`/invoices/${invoice!.id}/pay?token=`);
    const landlordView = (await t.app.inject({ url: '/api/rental-collection', headers: landlord.headers })).json() as CollectionOverview;
    expect(landlordView.invoices[0]!.payUrl).toBeNull();
    // A forged pay link is refused.
    expect((await t.app.inject({ url: `/api/rental-collection/invoices/${invoice!.id}/pay?token=${'x'.repeat(32)}` })).statusCode).toBe(404);

    await payByLink(tenantView.invoices[0]!.payUrl!, { method: 'fpx', bank: 'maybank2u', bankOutcome: 'approve' });
    const [paid] = await invoicesOf(tenancy.id);
    expect(paid!.status).toBe('PAID');
    const [payout] = await t.database.db.select().from(collectionPayouts).where(eq(collectionPayouts.invoiceId, invoice!.id));
    const fee = processingFeeSen(180_000);
    expect(fee).toBe(3384);
    const holidays = new Set(
      ((await t.database.raw(`select day::text from public_holidays where region = 'Selangor'`, [])) as { rows: { day: string }[] }).rows.map(
        (row) => row.day,
      ),
    );
    expect(payout).toMatchObject({
      grossSen: 180_000,
      feeSen: fee,
      netSen: 180_000 - fee,
      status: 'SCHEDULED',
      payoutDate: payoutDateFor(today(), holidays),
    });
    // The landlord hears the rent is paid, under the bell (good news: email and push, no SMS).
    const paidNotices = (await t.database.db.select().from(notices).where(eq(notices.userId, landlord.id))).filter(
      (n) => n.type === 'services.collection-paid',
    );
    expect(paidNotices).toMatchObject([{ params: { kind: 'PAID', amountSen: 180_000 } }]);
    expect((await outbox(landlord.id)).some((message) => message.body.includes('paid the rent'))).toBe(false);

    // The payout runs on its day: the rent less the fee leaves escrow for the landlord; every posting sums to zero.
    await t.database.db
      .update(jobs)
      .set({ runAt: new Date(Date.now() - 1000) })
      .where(and(eq(jobs.name, 'services.collection.payout'), eq(jobs.state, 'pending')));
    await f.drain();
    const [done] = await t.database.db.select().from(collectionPayouts).where(eq(collectionPayouts.invoiceId, invoice!.id));
    expect(done!.status).toBe('PAID');
    const lines = await t.database.db.select().from(ledgerEntries).where(eq(ledgerEntries.paymentId, paid!.paymentId!));
    const escrow = `order:invoice:${invoice!.id}:escrow`;
    const all = await t.database.db
      .select()
      .from(ledgerEntries)
      .where(sql`${ledgerEntries.account} = ${escrow} or ${ledgerEntries.memo} = 'Rent paid out to the landlord'`);
    expect(lines.filter((line) => line.kind === 'FEE').map((line) => [line.account, line.amountSen])).toEqual([
      [escrow, -fee],
      ['platform:revenue', fee],
    ]);
    expect(all.filter((line) => line.account === escrow).reduce((sum, line) => sum + line.amountSen, 0)).toBe(0);
    expect(all.some((line) => line.kind === 'PAYOUT' && line.account === `landlord:${landlord.id}` && line.amountSen === 180_000 - fee)).toBe(true);

    // The dashboard and the report agree.
    const after = (await t.app.inject({ url: '/api/rental-collection', headers: landlord.headers })).json() as CollectionOverview;
    expect(after.totals).toMatchObject({ paidOutSen: 180_000 - fee, overdueCount: 0 });
    expect(after.payouts[0]).toMatchObject({ status: 'PAID', netSen: 180_000 - fee });
    const report = (await t.app.inject({ method: 'POST', url: '/api/report/rental/new', payload: {}, headers: landlord.headers })).json() as {
      data: RentalReportRow[];
    };
    expect(report.data).toEqual([
      expect.objectContaining({
        invoiceId: invoice!.id,
        status: 'PAID',
        method: 'fpx',
        feeSen: fee,
        netSen: 180_000 - fee,
        payoutStatus: 'PAID',
        tenantName: 'Tenant Siti',
      }),
    ]);
    // The tenant has no report of their own (they are no landlord here).
    expect(
      ((await t.app.inject({ method: 'POST', url: '/api/report/rental/new', payload: {}, headers: tenant.headers })).json() as { data: unknown[] })
        .data,
    ).toEqual([]);
    const csv = await t.app.inject({ url: `/api/rental-collection/export.csv?year=${second.dueDate.slice(0, 4)}`, headers: landlord.headers });
    expect(csv.headers['content-type']).toContain('text/csv');
    expect(csv.body.split('\r\n')[0]).toContain('Property,Tenant,Month of tenancy,Due date,Rent (RM)');
    expect(csv.body).toContain(`,2,${second.dueDate},1800.00,Paid,`);
  });

  it('refuses a deal that has not started or is not the landlord’s', async () => {
    const { landlord, tenant, dealId } = await activeDeal(10);
    expect(
      (await t.app.inject({ method: 'POST', url: '/api/rental-collection/tenancies', payload: { dealId }, headers: tenant.headers })).statusCode,
    ).toBe(403);
    await t.database.db.update(deals).set({ state: 'SIGNED' }).where(eq(deals.id, dealId));
    const refused = await t.app.inject({ method: 'POST', url: '/api/rental-collection/tenancies', payload: { dealId }, headers: landlord.headers });
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toMatchObject({ message: 'Only a tenancy that has started can be enrolled in rental collection.' });
  });

  it('invites the tenant of a tenancy signed elsewhere: nothing is invoiced until they accept; a declined card is told at once and tried again within 3 days', async () => {
    const landlord = await f.person('Landlord Lim');
    const tenantPhone = freshPhone();
    const start = addDays(today(), 3);
    const enrol = (payload: object) => t.app.inject({ method: 'POST', url: '/api/rental-collection/tenancies', payload, headers: landlord.headers });
    const terms = {
      tenantPhone,
      propertyName: 'Residensi Sentul',
      monthlyRent: 1200,
      dueDay: Number(start.slice(8)),
      startDate: start,
      termMonths: 6,
    };
    expect((await enrol({ ...terms, tenantPhone: await phoneOf(landlord.id) })).statusCode).toBe(422);
    expect((await enrol({ ...terms, dueDay: 32 })).statusCode).toBe(422);
    const enrolled = await enrol(terms);
    expect(enrolled.statusCode).toBe(201);
    expect(enrolled.json()).toMatchObject({
      invited: true,
      tenancy: { firstDueDate: start, monthlyRentSen: 120_000, status: 'INVITED', invitedUntil: expect.any(String) },
    });
    const tenancyId = (enrolled.json() as { tenancy: { id: string } }).tenancy.id;
    await f.drain();
    const tenantId = (await t.database.db.select({ id: users.id }).from(users).where(eq(users.phoneNumber, tenantPhone)))[0]!.id;
    const landlordView = (await t.app.inject({ url: '/api/rental-collection', headers: landlord.headers })).json() as CollectionOverview;
    // The invited tenant has no name yet: the landlord sees the number they gave.
    expect(landlordView.tenancies.find((tenancy) => tenancy.id === tenancyId)?.counterpart).toBe(tenantPhone);
    expect((await outbox(tenantId)).some((message) => message.body.includes('Landlord Lim invites you to pay the rent for Residensi Sentul'))).toBe(
      true,
    );
    // Not accepted yet: nothing is invoiced, whatever the invoicing job finds due.
    await t.app.jobs.enqueue({ name: 'services.collection.issue', maxAttempts: 5 }, {}, { key: 'collection:issue' });
    await f.drain();
    expect(await invoicesOf(tenancyId)).toEqual([]);

    // Only the invited tenant accepts it: not someone else, not the landlord; once.
    const stranger = await f.person('Someone Else');
    const acceptBy = (headers: Record<string, string>) =>
      t.app.inject({ method: 'POST', url: `/api/rental-collection/tenancies/${tenancyId}/accept`, headers });
    expect((await acceptBy(stranger.headers)).statusCode).toBe(403);
    expect((await acceptBy(landlord.headers)).statusCode).toBe(403);
    const { headers: tenantHeaders, answer } = await acceptAs(tenantPhone, tenancyId);
    expect(answer.statusCode).toBe(200);
    expect(answer.json()).toMatchObject({ side: 'TENANT', status: 'ACTIVE', counterpart: 'Landlord Lim', firstDueDate: start, invitedUntil: null });
    expect((await acceptBy(tenantHeaders)).statusCode).toBe(409);
    await f.drain();
    const told = await outbox(tenantId);
    const [invoice] = await invoicesOf(tenancyId);
    expect(invoice).toMatchObject({ number: 1, dueDate: start });

    const payUrl = told.find((message) => message.body.includes('/pay?token='))!.body.match(/http\S+token=[\w-]+/)![0];
    await payByLink(payUrl, { method: 'card', cardNumber: '4000000000000002' });
    const failedNotice = (await outbox(tenantId)).find((message) => message.body.includes('did not go through'));
    expect(failedNotice?.body).toContain('try again in 48 hours');
    const [declined] = await invoicesOf(tenancyId);
    expect(declined!.paymentId).not.toBeNull();
    const [retry] = await t.database.db
      .select()
      .from(jobs)
      .where(and(eq(jobs.name, 'services.collection.retry'), eq(jobs.state, 'pending')));
    const hours = (retry!.runAt.getTime() - Date.now()) / 3_600_000;
    expect(hours).toBeGreaterThan(47);
    expect(hours).toBeLessThan(72);
    // The retry opens a fresh payment and sends its link.
    await t.database.db
      .update(jobs)
      .set({ runAt: new Date(Date.now() - 1000) })
      .where(eq(jobs.id, retry!.id));
    await f.drain();
    const [retried] = await invoicesOf(tenancyId);
    expect(retried!.paymentId).not.toBeNull();
    expect(retried!.paymentId).not.toBe(declined!.paymentId);
    expect(retried!.status).toBe('ISSUED');
    expect((await outbox(tenantId)).some((message) => message.body.includes('trying your rent for Residensi Sentul'))).toBe(true);
  });

  it("an invitation that lapsed cannot be accepted (410, in the tenant's language) and is never invoiced", async () => {
    const landlord = await f.person('Landlord Ong');
    const tenantPhone = freshPhone();
    const start = addDays(today(), 5);
    const enrolled = await t.app.inject({
      method: 'POST',
      url: '/api/rental-collection/tenancies',
      payload: { tenantPhone, propertyName: 'Pangsapuri Lapsed', monthlyRent: 900, dueDay: Number(start.slice(8)), startDate: start, termMonths: 6 },
      headers: landlord.headers,
    });
    const tenancyId = (enrolled.json() as { tenancy: { id: string } }).tenancy.id;
    await t.database.db
      .update(collectionTenancies)
      .set({ invitedUntil: new Date(Date.now() - 1000) })
      .where(eq(collectionTenancies.id, tenancyId));
    const [row] = await t.database.db.select({ id: users.id }).from(users).where(eq(users.phoneNumber, tenantPhone));
    const headers = { ...bearer(await createSessionsRepository(t.database.db).create(row!.id, 'pin', 'collection-test', 1)), 'x-language': 'ms' };
    const late = await t.app.inject({ method: 'POST', url: `/api/rental-collection/tenancies/${tenancyId}/accept`, headers });
    expect(late.statusCode).toBe(410);
    expect(late.json()).toMatchObject({ message: expect.stringContaining('luput') });
    await f.drain();
    expect(await invoicesOf(tenancyId)).toEqual([]);
  });

  it('tells the tenant and the landlord of late rent, and the landlord of missed rent, once each', async () => {
    const landlord = await f.person('Landlord Kumar');
    const tenantPhone = freshPhone();
    const start = addDays(today(), 2);
    const enrolled = await t.app.inject({
      method: 'POST',
      url: '/api/rental-collection/tenancies',
      payload: {
        tenantPhone,
        propertyName: 'Taman Tun Terrace',
        monthlyRent: 2500,
        dueDay: Number(start.slice(8)),
        startDate: start,
        termMonths: 12,
      },
      headers: landlord.headers,
    });
    const tenancyId = (enrolled.json() as { tenancy: { id: string } }).tenancy.id;
    expect((await acceptAs(tenantPhone, tenancyId)).answer.statusCode).toBe(200);
    await f.drain();
    const [invoice] = await invoicesOf(tenancyId);
    // Eight days later, still unpaid.
    await t.database.db
      .update(collectionInvoices)
      .set({ dueDate: addDays(today(), -8) })
      .where(eq(collectionInvoices.id, invoice!.id));
    for (let run = 0; run < 2; run++) {
      await t.app.jobs.enqueue({ name: 'services.collection.issue', maxAttempts: 5 }, {}, { key: 'collection:issue' });
      await f.drain();
    }
    const landlordMessages = (await outbox(landlord.id)).filter((message) => message.channel === 'sms');
    expect(landlordMessages.filter((message) => message.body.includes('is not paid yet'))).toHaveLength(1);
    expect(landlordMessages.filter((message) => message.body.includes('still unpaid after 7 days'))).toHaveLength(1);
    const view = (await t.app.inject({ url: '/api/rental-collection', headers: landlord.headers })).json() as CollectionOverview;
    expect(view.totals).toMatchObject({ overdueCount: 1, overdueSen: 250_000 });
    expect(view.tenancies.find((tenancy) => tenancy.id === tenancyId)?.overdueCount).toBe(1);
    const overdue = (
      await t.app.inject({ method: 'POST', url: '/api/report/rental/new', payload: { status: 'OVERDUE' }, headers: landlord.headers })
    ).json() as { data: RentalReportRow[] };
    expect(overdue.data.map((row) => row.invoiceId)).toEqual([invoice!.id]);
  });

  it('lets staff edit the Selangor holidays payouts skip', async () => {
    const staff = await f.person('Staff Aminah', { role: 'operations' });
    const landlord = await f.person('Landlord Ong');
    const moderator = await f.person('Moderator Farid', { role: 'moderator' });
    const list = (await t.app.inject({ url: '/api/admin/services/holidays', headers: staff.headers })).json() as {
      region: string;
      holidays: { day: string }[];
    };
    expect(list.region).toBe('Selangor');
    expect(list.holidays.map((holiday) => holiday.day)).toEqual(expect.arrayContaining(['2026-12-11', '2026-12-25', '2027-01-01']));
    expect((await t.app.inject({ url: '/api/admin/services/holidays', headers: landlord.headers })).statusCode).toBe(403);
    expect((await t.app.inject({ url: '/api/admin/services/holidays', headers: moderator.headers })).statusCode).toBe(403);
    const put = await t.app.inject({
      method: 'PUT',
      url: '/api/admin/services/holidays/2027-03-12',
      payload: { name: 'Special holiday' },
      headers: staff.headers,
    });
    expect(put.json()).toMatchObject({ day: '2027-03-12', name: 'Special holiday', updatedBy: staff.id });
    expect((await t.app.inject({ method: 'DELETE', url: '/api/admin/services/holidays/2027-03-12', headers: staff.headers })).statusCode).toBe(204);
    const audit = (await t.database.raw(
      `select action, actor_id, target_id from audit_log where target_id = 'Selangor:2027-03-12' order by id`,
      [],
    )) as {
      rows: { action: string; actor_id: string }[];
    };
    expect(audit.rows.map((row) => [row.action, row.actor_id])).toEqual([
      ['services.holiday.put', staff.id],
      ['services.holiday.delete', staff.id],
    ]);
    expect((await t.app.inject({ method: 'DELETE', url: '/api/admin/services/holidays/2027-03-12', headers: staff.headers })).statusCode).toBe(404);
  });
});
