import { expect, type APIRequestContext } from '@playwright/test';
import {
  DEMO_OPERATIONS,
  bookedDeal,
  dealParties,
  expectNoSeriousAxeViolations,
  latestCode,
  signIn,
  startingFrom,
  test,
  uploadDocuments,
} from '../support.ts';

const pdf = (text: string) => Buffer.from(`%PDF-1.4\n% ${text}\n%%EOF\n`);

/**
 * A deal of the tenant's on one of the demo landlord's rentals nobody holds, through the API: applied, accepted, RM500
 * paid by card (BOOKED), a payslip and a bank statement uploaded and sent for screening.
 */
async function dealInScreening(tenant: APIRequestContext, landlord: APIRequestContext, origin: string): Promise<string> {
  const { dealId } = await bookedDeal(tenant, landlord, {
    origin,
    // From the middle of the list: the deal journeys book the first ones, the screening journey the last.
    candidates: (rentals) => {
      const affordable = rentals.filter((candidate) => candidate.price <= 5000);
      return startingFrom(affordable, Math.floor(affordable.length / 2));
    },
    moveInDate: new Date(Date.now() + 45 * 86_400_000).toISOString().slice(0, 10),
    occupants: 1,
  });
  const documents = [
    { kind: 'PAYSLIP', bytes: pdf('Payslip October 2026, net pay RM4,200'), type: 'application/pdf' },
    { kind: 'BANK_STATEMENT', bytes: pdf('Statement October 2026'), type: 'application/pdf' },
  ];
  await uploadDocuments(tenant, dealId, origin, documents, { profile: 'WORKING_ADULT' });
  return dealId;
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
  const { tenant, tenantPhone, landlord, staff: ops, close } = await dealParties(browser, baseURL!);
  const dealId = await dealInScreening(tenant.request, landlord.request, baseURL!);

  // Operations find the deal by the tenant's phone, from the console's Deals section.
  await signIn(ops, DEMO_OPERATIONS.phone, DEMO_OPERATIONS.password);
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
  await ops.getByLabel('PIN (6 digits)').fill(await latestCode(ops.request, DEMO_OPERATIONS.phone));
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

  await close();
});
