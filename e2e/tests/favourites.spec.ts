import { expect } from '@playwright/test';
import { expectNoSeriousAxeViolations, test } from '../support.ts';

test('a visitor hearts a home, signs in and finds it saved; the shortlist link works for others until revoked', async ({ page, browser }) => {
  test.setTimeout(60_000);
  await page.goto('/rent/cheras');
  const card = page.getByRole('article').first();
  const name = (await card.getByRole('heading').textContent())!.trim();
  // Signed out, the heart leads to sign-in and back.
  await card.getByRole('link', { name: `Save ${name} to favourites` }).click();
  await expect(page).toHaveURL(/\/login\?origin=/);
  await page.goto(page.url().replace('/login?', '/login?mode=password&'));
  await page.getByLabel('Mobile number').fill('+60123000001');
  await page.getByLabel('Password').fill('kunci-tenant-2026');
  await page.getByRole('button', { name: 'Log in', exact: true }).click();
  await expect(page).toHaveURL(/\/rent\/cheras$/);
  await expect(page.getByRole('status')).toContainText('Saved to your favourites');
  const heart = page.getByRole('button', { name: `Save ${name} to favourites` }).first();
  await expect(heart).toHaveAttribute('aria-pressed', 'true');

  await page.goto('/dashboard/favorites');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Favourites');
  await expect(page.getByRole('article').filter({ hasText: name })).toBeVisible();
  await expectNoSeriousAxeViolations(page);
  await page.getByRole('button', { name: 'Create a link' }).click();
  const copy = page.getByRole('link', { name: /WhatsApp/ });
  await expect(copy).toBeVisible();
  const shared = decodeURIComponent((await copy.getAttribute('href'))!).match(/https?:\/\/\S+\/shortlist\/[\w-]+/)![0];

  const visitor = await browser.newPage();
  await visitor.goto(new URL(shared).pathname);
  await expect(visitor.getByRole('heading', { level: 1 })).toHaveText(/shortlist/);
  await expect(visitor.getByRole('article').filter({ hasText: name })).toBeVisible();

  await page.getByRole('button', { name: 'Turn the link off' }).click();
  await expect(page.getByRole('button', { name: 'Create a link' })).toBeVisible();
  const after = await visitor.goto(new URL(shared).pathname);
  expect(after?.status()).toBe(404);
  await expect(visitor.getByRole('heading', { level: 1 })).toHaveText('This link no longer works');

  // Taking the heart off removes it from the list at once.
  await page.getByRole('button', { name: `Save ${name} to favourites` }).click();
  await expect(page.getByRole('status')).toContainText('Property removed successfully');
  await expect(page.getByRole('article').filter({ hasText: name })).toHaveCount(0);
});
