import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DealScreening, RamciStatus, SecurityQuestion } from '@kunci/contracts/screening';
import { creditChecks, dealDocuments, privateFileReads, privateFiles, properties } from '@kunci/db/schema';
import { pngDeclaring } from '@kunci/media/test-images';
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

const PASSES = '900101-14-5567';
const FAILS = '850615-10-5231';
const CONSENT_FAILS = '920303-08-6012';
const BUREAU_ERROR = '880808-01-6677';
const PDF = Buffer.from('%PDF-1.4\n% payslip of Aisyah binti Ahmad, net pay RM4,200\n%%EOF\n');
const PNG = pngDeclaring(6, 4);

const digits = (nric: string) => nric.replace(/-/g, '');
const asJson = <T>(response: { json(): unknown }) => response.json() as T;

function submit(who: Person, nric: string, answers = simulatorAnswers(digits(nric)), language = 'en') {
  return t.app.inject({
    method: 'POST',
    url: '/api/ramci/submit',
    payload: { email: 'aisyah@example.my', name: 'Aisyah binti Ahmad', nric, phone: '+60123456789', securityQuestions: answers },
    headers: { ...who.headers, 'x-language': language },
  });
}
const consent = (who: Person, nric: string, image = PNG) =>
  t.app.inject({
    method: 'POST',
    url: '/api/ramci/update-consent',
    payload: { icFront: image.toString('base64'), icBack: image.toString('base64'), nric },
    headers: who.headers,
  });

async function addAndUpload(who: Person, dealId: string, kind: string, bytes: Buffer = PDF, type = 'application/pdf', profile?: string) {
  const added = await t.app.inject({
    method: 'POST',
    url: `/api/deals/${dealId}/documents`,
    payload: { kind, ...(profile ? { profile } : {}) },
    headers: who.headers,
  });
  expect(added.statusCode).toBe(201);
  const id = asJson<{ id: string }>(added).id;
  const uploaded = await t.app.inject({
    method: 'POST',
    url: `/api/documents/${id}/upload`,
    payload: bytes,
    headers: { ...who.headers, 'content-type': type },
  });
  expect(uploaded.statusCode).toBe(200);
  return id;
}

const rawStored = async (key: string) => readFile(join(t.config.mediaDir, key));

describe('credit check (RAMCI)', () => {
  it('questions in the user’s language; wrong answers are 612 in Malay; right ones wait for consent; IC photos give the result', async () => {
    const tenant = await f.person('Tenant Aisyah', { language: 'MY' });
    const questions = asJson<{ questions: SecurityQuestion[] }>(
      await t.app.inject({ url: '/api/ramci/questions', headers: { ...tenant.headers, 'x-language': 'ms' } }),
    ).questions;
    expect(questions.map((question) => question.id)).toEqual(['BANK', 'FACILITY', 'STATE']);
    expect(questions[1]!.text).toContain('paling baru');
    expect(questions[2]!.options.map((option) => option.text)).toContain('Pulau Pinang');
    expect((await t.app.inject({ url: '/api/ramci/status', headers: tenant.headers })).json()).toMatchObject({ state: 'NONE', outcome: null });

    const right = simulatorAnswers(digits(PASSES));
    const wrongBank = questions[0]!.options.find((option) => option.id !== right[0]!.answerId)!.id;
    const wrong = await submit(tenant, PASSES, [{ questionId: 'BANK', answerId: wrongBank }, ...right.slice(1)], 'ms');
    expect(wrong.statusCode).toBe(422);
    expect(wrong.json()).toEqual({ errorCode: 612, message: 'Jawapan keselamatan tidak betul' });

    const pending = await submit(tenant, PASSES);
    expect(pending.statusCode).toBe(200);
    expect(pending.json()).toMatchObject({ state: 'PENDING', outcome: null, nric: '******-**-5567' });
    // Consent for another IC number than the one checked is refused.
    expect((await consent(tenant, '950505-05-5555')).statusCode).toBe(422);
    // A PDF is no IC photo.
    expect((await consent(tenant, PASSES, PDF)).statusCode).toBe(422);
    const result = await consent(tenant, PASSES);
    expect(result.json()).toMatchObject({ state: 'SUCCESS', outcome: 'SUCCESS', nric: '******-**-5567' });
    expect(asJson<RamciStatus>(await t.app.inject({ url: '/api/ramci/status', headers: tenant.headers }))).toMatchObject({ state: 'SUCCESS' });

    // The NRIC is kept encrypted; the IC photos are sealed in the store (no plain PNG bytes) and open for their owner.
    const [check] = await t.database.db.select().from(creditChecks).where(eq(creditChecks.userId, tenant.id));
    expect(JSON.stringify(check)).not.toContain(digits(PASSES));
    const photos = await t.database.db
      .select()
      .from(privateFiles)
      .where(inArray(privateFiles.id, [check!.icFrontId!, check!.icBackId!]));
    expect(photos).toHaveLength(2);
    for (const photo of photos) {
      const raw = await rawStored(photo.storageKey);
      expect(raw.includes(PNG.subarray(0, 8))).toBe(false);
      expect(raw.includes(PNG.subarray(16, 40))).toBe(false);
      const own = await t.app.inject({ url: `/api/private-files/${photo.id}`, headers: tenant.headers });
      expect(own.statusCode).toBe(200);
      expect(own.rawPayload.equals(PNG)).toBe(true);
      const stranger = await f.person('Stranger');
      expect((await t.app.inject({ url: `/api/private-files/${photo.id}`, headers: stranger.headers })).statusCode).toBe(403);
      expect((await t.app.inject({ url: `/api/private-files/${photo.id}` })).statusCode).toBe(401);
    }
  });

  it('the simulator’s other outcomes: fail, consent fail (new photos may be sent), and a bureau error shown as unknown', async () => {
    const failing = await f.person('Tenant Fail');
    await submit(failing, FAILS);
    expect((await consent(failing, FAILS)).json()).toMatchObject({ state: 'FAIL', outcome: 'FAIL', reason: 'screening.credit.failReason' });
    // Decided: consent again is refused, and so is a new check (say, with someone else's number).
    expect((await consent(failing, FAILS)).statusCode).toBe(409);
    expect((await submit(failing, PASSES)).json()).toMatchObject({ errorCode: 11409 });

    const unmatched = await f.person('Tenant Consent');
    await submit(unmatched, CONSENT_FAILS);
    expect((await consent(unmatched, CONSENT_FAILS)).json()).toMatchObject({ state: 'CONSENT_FAIL', outcome: null });
    expect((await consent(unmatched, CONSENT_FAILS)).statusCode).toBe(200);

    const erring = await f.person('Tenant Error');
    const answer = await submit(erring, BUREAU_ERROR, simulatorAnswers(digits(BUREAU_ERROR)), 'zh');
    expect(answer.statusCode).toBe(503);
    expect(answer.json()).toEqual({ errorCode: 11503, message: '信用局返回未知错误，请几分钟后再试。' });

    // An NRIC that is no real MyKad number is refused, in the caller's language.
    const invalid = await submit(erring, '901301-14-5567');
    expect(invalid.statusCode).toBe(422);
    expect(JSON.stringify(invalid.json())).toContain('valid MyKad number');
    // Consent before the questions is refused.
    expect((await consent(await f.person('Nobody'), PASSES)).statusCode).toBe(409);
  });
});

describe('screening documents', () => {
  it('private: only the owner reads them, staff through a short-lived signed read made for them; the store holds no plain bytes; every read is logged', async () => {
    const { tenant, landlord, dealId } = await f.booked();
    const other = await f.person('Other User');
    const staff = await f.person('Staff Lee', { role: 'operations' });
    const otherStaff = await f.person('Staff Tan', { role: 'operations' });
    const payslip = await addAndUpload(tenant, dealId, 'PAYSLIP', PDF, 'application/pdf', 'WORKING_ADULT');
    const statement = await addAndUpload(tenant, dealId, 'BANK_STATEMENT', PNG, 'image/png');

    // Refused uploads: bytes that are not what they claim, and the landlord's.
    const bogus = await t.app.inject({
      method: 'POST',
      url: `/api/documents/${payslip}/upload`,
      payload: Buffer.from('MZ not a pdf'),
      headers: { ...tenant.headers, 'content-type': 'application/pdf' },
    });
    expect(bogus.json()).toMatchObject({ errorCode: 11455 });
    const disguised = await t.app.inject({
      method: 'POST',
      url: `/api/documents/${payslip}/upload`,
      payload: PNG,
      headers: { ...tenant.headers, 'content-type': 'application/pdf' },
    });
    expect(disguised.statusCode).toBe(422);
    expect(
      (
        await t.app.inject({
          method: 'POST',
          url: `/api/documents/${payslip}/upload`,
          payload: PDF,
          headers: { ...landlord.headers, 'content-type': 'application/pdf' },
        })
      ).statusCode,
    ).toBe(403);

    const rows = await t.database.db.select().from(dealDocuments).where(eq(dealDocuments.dealId, dealId));
    for (const row of rows) {
      const raw = await rawStored(row.storageKey!);
      expect(raw.includes(Buffer.from('Aisyah'))).toBe(false);
      expect(raw.includes(Buffer.from('%PDF'))).toBe(false);
      expect(raw.includes(PNG.subarray(0, 8))).toBe(false);
      expect((await t.app.inject({ url: `/media/${row.storageKey}` })).statusCode).toBe(404);
    }

    for (const id of [payslip, statement]) {
      const url = `/api/documents/${id}/file`;
      const own = await t.app.inject({ url, headers: tenant.headers });
      expect(own.statusCode).toBe(200);
      expect(own.headers['cache-control']).toContain('no-store');
      expect((await t.app.inject({ url, headers: landlord.headers })).statusCode).toBe(403);
      expect((await t.app.inject({ url, headers: other.headers })).statusCode).toBe(403);
      expect((await t.app.inject({ url })).statusCode).toBe(401);
      // Staff without a signed read are refused too.
      expect((await t.app.inject({ url, headers: staff.headers })).statusCode).toBe(403);
    }
    expect((await t.app.inject({ url: `/api/documents/${payslip}/file`, headers: tenant.headers })).rawPayload.equals(PDF)).toBe(true);

    const signed = await t.app.screening.signedRead('DEAL_DOCUMENT', payslip, { userId: staff.id, staff: true });
    // Reading a tenant's document is a sensitive action: the staff session confirms with a PIN first.
    expect((await t.app.inject({ url: signed.url, headers: staff.headers })).json()).toMatchObject({ errorCode: 11470 });
    await confirmStaffSession(t, staff.token);
    await confirmStaffSession(t, otherStaff.token);
    expect((await t.app.inject({ url: signed.url, headers: staff.headers })).rawPayload.equals(PDF)).toBe(true);
    expect((await t.app.inject({ url: signed.url, headers: otherStaff.headers })).statusCode).toBe(403);
    expect((await t.app.inject({ url: signed.url, headers: landlord.headers })).statusCode).toBe(403);
    expect((await t.app.inject({ url: signed.url })).statusCode).toBe(401);
    const expired = signed.url.replace(/expires=\d+/, `expires=${Math.floor(Date.now() / 1000) - 1}`);
    expect((await t.app.inject({ url: expired, headers: staff.headers })).statusCode).toBe(403);
    await expect(t.app.screening.signedRead('DEAL_DOCUMENT', payslip, { userId: landlord.id, staff: false })).rejects.toMatchObject({ code: 11403 });

    const log = await t.app.screening.readLog(dealId, { userId: staff.id, staff: true });
    const ofPayslip = log.filter((read) => read.fileId === payslip);
    expect(ofPayslip.map((read) => [read.readerId, read.via])).toEqual([
      [staff.id, 'STAFF'],
      [tenant.id, 'OWNER'],
      [tenant.id, 'OWNER'],
    ]);
    const stored = await t.database.db.select().from(privateFileReads).where(eq(privateFileReads.fileId, payslip));
    expect(stored).toHaveLength(3);
    // Refused reads read nothing and log nothing; the owner's list shows the documents.
    expect(
      asJson<{ content: unknown[] }>(await t.app.inject({ url: `/api/documents/users/${tenant.id}`, headers: tenant.headers })).content,
    ).toHaveLength(2);
    expect((await t.app.inject({ url: `/api/documents/users/${tenant.id}`, headers: landlord.headers })).statusCode).toBe(403);
    // Moderators look after listings and reports: even with a confirmed session they see no documents.
    const moderator = await f.person('Mod Wong', { role: 'moderator' });
    await confirmStaffSession(t, moderator.token);
    expect((await t.app.inject({ url: `/api/documents/users/${tenant.id}`, headers: moderator.headers })).statusCode).toBe(403);
    expect((await t.app.inject({ url: signed.url, headers: moderator.headers })).statusCode).toBe(403);
  });
});

describe('zero-deposit decision', () => {
  it('working adult: payslip and three statements, credit passed, a refused statement replaced, staff verify: approved', async () => {
    const { tenant, landlord, dealId } = await f.booked();
    const staff = await f.person('Staff Lee', { role: 'operations' });
    // Without a profile the credit check cannot be used yet.
    await submit(tenant, PASSES);
    await consent(tenant, PASSES);
    expect((await t.app.inject({ method: 'POST', url: `/api/deals/${dealId}/ramci`, headers: tenant.headers })).statusCode).toBe(409);

    const profile = await t.app.inject({
      method: 'PUT',
      url: `/api/deals/${dealId}/screening`,
      payload: { profile: 'WORKING_ADULT' },
      headers: tenant.headers,
    });
    expect(asJson<DealScreening>(profile).requirements.map((requirement) => [requirement.id, requirement.count])).toEqual([
      ['INCOME', 1],
      ['STATEMENTS', 3],
    ]);
    const payslip = await addAndUpload(tenant, dealId, 'PAYSLIP');
    const statements = [await addAndUpload(tenant, dealId, 'BANK_STATEMENT'), await addAndUpload(tenant, dealId, 'BANK_STATEMENT')];
    let screening = asJson<DealScreening>(await t.app.inject({ method: 'POST', url: `/api/deals/${dealId}/ramci`, headers: tenant.headers }));
    expect(screening).toMatchObject({ decision: 'PENDING', eligible: true, credit: { outcome: 'SUCCESS' } });
    expect(screening.conditions).toEqual(['DOCUMENTS_MISSING']);
    statements.push(await addAndUpload(tenant, dealId, 'BANK_STATEMENT'));
    expect((await f.command(tenant, dealId, { command: 'SUBMIT_DOCUMENTS' })).json()).toMatchObject({ state: 'SCREENING' });
    // The landlord sees no screening; the tenant sees it under review.
    expect((await t.app.inject({ url: `/api/deals/${dealId}/screening`, headers: landlord.headers })).statusCode).toBe(403);
    screening = asJson<DealScreening>(await t.app.inject({ url: `/api/deals/${dealId}/screening`, headers: tenant.headers }));
    expect(screening.conditions).toEqual(['DOCUMENTS_UNDER_REVIEW']);

    // A refusal needs its reason; with one, the tenant sees it and replaces the file.
    const verify = (documents: object[], who = staff) =>
      t.app.inject({ method: 'POST', url: `/api/deals/${dealId}/documents/verify`, payload: { documents }, headers: who.headers });
    expect((await verify([{ id: statements[0], status: 'REJECTED' }])).statusCode).toBe(422);
    expect((await verify([{ id: statements[0], status: 'VERIFIED' }], landlord)).statusCode).toBe(403);
    const refused = await verify([
      { id: payslip, status: 'VERIFIED' },
      { id: statements[0], status: 'REJECTED', reason: 'The statement is for March; we need the last three months.' },
    ]);
    expect(refused.json()).toMatchObject({ state: 'SCREENING' });
    // The tenant is told at once, in their notices (and by SMS and email), with the reason.
    await f.drain();
    const notices = asJson<{ content: { title: string; body: string }[] }>(await t.app.inject({ url: '/api/notices', headers: tenant.headers }));
    expect(notices.content[0]).toMatchObject({ title: 'Document refused: Bank statement' });
    expect(notices.content[0]!.body).toContain('we need the last three months');
    screening = asJson<DealScreening>(await t.app.inject({ url: `/api/deals/${dealId}/screening`, headers: tenant.headers }));
    expect(screening.conditions).toContain('DOCUMENTS_REFUSED');
    expect(screening.documents.find((document) => document.id === statements[0])).toMatchObject({
      status: 'REJECTED',
      refusalReason: 'The statement is for March; we need the last three months.',
    });
    const replaced = await t.app.inject({
      method: 'POST',
      url: `/api/documents/${statements[0]}/upload`,
      payload: PNG,
      headers: { ...tenant.headers, 'content-type': 'image/png' },
    });
    expect(replaced.json()).toMatchObject({ status: 'UPLOADED', refusalReason: null });

    const approved = await verify(statements.map((id) => ({ id, status: 'VERIFIED' })));
    expect(approved.json()).toMatchObject({ state: 'APPROVED' });
    screening = asJson<DealScreening>(await t.app.inject({ url: `/api/deals/${dealId}/screening`, headers: tenant.headers }));
    expect(screening).toMatchObject({ decision: 'APPROVED', conditions: [] });
  });

  it('a failed credit report rejects the deal and refunds the RM500 booking fee; a rent outside the band approves with conditions', async () => {
    const { tenant, dealId } = await f.booked();
    await t.app.inject({ method: 'PUT', url: `/api/deals/${dealId}/screening`, payload: { profile: 'STUDENT' }, headers: tenant.headers });
    await submit(tenant, FAILS);
    await consent(tenant, FAILS);
    const screening = asJson<DealScreening>(await t.app.inject({ method: 'POST', url: `/api/deals/${dealId}/ramci`, headers: tenant.headers }));
    expect(screening).toMatchObject({ decision: 'REJECTED', conditions: ['CREDIT_FAILED'] });
    expect(await f.dealRow(dealId)).toMatchObject({ state: 'REJECTED', reason: 'SCREENING_FAILED' });
    await f.drain();
    expect((await f.ledger(dealId)).filter((line) => line.kind === 'REFUND').map((line) => Math.abs(line.amountSen))).toEqual([50_000, 50_000]);

    // A RM6,000 condo is outside the homes band (RM500 to RM5,000): approved, with conditions.
    const pricey = await f.booked();
    const staff = await f.person('Staff Lee', { role: 'operations' });
    await t.database.db.update(properties).set({ price: 6000 }).where(eq(properties.id, pricey.propertyId));
    await t.database.raw(`update deals set monthly_rent = 6000 where id = $1`, [pricey.dealId]);
    await t.app.inject({
      method: 'PUT',
      url: `/api/deals/${pricey.dealId}/screening`,
      payload: { profile: 'STUDENT' },
      headers: pricey.tenant.headers,
    });
    const letter = await addAndUpload(pricey.tenant, pricey.dealId, 'STUDENT_LETTER');
    const housemate = await addAndUpload(pricey.tenant, pricey.dealId, 'HOUSEMATE_IC', PNG, 'image/png');
    await submit(pricey.tenant, PASSES);
    await consent(pricey.tenant, PASSES);
    expect(
      asJson<DealScreening>(await t.app.inject({ method: 'POST', url: `/api/deals/${pricey.dealId}/ramci`, headers: pricey.tenant.headers }))
        .eligible,
    ).toBe(false);
    await f.command(pricey.tenant, pricey.dealId, { command: 'SUBMIT_DOCUMENTS' });
    const verified = await t.app.inject({
      method: 'POST',
      url: `/api/deals/${pricey.dealId}/documents/verify`,
      payload: { documents: [letter, housemate].map((id) => ({ id, status: 'VERIFIED' })) },
      headers: staff.headers,
    });
    expect(verified.json()).toMatchObject({ state: 'APPROVED' });
    expect(asJson<DealScreening>(await t.app.inject({ url: `/api/deals/${pricey.dealId}/screening`, headers: pricey.tenant.headers }))).toMatchObject(
      { decision: 'APPROVED_WITH_CONDITIONS', conditions: ['RENT_OUTSIDE_BAND'] },
    );
  });
});

describe('justifications', () => {
  it('a refused tenant sends a zero-deposit justification with a file (stored sealed); staff review it', async () => {
    const tenant = await f.person('Tenant Raj');
    const staff = await f.person('Staff Lee', { role: 'operations' });
    const sent = await t.app.inject({
      method: 'POST',
      url: '/api/v3/zero-deposit-justifications',
      payload: {
        reason: 'I started a new job in October; my offer letter shows a salary of RM6,500.',
        files: [{ contentType: 'application/pdf', data: PDF.toString('base64') }],
      },
      headers: tenant.headers,
    });
    expect(sent.statusCode).toBe(201);
    expect(sent.json()).toMatchObject({ status: 'PENDING', files: 1 });
    const short = await t.app.inject({
      method: 'POST',
      url: '/api/v3/zero-deposit-justifications',
      payload: { reason: 'please', files: [] },
      headers: tenant.headers,
    });
    expect(short.statusCode).toBe(422);
    const pending = await t.app.screening.pendingJustifications({ userId: staff.id, staff: true });
    const mine = pending.find((row) => row.userId === tenant.id)!;
    const [file] = await t.database.db.select().from(privateFiles).where(eq(privateFiles.id, mine.fileIds[0]!));
    expect((await rawStored(file!.storageKey)).includes(Buffer.from('%PDF'))).toBe(false);
    expect((await t.app.screening.reviewJustification(mine.id, { userId: staff.id, staff: true }, 'ACCEPTED', 'Offer letter checked')).status).toBe(
      'ACCEPTED',
    );
  });

  it('a landlord whose rent is above comparable rents explains it; tenants read it; a rent not above is refused', async () => {
    const landlord = await f.person('Landlord Wong');
    const comparables = await Promise.all([1, 2, 3, 4].map(async () => f.condo((await f.person('Neighbour')).id, 1500)));
    const pricey = await f.condo(landlord.id, 4000);
    // Same building and kind as the comparables.
    const [first] = await t.database.db.select().from(properties).where(eq(properties.id, comparables[0]!));
    await t.database.db
      .update(properties)
      .set({ landmarkId: first!.landmarkId, bedroom: first!.bedroom, type: 'HIGHRISE' })
      .where(inArray(properties.id, [...comparables, pricey]));
    const reason = 'Fully renovated in 2025 with new kitchen, two parking bays and a pool view.';
    const sent = await t.app.inject({
      method: 'POST',
      url: '/api/v3/market-price-justifications',
      payload: { propertyId: pricey, reason },
      headers: landlord.headers,
    });
    expect(sent.statusCode).toBe(201);
    expect(sent.json()).toMatchObject({ propertyId: pricey, rent: 4000, reason });
    expect(asJson<{ comparableRent: number }>(sent).comparableRent).toBeLessThan(4000);
    const shown = await t.app.inject({ url: `/api/v3/market-price-justifications/property/${pricey}` });
    expect(shown.statusCode).toBe(200);
    expect(asJson<{ content: { reason: string }[] }>(shown).content[0]!.reason).toBe(reason);

    const other = await f.person('Other');
    expect(
      (
        await t.app.inject({
          method: 'POST',
          url: '/api/v3/market-price-justifications',
          payload: { propertyId: pricey, reason },
          headers: other.headers,
        })
      ).statusCode,
    ).toBe(403);
    const cheapOwner = await f.person('Landlord Cheap');
    const cheap = comparables[1]!;
    await t.database.db.update(properties).set({ ownerId: cheapOwner.id, price: 1000 }).where(eq(properties.id, cheap));
    const notAbove = await t.app.inject({
      method: 'POST',
      url: '/api/v3/market-price-justifications',
      payload: { propertyId: cheap, reason },
      headers: cheapOwner.headers,
    });
    expect(notAbove.statusCode).toBe(409);
  });
});
