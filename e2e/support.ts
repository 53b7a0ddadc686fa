import { expect, type Browser, type Locator, type Page } from '@playwright/test';
import { AxeBuilder } from '@axe-core/playwright';

let mobileCounter = Math.floor(Math.random() * 10_000_000);
/**
 * A fresh Malaysian mobile number nobody has used (012 and seven digits: every such number is valid, where some 011
 * ranges are not allocated), as E.164 and as a person types it.
 */
export function freshMobile(): { e164: string; typed: string } {
  mobileCounter = (mobileCounter + 7919) % 10_000_000;
  const digits = String(mobileCounter).padStart(7, '0');
  return { e164: `+6012${digits}`, typed: `012-${digits.slice(0, 3)} ${digits.slice(3)}` };
}

/** Signs in with a password, as a returning user does. */
export async function signIn(page: Page, phone: string, password: string) {
  await page.goto('/login?mode=password');
  await page.getByLabel('Mobile number').fill(phone);
  await page.getByLabel('Password').fill(password);
  await page.getByRole('button', { name: 'Log in', exact: true }).click();
  await expect(page).toHaveURL(/\/dashboard$/);
}

/**
 * A tenant and a landlord in two browsers. With PostgreSQL and Redis (CI's second pass) the landlord is on the second
 * server instance (E2E_SECOND_URL), so everything between them crosses instances through Redis.
 */
export async function tenantAndLandlord(browser: Browser, baseURL: string) {
  const landlordBase = process.env['E2E_SECOND_URL'] ?? baseURL;
  const landlordContext = await browser.newContext({ baseURL: landlordBase });
  const tenantContext = await browser.newContext({ baseURL });
  return {
    landlordBase,
    landlordContext,
    tenantContext,
    landlord: await landlordContext.newPage(),
    tenant: await tenantContext.newPage(),
  };
}

/** axe on the page as it is now: no serious or critical violations, each named with its elements. */
export async function expectNoSeriousAxeViolations(page: Page) {
  const results = await new AxeBuilder({ page }).analyze();
  const serious = results.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
  expect(serious.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual([]);
}

/** A modal sits in the middle of the window (the browser's centring survives our reset styles). */
export async function expectCentred(page: Page, locator: Locator) {
  const box = (await locator.boundingBox())!;
  const { width, height } = page.viewportSize()!;
  expect(Math.abs(box.x + box.width / 2 - width / 2)).toBeLessThan(2);
  expect(Math.abs(box.y + box.height / 2 - height / 2)).toBeLessThan(2);
}
