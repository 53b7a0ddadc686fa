import { expect, type Page } from '@playwright/test';
import { test } from '../support.ts';

/** What the browser says the page's policies refused (a map tile, a photo, a socket) or could not read. */
function policyComplaints(page: Page): string[] {
  const complaints: string[] = [];
  page.on('console', (message) => {
    if (/Content Security Policy|Permissions-Policy|Permissions policy/i.test(message.text())) complaints.push(message.text());
  });
  return complaints;
}

test('a tenant searches "bang", picks Bangsar, filters to 2-bedroom condos under RM2,500, opens one and reads it in Chinese', async ({ page }) => {
  await page.goto('/');
  const search = page.getByRole('combobox', { name: 'Search for a home' });
  await search.fill('bang');
  const options = page.getByRole('listbox', { name: 'Suggestions' }).getByRole('option');
  await expect(options.first()).toContainText('Bangsar');
  await search.press('ArrowDown');
  await expect(options.first()).toHaveAttribute('aria-selected', 'true');
  await search.press('Enter');
  await expect(page).toHaveURL(/\/rent\/bangsar\?q=Bangsar&category=LOCATION&loc=bangsar$/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Homes for rent in Bangsar');

  const filters = page.getByRole('form', { name: 'Filters' });
  await filters.getByLabel('Property type').selectOption('condo');
  await expect(page).toHaveURL(/\/rent\/bangsar\/condo/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Condo for rent in Bangsar');
  await page.getByRole('form', { name: 'Filters' }).getByLabel('Bedrooms').selectOption('2');
  await expect(page).toHaveURL(/bedrooms=2/);
  await page.getByRole('form', { name: 'Filters' }).getByLabel('Max price').selectOption('2500');
  await expect(page).toHaveURL(/maxPrice=2500/);

  const cards = page.getByRole('main').getByRole('article');
  await expect(cards.first()).toBeVisible();
  for (const price of await cards.locator('p', { hasText: '/ month' }).allTextContents()) {
    expect(Number(price.replace(/[^\d]/g, ''))).toBeLessThanOrEqual(2500);
  }
  // The filters survive back and forward.
  await page.goBack();
  await expect(page).not.toHaveURL(/maxPrice/);
  await page.goForward();
  await expect(page).toHaveURL(/maxPrice=2500/);

  await cards.first().getByRole('heading').getByRole('link').click();
  await expect(page).toHaveURL(/\/details\/(\d+)$/);
  const id = /\/details\/(\d+)$/.exec(page.url())![1];
  await expect(page.getByRole('heading', { name: 'Key facts' })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'To move in' })).toBeVisible();

  await page.getByRole('button', { name: 'Change language' }).click();
  await page.getByRole('menuitem', { name: '中文' }).click();
  await expect(page).toHaveURL(new RegExp(`/zh/guanggao/${id}$`));
  await expect(page.locator('html')).toHaveAttribute('lang', 'zh');
  await expect(page.getByRole('heading', { name: '主要信息' })).toBeVisible();
  await expect(page.getByRole('heading', { name: '入住费用' })).toBeVisible();
  await expect(page.getByText('共管公寓')).toBeVisible();
  await expect(page.getByRole('link', { name: '分享到 WhatsApp' })).toBeVisible();
});

test('the search bar is a keyboard combobox: Escape closes it, blank input goes nowhere', async ({ page }) => {
  await page.goto('/my');
  const search = page.getByRole('combobox', { name: 'Cari rumah' });
  await search.fill('kondo');
  await expect(page.getByRole('listbox').getByRole('option').first()).toContainText('Kondo');
  await search.press('Escape');
  await expect(search).toHaveAttribute('aria-expanded', 'false');
  await search.fill('   ');
  await search.press('Enter');
  await expect(page).toHaveURL(/\/my$/);
  await search.fill('kondo');
  await expect(page.getByRole('listbox').getByRole('option').first()).toContainText('Kondo');
  await search.press('Enter');
  await expect(page).toHaveURL(/\/my\/sewa\/kuala-lumpur\/condo$/);
});

test('the map shows the listed homes and follows the list, without map tiles', async ({ page }) => {
  const complaints = policyComplaints(page);
  await page.goto('/rent/petaling-jaya');
  await page.getByRole('button', { name: 'Show map' }).click();
  const map = page.getByRole('region', { name: 'Map of these homes' });
  await expect(map).toBeVisible();
  const cards = page.getByRole('main').getByRole('article');
  const markers = map.locator('path.leaflet-interactive');
  await expect(markers).toHaveCount(await cards.count());
  await cards.nth(1).hover();
  await expect(map.locator('path.leaflet-interactive[fill="#f59e0b"]')).toHaveCount(1);
  // The choice is remembered.
  await page.reload();
  await expect(page.getByRole('button', { name: 'Hide map' })).toBeVisible();
  await expect(map.locator('path.leaflet-interactive').first()).toBeVisible();
  // Tiles (unreachable offline), photos and the map itself load without a policy refusing any of them.
  expect(complaints).toEqual([]);
});

test('a listing’s photos open full screen and turn with the keys; its map shows where it is', async ({ page }) => {
  const complaints = policyComplaints(page);
  await page.goto('/rent/bangsar');
  await page.getByRole('main').getByRole('article').first().getByRole('heading').getByRole('link').click();
  await page.waitForURL(/\/details\/\d+$/);
  const showAll = page.getByRole('button', { name: /^Show all \d+ photos$/ });
  const count = Number(/\d+/.exec((await showAll.textContent()) ?? '')![0]);
  expect(count).toBeGreaterThan(1);
  await showAll.click();
  const viewer = page.getByRole('dialog', { name: /^Photos of / });
  await expect(viewer.getByText(`1 of ${count}`)).toBeVisible();
  await expect(viewer.getByRole('img', { name: /^Photo of / })).toBeVisible();
  await page.keyboard.press('ArrowRight');
  await expect(viewer.getByText(`2 of ${count}`)).toBeVisible();
  await page.keyboard.press('ArrowLeft');
  await page.keyboard.press('ArrowLeft');
  await expect(viewer.getByText(`${count} of ${count}`)).toBeVisible();
  await viewer.getByRole('button', { name: 'Next photo' }).click();
  await expect(viewer.getByText(`1 of ${count}`)).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(page.getByRole('dialog')).toHaveCount(0);
  await expect(showAll).toBeFocused();

  const location = page.getByRole('region', { name: /^Map showing where / });
  await location.scrollIntoViewIfNeeded();
  await expect(location.locator('path.leaflet-interactive')).toHaveCount(1);
  await expect(page.getByRole('link', { name: 'Open in Google Maps' })).toHaveAttribute(
    'href',
    /google\.com\/maps\/search\/\?api=1&query=[\d.]+,[\d.]+$/,
  );
  expect(complaints).toEqual([]);
});
