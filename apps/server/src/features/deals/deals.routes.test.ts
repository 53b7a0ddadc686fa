import type { NoticeList } from '@kunci/contracts/notifications';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Deal } from '@kunci/contracts/deals';
import { createTestApp, type TestApp } from '../../../test/support.ts';
import { textsTo } from '../../../test/outbox.ts';
import { dealFixtures } from './test-helpers.ts';

let t: TestApp;
const f = dealFixtures(() => t);
const FEE = 50_000;

beforeAll(async () => {
  t = await createTestApp({ env: { AUTH_SECRET: 'd'.repeat(40), RATE_LIMIT_MAX: '100000' } });
});
afterAll(() => t.close());

/** A deal accepted by the landlord: the tenant, the landlord, its id and listing. */
async function accepted(options: { language?: 'EN' | 'MY' | 'ZH' } = {}) {
  const landlord = await f.person('Landlord Wong');
  const tenant = await f.person('Tenant Aisyah', options);
  const propertyId = await f.condo(landlord.id);
  const applied = await f.apply(tenant, propertyId);
  expect(applied.statusCode).toBe(201);
  const deal = applied.json() as Deal;
  const accept = await f.command(landlord, deal.id, { command: 'ACCEPT' });
  expect(accept.statusCode).toBe(200);
  return { landlord, tenant, dealId: deal.id, propertyId };
}

async function booked(options: { language?: 'EN' | 'MY' | 'ZH' } = {}) {
  const made = await accepted(options);
  expect((await f.pay(made.tenant, made.dealId)).statusCode).toBe(200);
  await f.drain();
  expect((await f.dealRow(made.dealId)).state).toBe('BOOKED');
  return made;
}

const sum = (rows: { amountSen: number }[]) => rows.reduce((total, row) => total + row.amountSen, 0);

describe('deals', () => {
  it('a tenant applies for a Bangsar condo at RM1,800 for 12 months, the landlord accepts, RM500 on the simulator books it', async () => {
    const landlord = await f.person('Landlord Wong', { language: 'MY' });
    const tenant = await f.person('Tenant Aisyah');
    const propertyId = await f.condo(landlord.id, 1800);
    const applied = await f.apply(tenant, propertyId, { tenancyMonths: 12 });
    expect(applied.statusCode).toBe(201);
    const deal = applied.json() as Deal;
    expect(deal).toMatchObject({ state: 'APPLIED', monthlyRent: 1800, tenancyMonths: 12, occupants: 2, bookingFeeSen: FEE, viewerRole: 'TENANT' });
    expect(deal.commands).toEqual(['CANCEL']);
    expect(deal.deadline?.command).toBe('EXPIRE');

    // The landlord sees it with Accept and Decline, and is told by SMS in Malay with the signed link (a notice of the
    // notification centre, delivered by its jobs).
    const seen = (await t.app.inject({ url: `/api/deals/${deal.id}`, headers: landlord.headers })).json() as Deal;
    expect(seen.commands).toEqual(expect.arrayContaining(['ACCEPT', 'DECLINE', 'CANCEL']));
    await f.drain();
    const [sms] = await textsTo(t, landlord.id);
    expect(sms).toContain('Seorang penyewa memohon');
    expect(sms).toContain(`/my/deal?hash=${encodeURIComponent(seen.hash!)}`);
    // The same notice under the bell, in the language the landlord reads it in, with the same link.
    const bell = async (lang: string) =>
      ((await t.app.inject({ url: '/api/notices', headers: { ...landlord.headers, 'x-language': lang } })).json() as NoticeList).content;
    expect(await bell('ms')).toEqual([
      expect.objectContaining({
        type: 'deals.update',
        title: expect.stringContaining('Urusan sewa anda'),
        body: expect.stringContaining('Seorang penyewa memohon'),
        url: `/my/deal?hash=${encodeURIComponent(seen.hash!)}`,
      }),
    ]);
    const inEnglish = await bell('en');
    expect(inEnglish[0]!.title).toContain('Your rental deal');
    expect(inEnglish[0]!.body).not.toContain('Seorang penyewa');
    await f.drain();
    expect(await bell('ms')).toHaveLength(1);

    // The signed link opens the deal for anyone holding it as a summary, and refuses a forged one.
    const guest = (await t.app.inject({ url: `/api/deals/hash/${seen.hash}` })).json() as Deal;
    expect(guest).toMatchObject({ id: deal.id, viewerRole: 'GUEST', commands: [], hash: null });
    expect((await t.app.inject({ url: `/api/deals/hash/${deal.id}.${'x'.repeat(43)}` })).statusCode).toBe(404);

    // The tenant cannot accept their own application; the landlord can.
    expect((await f.command(tenant, deal.id, { command: 'ACCEPT' })).statusCode).toBe(403);
    expect((await f.command(landlord, deal.id, { command: 'ACCEPT' })).json()).toMatchObject({ state: 'ACCEPTED' });
    expect((await f.command(landlord, deal.id, { command: 'ACCEPT' })).json()).toMatchObject({ errorCode: 11451 });

    const link = await f.pay(tenant, deal.id);
    expect(link.json()).toMatchObject({ amountSen: FEE });
    await f.drain();
    const after = (await t.app.inject({ url: `/api/deals/${deal.id}`, headers: tenant.headers })).json() as Deal;
    expect(after.state).toBe('BOOKED');
    expect(after.refundableUntil).not.toBeNull();
    expect(after.deadline?.command).toBe('MISS_DEADLINE');
    expect(after.events.map((event) => event.to)).toEqual(['APPLIED', 'ACCEPTED', 'BOOKED']);
    // The payer sees the receipt's payment; the landlord does not.
    expect(after.bookingPaymentId).toBe(link.json<{ paymentId: string }>().paymentId);
    const landlordView = (await t.app.inject({ url: `/api/deals/${deal.id}`, headers: landlord.headers })).json() as Deal;
    expect(landlordView).toMatchObject({ state: 'BOOKED', bookingPaymentId: null });
    expect(await f.ledger(deal.id)).toEqual([
      { kind: 'CHARGE', account: `user:${tenant.id}`, amountSen: -FEE },
      { kind: 'CHARGE', account: `deal:${deal.id}:escrow`, amountSen: FEE },
    ]);
    // Asking again applies nothing twice.
    expect((await t.app.inject({ method: 'POST', url: `/api/deals/${deal.id}/verify/booking`, headers: tenant.headers })).json()).toMatchObject({
      state: 'BOOKED',
    });

    // A second tenant is refused, in their language.
    const second = await f.person('Tenant Lee', { language: 'ZH' });
    const refused = await t.app.inject({
      method: 'POST',
      url: '/api/deals',
      payload: { propertyId, moveInDate: f.inAMonth(), tenancyMonths: 6, occupants: 1 },
      headers: { ...second.headers, 'accept-language': 'zh-CN,zh;q=0.9' },
    });
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toEqual({ errorCode: 11450, message: expect.stringContaining('已有其他租客预订了此房源') });
    const inMalay = await t.app.inject({
      method: 'POST',
      url: '/api/deals',
      payload: { propertyId, moveInDate: f.inAMonth(), tenancyMonths: 6, occupants: 1 },
      headers: { ...second.headers, 'x-language': 'ms' },
    });
    expect(inMalay.json()).toMatchObject({ errorCode: 11450, message: expect.stringContaining('Penyewa lain sudah menempah rumah ini') });
  });

  it('two accepted tenants paying at once: exactly one books the listing, the other is refunded (concurrent requests)', async () => {
    const landlord = await f.person('Landlord Tan');
    const propertyId = await f.condo(landlord.id);
    const tenants = [await f.person('Tenant A'), await f.person('Tenant B')];
    const ids: string[] = [];
    for (const tenant of tenants) {
      const deal = (await f.apply(tenant, propertyId)).json() as Deal;
      await f.command(landlord, deal.id, { command: 'ACCEPT' });
      ids.push(deal.id);
    }
    // Both pay links, both paid on the simulator, then both settle and both ask at once.
    await Promise.all(tenants.map((tenant, index) => f.pay(tenant, ids[index]!)));
    const answers = await Promise.all([
      f.drain(),
      ...tenants.map((tenant, index) => t.app.inject({ method: 'POST', url: `/api/deals/${ids[index]}/verify/booking`, headers: tenant.headers })),
    ]);
    for (const answer of answers.slice(1)) expect((answer as { statusCode: number }).statusCode).toBe(200);
    await f.drain();
    const states = await Promise.all(ids.map(async (id) => (await f.dealRow(id)).state));
    expect([...states].sort()).toEqual(['BOOKED', 'CANCELLED']);
    const loser = ids[states.indexOf('CANCELLED')]!;
    const lost = await f.dealRow(loser);
    expect(lost.reason).toBe('LISTING_BOOKED');
    const lines = await f.ledger(loser);
    expect(lines.map((line) => line.kind)).toEqual(['CHARGE', 'CHARGE', 'REFUND', 'REFUND']);
    expect(sum(lines)).toBe(0);
    expect(sum(lines.filter((line) => line.account.endsWith(':escrow')))).toBe(0);
  });

  it('a tenant who cancels within 24 hours gets RM500 back (ledger: charge and refund)', async () => {
    const { tenant, dealId } = await booked();
    const cancelled = await f.command(tenant, dealId, { command: 'CANCEL' });
    expect(cancelled.json()).toMatchObject({ state: 'CANCELLED', reason: 'CHANGED_MIND' });
    await f.drain();
    const lines = await f.ledger(dealId);
    expect(lines).toEqual([
      { kind: 'CHARGE', account: `user:${tenant.id}`, amountSen: -FEE },
      { kind: 'CHARGE', account: `deal:${dealId}:escrow`, amountSen: FEE },
      { kind: 'REFUND', account: `deal:${dealId}:escrow`, amountSen: -FEE },
      { kind: 'REFUND', account: `user:${tenant.id}`, amountSen: FEE },
    ]);
  });

  it('a tenant who cancels after 24 hours forfeits RM500 to the landlord (ledger: charge and forfeit)', async () => {
    const { tenant, landlord, dealId } = await booked();
    await f.age(dealId, 25);
    const cancelled = await f.command(tenant, dealId, { command: 'CANCEL' });
    expect(cancelled.json()).toMatchObject({ state: 'FORFEITED' });
    await f.drain();
    expect(await f.ledger(dealId)).toEqual([
      { kind: 'CHARGE', account: `user:${tenant.id}`, amountSen: -FEE },
      { kind: 'CHARGE', account: `deal:${dealId}:escrow`, amountSen: FEE },
      { kind: 'FORFEIT', account: `deal:${dealId}:escrow`, amountSen: -FEE },
      { kind: 'FORFEIT', account: `landlord:${landlord.id}`, amountSen: FEE },
    ]);
  });

  it('the landlord cancelling (or renting elsewhere) refunds the tenant even after 24 hours', async () => {
    const { landlord, tenant, dealId } = await booked();
    await f.age(dealId, 48);
    expect((await f.command(landlord, dealId, { command: 'CANCEL', reason: 'RENTED_ELSEWHERE' })).json()).toMatchObject({ state: 'CANCELLED' });
    await f.drain();
    const lines = await f.ledger(dealId);
    expect(lines.filter((line) => line.kind === 'REFUND')).toEqual([
      { kind: 'REFUND', account: `deal:${dealId}:escrow`, amountSen: -FEE },
      { kind: 'REFUND', account: `user:${tenant.id}`, amountSen: FEE },
    ]);
  });

  it('staff voiding for a raised rent or a false listing refunds; a tenant may not void', async () => {
    const { tenant, dealId } = await booked();
    const staff = await f.person('Staff', { role: 'operations' });
    await f.age(dealId, 72);
    expect((await f.command(tenant, dealId, { command: 'VOID', reason: 'RENT_RAISED' })).statusCode).toBe(403);
    expect((await f.command(staff, dealId, { command: 'VOID', reason: 'RENT_RAISED' })).json()).toMatchObject({
      state: 'CANCELLED',
      reason: 'RENT_RAISED',
    });
    await f.drain();
    expect((await f.ledger(dealId)).filter((line) => line.kind === 'REFUND')).toHaveLength(2);
  });

  it('documents: uploaded privately, screening fails and the fee is refunded', async () => {
    const { tenant, landlord, dealId } = await booked();
    const staff = await f.person('Staff', { role: 'operations' });
    expect((await f.command(tenant, dealId, { command: 'SUBMIT_DOCUMENTS' })).json()).toMatchObject({ errorCode: 11454 });
    const added = await t.app.inject({
      method: 'POST',
      url: `/api/deals/${dealId}/documents`,
      payload: { kind: 'PAYSLIP' },
      headers: tenant.headers,
    });
    expect(added.statusCode).toBe(201);
    const documentId = (added.json() as { id: string }).id;
    const pdf = Buffer.from('%PDF-1.4\n% payslip\n');
    const notPdf = await t.app.inject({
      method: 'POST',
      url: `/api/documents/${documentId}/upload`,
      payload: Buffer.from('hello'),
      headers: { ...tenant.headers, 'content-type': 'application/pdf' },
    });
    expect(notPdf.json()).toMatchObject({ errorCode: 11455 });
    const byLandlord = await t.app.inject({
      method: 'POST',
      url: `/api/documents/${documentId}/upload`,
      payload: pdf,
      headers: { ...landlord.headers, 'content-type': 'application/pdf' },
    });
    expect(byLandlord.statusCode).toBe(403);
    const uploaded = await t.app.inject({
      method: 'POST',
      url: `/api/documents/${documentId}/upload`,
      payload: pdf,
      headers: { ...tenant.headers, 'content-type': 'application/pdf' },
    });
    expect(uploaded.json()).toMatchObject({ status: 'UPLOADED', contentType: 'application/pdf', fileUrl: `/api/documents/${documentId}/file` });
    // The owner reads it through the API (staff only through a signed read: screening.routes.test.ts); the landlord
    // does not; it has no public media URL.
    const own = await t.app.inject({ url: `/api/documents/${documentId}/file`, headers: tenant.headers });
    expect(own.statusCode).toBe(200);
    expect(own.headers['cache-control']).toContain('no-store');
    expect(own.rawPayload.equals(pdf)).toBe(true);
    expect((await t.app.inject({ url: `/api/documents/${documentId}/file`, headers: staff.headers })).statusCode).toBe(403);
    expect((await t.app.inject({ url: `/api/documents/${documentId}/file`, headers: landlord.headers })).statusCode).toBe(403);
    expect((await t.app.inject({ url: `/media/private/deal-documents/${dealId}/${documentId}` })).statusCode).toBe(404);
    expect(
      ((await t.app.inject({ url: `/api/documents/users/${tenant.id}`, headers: tenant.headers })).json() as { content: unknown[] }).content,
    ).toHaveLength(1);

    expect((await f.command(tenant, dealId, { command: 'SUBMIT_DOCUMENTS' })).json()).toMatchObject({ state: 'SCREENING' });
    const verdict = { decision: 'REJECTED' };
    expect(
      (await t.app.inject({ method: 'POST', url: `/api/deals/${dealId}/documents/verify`, payload: verdict, headers: landlord.headers })).statusCode,
    ).toBe(403);
    const rejected = await t.app.inject({ method: 'POST', url: `/api/deals/${dealId}/documents/verify`, payload: verdict, headers: staff.headers });
    expect(rejected.json()).toMatchObject({ state: 'REJECTED', reason: 'SCREENING_FAILED' });
    await f.drain();
    expect(sum((await f.ledger(dealId)).filter((line) => line.account.endsWith(':escrow')))).toBe(0);
    expect((await f.ledger(dealId)).filter((line) => line.kind === 'REFUND')).toHaveLength(2);
  });

  it('deadlines run as jobs: no documents within 5 days forfeits; screening passed, signed and paid moves in', async () => {
    const late = await booked();
    await f.deadlinePasses(late.dealId);
    expect((await f.dealRow(late.dealId)).state).toBe('FORFEITED');
    expect((await f.ledger(late.dealId)).filter((line) => line.kind === 'FORFEIT')).toHaveLength(2);

    const { tenant, landlord, dealId } = await booked();
    const staff = await f.person('Staff', { role: 'operations' });
    const documentId = (
      (
        await t.app.inject({ method: 'POST', url: `/api/deals/${dealId}/documents`, payload: { kind: 'IC_FRONT' }, headers: tenant.headers })
      ).json() as { id: string }
    ).id;
    await t.app.inject({
      method: 'POST',
      url: `/api/documents/${documentId}/upload`,
      payload: Buffer.from('%PDF-1.4\n% IC\n'),
      headers: { ...tenant.headers, 'content-type': 'application/pdf' },
    });
    await f.command(tenant, dealId, { command: 'SUBMIT_DOCUMENTS' });
    await t.app.inject({ method: 'POST', url: `/api/deals/${dealId}/documents/verify`, payload: { decision: 'APPROVED' }, headers: staff.headers });
    // The agreement is started and signed through /api/agreements (the deal's PUT refuses both), the deal following it.
    expect((await f.command(landlord, dealId, { command: 'SEND_AGREEMENT' })).statusCode).toBe(422);
    expect(await f.signAgreement(dealId, landlord, tenant)).toBe(200);
    expect((await t.app.inject({ url: `/api/deals/${dealId}`, headers: tenant.headers })).json()).toMatchObject({
      state: 'SIGNED',
      deadline: { command: 'MISS_DEADLINE' },
    });
    // Paying the move-in amount starts the tenancy: first month RM1,800 + RM399 signing fee + RM23.94 SST, less the RM500 booking fee.
    const pay = await f.pay(tenant, dealId, { moveIn: true });
    expect(pay.json()).toMatchObject({ amountSen: 180_000 + 39_900 + 2_394 - FEE });
    await f.drain();
    expect((await f.dealRow(dealId)).state).toBe('ACTIVE');
  });

  it('refuses bad applications with a clear code: own listing, twice, past dates, sale listings', async () => {
    const landlord = await f.person('Landlord Lim');
    const tenant = await f.person('Tenant Raj');
    const propertyId = await f.condo(landlord.id);
    expect((await f.apply(landlord, propertyId)).json()).toMatchObject({ errorCode: 11452 });
    expect((await f.apply(tenant, propertyId, { moveInDate: '2020-01-01' })).statusCode).toBe(422);
    expect((await f.apply(tenant, propertyId, { tenancyMonths: 13 })).statusCode).toBe(422);
    expect((await f.apply(tenant, propertyId)).statusCode).toBe(201);
    expect((await f.apply(tenant, propertyId)).json()).toMatchObject({ errorCode: 11453 });
    const list = (await t.app.inject({ url: `/api/deals?userId=${landlord.id}&propertyId=${propertyId}`, headers: landlord.headers })).json() as {
      content: Deal[];
    };
    expect(list.content).toHaveLength(1);
    expect(list.content[0]!.viewerRole).toBe('LANDLORD');
    expect((await t.app.inject({ url: `/api/deals?userId=${landlord.id}`, headers: tenant.headers })).statusCode).toBe(403);
  });
});
