import { expect } from '@playwright/test';
import { AxeBuilder } from '@axe-core/playwright';
import { test } from '../support.ts';

test('a tenant sends a chat request from a listing, then messages the landlord live', async ({ page }) => {
  test.setTimeout(60_000);
  await page.goto('/login?mode=password');
  await page.getByLabel('Mobile number').fill('+60123000001');
  await page.getByLabel('Password').fill('kunci-tenant-2026');
  await page.getByRole('button', { name: 'Log in', exact: true }).click();
  await expect(page).toHaveURL(/\/dashboard$/);

  await page.goto('/rent/subang-jaya');
  await page.getByRole('article').first().getByRole('heading').getByRole('link').click();
  await page.getByRole('button', { name: 'Chat with the landlord' }).click();
  const dialog = page.getByRole('dialog', { name: 'Tell the landlord about you' });
  // Sent empty, the form says what is missing itself: no request goes out, the first field to fix has the focus.
  const requests: string[] = [];
  page.on('request', (request) => {
    if (request.method() === 'POST' && new URL(request.url()).pathname === '/api/chat-conversations') requests.push(request.url());
  });
  await dialog.getByRole('button', { name: 'Send chat request' }).click();
  await expect(dialog.getByText('Choose a valid date.')).toBeVisible();
  await expect(dialog.getByText('Enter a monthly budget in ringgit.')).toBeVisible();
  await expect(dialog.getByLabel('Move-in date')).toBeFocused();
  expect(requests).toEqual([]);
  await dialog.getByLabel('Move-in date').fill('2026-12-20');
  await dialog.getByLabel('Monthly budget (RM)').fill('1800');
  await dialog.getByLabel('Reason for moving').selectOption('NEAR_WORK');
  await dialog.getByLabel('Message (optional)').fill('Hello! Is the unit still available?');
  await dialog.getByRole('button', { name: 'Send chat request' }).click();

  await expect(page).toHaveURL(/\/dashboard\/chat\?chatId=\d+$/);
  const messages = page.getByRole('list', { name: 'Messages' });
  await expect(messages.getByRole('listitem').first()).toContainText('Chat request: moving in');
  await expect(messages.getByRole('listitem').first()).toContainText('Reason: Closer to work.');
  await expect(messages.getByRole('listitem').last()).toHaveText(/Is the unit still available/);
  await expect(page.locator('[data-live="online"]')).toBeVisible();
  const results = await new AxeBuilder({ page }).analyze();
  expect(results.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical').map((v) => v.id)).toEqual([]);

  await page.getByLabel('Write a message').fill('I can view this Saturday.');
  await page.getByLabel('Write a message').press('Enter');
  // Each message shows when it was sent (Malaysia time), and the conversation is headed by its day.
  await expect(messages.getByRole('listitem').last()).toHaveText(/^I can view this Saturday\.\s+\d{1,2}:\d{2}\s[ap]m$/);
  await expect(messages.getByRole('listitem').first().locator('time').first()).toHaveText(
    /^(Monday|Tuesday|Wednesday|Thursday|Friday|Saturday|Sunday), \d{1,2} \w+ \d{4}$/,
  );
  // Kept on the server: a reload shows the same conversation, and the answers are kept for the next request.
  await page.reload();
  await expect(page.getByRole('list', { name: 'Messages' }).getByRole('listitem').last()).toHaveText(/^I can view this Saturday\./);
  const cookies = await page.context().cookies();
  expect(cookies.find((c) => c.name === 'crInfoBudget')?.value).toBe('1800');
});
