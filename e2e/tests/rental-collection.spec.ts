import { expect } from '@playwright/test';
import { expectNoSeriousAxeViolations, freshMobile, outbox, signIn, signInByPin, test } from '../support.ts';

const malaysiaDay = (offsetDays: number) => new Date(Date.now() + 8 * 3_600_000 + offsetDays * 86_400_000).toISOString().slice(0, 10);

/**
 * Rental collection as new users meet it: a landlord enrols a tenancy signed elsewhere by the tenant's phone; the
 * tenant, invited by SMS, signs in, finds the first invoice (due in 3 days, so issued at once) and pays it by FPX on the
 * gateway; the landlord sees it paid and the payout scheduled, and exports the year as CSV. On a phone the tables scroll
 * inside their box instead of widening the page.
 */
test('a landlord enrols a tenancy, the invited tenant pays the first invoice by FPX, the payout is scheduled', async ({ browser }) => {
  // Two people, two sign-ins and a payment: longer than one page's journey.
  test.setTimeout(120_000);
  const landlord = await (await browser.newContext()).newPage();
  await signIn(landlord, '+60123000002', 'kunci-landlord-2026');
  await landlord.goto('/dashboard/rental-collection');
  await expect(landlord.getByRole('heading', { level: 1, name: 'Rental collection' })).toBeVisible();
  await expectNoSeriousAxeViolations(landlord);

  const tenantPhone = freshMobile().e164;
  const due = malaysiaDay(3);
  const property = `Residensi Journey ${Date.now().toString(36)}`;
  const form = landlord.getByRole('region', { name: 'Enrol a tenancy' });
  await form.getByLabel("Tenant's mobile number").fill(tenantPhone);
  await form.getByLabel('Property name').fill(property);
  await form.getByLabel('Monthly rent (RM)').fill('1800');
  await form.getByLabel('Rent due on day (1-31)').fill(String(Number(due.slice(8))));
  await form.getByLabel('Tenancy start').fill(due);
  await form.getByRole('button', { name: 'Enrol and invite the tenant' }).click();
  await expect(landlord.getByRole('status').filter({ hasText: 'Invitation sent' })).toContainText(`Invitation sent for ${property}`);
  const enrolled = landlord.getByRole('row', { name: new RegExp(property) });
  await expect(enrolled).toContainText(/RM\s?1,800\.00/);
  // The invited tenant has no name yet: the landlord sees the number they gave, and that the tenant has to accept.
  await expect(enrolled).toContainText(tenantPhone);
  await expect(enrolled).toContainText('Waiting for the tenant to accept');

  // The tenant was invited by SMS and signs in with that number.
  const tenant = await (await browser.newContext()).newPage();
  await expect.poll(async () => (await outbox(tenant.request, tenantPhone)).length, { timeout: 15_000 }).toBeGreaterThan(0);
  // A new account is asked about itself first; the tenant leaves that for later.
  await signInByPin(tenant, tenantPhone, { origin: '/dashboard/rental-collection?tab=invoices', later: true });
  await expect(tenant).toHaveURL(/\/dashboard\/rental-collection\?tab=invoices/);
  // Nothing is invoiced before the tenant accepts the landlord's terms.
  const invitation = tenant.getByRole('region', { name: 'Rent collection invitations' });
  await expect(invitation).toContainText(`invites you to pay the rent for ${property} through Kunci`);
  await invitation.getByRole('button', { name: 'Accept and receive invoices' }).click();
  await expect(tenant.getByRole('status').filter({ hasText: 'Accepted:' })).toContainText(`Accepted: ${property}`);
  // The first invoice is issued by the job queue once accepted: reload until it lands.
  const invoice = tenant.getByRole('row', { name: new RegExp(property) });
  await expect
    .poll(
      async () => {
        await tenant.goto('/dashboard/rental-collection?tab=invoices');
        return (await invoice.count()) ? invoice.innerText() : '';
      },
      { timeout: 20_000 },
    )
    .toContain('Unpaid');
  await expectNoSeriousAxeViolations(tenant);
  await invoice.getByRole('button', { name: /^Pay RM\s?1,800\.00$/ }).click();
  await expect(tenant).toHaveURL(/\/pay\/sim\//);
  await tenant.getByLabel('Choose your bank').selectOption('maybank2u');
  await tenant.getByRole('button', { name: /^Pay .*1,800.* with FPX$/ }).click();
  await expect(tenant).toHaveURL(/\/dashboard\/rental-collection\?invoice=/);
  await expect(tenant.getByRole('status').filter({ hasText: 'Thank you' })).toHaveText('Thank you: your payment is being confirmed.');
  // The gateway's confirmation reaches us through the job queue: the page shows it once reloaded after it lands.
  await tenant.getByRole('link', { name: 'Invoices' }).click();
  // Reloads below must reload the invoices tab, not the page it came from.
  await expect(tenant).toHaveURL(/tab=invoices/);
  await expect
    .poll(
      async () => {
        await tenant.reload();
        return tenant.getByRole('row', { name: new RegExp(property) }).innerText();
      },
      { timeout: 30_000 },
    )
    .toMatch(/\bPaid\b/);

  // The landlord sees the rent paid by FPX and the payout, 1.88% less, on its way.
  await landlord.goto('/dashboard/rental-collection?tab=payments');
  await expect(landlord.getByRole('row', { name: new RegExp(property) })).toContainText('FPX online banking');
  await landlord.getByRole('link', { name: 'Payouts' }).click();
  const payout = landlord.getByRole('row', { name: new RegExp(property) });
  await expect(payout).toContainText(/RM\s?33\.84/);
  await expect(payout).toContainText(/RM\s?1,766\.16/);
  await expect(payout).toContainText('Scheduled');
  const download = landlord.waitForEvent('download');
  await landlord.getByRole('link', { name: 'Export CSV' }).click();
  expect((await download).suggestedFilename()).toMatch(/^rental-collection-\d{4}\.csv$/);

  // On a phone the page keeps its width; the table scrolls in its own box.
  await landlord.setViewportSize({ width: 375, height: 740 });
  await landlord.goto('/dashboard/rental-collection?tab=payouts');
  const width = await landlord.evaluate(() => document.documentElement.scrollWidth);
  expect(width).toBeLessThanOrEqual(375);
  await landlord.screenshot({ path: '/tmp/rental-collection-phone.png', fullPage: true });
});

/** The home-runner page answers for a Petaling Jaya postcode and turns away Johor Bahru (80000), by keyboard. */
test('the home-runner area check covers Petaling Jaya and not Johor Bahru', async ({ page }) => {
  await page.goto('/services/homerunner');
  await expect(page.getByRole('heading', { level: 1, name: 'Key collection by a home runner' })).toBeVisible();
  const postcode = page.getByLabel('Postcode');
  await postcode.fill('47400');
  await postcode.press('Enter');
  const answer = page.getByRole('status').filter({ hasText: 'home runners' });
  await expect(answer).toHaveText('Yes: our home runners collect keys in Petaling Jaya.');
  await postcode.fill('80000');
  await page.getByRole('button', { name: 'Check' }).click();
  await expect(answer).toHaveText('Sorry, our home runners do not cover Johor Bahru yet: key collection is for the Klang Valley only.');
  await expectNoSeriousAxeViolations(page);
});
