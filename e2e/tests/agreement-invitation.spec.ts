import { expect, type Page } from '@playwright/test';
import { DEMO_LANDLORD, expectNoSeriousAxeViolations, freshMobile, latestCode, outbox, signIn, signInByPin, test } from '../support.ts';

/** The page is no wider than the phone's screen. */
async function fitsTheScreen(page: Page) {
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
}

/**
 * A tenancy found elsewhere (decision 14), in two browsers: the landlord invites the tenant's phone with the address
 * and the terms; the tenant, told by SMS, signs in with that phone on a 375 px screen, checks the terms and the
 * move-in amount (RM1,800 + RM399 + RM23.94, no booking fee to credit), gives their IC and accepts; both sign with
 * codes from the outbox and see the signed PDF's fingerprint.
 */
test('a landlord invites a tenant found elsewhere by phone; the tenant accepts on a phone and both sign the agreement', async ({ browser }) => {
  // Two people, two sign-ins, two signatures.
  test.setTimeout(150_000);
  const landlord = await (await browser.newContext()).newPage();
  await signIn(landlord, DEMO_LANDLORD.phone, DEMO_LANDLORD.password);
  await landlord.goto('/dashboard/ta-initiate/new/landlord');
  await landlord.getByRole('link', { name: 'Invite the other party' }).click();
  await expect(landlord.getByRole('heading', { name: 'Invite the other party to the agreement' })).toBeVisible();

  const tenantPhone = freshMobile();
  const home = `Residensi Jemputan ${Date.now().toString(36)}`;
  const start = new Date(Date.now() + 8 * 3_600_000 + 20 * 86_400_000).toISOString().slice(0, 10);
  // Inviting one's own number is refused beside the field.
  await landlord.getByLabel('Tenant’s phone number').fill('012-300 0002');
  await landlord.getByLabel('Name of the home (building and unit, or street)').fill(home);
  await landlord.getByLabel('Start date').fill(start);
  await landlord.getByLabel('Tenancy length in months').fill('12');
  await landlord.getByLabel('Monthly rent (RM)').fill('1800');
  await landlord.getByLabel('Occupants').fill('2');
  await landlord.getByLabel('Full address of the property').fill('12, Jalan Datuk Sulaiman 7, Taman Tun Dr Ismail, 60000 Kuala Lumpur');
  await landlord.getByRole('checkbox', { name: 'Water' }).check();
  const me = landlord.getByRole('group', { name: 'Landlord' });
  await me.getByLabel(/Landlord’s full name/).fill('Lim Siew Ling');
  await me.getByLabel('IC or passport number').fill('780512-14-5521');
  await expectNoSeriousAxeViolations(landlord);
  await landlord.getByRole('button', { name: 'Send the invitation' }).click();
  await expect(landlord.getByText('You cannot invite your own phone number', { exact: false }).first()).toBeVisible();

  await landlord.getByLabel('Tenant’s phone number').fill(tenantPhone.typed);
  await landlord.getByLabel('Name of the home (building and unit, or street)').fill(home);
  await landlord.getByLabel('Start date').fill(start);
  await landlord.getByLabel('Monthly rent (RM)').fill('1800');
  await landlord.getByLabel('Full address of the property').fill('12, Jalan Datuk Sulaiman 7, Taman Tun Dr Ismail, 60000 Kuala Lumpur');
  await me.getByLabel('IC or passport number').fill('780512-14-5521');
  await landlord.getByRole('button', { name: 'Send the invitation' }).click();
  await expect(landlord).toHaveURL(/\/dashboard\/ta-initiate\/new\/landlord\?invitation=/);
  await expect(landlord.getByTestId('invitation-status')).toHaveText('Waiting for an answer');
  await expect(landlord.getByText(/Waiting for .*\d{4} to sign in and accept/)).toBeVisible();

  // The tenant is told by SMS, with a link to the invitation, and signs in with that phone on a small screen.
  const tenantContext = await browser.newContext({ viewport: { width: 375, height: 800 } });
  const tenant = await tenantContext.newPage();
  await expect.poll(async () => (await outbox(tenant.request, tenantPhone.e164)).join('\n'), { timeout: 15_000 }).toContain('Lim Siew Ling');
  const link = /https?:\/\/\S+invitation=[0-9a-f-]+/.exec((await outbox(tenant.request, tenantPhone.e164)).join('\n'))![0];
  const path = new URL(link).pathname + new URL(link).search;
  expect(path).toMatch(/^\/dashboard\/ta-initiate\/new\/tenant\?invitation=/);
  await signInByPin(tenant, tenantPhone.e164, { origin: path, later: true });
  await expect(tenant.getByText(`Lim Siew Ling invites you to agree the tenancy of ${home} as the tenant.`)).toBeVisible();
  await expect(tenant.getByText(/RM\s?1,800 a month for 12 months/)).toBeVisible();
  await expect(tenant.getByTestId('invitation-total')).toHaveText(/RM\s?2,222\.94/);
  await expect(tenant.getByText('Landlord: Lim Siew Ling, ••••••••5521')).toBeVisible();
  await fitsTheScreen(tenant);
  await expectNoSeriousAxeViolations(tenant);

  const mine = tenant.getByRole('group', { name: 'Tenant' });
  await mine.getByLabel(/Tenant’s full name/).fill('Nur Aisyah binti Ahmad');
  await mine.getByLabel('IC or passport number').fill('951301-10-1234');
  await tenant.getByRole('button', { name: 'Accept and prepare the agreement' }).click();
  await expect(tenant.getByText(/an IC has 12 digits/).first()).toBeVisible();
  await mine.getByLabel('IC or passport number').fill('950101-10-1234');
  await tenant.getByRole('button', { name: 'Accept and prepare the agreement' }).click();
  await expect(tenant).toHaveURL(/\/dashboard\/ta-initiate\/new\/tenant\?dealId=/);
  await expect(tenant.getByTestId('agreement-status')).toHaveText('Waiting for signatures');

  // The tenant signs with a code sent to their phone.
  await tenant.getByRole('button', { name: 'Send me a code' }).click();
  await expect(tenant.getByText(/Code sent to/)).toBeVisible();
  await tenant.getByLabel('6-digit code').fill(await latestCode(tenant.request, tenantPhone.e164));
  await tenant.getByRole('button', { name: 'Sign the agreement' }).click();
  await expect(tenant.getByText('You have signed. Waiting for the other party.')).toBeVisible();
  await fitsTheScreen(tenant);

  // The landlord's invitation now leads to the agreement; they sign and the fingerprint is shown.
  await landlord.reload();
  await expect(landlord).toHaveURL(/\/dashboard\/ta-initiate\/new\/landlord\?dealId=/);
  await landlord.getByRole('button', { name: 'Send me a code' }).click();
  await expect(landlord.getByText(/Code sent to/)).toBeVisible();
  await landlord.getByLabel('6-digit code').fill(await latestCode(landlord.request, DEMO_LANDLORD.phone, home));
  await landlord.getByRole('button', { name: 'Sign the agreement' }).click();
  await expect(landlord.getByTestId('agreement-status')).toHaveText('Signed by both parties');
  await expect(landlord.getByTestId('agreement-sha256')).toHaveText(/^[0-9a-f]{64}$/);
  await tenant.reload();
  await expect(tenant.getByTestId('agreement-sha256')).toHaveText((await landlord.getByTestId('agreement-sha256').innerText()).trim());
});
