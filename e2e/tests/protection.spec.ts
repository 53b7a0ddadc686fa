import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { SIMULATOR_CARDS } from '@kunci/contracts/payments';
import { pngDeclaring } from '@kunci/media/test-images';
import { simulatorAnswers } from '../../apps/server/src/features/screening/credit-bureau.ts';
import { expectNoSeriousAxeViolations, freshMobile, signIn } from '../support.ts';

/** The simulator's NRIC whose credit report passes (README, "Configuration"). */
const PASSES = '900101-14-5567';
const PDF = Buffer.from('%PDF-1.4\n% Payslip October 2026\n%%EOF\n');
const PNG = pngDeclaring(8, 6);
const LANDLORD_PHONE = '+60123000002';

/** The 6-digit code of the latest SMS to `phone` (the development outbox). */
async function latestCode(request: APIRequestContext, phone: string): Promise<string> {
  const outbox = (await (await request.get(`/api/dev/outbox?to=${encodeURIComponent(phone)}`)).json()) as { body: string }[];
  return /\b(\d{6})\b/.exec(outbox[0]!.body)![1]!;
}

/** The development outbox's messages to `phone`, newest first. */
async function outboxOf(request: APIRequestContext, phone: string): Promise<{ body: string }[]> {
  return (await (await request.get(`/api/dev/outbox?to=${encodeURIComponent(phone)}`)).json()) as { body: string }[];
}

/** A fresh tenant signed in with a PIN from the development outbox; their phone. */
async function newTenant(page: Page): Promise<string> {
  await page.goto('/login');
  const phone = freshMobile().e164;
  await page.getByLabel('Mobile number').fill(phone);
  await page.getByRole('button', { name: 'Send PIN' }).click();
  await expect(page.getByText(phone)).toBeVisible();
  await page.getByLabel('6-digit PIN').fill(await latestCode(page.request, phone));
  await page.getByRole('button', { name: 'Verify and continue' }).click();
  await page.getByRole('dialog', { name: 'Tell us about yourself' }).getByRole('button', { name: 'Later' }).click();
  return phone;
}

/**
 * An ACTIVE tenancy at RM1,800 for 12 months through the API, as the agreement journey reaches it in the browser: one
 * of the demo landlord's rentals applied for, accepted, booked, screened and verified by operations, the agreement
 * signed by both with codes from the outbox, and the move-in amount paid by card.
 */
async function activeTenancy(tenant: APIRequestContext, landlord: APIRequestContext, staff: APIRequestContext, origin: string, phone: string) {
  const headers = { origin };
  const me = (await (await landlord.get('/api/users/profile')).json()) as { id: string };
  const { content } = (await (await landlord.get(`/api/users/${me.id}/properties?status=ACTIVE&pageSize=50`)).json()) as {
    content: { id: number; type: string; name: string }[];
  };
  const moveInDate = new Date(Date.now() + 8 * 3_600_000 + 14 * 86_400_000).toISOString().slice(0, 10);
  // From two thirds down the list (the deal, screening and agreement journeys start before it), then the others.
  const rentals = content.filter((candidate) => !candidate.type.endsWith('_SALE'));
  const from = Math.floor((rentals.length * 2) / 3);
  for (const listing of [...rentals.slice(from), ...rentals.slice(0, from)]) {
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
      data: { email: 'kavitha@example.my', name: 'Kavitha Raj', nric: PASSES, phone, securityQuestions: simulatorAnswers(PASSES.replace(/-/g, '')) },
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

    // The agreement, signed by both with codes from the outbox.
    const created = await landlord.post('/api/agreements', {
      data: {
        dealId,
        language: 'en',
        address: 'Unit 8-2, Mont Kiara Palma, Jalan Kiara, 50480 Kuala Lumpur',
        utilities: [],
        houseRules: '',
        landlord: { name: 'Wong Kar Wai', idType: 'IC', idNumber: '780512-14-5521' },
        tenant: { name: 'Kavitha Raj', idType: 'IC', idNumber: '950101-10-1234' },
      },
      headers,
    });
    expect(created.status(), await created.text()).toBe(201);
    const agreementId = ((await created.json()) as { id: string }).id;
    for (const [party, partyPhone] of [
      [landlord, LANDLORD_PHONE],
      [tenant, phone],
    ] as const) {
      const before = await outboxOf(party, partyPhone);
      expect((await party.post(`/api/agreements/${agreementId}/code`, { headers })).status()).toBeLessThan(300);
      // The code's SMS is the newest with six digits once it arrives (other notices may come meanwhile).
      let code = '';
      await expect
        .poll(
          async () => {
            const fresh = (await outboxOf(party, partyPhone)).slice(0, -before.length || undefined);
            code = fresh.map((message) => /\b(\d{6})\b/.exec(message.body)?.[1]).find(Boolean) ?? '';
            return code;
          },
          { timeout: 15_000 },
        )
        .toMatch(/^\d{6}$/);
      const signed = await party.post(`/api/agreements/${agreementId}/sign`, { data: { code }, headers });
      expect(signed.status(), await signed.text()).toBe(200);
    }

    // The move-in amount, paid by card: the tenancy starts.
    const moveIn = (await (await tenant.post('/api/rental/order/pay', { data: { dealId }, headers })).json()) as { paymentUrl: string };
    await tenant.post(new URL(moveIn.paymentUrl).pathname, { form: { outcome: 'pay', method: 'card', cardNumber: SIMULATOR_CARDS.succeeds } });
    await expect
      .poll(async () => ((await (await tenant.get(`/api/deals/${dealId}`, { headers })).json()) as { state: string }).state, { timeout: 20_000 })
      .toBe('ACTIVE');
    return { dealId, listingName: listing.name };
  }
  throw new Error('no free rental of the demo landlord');
}

/**
 * The acceptance, protection part: the landlord of an ACTIVE tenancy at RM1,800 compares the plans, sees the
 * quote split over the first two months (RM2,872.00 as RM1,436.00 twice for Protect Plus), buys Protect Plus, pays
 * the first instalment by FPX on the gateway, and finds the policy in force with its document; on a phone the pages
 * keep their width.
 */
test('the landlord of an ACTIVE tenancy at RM1,800 buys Protect Plus and pays the first of two instalments', async ({ browser, baseURL }) => {
  test.setTimeout(180_000);
  const tenantContext = await browser.newContext({ baseURL: baseURL! });
  const landlordContext = await browser.newContext({ baseURL: baseURL! });
  const staffContext = await browser.newContext({ baseURL: baseURL! });
  const tenant = await tenantContext.newPage();
  const landlord = await landlordContext.newPage();
  const tenantPhone = await newTenant(tenant);
  await signIn(landlord, LANDLORD_PHONE, 'kunci-landlord-2026');
  const { listingName } = await activeTenancy(tenant.request, landlord.request, staffContext.request, baseURL!, tenantPhone);

  await landlord.goto('/services/landlord-rental-protection-plan');
  await expect(landlord.getByRole('heading', { level: 1, name: 'Landlord rental protection' })).toBeVisible();
  // The quote shows the monthly split.
  await landlord.getByLabel('Monthly rent (RM)').fill('1800');
  await landlord.getByRole('button', { name: 'Show prices' }).click();
  const plus = landlord.getByRole('status').getByRole('listitem').filter({ hasText: 'Protect Plus' });
  await expect(plus).toContainText(/RM\s?2,872\.00/);
  await expect(plus).toContainText(/RM\s?1,436\.00 on each of the first 2 invoices/);
  await expectNoSeriousAxeViolations(landlord);

  // The tenancy is offered for protection; Protect Plus is chosen and the first instalment paid by FPX.
  const offer = landlord.getByRole('group', { name: new RegExp(listingName) });
  await expect(offer).toContainText(/Protect Plus: RM\s?2,872\.00 \(RM\s?1,436\.00 now, then RM\s?1,436\.00 next month\)/);
  await offer.getByRole('radio', { name: /^Protect Plus/ }).check();
  await offer.locator('..').getByRole('button', { name: 'Buy and pay the first instalment' }).click();
  await expect(landlord).toHaveURL(/\/pay\/sim\//);
  await landlord.getByLabel('Choose your bank').selectOption('maybank2u');
  await landlord.getByRole('button', { name: /^Pay .*1,436.* with FPX$/ }).click();
  await expect(landlord).toHaveURL(/\/dashboard\/protection\?policy=/);

  // The gateway's confirmation reaches us through the job queue: the policy is in force once it lands.
  const policy = landlord.getByRole('article').filter({ hasText: listingName });
  await expect
    .poll(
      async () => {
        await landlord.reload();
        return (await policy.count()) ? policy.innerText() : '';
      },
      { timeout: 30_000 },
    )
    .toContain('In force');
  await expect(policy).toContainText(/Instalment 1: RM\s?1,436\.00/);
  await expect(policy).toContainText('Paid');
  await expect(policy.getByRole('button', { name: /Pay RM\s?1,436\.00/ })).toBeVisible();
  const pdf = await landlord.request.get((await policy.getByRole('link', { name: 'Download the policy (PDF)' }).getAttribute('href'))!);
  expect(pdf.headers()['content-type']).toContain('application/pdf');
  await expectNoSeriousAxeViolations(landlord);

  // A claim needs an incident within the policy: this tenancy starts in two weeks, so today's is refused beside the form.
  const claim = landlord.locator('form').filter({ hasText: 'Send the claim' });
  await claim.getByLabel('What happened', { exact: true }).selectOption('OCD');
  await claim.getByLabel('Date of the incident').fill(new Date(Date.now() + 8 * 3_600_000).toISOString().slice(0, 10));
  await claim.getByLabel('Describe what happened').fill('The tenant stopped paying and stays on after the notice.');
  await claim.getByLabel('Amount claimed (RM)').fill('1800');
  await claim.getByRole('button', { name: 'Send the claim' }).click();
  await expect(claim.getByRole('alert')).toHaveText('The incident date must fall within the policy and not be in the future.');

  // On a phone the pages keep their width.
  await landlord.setViewportSize({ width: 375, height: 740 });
  for (const path of ['/dashboard/protection', '/services/landlord-rental-protection-plan', '/services/ocd']) {
    await landlord.goto(path);
    expect(await landlord.evaluate(() => document.documentElement.scrollWidth), path).toBeLessThanOrEqual(375);
  }
  await landlord.goto('/dashboard/protection');
  await landlord.screenshot({ path: '/tmp/protection-phone.png', fullPage: true });

  await Promise.all([tenantContext.close(), landlordContext.close(), staffContext.close()]);
});
