import { expect, type Page } from '@playwright/test';
import { confirmWithPin, expectNoSeriousAxeViolations, freshMobile, test } from '../support.ts';

/** On the register page: a new account by PIN from the development outbox. */
async function registerByPin(page: Page, name: string) {
  const phone = freshMobile();
  await page.getByLabel('Your name').fill(name);
  await page.getByLabel('Email').fill(`${name.split(' ')[0]!.toLowerCase()}.${phone.e164.slice(-7)}@example.com`);
  await page.getByLabel('Mobile number').fill(phone.typed);
  await confirmWithPin(page, phone.e164);
}

test('the price checker gives a range for a 2-bedroom condo in Mont Kiara with the count behind it', async ({ page }) => {
  await page.goto('/more/price-checker');
  const building = page.getByRole('combobox', { name: 'Building or condo name' });
  await building.fill('Mont Kiara');
  // Picked with the keyboard: the first suggestion.
  await expect(page.getByRole('option').first()).toContainText('Mont Kiara');
  await building.press('ArrowDown');
  await building.press('Enter');
  await expect(building).toHaveAttribute('aria-expanded', 'false');
  await page.getByLabel('Bedrooms').selectOption('2');
  await page.getByRole('button', { name: 'Check the price' }).click();
  await expect(page.getByRole('heading', { level: 2, name: /^RM[\d,]+ – RM[\d,]+ a month$/ })).toBeVisible();
  await expect(page.getByText(/^Based on \d+ rentals? posted since/)).toBeVisible();
  await expect(page.getByRole('figure')).toBeVisible();
  await expectNoSeriousAxeViolations(page);

  // The widget answers the same in Malay, in a frame any site may embed.
  await page.goto('/my/more/price-widget');
  const widget = page.frameLocator('iframe[title="Semakan harga sewa"]');
  await widget.getByLabel('Nama bangunan atau kondo').fill('Mont Kiara');
  await widget.getByRole('button', { name: 'Semak harga' }).click();
  await expect(widget.getByText(/sebulan$/)).toBeVisible();
});

test('/hot lists the running deals whose homes carry the badge, and "Special offers" finds them', async ({ page }) => {
  await page.goto('/hot');
  await expect(page.getByRole('heading', { level: 1, name: 'Hot deals' })).toBeVisible();
  const deal = page.getByRole('article').filter({ hasText: 'Half the first month' });
  await expect(deal.getByText('Hot deal').first()).toBeVisible();
  await expect(deal.getByRole('listitem').first().getByText('Hot deal')).toBeVisible();
  await expectNoSeriousAxeViolations(page);
  await page.getByRole('link', { name: 'All homes with special offers' }).click();
  await expect(page).toHaveURL(/specialOffer=true/);
  await expect(page.getByRole('checkbox', { name: 'Special offers' })).toBeChecked();
});

test('a landlord shares a referral link; a new user signs up through it and lands on /more/refer; the referrer sees them pending', async ({
  browser,
}) => {
  test.setTimeout(120_000);
  const referrer = await browser.newPage();
  await referrer.goto('/register');
  await registerByPin(referrer, 'Aisyah Rahman');
  await expect(referrer).toHaveURL(/\/dashboard$/);
  await referrer.goto('/more/refer');
  // A new account with a name and an email is offered a password first; later.
  await referrer.getByRole('dialog', { name: 'Set a password' }).getByRole('button', { name: 'Later' }).click();
  await referrer.getByRole('button', { name: 'Get my referral link' }).click();
  const link = await referrer.getByLabel('Your referral link').inputValue();
  expect(link).toMatch(/\/refer\/[A-Z0-9]{8}$/);

  const friend = await browser.newPage();
  await friend.goto(new URL(link).pathname);
  await expect(friend.getByRole('heading', { level: 1, name: 'A friend invited you to Kunci' })).toBeVisible();
  await friend.getByRole('link', { name: 'Sign up' }).click();
  await registerByPin(friend, 'Tan Wei Ming');
  await expect(friend).toHaveURL(/\/more\/refer\?joined=/);
  await expect(friend.getByRole('status').filter({ hasText: 'You joined through Aisyah’s link' })).toBeVisible();

  await referrer.goto('/more/refer/dashboard');
  await expect(referrer.getByRole('definition').first()).toHaveText('1');
  await expect(referrer.getByText(/^Pending: joined/)).toBeVisible();
});

test('/refer without isNewUser goes to the landlord page', async ({ page }) => {
  await page.goto('/zh/refer');
  await expect(page).toHaveURL(/\/zh\/more\/landlord$/);
});
