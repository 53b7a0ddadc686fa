import { expect, test, type APIRequestContext, type Page } from '@playwright/test';

let counter = Math.floor(Math.random() * 10_000_000);
/** A fresh Malaysian mobile number as a person types it (012-xxx xxxx). */
function freshLocalNumber(): { typed: string; e164: string } {
  counter = (counter + 7919) % 10_000_000;
  const digits = String(counter).padStart(7, '0');
  return { typed: `012-${digits.slice(0, 3)} ${digits.slice(3)}`, e164: `+6012${digits}` };
}

async function pinFromOutbox(page: Page, e164: string): Promise<string> {
  // The PIN step is on screen once the server has sent the PIN.
  await expect(page.getByText(e164)).toBeVisible();
  const request: APIRequestContext = page.request;
  const messages = (await (await request.get(`/api/dev/outbox?to=${encodeURIComponent(e164)}`)).json()) as { body: string }[];
  const pin = /\b(\d{6})\b/.exec(messages[0]?.body ?? '')?.[1];
  expect(pin, 'a PIN in the outbox').toBeTruthy();
  return pin!;
}

async function signOut(page: Page, accountName: string | RegExp) {
  await page.getByRole('button', { name: accountName }).click();
  await page.getByRole('menuitem', { name: /Log Out|Log Keluar|退出登录/ }).click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(/signed out|log keluar|退出登录/);
  await page.waitForURL((url) => !url.pathname.startsWith('/refresh'));
}

test('a new user signs up by PIN, sets a password, signs in with it, and keeps Bahasa Malaysia', async ({ page }) => {
  const phone = freshLocalNumber();
  await page.goto('/');
  await page.getByRole('button', { name: 'Account' }).click();
  await page.getByRole('menuitem', { name: 'Log In' }).click();
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
  await page.getByRole('button', { name: 'Save changes' }).click();
  await expect(page.getByText('Your profile was saved.')).toBeVisible();
  await page.getByLabel('New password').fill('rumah-baru-2026');
  await page.getByRole('button', { name: 'Save password' }).click();
  await expect(page.getByText('Your password was saved.')).toBeVisible();

  await signOut(page, 'Account');
  await expect(page.getByRole('button', { name: 'Account' })).toBeVisible();
  expect((await page.request.get('/api/users/profile')).status()).toBe(401);

  await page.goto('/login?mode=password');
  await page.getByLabel('Mobile number').fill(phone.typed);
  await page.getByLabel('Password').fill('rumah-baru-2026');
  await page.getByRole('button', { name: 'Log in', exact: true }).click();
  await expect(page).toHaveURL(/\/dashboard$/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText("Hello, Nur 'Aina");

  // Switching language is stored in the profile...
  await page.getByRole('button', { name: 'Change language' }).click();
  await page.getByRole('menuitem', { name: 'Bahasa Malaysia' }).click();
  await expect(page).toHaveURL(/\/my\/dashboard$/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText("Helo, Nur 'Aina");
  await expect.poll(async () => (await (await page.request.get('/api/users/profile')).json()).language).toBe('MY');

  // ...and used on the next sign-in, even from the English login page.
  await signOut(page, 'Akaun');
  await page.context().clearCookies();
  await page.goto('/login?mode=password');
  await page.getByLabel('Mobile number').fill(phone.typed);
  await page.getByLabel('Password').fill('rumah-baru-2026');
  await page.getByRole('button', { name: 'Log in', exact: true }).click();
  await expect(page).toHaveURL(/\/my\/dashboard$/);
});

test('a protected page sends visitors to sign in and back', async ({ page }) => {
  const phone = freshLocalNumber();
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
  const phone = freshLocalNumber();
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
  await expect(locked).toContainText('错误次数过多');
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
