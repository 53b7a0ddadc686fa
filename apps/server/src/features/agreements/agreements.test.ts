import { createHash } from 'node:crypto';
import { mkdtemp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Agreement } from '@kunci/contracts/agreements';
import type { Deal } from '@kunci/contracts/deals';
import type { NoticeList } from '@kunci/contracts/notifications';
import { formatDate } from '@kunci/i18n/format';
import { tenancyAgreements } from '@kunci/db/schema';
import { LocalDiskStore } from '@kunci/media/store';
import { readAll } from '../../lib/uploads.ts';
import { createTestApp, type TestApp } from '../../../test/support.ts';
import { pdfText } from '../../../test/pdf-text.ts';
import { sixDigitCode, textsTo } from '../../../test/outbox.ts';
import { dealFixtures } from '../../../test/deal-fixtures.ts';
import { agreementPdf, type AgreementDocument } from './agreement-pdf.ts';

/**
 * The tenancy agreement: started from an approved deal, drawn up as a PDF in Malay, English or Chinese (read back
 * with a PDF text extractor), signed by both parties with one-time codes from the SMS outbox, kept unchanged with
 * its SHA-256, then paid in: RM1,800 + RM399 + RM23.94 - RM500 = RM1,722.94 and the deal is ACTIVE.
 */
let t: TestApp;
let store: LocalDiskStore;
const f = dealFixtures(() => t);

beforeAll(async () => {
  store = new LocalDiskStore(await mkdtemp(join(tmpdir(), 'kunci-agreements-')));
  t = await createTestApp({ env: { AUTH_SECRET: 'a'.repeat(40), RATE_LIMIT_MAX: '100000' }, store });
});
afterAll(() => t.close());

/** The latest SMS to a user (the dev outbox), and the 6-digit code in it. */
async function lastSms(userId: string): Promise<{ body: string; code: string | undefined }> {
  const [body = ''] = await textsTo(t, userId);
  return { body, code: sixDigitCode(body) };
}

const terms = (dealId: string, language: 'en' | 'ms' | 'zh') => ({
  dealId,
  language,
  address: 'Unit 12-3, Bangsar Heights, Jalan Maarof, 59000 Kuala Lumpur',
  utilities: ['WATER', 'INTERNET'],
  houseRules: 'Tiada haiwan peliharaan. No smoking indoors.',
  landlord: { name: 'Wong Kar Wai', idType: 'IC', idNumber: '780512-14-5521' },
  tenant: { name: 'Nur Aisyah binti Ahmad', idType: 'IC', idNumber: '950101-10-1234' },
});

describe('tenancy agreement', () => {
  it('the landlord starts it in Malay, both sign with codes, the signed PDF is kept with its SHA-256, the tenant pays RM1,722.94 and the deal is ACTIVE', async () => {
    const { landlord, tenant, staff, dealId } = await f.dealAt('APPROVED');
    const stranger = await f.person('Someone Else');

    // Bad numbers are refused by field; a stranger may not start it.
    const badIc = await t.app.inject({
      method: 'POST',
      url: '/api/agreements',
      payload: { ...terms(dealId, 'ms'), tenant: { name: 'Nur Aisyah', idType: 'IC', idNumber: '951301-10-1234' } },
      headers: { ...landlord.headers, 'x-language': 'ms' },
    });
    expect(badIc.statusCode).toBe(422);
    expect(JSON.stringify(badIc.json())).toContain('kad pengenalan');
    const byStranger = await t.app.inject({ method: 'POST', url: '/api/agreements', payload: terms(dealId, 'ms'), headers: stranger.headers });
    expect(byStranger.statusCode).toBe(403);

    const created = await t.app.inject({ method: 'POST', url: '/api/agreements', payload: terms(dealId, 'ms'), headers: landlord.headers });
    expect(created.statusCode).toBe(201);
    const agreement = created.json() as Agreement;
    expect(agreement).toMatchObject({
      status: 'SIGNING',
      language: 'ms',
      monthlyRent: 1800,
      tenancyMonths: 12,
      surchargeSen: 0,
      signingFeeSen: 39_900,
      sstSen: 2_394,
      viewerRole: 'LANDLORD',
      viewerMaySign: true,
      sha256: null,
      landlord: { name: 'Wong Kar Wai', idNumberMasked: '••••••••5521', signedAt: null },
      tenant: { name: 'Nur Aisyah binti Ahmad', idNumberMasked: '••••••••1234' },
    });
    expect(((await t.app.inject({ url: `/api/deals/${dealId}`, headers: tenant.headers })).json() as Deal).state).toBe('AGREEMENT');
    // One agreement per deal.
    expect((await t.app.inject({ method: 'POST', url: '/api/agreements', payload: terms(dealId, 'en'), headers: tenant.headers })).statusCode).toBe(
      409,
    );

    // The IC numbers are sealed at rest: neither appears in the row.
    const [row] = await t.database.db.select().from(tenancyAgreements).where(eq(tenancyAgreements.id, agreement.id));
    expect(JSON.stringify(row)).not.toMatch(/780512|950101/);

    // The draft, for the parties and staff only.
    const draft = await t.app.inject({ url: `/api/agreements/${agreement.id}/pdf`, headers: tenant.headers });
    expect(draft.statusCode).toBe(200);
    expect(draft.headers['cache-control']).toContain('no-store');
    expect(await pdfText(draft.rawPayload)).toContain('DRAF');
    expect((await t.app.inject({ url: `/api/agreements/${agreement.id}/pdf`, headers: stranger.headers })).statusCode).toBe(403);
    expect((await t.app.inject({ url: `/api/agreements/${agreement.id}`, headers: stranger.headers })).statusCode).toBe(403);
    expect((await t.app.inject({ url: `/api/agreements/${agreement.id}`, headers: staff.headers })).json()).toMatchObject({ viewerRole: 'STAFF' });
    expect((await t.app.inject({ method: 'POST', url: `/api/agreements/${agreement.id}/code`, headers: staff.headers })).statusCode).toBe(403);

    // The tenant: no code yet, then a wrong one, then the one from the SMS.
    const sign = (who: { headers: Record<string, string> }, code: string) =>
      t.app.inject({ method: 'POST', url: `/api/agreements/${agreement.id}/sign`, payload: { code }, headers: who.headers });
    expect((await sign(tenant, '123456')).statusCode).toBe(422);
    const sent = await t.app.inject({ method: 'POST', url: `/api/agreements/${agreement.id}/code`, headers: tenant.headers });
    expect(sent.json()).toMatchObject({ sentTo: expect.stringMatching(/^•+\d{4}$/) });
    const tenantSms = await lastSms(tenant.id);
    expect(tenantSms.body).toContain('tenancy agreement');
    const wrong = tenantSms.code === '000000' ? '000001' : '000000';
    expect((await sign(tenant, wrong)).json()).toMatchObject({ errorCode: 11422 });
    const tenantSigned = (await sign(tenant, tenantSms.code!)).json() as Agreement;
    expect(tenantSigned).toMatchObject({ status: 'SIGNING', viewerMaySign: false, tenant: { signedAt: expect.any(String) } });
    // A code works once.
    expect((await sign(tenant, tenantSms.code!)).statusCode).toBe(409);

    // The landlord signs second: the PDF is sealed and the deal SIGNED.
    await t.app.inject({ method: 'POST', url: `/api/agreements/${agreement.id}/code`, headers: landlord.headers });
    const signed = (await sign(landlord, (await lastSms(landlord.id)).code!)).json() as Agreement;
    expect(signed.status).toBe('SIGNED');
    expect(signed.sha256).toMatch(/^[0-9a-f]{64}$/);
    expect(((await t.app.inject({ url: `/api/deals/${dealId}`, headers: tenant.headers })).json() as Deal).state).toBe('SIGNED');
    // Both are told through the notification centre, SMS included, with the fingerprint.
    await f.drain();
    expect((await textsTo(t, tenant.id)).filter((body) => body.includes(signed.sha256!))).toHaveLength(1);
    const bell = (await t.app.inject({ url: '/api/notices', headers: { ...landlord.headers, 'x-language': 'ms' } })).json() as NoticeList;
    expect(bell.content.find((notice) => notice.type === 'agreements.signed')).toMatchObject({
      title: expect.stringContaining('Perjanjian sewa ditandatangani'),
      body: expect.stringContaining(signed.sha256!),
      url: `/my/deal?id=${dealId}`,
    });

    // The signed PDF: the same bytes every time, matching the stored SHA-256, with the names, numbers and amounts in Malay.
    const first = await t.app.inject({ url: `/api/agreements/${agreement.id}/pdf`, headers: tenant.headers });
    const again = await t.app.inject({ url: `/api/agreements/${agreement.id}/pdf`, headers: landlord.headers });
    expect(first.rawPayload.equals(again.rawPayload)).toBe(true);
    expect(createHash('sha256').update(first.rawPayload).digest('hex')).toBe(signed.sha256);
    expect(first.headers['x-content-sha256']).toBe(signed.sha256);
    const text = await pdfText(first.rawPayload);
    for (const expected of [
      'Perjanjian sewa',
      'Wong Kar Wai',
      'Nur Aisyah binti Ahmad',
      '780512145521',
      '950101101234',
      'RM 1,800.00',
      'RM 399.00',
      'RM 23.94',
      'RM 1,722.94',
      'Air, Internet',
      'Ditandatangani pada',
      formatDate('ms', `${signed.startDate}T00:00:00+08:00`),
      formatDate('ms', `${signed.endDate}T00:00:00+08:00`),
    ]) {
      expect(text).toContain(expected);
    }
    expect(text).not.toContain('DRAF');
    // At rest the file is sealed: no PDF header, no IC number in the stored bytes.
    const stored = await store.get(`private/agreements/${agreement.id}/${signed.sha256}.pdf`);
    const raw = await readAll(stored!.body);
    expect(raw.subarray(0, 5).toString('latin1')).not.toBe('%PDF-');
    expect(raw.includes(Buffer.from('780512145521'))).toBe(false);

    // Signing is over: no more codes.
    expect((await t.app.inject({ method: 'POST', url: `/api/agreements/${agreement.id}/code`, headers: tenant.headers })).statusCode).toBe(409);

    // Move-in: RM1,800 + RM399 + RM23.94 - RM500 = RM1,722.94, and the deal is ACTIVE.
    const link = await f.pay(tenant, dealId, { moveIn: true });
    expect(link.json()).toMatchObject({ amountSen: 172_294 });
    await f.drain();
    expect(((await t.app.inject({ url: `/api/deals/${dealId}`, headers: tenant.headers })).json() as Deal).state).toBe('ACTIVE');
    expect((await t.app.inject({ url: `/api/agreements?dealId=${dealId}`, headers: landlord.headers })).json()).toMatchObject({ id: agreement.id });
  });

  it('the PDF reads back in English and Chinese: names, amounts, dates, a 10-month surcharge', async () => {
    const base: AgreementDocument = {
      reference: 'AB12CD34',
      language: 'en',
      propertyName: 'Bangsar Heights',
      address: 'Unit 12-3, Jalan Maarof, 59000 Kuala Lumpur',
      startDate: '2026-12-01',
      endDate: '2027-09-30',
      tenancyMonths: 10,
      monthlyRent: 1800,
      surchargeSen: 45_000,
      signingFeeSen: 39_900,
      sstSen: 2_394,
      bookingFeeSen: 50_000,
      occupants: 2,
      utilities: ['WATER', 'ELECTRICITY'],
      houseRules: '',
      parties: [
        { role: 'LANDLORD', name: '陈美玲', idType: 'IC', idNumber: '780512145521', signedAt: new Date('2026-11-20T03:00:00Z'), phoneEnd: '5678' },
        {
          role: 'TENANT',
          name: 'James Miller',
          idType: 'PASSPORT',
          idNumber: 'K1234567',
          signedAt: new Date('2026-11-20T04:30:00Z'),
          phoneEnd: '4321',
        },
      ],
      signed: true,
      createdAt: new Date('2026-11-19T02:00:00Z'),
    };
    const english = await pdfText(await agreementPdf(base));
    for (const expected of [
      'Tenancy agreement',
      '陈美玲',
      'James Miller',
      'Passport number: K1234567',
      'RM 1,800.00',
      'RM 450.00',
      // 1,800 + 399 + 23.94 + 450 - 500
      'RM 2,172.94',
      '10 months',
      formatDate('en', '2026-12-01T00:00:00+08:00'),
      formatDate('en', '2027-09-30T00:00:00+08:00'),
      'Water, Electricity',
    ]) {
      expect(english).toContain(expected);
    }
    const chinese = await pdfText(await agreementPdf({ ...base, language: 'zh' }));
    for (const expected of [
      '租赁协议',
      '陈美玲',
      'James Miller',
      '护照号码：K1234567',
      '身份证号码：780512145521',
      // The signature rows' labels: full-width colons, as in the rest of the Chinese text.
      '房东：陈美玲',
      '租客：James Miller',
      'RM 2,172.94',
      '短租附加费',
      '10个月',
      formatDate('zh', '2026-12-01T00:00:00+08:00'),
      // The utilities joined with the enumeration comma, as Chinese lists are written.
      '水费、电费',
    ]) {
      expect(chinese).toContain(expected);
    }
  });
});
