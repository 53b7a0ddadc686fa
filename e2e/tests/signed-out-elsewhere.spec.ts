import { expect } from '@playwright/test';
import { newTenant, test } from '../support.ts';

/**
 * Two tabs of one browser: signing out in one ends the other's live chat too. Its socket is closed by the server's
 * session check, and the page, without a reload, shows the visitor signed out (no chat button, "Log in").
 */
test('a tab left open after signing out in another shows the visitor signed out, and its chat socket is closed', async ({ browser, baseURL }) => {
  const context = await browser.newContext({ viewport: { width: 390, height: 844 } });
  const first = await context.newPage();
  await newTenant(first);
  const second = await context.newPage();
  const closes: number[] = [];
  second.on('websocket', (socket) => socket.on('close', () => closes.push(Date.now())));
  await second.goto('/rent/bangsar');
  await expect(second.getByTestId('floating-chat')).toBeVisible();

  const signedOut = await first.request.post('/api/logout', { headers: { origin: baseURL! } });
  expect(signedOut.status()).toBe(204);
  await expect(second.getByTestId('bottom-bar').getByRole('link', { name: 'Log in' })).toBeVisible({ timeout: 15_000 });
  await expect(second.getByTestId('floating-chat')).toHaveCount(0);
  expect(closes.length).toBeGreaterThan(0);
  // Not reopened: the session has ended, so the page stops trying.
  const sockets: string[] = [];
  second.on('websocket', (socket) => sockets.push(socket.url()));
  await second.waitForTimeout(3000);
  expect(sockets).toEqual([]);
  await context.close();
});
