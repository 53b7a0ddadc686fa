import { expect, test } from '@playwright/test';
import { expectNoSeriousAxeViolations } from '../support.ts';

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

test('/refer without isNewUser goes to the landlord page', async ({ page }) => {
  await page.goto('/zh/refer');
  await expect(page).toHaveURL(/\/zh\/more\/landlord$/);
});
