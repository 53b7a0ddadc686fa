import { expect } from '@playwright/test';
import { test } from '../support.ts';

test('an unsubscribe link that is not valid says so in its heading, not “Unsubscribed”', async ({ page }) => {
  await page.goto('/zh/unsubscribe?token=not-a-valid-token');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('链接无效');
  await expect(page.getByRole('main').getByRole('status')).toHaveText('此退订链接无效。您可以在设置中更改所有通知。');
  await expect(page.getByRole('main').getByRole('button')).toHaveCount(0);
});

test('the List-Unsubscribe address opened in a browser leads to the unsubscribe page, not to JSON', async ({ browser }) => {
  // A mail client without one-click support opens the header's address as a page (no session, no scripts needed).
  const context = await browser.newContext({ javaScriptEnabled: false, locale: 'ms-MY', extraHTTPHeaders: { 'accept-language': 'ms' } });
  const page = await context.newPage();
  await page.goto('/api/notices/unsubscribe?token=bm90LWEtdG9rZW4.c2lnbmF0dXJl');
  await expect(page).toHaveURL(/\/my\/unsubscribe\?token=bm90LWEtdG9rZW4\.c2lnbmF0dXJl$/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Pautan tidak sah');
  await context.close();
});
