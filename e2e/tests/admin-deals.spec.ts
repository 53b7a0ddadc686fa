import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { SIMULATOR_CARDS } from '@kunci/contracts/payments';
import { expectNoSeriousAxeViolations, freshMobile, signIn } from '../support.ts';

const OPERATIONS = { phone: '+60123000004', password: 'kunci-operations-2026' };
const LANDLORD = { phone: '+60123000002', password: 'kunci-landlord-2026' };
const pdf = (text: string) => Buffer.from(`%PDF-1.4\n% ${text}\n%%EOF\n`);

async function latestSms(page: Page, phone: string): Promise<string> {
  const messages = (await (await page.request.get(`/api/dev/outbox?to=${encodeURIComponent(phone)}`)).json()) as { body: string }[];
  return messages[0]?.body ?? '';
}

/** A new tenant signed in with a PIN from the development outbox; the new-account questions are left for later. */
async function newTenant(page: Page): Promise<string> {
  const { e164 } = freshMobile();
  await page.goto('/login');
  await page.getByLabel('Mobile number').fill(e164);
  await page.getByRole('button', { name: 'Send PIN' }).click();
  await expect(page.getByText(`We sent a PIN to ${e164}`)).toBeVisible();
  await page.getByLabel('6-digit PIN').fill(/\b(\d{6})\b/.exec(await latestSms(page, e164))![1]!);
  await page.getByRole('button', { name: 'Verify and continue' }).click();
  const prompt = page.getByRole('dialog', { name: 'Tell us about yourself' });
  await expect(prompt).toBeVisible();
  await page.keyboard.press('Escape');
  return e164;
}

/**
 * A deal of the tenant's on one of the demo landlord's rentals nobody holds, through the API: applied, accepted, RM500
 * paid by card (BOOKED), a payslip and a bank statement uploaded and sent for screening.
 */
async function dealInScreening(tenant: APIRequestContext, landlord: APIRequestContext, origin: string): Promise<string> {
  const me = (await (await landlord.get('/api/users/profile')).json()) as { id: string };
  const { content } = (await (await landlord.get(`/api/users/${me.id}/properties?status=ACTIVE&pageSize=50`)).json()) as {
    content: { id: number; type: string; price: number }[];
  };
  const moveInDate = new Date(Date.now() + 45 * 86_400_000).toISOString().slice(0, 10);
  const rentals = content.filter((candidate) => !candidate.type.endsWith('_SALE') && candidate.price <= 5000);
  // From the middle of the list: the deal journeys book the first ones, the screening journey the last.
  for (const listing of [...rentals.slice(Math.floor(rentals.length / 2)), ...rentals.slice(0, Math.floor(rentals.length / 2))]) {
    const applied = await tenant.post('/api/deals', {
      data: { propertyId: listing.id, moveInDate, tenancyMonths: 12, occupants: 1 },
      headers: { origin },
    });
    if (applied.status() !== 201) continue;
    const dealId = ((await applied.json()) as { id: string }).id;
    expect((await landlord.put(`/api/deals/${dealId}`, { data: { command: 'ACCEPT' }, headers: { origin } })).status()).toBe(200);
    const link = (await (await tenant.post(`/api/deals/${dealId}/booking`, { headers: { origin } })).json()) as { paymentUrl: string };
    await tenant.post(new URL(link.paymentUrl).pathname, { form: { outcome: 'pay', method: 'card', cardNumber: SIMULATOR_CARDS.succeeds } });
    await expect
      .poll(
        async () => ((await (await tenant.post(`/api/deals/${dealId}/verify/booking`, { headers: { origin } })).json()) as { state: string }).state,
        {
          timeout: 15_000,
        },
      )
      .toBe('BOOKED');
    for (const kind of ['PAYSLIP', 'BANK_STATEMENT']) {
      const added = await tenant.post(`/api/deals/${dealId}/documents`, { data: { kind, profile: 'WORKING_ADULT' }, headers: { origin } });
      const id = ((await added.json()) as { id: string }).id;
      const uploaded = await tenant.post(`/api/documents/${id}/upload`, {
        data: pdf(kind === 'PAYSLIP' ? 'Payslip October 2026, net pay RM4,200' : 'Statement October 2026'),
        headers: { origin, 'content-type': 'application/pdf' },
      });
      expect(uploaded.status(), await uploaded.text()).toBe(200);
    }
    expect((await tenant.put(`/api/deals/${dealId}`, { data: { command: 'SUBMIT_DOCUMENTS' }, headers: { origin } })).status()).toBe(200);
    return dealId;
  }
  throw new Error('no free rental of the demo landlord');
}

/**
 * The acceptance, deals part: operations open a booked deal from the console, view the payslip (the view is in
 * the audit log and the read log), refuse the statement with a reason; the tenant sees the refusal on /deal and
 * uploads a new statement.
 */
test('operations view a payslip (logged) and refuse a statement with a reason; the tenant sees it and uploads a new one', async ({
  browser,
  baseURL,
}) => {
  test.setTimeout(150_000);
  const tenantContext = await browser.newContext({ baseURL: baseURL! });
  const landlordContext = await browser.newContext({ baseURL: baseURL! });
  const opsContext = await browser.newContext({ baseURL: baseURL! });
  const tenant = await tenantContext.newPage();
  const landlord = await landlordContext.newPage();
  const ops = await opsContext.newPage();
  const tenantPhone = await newTenant(tenant);
  await signIn(landlord, LANDLORD.phone, LANDLORD.password);
  const dealId = await dealInScreening(tenant.request, landlord.request, baseURL!);

  // Operations find the deal by the tenant's phone, from the console's Deals section.
  await signIn(ops, OPERATIONS.phone, OPERATIONS.password);
  await ops.goto('/admin');
  await ops.getByRole('navigation', { name: 'Back office sections' }).getByRole('link', { name: 'Deals' }).click();
  await expect(ops.getByRole('heading', { level: 1, name: 'Deals' })).toBeVisible();
  await ops.getByRole('searchbox', { name: 'Tenant or landlord phone or name, or listing' }).fill(tenantPhone);
  await ops.getByLabel('State').selectOption({ label: 'Screening' });
  await ops.getByRole('button', { name: 'Search' }).click();
  const table = ops.getByRole('table', { name: 'Deals' });
  await expect(table.getByRole('row')).toHaveCount(2);
  await expectNoSeriousAxeViolations(ops);
  await table.getByRole('link', { name: /^Open the deal for / }).click();
  await expect(ops).toHaveURL(new RegExp(`/admin/deals/${dealId}$`));
  await expect(ops.getByRole('heading', { level: 1, name: /^Deal: / })).toBeVisible();
  await expect(ops.getByRole('table', { name: 'Timeline' }).getByRole('row')).toHaveCount(5);

  // Viewing the payslip asks for the PIN first (a sensitive action), then gives a link made for this staff member.
  await ops.getByRole('button', { name: 'View Payslip' }).click();
  await expect(ops.getByRole('heading', { name: 'Confirm it is you' })).toBeVisible();
  await ops.getByLabel('PIN (6 digits)').fill(/\b(\d{6})\b/.exec(await latestSms(ops, OPERATIONS.phone))![1]!);
  await ops.getByRole('button', { name: 'Confirm and continue' }).click();
  await expect(ops.getByRole('status').filter({ hasText: 'Your link to Payslip is ready.' })).toBeVisible();
  const fileUrl = await ops.getByRole('link', { name: 'Open Payslip' }).getAttribute('href');
  const file = await ops.request.get(fileUrl!);
  expect(file.status()).toBe(200);
  expect((await file.body()).toString()).toContain('Payslip October 2026');
  await expectNoSeriousAxeViolations(ops);

  // Refusing the statement needs its reason.
  const reason = 'The statement is cut off: the last page with the balance is missing.';
  await ops.getByLabel(/^Why is Bank statement refused\?/).fill(reason);
  await ops.getByRole('button', { name: 'Refuse Bank statement' }).click();
  await expect(ops.getByRole('status').filter({ hasText: 'Saved.' })).toBeVisible();
  // The view and the refusal are the deal's staff actions, and the view is in the read log.
  const history = ops.getByRole('region', { name: 'Staff actions' });
  await expect(history.getByRole('listitem').filter({ hasText: 'deal.document.view' })).toContainText('Payslip');
  await expect(history.getByRole('listitem').filter({ hasText: 'deal.document.refuse' })).toContainText(reason);
  await expect(ops.getByText(/^1 view · last by /)).toBeVisible();
  await ops.goto(`/admin/audit?q=${dealId}`);
  await expect(ops.getByRole('table', { name: 'Audit log' }).getByRole('row').filter({ hasText: 'deal.document.view' })).toBeVisible();

  // On a phone the deal page and the list fit the screen.
  await ops.setViewportSize({ width: 375, height: 800 });
  for (const path of [`/admin/deals/${dealId}`, '/admin/deals']) {
    await ops.goto(path);
    expect(await ops.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
  }

  // The tenant sees the refusal on the deal page and replaces the statement.
  await tenant.goto(`/deal?id=${dealId}`);
  const screening = tenant.getByRole('region', { name: 'Screening documents' });
  const statement = screening.getByTestId('screening-document').filter({ hasText: 'Bank statement' });
  await expect(statement).toContainText(`Refused: ${reason}`);
  await statement
    .getByLabel('Replace this file')
    .setInputFiles({ name: 'statement-full.pdf', mimeType: 'application/pdf', buffer: pdf('Statement, all pages') });
  await expect(statement).toContainText('Waiting for review');
  await expect(statement).not.toContainText('Refused');
  await expectNoSeriousAxeViolations(tenant);

  await Promise.all([tenantContext.close(), landlordContext.close(), opsContext.close()]);
});
