import { expect, type Page } from '@playwright/test';
import { expectNoSeriousAxeViolations, freshMobile, latestCode, outbox, signIn, test } from '../support.ts';

async function pinFromOutbox(page: Page, e164: string): Promise<string> {
  // The PIN step is on screen once the server has sent the PIN.
  await expect(page.getByText(e164)).toBeVisible();
  return latestCode(page.request, e164);
}

async function signOut(page: Page, accountName: string | RegExp) {
  await page.getByRole('button', { name: accountName }).click();
  await page.getByRole('menuitem', { name: /Log out|Log Keluar|退出登录/ }).click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(/signed out|log keluar|退出登录/);
  await page.waitForURL((url) => !url.pathname.startsWith('/refresh'));
}

test('a new user signs up by PIN, sets a password, signs in with it, and keeps Bahasa Malaysia', async ({ page }) => {
  test.setTimeout(120_000);
  const phone = freshMobile();
  await page.goto('/');
  await page.getByRole('button', { name: 'Account' }).click();
  await page.getByRole('menuitem', { name: 'Log in' }).click();
  await page.getByLabel('Mobile number').fill(phone.typed);
  await page.getByRole('button', { name: 'Send PIN' }).click();
  await expect(page.getByText(`We sent a PIN to ${phone.e164}`)).toBeVisible();
  await page.getByLabel('6-digit PIN').fill(await pinFromOutbox(page, phone.e164));
  await page.getByRole('button', { name: 'Verify and continue' }).click();
  await expect(page).toHaveURL(/\/dashboard$/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(`Hello, ${phone.e164}`);

  // A "guest" is asked to complete the profile.
  const prompt = page.getByRole('dialog', { name: 'Tell us about yourself' });
  await prompt.getByRole('link', { name: 'Complete profile' }).click();
  await expect(page).toHaveURL(/\/dashboard\/profile$/);
  await page.getByLabel('Name', { exact: true }).fill("Nur 'Aina");
  await page.getByLabel('Email', { exact: true }).fill('aina@example.com');
  await page.getByLabel('New password').fill('rumah-baru-2026');
  await page.getByRole('button', { name: 'Save changes' }).click();
  await expect(page.getByText('Your profile was saved.')).toBeVisible();

  await signOut(page, 'Account');
  await expect(page.getByRole('button', { name: 'Account' })).toBeVisible();
  expect((await page.request.get('/api/users/profile')).status()).toBe(401);

  await page.goto('/login?mode=password');
  await page.getByLabel('Mobile number').fill(phone.typed);
  await page.getByLabel('Password').fill('rumah-baru-2026');
  await page.getByRole('button', { name: 'Log in', exact: true }).click();
  await expect(page).toHaveURL(/\/dashboard$/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText("Hello, Nur 'Aina");

  // Switching the page's language leaves the stored one alone; the profile's choice is stored...
  await page.getByRole('button', { name: 'Change language' }).click();
  await page.getByRole('menuitem', { name: 'Bahasa Malaysia' }).click();
  await expect(page).toHaveURL(/\/my\/dashboard$/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText("Helo, Nur 'Aina");
  expect((await (await page.request.get('/api/users/profile')).json()).language).toBe('EN');
  await page.goto('/my/dashboard/profile');
  await page.getByLabel('Bahasa untuk mesej').selectOption('MY');
  await page.getByRole('button', { name: 'Simpan perubahan' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Profil anda telah disimpan.' })).toBeVisible();
  expect((await (await page.request.get('/api/users/profile')).json()).language).toBe('MY');

  // ...for messages only: signing in from the English pages keeps the site in English...
  await signOut(page, 'Akaun');
  await page.context().clearCookies();
  await page.goto('/login?mode=password&origin=/dashboard');
  await page.getByLabel('Mobile number').fill(phone.typed);
  await page.getByLabel('Password').fill('rumah-baru-2026');
  await page.getByRole('button', { name: 'Log in', exact: true }).click();
  await expect(page).toHaveURL((url) => url.pathname === '/dashboard');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText("Hello, Nur 'Aina");
  expect((await page.context().cookies()).find((c) => c.name === 'lang')?.value ?? 'en').toBe('en');
  await page.goto('/');
  expect(new URL(page.url()).pathname).toBe('/');

  // ...while the messages still come in Malay, even when the PIN is asked in English. (The sign-up PIN's resend
  // cooldown may still run: the API says how long with Retry-After.)
  const askPin = () =>
    page.request.post('/api/pin/request', { data: { phoneNo: phone.e164 }, headers: { 'x-language': 'en', origin: new URL(page.url()).origin } });
  let asked = await askPin();
  if (asked.status() === 429) {
    await page.waitForTimeout(Number(asked.headers()['retry-after'] ?? 60) * 1000 + 500);
    asked = await askPin();
  }
  expect(asked.status(), await asked.text()).toBe(200);
  const sms = await outbox(page.request, phone.e164);
  expect(sms[0]).toMatch(/^PIN Kunci anda ialah \d{6}\./);
});

test('a protected page sends visitors to sign in and back', async ({ page }) => {
  const phone = freshMobile();
  await page.goto('/dashboard/profile');
  await expect(page).toHaveURL(/\/login\?origin=%2Fdashboard%2Fprofile&originType=SH$/);
  await expect(page.getByText('After signing in you will return to where you were.')).toBeVisible();
  await page.getByLabel('Mobile number').fill(phone.typed);
  await page.getByRole('button', { name: 'Send PIN' }).click();
  await page.getByLabel('6-digit PIN').fill(await pinFromOutbox(page, phone.e164));
  await page.getByRole('button', { name: 'Verify and continue' }).click();
  await expect(page).toHaveURL(/\/dashboard\/profile$/);
});

test('wrong PINs are explained in the visitor’s language, and the fifth locks the account', async ({ page }) => {
  const phone = freshMobile();
  await page.goto('/zh/login');
  await page.getByLabel('手机号码').fill(phone.typed);
  await page.getByRole('button', { name: '发送验证码' }).click();
  const pin = await pinFromOutbox(page, phone.e164);
  const wrong = pin === '000000' ? '111111' : '000000';
  for (let i = 0; i < 4; i++) {
    await page.getByLabel('6位数验证码').fill(wrong);
    await page.getByRole('button', { name: '验证并继续' }).click();
    await expect(page.getByRole('alert')).toHaveText('验证码错误');
  }
  await page.getByLabel('6位数验证码').fill(wrong);
  await page.getByRole('button', { name: '验证并继续' }).click();
  const locked = page.getByRole('dialog', { name: '账户已锁定' });
  await expect(locked).toContainText('错误尝试次数过多，此登录方式已暂停，请在 15 分钟后再试。');
  // A true modal: in the top layer over a dimmed page, with focus held inside.
  expect(await locked.evaluate((d) => d.matches(':modal'))).toBe(true);
  expect(await locked.evaluate((d) => getComputedStyle(d, '::backdrop').backgroundColor)).not.toMatch(/^(transparent|rgba\(0, 0, 0, 0\))$/);
  await expect(locked.getByRole('button', { name: '好的' })).toBeFocused();
  await locked.getByRole('button', { name: '好的' }).click();
  await expect(locked).toHaveCount(0);
  await page.getByLabel('6位数验证码').fill(pin);
  await page.getByRole('button', { name: '验证并继续' }).click();
  await expect(page.getByRole('dialog', { name: '账户已锁定' }).getByRole('button', { name: '好的' })).toBeVisible();
});

test('the demo landlord signs in with the printed password', async ({ page }) => {
  await page.goto('/login?mode=password');
  await page.getByLabel('Mobile number').fill('+60123000002');
  await page.getByLabel('Password').fill('kunci-landlord-2026');
  await page.getByRole('button', { name: 'Log in', exact: true }).click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Hello, Landlord Demo');
});

test('a new user says they are looking for a home, saves the profile in one submit, and the tenant dashboard shows what needs attention', async ({
  page,
  playwright,
  baseURL,
}) => {
  test.setTimeout(90_000);
  const phone = freshMobile();
  await page.goto('/login');
  await page.getByLabel('Mobile number').fill(phone.typed);
  await page.getByRole('button', { name: 'Send PIN' }).click();
  await page.getByLabel('6-digit PIN').fill(await pinFromOutbox(page, phone.e164));
  await page.getByRole('button', { name: 'Verify and continue' }).click();
  await expect(page).toHaveURL(/\/dashboard$/);
  await page.getByRole('dialog', { name: 'Tell us about yourself' }).getByRole('button', { name: 'Later' }).click();

  // The first-run question, answered from the keyboard.
  const question = page.getByRole('region', { name: 'What brings you to Kunci?' });
  await question.getByRole('button', { name: /looking for a home/ }).focus();
  await page.keyboard.press('Enter');
  await expect(page.getByRole('status').filter({ hasText: 'as a tenant' })).toHaveText('Your dashboard now shows what you need as a tenant.');
  await expect(question).toHaveCount(0);
  await expect(page.getByRole('main').getByRole('button', { name: 'Tenant' })).toHaveAttribute('aria-pressed', 'true');
  const attention = page.getByRole('region', { name: 'Needs your attention' });
  await expect(attention.getByRole('region', { name: 'Upcoming viewings' })).toContainText('No viewings booked.');
  await expect(attention.getByRole('region', { name: 'Favourites' })).toContainText('Nothing saved yet');
  await expect(attention.getByRole('region', { name: 'Chat' })).toContainText('You’re all caught up.');
  await expect(page.getByRole('main').getByText('My listings')).toHaveCount(0);
  await expectNoSeriousAxeViolations(page);

  // One form, one submit: a refused name is reported beside the field while the salary is saved.
  await page.goto('/dashboard/profile');
  await page.getByLabel('Name', { exact: true }).fill('R2-D2');
  await page.getByLabel('Email', { exact: true }).fill(`hana.${phone.e164.slice(-6)}@example.my`);
  await page.getByLabel('Monthly salary (RM)').fill('4500');
  await page.getByRole('button', { name: 'Save changes' }).click();
  const problems = page.getByRole('alert').filter({ hasText: 'Some changes were not saved' });
  await expect(problems).toContainText("Name: Use letters, spaces, '/' and apostrophes only.");
  await expect(problems).toContainText('Everything else you changed was saved.');
  await expect(problems).toBeFocused();
  const userId = ((await (await page.request.get('/api/users/profile')).json()) as { id: string }).id;
  const salary = async () =>
    ((await (await page.request.get(`/api/v3/user/${userId}/profile`)).json()) as { userAttributes: Record<string, unknown> }).userAttributes;
  expect((await salary())['monthly_salary']).toBe(4500);

  // Fixed, everything goes in the same single submit, password included; the message then goes by itself.
  await page.getByLabel('Name', { exact: true }).fill('Hana Lim');
  await page.getByLabel('Monthly salary (RM)').fill('5200');
  await page.getByLabel('New password').fill('rumah-sewa-2026');
  await page.getByRole('button', { name: 'Save changes' }).click();
  const saved = page.getByRole('status').filter({ hasText: 'Your profile was saved.' });
  await expect(saved).toBeVisible();
  await expect(problems).toHaveCount(0);
  await expect(page.getByLabel('New password')).toHaveValue('');
  await expect(saved).toHaveCount(0, { timeout: 15_000 });
  const me = (await (await page.request.get('/api/users/profile')).json()) as { name: string; passwordSet: boolean; rentalRole: string };
  expect(me).toMatchObject({ name: 'Hana Lim', passwordSet: true, rentalRole: 'TENANT' });
  expect((await salary())['monthly_salary']).toBe(5200);
  // Saved again and left at once: the message does not follow to the next page.
  await page.getByRole('button', { name: 'Save changes' }).click();
  await expect(saved).toBeVisible();
  await page.getByRole('button', { name: 'Account' }).click();
  await page.getByRole('menuitem', { name: 'Dashboard' }).click();
  await expect(page).toHaveURL(/\/dashboard$/);
  await expect(page.getByText('Your profile was saved.')).toHaveCount(0);

  // The tenant asks the demo landlord about a home and gets two replies: the dashboard counts them.
  const api = await playwright.request.newContext({ baseURL: baseURL! });
  const landlord = (await (await api.post('/api/login', { data: { phoneNo: '+60123000002', password: 'kunci-landlord-2026' } })).json()) as {
    userId: string;
    token: string;
  };
  const asLandlord = { authorization: `Bearer ${landlord.token}` };
  const listings = (await (await api.get(`/api/users/${landlord.userId}/properties?status=ACTIVE`, { headers: asLandlord })).json()) as {
    content: { id: number }[];
  };
  const tenantToken = (await page.context().cookies()).find((cookie) => cookie.name === 'authToken')!.value;
  const asked = await api.post('/api/chat-conversations', {
    headers: { authorization: `Bearer ${tenantToken}` },
    data: { propertyId: listings.content[0]!.id, moveInDate: '2027-02-01', budget: 2500, tenancyDuration: 12, reasonForMoving: 'NEAR_WORK' },
  });
  expect(asked.status(), await asked.text()).toBe(200);
  const conversationId = ((await asked.json()) as { id: number }).id;
  for (const body of ['Hello Hana!', 'It is still available.']) {
    const sent = await api.post(`/api/chat-conversations/${conversationId}/messages`, { headers: asLandlord, data: { body } });
    expect(sent.status(), await sent.text()).toBe(200);
  }
  await api.dispose();
  await page.reload();
  const chats = attention.getByRole('region', { name: 'Chat' });
  await expect(chats).toContainText('2 unread messages in 1 chat');
  await chats.getByRole('link', { name: 'Open chats' }).click();
  await expect(page).toHaveURL(/\/dashboard\/chat$/);

  // On a phone, in Malay: the cards fit the width.
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto('/my/dashboard');
  await expect(page.getByRole('region', { name: 'Perlu perhatian anda' }).getByRole('region', { name: 'Sembang' })).toContainText(
    '2 mesej belum dibaca dalam 1 perbualan',
  );
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  await page.screenshot({ path: test.info().outputPath('dashboard-ms-390.png'), fullPage: true });
});

test('the demo landlord’s dashboard leads with their listings', async ({ page }) => {
  await signIn(page, '+60123000002', 'kunci-landlord-2026');
  await expect(page.getByRole('region', { name: 'What brings you to Kunci?' })).toHaveCount(0);
  await expect(page.getByRole('main').getByRole('button', { name: 'Landlord' })).toHaveAttribute('aria-pressed', 'true');
  const cards = page.getByRole('region', { name: 'Needs your attention' }).getByRole('listitem');
  await expect(cards.first().getByRole('heading', { level: 3 })).toHaveText('My listings');
  await expect(cards.first()).toContainText(/\d+ listings? online/);
  await expect(cards.first().getByRole('link', { name: 'Manage listings' })).toBeVisible();
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto('/my/dashboard');
  await expect(page.getByRole('heading', { name: 'Iklan saya' })).toBeVisible();
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  await page.screenshot({ path: test.info().outputPath('landlord-dashboard-ms-390.png'), fullPage: true });
});
