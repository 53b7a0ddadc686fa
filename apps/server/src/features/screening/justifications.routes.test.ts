import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type {
  DealScreening,
  JustificationDecision,
  MarketPriceJustification,
  PendingJustificationPage,
  PendingMarketPricePage,
} from '@kunci/contracts/screening';
import { auditLog, properties, staffConfirmations, zeroDepositJustifications } from '@kunci/db/schema';
import { confirmStaffSession } from '../../../test/authz/admin.ts';
import { createTestApp, type TestApp } from '../../../test/support.ts';
import { simulatorAnswers } from './credit-bureau.ts';
import { screeningFixtures } from './test-helpers.ts';

let t: TestApp;
const f = screeningFixtures(() => t);
type Person = Awaited<ReturnType<typeof f.person>>;

beforeAll(async () => {
  t = await createTestApp({ env: { AUTH_SECRET: 's'.repeat(40), RATE_LIMIT_MAX: '100000' } });
});
afterAll(() => t.close());

/** The simulator's NRIC whose credit report fails (README, "Configuration"). */
const FAILS = '850615-10-5231';
const PDF = Buffer.from('%PDF-1.4\n% offer letter, Syarikat Maju Sdn Bhd, RM5,200 a month from October\n%%EOF\n');
const asJson = <T>(response: { json(): unknown }) => response.json() as T;
const QUEUE = '/api/admin/screening/justifications';

async function failCredit(tenant: Person) {
  const answers = simulatorAnswers(FAILS.replace(/-/g, ''));
  const payload = { email: 'raj@example.my', name: 'Raj Kumar', nric: FAILS, phone: '+60123456789', securityQuestions: answers };
  await t.app.inject({ method: 'POST', url: '/api/ramci/submit', payload, headers: tenant.headers });
  const image = Buffer.from(await import('@kunci/media/test-images').then((m) => m.pngDeclaring(6, 4))).toString('base64');
  await t.app.inject({
    method: 'POST',
    url: '/api/ramci/update-consent',
    payload: { icFront: image, icBack: image, nric: FAILS },
    headers: tenant.headers,
  });
}

/** A booked deal whose tenant's credit report failed: screening rejects it and refunds the fee. */
async function rejectedDeal(language: 'EN' | 'MY' | 'ZH' = 'EN') {
  const deal = await f.booked();
  await t.database.raw(`update users set language = $1 where id = $2`, [language, deal.tenant.id]);
  await t.app.inject({ method: 'PUT', url: `/api/deals/${deal.dealId}/screening`, payload: { profile: 'STUDENT' }, headers: deal.tenant.headers });
  await failCredit(deal.tenant);
  const screening = asJson<DealScreening>(
    await t.app.inject({ method: 'POST', url: `/api/deals/${deal.dealId}/ramci`, headers: deal.tenant.headers }),
  );
  expect(screening.decision).toBe('REJECTED');
  return deal;
}

async function justify(tenant: Person, dealId: string | null) {
  const sent = await t.app.inject({
    method: 'POST',
    url: '/api/v3/zero-deposit-justifications',
    payload: {
      ...(dealId ? { dealId } : {}),
      reason: 'I started a new job in October; the arrears on my report are from a closed card.',
      files: [{ contentType: 'application/pdf', data: PDF.toString('base64') }],
    },
    headers: tenant.headers,
  });
  expect(sent.statusCode).toBe(201);
  return asJson<{ id: string }>(sent).id;
}

async function operations() {
  const staff = await f.person('Ops Farah', { role: 'operations' });
  await confirmStaffSession(t, staff.token);
  return staff;
}

const decide = (staff: Person, id: string, status: 'ACCEPTED' | 'REFUSED', note = 'The offer letter shows a steady income.') =>
  t.app.inject({ method: 'POST', url: `${QUEUE}/${id}/decision`, payload: { status, note }, headers: staff.headers });

async function addAndUpload(who: Person, dealId: string, kind: string) {
  const added = await t.app.inject({ method: 'POST', url: `/api/deals/${dealId}/documents`, payload: { kind }, headers: who.headers });
  const id = asJson<{ id: string }>(added).id;
  const uploaded = await t.app.inject({
    method: 'POST',
    url: `/api/documents/${id}/upload`,
    payload: PDF,
    headers: { ...who.headers, 'content-type': 'application/pdf' },
  });
  expect(uploaded.statusCode).toBe(200);
  return id;
}

describe('zero-deposit justification review', () => {
  it('lists pending justifications oldest first with tenant, deal, listing and signed reads that open the file for that staff member', async () => {
    const { tenant, dealId, propertyId } = await rejectedDeal();
    const id = await justify(tenant, dealId);
    const later = await justify(await f.person('Tenant Mei'), null);
    const staff = await operations();
    const page = asJson<PendingJustificationPage>(await t.app.inject({ url: `${QUEUE}?pageSize=50`, headers: staff.headers }));
    const ids = page.content.map((candidate) => candidate.id);
    expect(ids.indexOf(id)).toBeLessThan(ids.indexOf(later));
    expect(page.content.find((candidate) => candidate.id === later)).toMatchObject({ deal: null, tenant: { name: 'Tenant Mei' } });
    const item = page.content.find((candidate) => candidate.id === id)!;
    expect(item).toMatchObject({
      tenant: { id: tenant.id, name: 'Tenant Aisyah' },
      deal: { id: dealId, state: 'REJECTED', propertyId },
      reason: expect.stringContaining('new job in October'),
    });
    expect(page.total).toBeGreaterThanOrEqual(1);
    expect(item.files).toHaveLength(1);
    const file = await t.app.inject({ url: item.files[0]!.url, headers: staff.headers });
    expect(file.statusCode).toBe(200);
    expect(file.rawPayload.equals(PDF)).toBe(true);
    // The link was made for this staff member: another one cannot use it.
    const other = await operations();
    expect((await t.app.inject({ url: item.files[0]!.url, headers: other.headers })).statusCode).toBe(403);
    // Paging: a page of one holds one.
    expect(asJson<PendingJustificationPage>(await t.app.inject({ url: `${QUEUE}?pageSize=1&page=1`, headers: staff.headers })).content).toHaveLength(
      1,
    );
  });

  it('accepting for a rejected (refunded, final) deal records the audit row, tells the tenant in Malay, and lets them book again with conditions', async () => {
    const { tenant, dealId, propertyId, landlord } = await rejectedDeal('MY');
    const id = await justify(tenant, dealId);
    const staff = await operations();
    const accepted = await decide(staff, id, 'ACCEPTED');
    expect(accepted.statusCode).toBe(200);
    expect(asJson<JustificationDecision>(accepted)).toMatchObject({ outcome: 'BOOK_AGAIN', justification: { status: 'ACCEPTED' } });
    // The deal stays rejected: REJECTED is final in the deal state machine.
    expect(await f.dealRow(dealId)).toMatchObject({ state: 'REJECTED' });
    // Decided once.
    expect((await decide(staff, id, 'REFUSED')).statusCode).toBe(409);

    const [audit] = await t.database.db.select().from(auditLog).where(eq(auditLog.targetId, id));
    expect(audit).toMatchObject({
      actorId: staff.id,
      actorRole: 'operations',
      action: 'screening.justification.accept',
      targetType: 'zero_deposit_justification',
      reason: 'The offer letter shows a steady income.',
      after: { status: 'ACCEPTED', dealId },
    });

    await f.drain();
    const notices = asJson<{ content: { type: string; title: string; body: string }[] }>(
      await t.app.inject({ url: '/api/notices', headers: { ...tenant.headers, 'x-language': 'ms' } }),
    );
    // The deal's own steps are under the bell too: the decision is the justification's notice.
    const decided = notices.content.find((notice) => notice.type === 'screening.justification-decided');
    expect(decided).toMatchObject({ title: 'Justifikasi tanpa deposit diterima' });
    expect(decided!.body).toContain('menempah semula');

    // The tenant books the same home again: the failed report no longer rejects; approved with conditions once verified.
    const again = await f.apply(tenant, propertyId);
    await f.command(landlord, again, { command: 'ACCEPT' });
    await t.database.raw(`update deals set state = 'BOOKED', paid_at = now() where id = $1`, [again]);
    await t.app.inject({ method: 'PUT', url: `/api/deals/${again}/screening`, payload: { profile: 'STUDENT' }, headers: tenant.headers });
    const documents = [await addAndUpload(tenant, again, 'STUDENT_LETTER'), await addAndUpload(tenant, again, 'HOUSEMATE_IC')];
    const screening = asJson<DealScreening>(await t.app.inject({ method: 'POST', url: `/api/deals/${again}/ramci`, headers: tenant.headers }));
    expect(screening).toMatchObject({ decision: 'PENDING', conditions: ['DOCUMENTS_UNDER_REVIEW'] });
    await f.command(tenant, again, { command: 'SUBMIT_DOCUMENTS' });
    const verified = await t.app.inject({
      method: 'POST',
      url: `/api/deals/${again}/documents/verify`,
      payload: { documents: documents.map((document) => ({ id: document, status: 'VERIFIED' })) },
      headers: staff.headers,
    });
    expect(verified.json()).toMatchObject({ state: 'APPROVED' });
    expect(asJson<DealScreening>(await t.app.inject({ url: `/api/deals/${again}/screening`, headers: tenant.headers }))).toMatchObject({
      decision: 'APPROVED_WITH_CONDITIONS',
      conditions: ['CREDIT_JUSTIFIED'],
    });
  });

  it('accepting for a booking still in screening screens it again: the failed report no longer rejects it', async () => {
    const { tenant, landlord, propertyId, dealId } = await rejectedDeal();
    // The same tenant books again before anyone decided, and sends the justification for the new booking.
    await t.database.raw(`delete from zero_deposit_justifications where user_id = $1`, [tenant.id]);
    const again = await f.apply(tenant, propertyId);
    expect(again).not.toBe(dealId);
    await f.command(landlord, again, { command: 'ACCEPT' });
    await t.database.raw(`update deals set state = 'BOOKED', paid_at = now() where id = $1`, [again]);
    await t.app.inject({ method: 'PUT', url: `/api/deals/${again}/screening`, payload: { profile: 'STUDENT' }, headers: tenant.headers });
    const id = await justify(tenant, again);
    const staff = await operations();
    expect(asJson<JustificationDecision>(await decide(staff, id, 'ACCEPTED'))).toMatchObject({ outcome: 'DEAL_CONTINUES' });
    // Its credit check (failed) now counts without rejecting: the booking waits for its documents.
    const screening = asJson<DealScreening>(await t.app.inject({ method: 'POST', url: `/api/deals/${again}/ramci`, headers: tenant.headers }));
    expect(screening).toMatchObject({ decision: 'PENDING', conditions: ['DOCUMENTS_MISSING'] });
    expect(await f.dealRow(again)).toMatchObject({ state: 'BOOKED' });
  });

  it('refusing records the refusal and tells the tenant with the note; the deal stays rejected', async () => {
    const { tenant, dealId } = await rejectedDeal();
    const id = await justify(tenant, dealId);
    const staff = await operations();
    const refused = await decide(staff, id, 'REFUSED', 'The letter does not state the salary.');
    expect(asJson<JustificationDecision>(refused)).toMatchObject({ outcome: 'NONE', justification: { status: 'REFUSED' } });
    const [audit] = await t.database.db.select().from(auditLog).where(eq(auditLog.targetId, id));
    expect(audit).toMatchObject({ action: 'screening.justification.refuse' });
    expect(await f.dealRow(dealId)).toMatchObject({ state: 'REJECTED' });
    await f.drain();
    const notices = asJson<{ content: { type: string; title: string; body: string }[] }>(
      await t.app.inject({ url: '/api/notices', headers: tenant.headers }),
    );
    const decided = notices.content.find((notice) => notice.type === 'screening.justification-decided');
    expect(decided).toMatchObject({ title: 'Zero-deposit justification not accepted' });
    expect(decided!.body).toContain('does not state the salary');
  });

  it('only operations with a PIN-confirmed session decide; a missing note is refused; nothing is recorded for a refused call', async () => {
    const tenant = await f.person('Tenant Mei');
    const id = await justify(tenant, null);
    const moderator = await f.person('Mod Tan', { role: 'moderator' });
    await confirmStaffSession(t, moderator.token);
    expect((await decide(moderator, id, 'ACCEPTED')).statusCode).toBe(403);
    expect((await decide(tenant, id, 'ACCEPTED')).statusCode).toBe(403);
    const unconfirmed = await f.person('Ops Wei', { role: 'operations' });
    expect((await decide(unconfirmed, id, 'ACCEPTED')).statusCode).toBe(428);
    // A confirmation older than the limit does not count.
    await confirmStaffSession(t, unconfirmed.token);
    await t.database.db.update(staffConfirmations).set({ confirmedAt: new Date(Date.now() - 24 * 3_600_000) });
    expect((await decide(unconfirmed, id, 'ACCEPTED')).statusCode).toBe(428);
    const staff = await operations();
    const blank = await t.app.inject({
      method: 'POST',
      url: `${QUEUE}/${id}/decision`,
      payload: { status: 'ACCEPTED', note: ' ' },
      headers: staff.headers,
    });
    expect(blank.statusCode).toBe(422);
    expect(await t.database.db.select().from(auditLog).where(eq(auditLog.targetId, id))).toEqual([]);
    const [row] = await t.database.db.select().from(zeroDepositJustifications).where(eq(zeroDepositJustifications.id, id));
    expect(row!.status).toBe('PENDING');
    expect((await decide(staff, crypto.randomUUID(), 'ACCEPTED')).statusCode).toBe(404);
  });
});

describe('market-price justification review', () => {
  it('operations see pending ones with landlord and listing; a refusal (audited) hides it from tenants, an acceptance keeps it shown', async () => {
    const landlord = await f.person('Landlord Wong');
    const propertyId = await f.condo(landlord.id, 90_000);
    const send = async (reason: string) => {
      const sent = await t.app.inject({
        method: 'POST',
        url: '/api/v3/market-price-justifications',
        payload: { propertyId, reason },
        headers: landlord.headers,
      });
      expect(sent.statusCode).toBe(201);
      return asJson<{ id: string }>(sent).id;
    };
    const first = await send('Penthouse with a private pool, renovated in 2025.');
    const second = await send('Fully furnished with a home office and two parking bays.');
    const staff = await operations();
    const MARKET = '/api/admin/screening/market-price-justifications';
    const queue = asJson<PendingMarketPricePage>(await t.app.inject({ url: `${MARKET}?pageSize=50`, headers: staff.headers }));
    expect(queue.content.map((item) => item.id)).toEqual([first, second]);
    expect(queue.content[0]).toMatchObject({
      landlord: { id: landlord.id, name: 'Landlord Wong' },
      listing: { id: propertyId, rent: 90_000 },
      rent: 90_000,
    });

    const moderator = await f.person('Mod Tan', { role: 'moderator' });
    await confirmStaffSession(t, moderator.token);
    const decideMarket = (who: Person, id: string, status: string, note: string) =>
      t.app.inject({ method: 'POST', url: `${MARKET}/${id}/decision`, payload: { status, note }, headers: who.headers });
    expect((await decideMarket(moderator, first, 'REFUSED', 'No pool in the photos.')).statusCode).toBe(403);
    expect((await decideMarket(staff, first, 'REFUSED', 'No pool in the photos.')).json()).toMatchObject({ status: 'REFUSED' });
    expect((await decideMarket(staff, first, 'ACCEPTED', 'Changed my mind.')).statusCode).toBe(409);
    expect((await decideMarket(staff, second, 'ACCEPTED', 'Furnishing checked in the photos.')).statusCode).toBe(200);
    const [audit] = await t.database.db.select().from(auditLog).where(eq(auditLog.targetId, first));
    expect(audit).toMatchObject({ action: 'screening.market-price.refuse', actorId: staff.id, reason: 'No pool in the photos.' });

    const shown = asJson<{ content: MarketPriceJustification[] }>(
      await t.app.inject({ url: `/api/v3/market-price-justifications/property/${propertyId}` }),
    );
    expect(shown.content.map((item) => item.id)).toEqual([second]);
    expect(asJson<PendingMarketPricePage>(await t.app.inject({ url: MARKET, headers: staff.headers })).content.map((item) => item.id)).not.toContain(
      second,
    );

    // The landlord is told of each decision through the notification centre, in the language they read it in.
    await f.drain();
    const noticesIn = async (language: string) =>
      asJson<{ content: { type: string; title: string; body: string }[] }>(
        await t.app.inject({ url: '/api/notices', headers: { ...landlord.headers, 'x-language': language } }),
      ).content.filter((notice) => notice.type === 'screening.market-price-decided');
    const malay = await noticesIn('ms');
    expect(malay.map((notice) => notice.title).sort()).toEqual(['Justifikasi harga pasaran diterima', 'Justifikasi harga pasaran tidak diterima']);
    expect(malay.find((notice) => notice.title.includes('tidak'))!.body).toContain('No pool in the photos.');
    expect(malay.find((notice) => notice.title.includes('tidak'))!.body).toMatch(/RM\s90,000 sebulan/);
    const english = await noticesIn('en');
    expect(english.find((notice) => notice.title === 'Market-price justification accepted')!.body).toContain('Furnishing checked in the photos.');
    // A decision is told once: the refused one's second decision (409) sent nothing more.
    expect(english).toHaveLength(2);
    await t.database.db.update(properties).set({ price: 1800 }).where(eq(properties.id, propertyId));
  });
});
