import { expect } from '@playwright/test';
import { newTenant, signIn, test } from '../support.ts';

const PHONE = { width: 390, height: 844 };
test.use({ viewport: PHONE, hasTouch: true, isMobile: true });

test('on a phone, the "Save this search" dialog is centred and the bell’s panel is on the screen', async ({ page }) => {
  await signIn(page, '+60123000001', 'kunci-tenant-2026');
  await page.goto('/rent/bangsar/condo?maxPrice=2500&bedrooms=2');
  await page.getByRole('button', { name: 'Save this search' }).click();
  const dialog = page.getByRole('dialog', { name: 'Save this search' });
  await expect(dialog).toBeVisible();
  const box = (await dialog.boundingBox())!;
  const [left, right] = [box.x, PHONE.width - box.x - box.width];
  expect(left, 'a margin on the left').toBeGreaterThan(0);
  expect(Math.abs(left - right), 'as much margin on the left as on the right').toBeLessThanOrEqual(1);
  expect(box.y, 'a margin above').toBeGreaterThan(0);
  await dialog.getByRole('button', { name: 'Cancel' }).click();

  await page.getByTestId('notification-bell').click();
  const panel = page.getByRole('region', { name: 'Notifications' });
  await expect(panel).toBeVisible();
  const shown = (await panel.boundingBox())!;
  expect(shown.x, 'the panel’s left edge on the screen').toBeGreaterThanOrEqual(0);
  expect(shown.x + shown.width, 'the panel’s right edge on the screen').toBeLessThanOrEqual(PHONE.width);
  await expect(panel.getByRole('link', { name: 'See all notifications' })).toBeInViewport();
});

test('someone signed up by phone, without an email address, is told alerts come under the bell and where to add one; the phone menu leads to saved searches', async ({
  page,
}) => {
  await newTenant(page);
  await page.goto('/rent/bangsar/condo?maxPrice=2500&instantView=true&specialOffer=true');
  await page.getByRole('button', { name: 'Save this search' }).click();
  const dialog = page.getByRole('dialog', { name: 'Save this search' });
  await expect(dialog.getByText('We will tell you about new homes that match, under the bell.')).toBeVisible();
  await expect(dialog.getByText(/by email/)).toHaveCount(1);
  const addEmail = dialog.getByRole('link', { name: 'Add an email address to your profile to get them by email too.' });
  await expect(addEmail).toHaveAttribute('href', '/dashboard/profile#email');
  await dialog.getByRole('button', { name: 'Save search' }).click();
  await expect(page.getByText('Search saved. We will tell you about new homes.')).toBeVisible();

  // Saved with every filter of the page, and reached from the phone menu, in Malay too.
  await page.goto('/my');
  await page.getByRole('button', { name: 'Buka menu' }).click();
  await page.getByRole('dialog').getByRole('link', { name: 'Carian tersimpan', exact: true }).click();
  await expect(page).toHaveURL(/\/my\/dashboard\/saved-searches$/);
  const results = page.getByTestId('saved-search').getByRole('link', { name: 'Lihat hasil' });
  const link = new URL((await results.getAttribute('href'))!, 'http://localhost');
  expect(link.pathname).toBe('/my/sewa/bangsar/condo');
  expect(Object.fromEntries(link.searchParams)).toEqual({ maxPrice: '2500', instantView: 'true', specialOffer: 'true' });
});
