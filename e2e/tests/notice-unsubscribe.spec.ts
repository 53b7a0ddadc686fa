import { expect } from '@playwright/test';
import { test } from '../support.ts';

test('an unsubscribe link that is not valid says so in its heading, not “Unsubscribed”', async ({ page }) => {
  await page.goto('/zh/unsubscribe?token=not-a-valid-token');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('链接无效');
  await expect(page.getByRole('main').getByRole('status')).toHaveText('此退订链接无效。您可以在设置中更改所有通知。');
});
