import { expect } from '@playwright/test';
import { expectNoSeriousAxeViolations, freshMobile, signIn, test } from '../support.ts';

const PDF = Buffer.from('%PDF-1.4\n% Surat tawaran kerja, RM5,200 sebulan\n%%EOF\n');

/**
 * Operations review a tenant's zero-deposit justification in the console: the reason and the file (a signed read),
 * a note, Accept, the PIN the console asks for, and the outcome; the tenant's notice says they may book again.
 */
test('operations accept a zero-deposit justification with a note after confirming with a PIN; the tenant is told', async ({ browser, baseURL }) => {
  test.setTimeout(90_000);
  const origin = baseURL!;
  // A tenant (signed in with a PIN through the API) sends a justification with one file.
  const tenant = (await browser.newContext({ baseURL: origin })).request;
  const phone = freshMobile().e164;
  await tenant.post('/api/pin/request', { data: { phoneNo: phone }, headers: { origin } });
  const outbox = (await (await tenant.get(`/api/dev/outbox?to=${encodeURIComponent(phone)}`)).json()) as { body: string }[];
  const pin = /\b(\d{6})\b/.exec(outbox[0]!.body)![1]!;
  const verified = await tenant.post('/api/pin/verify', { data: { phoneNo: phone, pin }, headers: { origin } });
  expect(verified.status()).toBe(200);
  const auth = { origin, authorization: `Bearer ${((await verified.json()) as { token: string }).token}` };
  const reason = `Kerja baharu sejak Oktober ${phone.slice(-4)}: surat tawaran dilampirkan.`;
  const sent = await tenant.post('/api/v3/zero-deposit-justifications', {
    data: { reason, files: [{ contentType: 'application/pdf', data: PDF.toString('base64') }] },
    headers: auth,
  });
  expect(sent.status()).toBe(201);

  // Operations, on a phone-sized screen.
  const context = await browser.newContext({ baseURL: origin, viewport: { width: 390, height: 844 } });
  const staff = await context.newPage();
  await signIn(staff, '+60123000004', 'kunci-operations-2026');
  await staff.goto('/admin/justifications');
  await expect(staff.getByRole('heading', { level: 1, name: 'Zero-deposit justifications' })).toBeVisible();
  const card = staff.getByRole('article').filter({ hasText: reason });
  await expect(card).toBeVisible();
  await expect(card.getByText('No booking given')).toBeVisible();
  const fileLink = card.getByRole('link', { name: /File 1/ });
  const href = await fileLink.getAttribute('href');
  expect(href).toMatch(/^\/api\/private-files\/[0-9a-f-]+\?expires=\d+&signature=/);
  await expectNoSeriousAxeViolations(staff);
  // The page fits the phone: nothing wider than the screen.
  expect(await staff.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);

  // Keyboard: the note, then Accept.
  await card.getByLabel('Note to the tenant').fill('The offer letter shows a steady income.');
  await card.getByLabel('Note to the tenant').press('Tab');
  await expect(card.getByRole('button', { name: 'Accept' })).toBeFocused();
  await staff.keyboard.press('Enter');
  // A sensitive action: the console asks for the PIN sent to the staff phone.
  await expect(staff.getByRole('heading', { name: 'Confirm it is you' })).toBeVisible();
  const staffOutbox = (await (await staff.request.get(`/api/dev/outbox?to=${encodeURIComponent('+60123000004')}`)).json()) as { body: string }[];
  await staff.getByLabel('PIN (6 digits)').fill(/\b(\d{6})\b/.exec(staffOutbox[0]!.body)![1]!);
  await staff.getByLabel('PIN (6 digits)').press('Enter');
  await expect(staff.getByRole('status').filter({ hasText: 'Accepted: the booking had ended, the tenant may book again.' })).toBeVisible();
  await expect(staff.getByRole('article').filter({ hasText: reason })).toHaveCount(0);

  // The tenant's notice, in English (their language).
  await expect
    .poll(
      async () =>
        ((await (await tenant.get('/api/notices', { headers: { ...auth, 'x-language': 'en' } })).json()) as { content: { title: string }[] })
          .content[0]?.title,
      {
        timeout: 15_000,
      },
    )
    .toBe('Zero-deposit justification accepted');
});
