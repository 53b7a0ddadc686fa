import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { SIMULATOR_CARDS } from '@kunci/contracts/payments';
import { pngDeclaring } from '@kunci/media/test-images';
import { simulatorAnswers } from '../../apps/server/src/features/screening/credit-bureau.ts';
import { expectNoSeriousAxeViolations, freshMobile, signIn } from '../support.ts';

/** The simulator's NRIC whose credit report passes (README, "Configuration"). */
const PASSES = '900101-14-5567';
const PDF = Buffer.from('%PDF-1.4\n% Slip gaji Oktober 2026\n%%EOF\n');
const PNG = pngDeclaring(8, 6);
const LANDLORD_PHONE = '+60123000002';

/** A fresh tenant signed in with a PIN from the development outbox, browsing in Malay; their phone. */
async function newTenant(page: Page): Promise<string> {
  await page.goto('/my/login');
  const phone = freshMobile().e164;
  await page.getByLabel('Nombor telefon bimbit').fill(phone);
  await page.getByRole('button', { name: 'Hantar PIN' }).click();
  await expect(page.getByText(phone)).toBeVisible();
  await page.getByLabel(/PIN 6 digit/).fill(await latestCode(page.request, phone));
  await page.getByRole('button', { name: 'Sahkan dan teruskan' }).click();
  await page.getByRole('dialog', { name: 'Beritahu kami tentang diri anda' }).getByRole('button', { name: 'Nanti' }).click();
  return phone;
}

/** The 6-digit code of the latest SMS to `phone` (the development outbox). */
async function latestCode(request: APIRequestContext, phone: string): Promise<string> {
  const outbox = (await (await request.get(`/api/dev/outbox?to=${encodeURIComponent(phone)}`)).json()) as { body: string }[];
  // The newest message with a code (notices about the agreement may come after it).
  const withCode = outbox.map((message) => /\b(\d{6})\b/.exec(message.body)?.[1]).find(Boolean);
  expect(withCode, 'a signing code in the outbox').toBeTruthy();
  return withCode!;
}

/**
 * An approved deal through the API, as the screening journey does it in the browser: applied for one of the demo
 * landlord's free rentals at RM1,800 for 12 months, accepted, RM500 paid by card, documents of a working adult sent,
 * the credit check passed with consent, and the documents verified by operations staff.
 */
async function approvedDeal(tenant: APIRequestContext, landlord: APIRequestContext, staff: APIRequestContext, origin: string, phone: string) {
  const headers = { origin };
  const me = (await (await landlord.get('/api/users/profile')).json()) as { id: string };
  const { content } = (await (await landlord.get(`/api/users/${me.id}/properties?status=ACTIVE&pageSize=50`)).json()) as {
    content: { id: number; type: string; name: string }[];
  };
  const moveInDate = new Date(Date.now() + 40 * 86_400_000).toISOString().slice(0, 10);
  // From the middle of the list: the deal and screening journeys take the first and the last ones.
  const rentals = content.filter((candidate) => !candidate.type.endsWith('_SALE'));
  for (const listing of rentals.slice(Math.floor(rentals.length / 3))) {
    const repriced = await landlord.put(`/api/properties/${listing.id}`, { data: { price: 1800 }, headers });
    if (repriced.status() !== 200) continue;
    const applied = await tenant.post('/api/deals', { data: { propertyId: listing.id, moveInDate, tenancyMonths: 12, occupants: 2 }, headers });
    if (applied.status() !== 201) continue;
    const dealId = ((await applied.json()) as { id: string }).id;
    expect((await landlord.put(`/api/deals/${dealId}`, { data: { command: 'ACCEPT' }, headers })).status()).toBe(200);
    const link = (await (await tenant.post(`/api/deals/${dealId}/booking`, { headers })).json()) as { paymentUrl: string };
    await tenant.post(new URL(link.paymentUrl).pathname, { form: { outcome: 'pay', method: 'card', cardNumber: SIMULATOR_CARDS.succeeds } });
    await expect
      .poll(async () => ((await (await tenant.post(`/api/deals/${dealId}/verify/booking`, { headers })).json()) as { state: string }).state, {
        timeout: 15_000,
      })
      .toBe('BOOKED');

    expect((await tenant.put(`/api/deals/${dealId}/screening`, { data: { profile: 'WORKING_ADULT' }, headers })).status()).toBe(200);
    const files: [string, Buffer, string][] = [
      ['PAYSLIP', PDF, 'application/pdf'],
      ['BANK_STATEMENT', PNG, 'image/png'],
      ['BANK_STATEMENT', PNG, 'image/png'],
      ['BANK_STATEMENT', PNG, 'image/png'],
    ];
    for (const [kind, bytes, type] of files) {
      const added = await tenant.post(`/api/deals/${dealId}/documents`, { data: { kind }, headers });
      expect(added.status(), await added.text()).toBe(201);
      const id = ((await added.json()) as { id: string }).id;
      const uploaded = await tenant.post(`/api/documents/${id}/upload`, { data: bytes, headers: { ...headers, 'content-type': type } });
      expect(uploaded.status(), await uploaded.text()).toBe(200);
    }
    expect((await tenant.put(`/api/deals/${dealId}`, { data: { command: 'SUBMIT_DOCUMENTS' }, headers })).status()).toBe(200);
    const submitted = await tenant.post('/api/ramci/submit', {
      data: { email: 'aisyah@example.my', name: 'Nur Aisyah', nric: PASSES, phone, securityQuestions: simulatorAnswers(PASSES.replace(/-/g, '')) },
      headers,
    });
    expect(submitted.status(), await submitted.text()).toBe(200);
    const photo = PNG.toString('base64');
    const consented = await tenant.post('/api/ramci/update-consent', { data: { icFront: photo, icBack: photo, nric: PASSES }, headers });
    expect(consented.status(), await consented.text()).toBe(200);
    expect((await tenant.post(`/api/deals/${dealId}/ramci`, { headers })).status()).toBe(200);

    const login = await staff.post('/api/login', { data: { phoneNo: '+60123000004', password: 'kunci-operations-2026' } });
    const asStaff = { ...headers, authorization: `Bearer ${((await login.json()) as { token: string }).token}` };
    const screening = (await (await staff.get(`/api/deals/${dealId}/screening`, { headers: asStaff })).json()) as { documents: { id: string }[] };
    const verified = await staff.post(`/api/deals/${dealId}/documents/verify`, {
      data: { documents: screening.documents.map((document) => ({ id: document.id, status: 'VERIFIED' })) },
      headers: asStaff,
    });
    expect(verified.status(), await verified.text()).toBe(200);
    expect(((await verified.json()) as { state: string }).state).toBe('APPROVED');
    return { dealId, listingName: listing.name };
  }
  throw new Error('no free rental of the demo landlord');
}

/**
 * The acceptance, agreement part: from the approved deal the landlord starts the agreement for 12 months in
 * Bahasa Malaysia, both sign with codes from the outbox, the signed PDF's SHA-256 is shown and matches the file, the
 * tenant pays RM1,800 + RM399 + RM23.94 - RM500 = RM1,722.94 and the deal is ACTIVE.
 */
test('the landlord starts the agreement in Malay, both sign with codes, the tenant pays RM1,722.94 and the tenancy starts', async ({
  browser,
  baseURL,
}) => {
  test.setTimeout(150_000);
  const tenantContext = await browser.newContext({ baseURL: baseURL! });
  const landlordContext = await browser.newContext({ baseURL: baseURL! });
  const staffContext = await browser.newContext({ baseURL: baseURL! });
  const tenant = await tenantContext.newPage();
  const landlord = await landlordContext.newPage();
  const tenantPhone = await newTenant(tenant);
  await signIn(landlord, LANDLORD_PHONE, 'kunci-landlord-2026');
  const { dealId } = await approvedDeal(tenant.request, landlord.request, staffContext.request, baseURL!, tenantPhone);

  // The landlord opens the approved deal and starts the agreement from it.
  await landlord.goto(`/my/deal?id=${dealId}`);
  await landlord.getByTestId('deal-agreement').click();
  await expect(landlord).toHaveURL(new RegExp(`/my/dashboard/ta-initiate/new/landlord\\?dealId=${dealId}$`));
  await expect(landlord.getByText(/RM\s?1,800 sebulan selama 12 bulan/)).toBeVisible();
  await landlord.getByLabel('Bahasa perjanjian').selectOption('ms');
  await landlord.getByLabel('Alamat penuh hartanah').fill('Unit 12-3, Bangsar Heights, Jalan Maarof, 59000 Kuala Lumpur');
  await landlord.getByRole('checkbox', { name: 'Air' }).check();
  await landlord.getByRole('checkbox', { name: 'Internet' }).check();
  await landlord.getByLabel('Peraturan rumah (pilihan)').fill('Tiada haiwan peliharaan.');
  const landlordParty = landlord.getByRole('group', { name: 'Tuan rumah' });
  await landlordParty.getByLabel(/Nama penuh tuan rumah/).fill('Wong Kar Wai');
  await landlordParty.getByLabel('No. kad pengenalan atau pasport').fill('780512-14-5521');
  const tenantParty = landlord.getByRole('group', { name: 'Penyewa' });
  await tenantParty.getByLabel(/Nama penuh penyewa/).fill('Nur Aisyah binti Ahmad');
  await tenantParty.getByLabel('No. kad pengenalan atau pasport').fill('950101-10-1234');
  await expectNoSeriousAxeViolations(landlord);
  await landlord.getByRole('button', { name: 'Sediakan perjanjian' }).click();
  await expect(landlord.getByTestId('agreement-status')).toHaveText('Menunggu tandatangan');

  // The landlord signs with the code sent to their phone.
  await landlord.getByRole('button', { name: 'Hantar kod kepada saya' }).click();
  await expect(landlord.getByText(/Kod dihantar ke/)).toBeVisible();
  await landlord.getByLabel('Kod 6 digit').fill(await latestCode(landlord.request, LANDLORD_PHONE));
  await landlord.getByRole('button', { name: 'Tandatangani perjanjian' }).click();
  await expect(landlord.getByText('Anda telah menandatangani. Menunggu pihak satu lagi.')).toBeVisible();

  // The tenant: a wrong code is refused beside the field, the right one signs.
  await tenant.goto(`/my/dashboard/ta-initiate/new/tenant?dealId=${dealId}`);
  await tenant.getByRole('button', { name: 'Hantar kod kepada saya' }).click();
  await expect(tenant.getByText(/Kod dihantar ke/)).toBeVisible();
  const code = await latestCode(tenant.request, tenantPhone);
  await tenant.getByLabel('Kod 6 digit').fill(code === '000000' ? '000001' : '000000');
  await tenant.getByRole('button', { name: 'Tandatangani perjanjian' }).click();
  await expect(tenant.getByText('Kod itu salah atau telah tamat tempoh. Minta kod baharu.').first()).toBeVisible();
  await tenant.getByLabel('Kod 6 digit').fill(code);
  await tenant.getByRole('button', { name: 'Tandatangani perjanjian' }).click();
  await expect(tenant.getByTestId('agreement-status')).toHaveText('Ditandatangani oleh kedua-dua pihak');
  const sha256 = (await tenant.getByTestId('agreement-sha256').textContent())!.trim();
  expect(sha256).toMatch(/^[0-9a-f]{64}$/);
  await expectNoSeriousAxeViolations(tenant);
  // On a phone the page fits the width.
  await tenant.setViewportSize({ width: 390, height: 844 });
  expect(await tenant.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  await tenant.setViewportSize({ width: 1280, height: 720 });

  // The signed PDF opens for the tenant, and is the file the fingerprint names.
  const pdf = await tenant.request.get(
    await tenant
      .getByRole('link', { name: 'Baca perjanjian (PDF)' })
      .getAttribute('href')
      .then((href) => href!),
  );
  expect(pdf.headers()['content-type']).toContain('application/pdf');
  expect(pdf.headers()['x-content-sha256']).toBe(sha256);

  // Move-in: the deal asks RM1,722.94; paid on the simulator, the tenancy starts.
  await tenant.getByRole('link', { name: 'Kembali ke urus niaga' }).click();
  await expect(tenant.getByTestId('deal-state')).toHaveText('Ditandatangani');
  await expect(tenant.getByTestId('deal-move-in')).toContainText(/RM\s?1,722\.94/);
  await tenant.getByRole('button', { name: /Bayar jumlah masuk rumah RM\s?1,722\.94/ }).click();
  await expect(tenant).toHaveURL(/\/pay\/sim\//);
  await tenant.request.post(new URL(tenant.url()).pathname, { form: { outcome: 'pay', method: 'card', cardNumber: SIMULATOR_CARDS.succeeds } });
  await tenant.goto(`/my/deal?id=${dealId}`);
  await expect(tenant.getByTestId('deal-state')).toHaveText('Penyewaan bermula', { timeout: 15_000 });

  // The landlord's deal page offers rent collection now.
  await landlord.goto(`/my/deal?id=${dealId}`);
  await expect(landlord.getByTestId('deal-services')).toBeVisible();

  await Promise.all([tenantContext.close(), landlordContext.close(), staffContext.close()]);
});
