import { expect, type Browser, type Page } from '@playwright/test';
import { DEMO_LANDLORD, signIn, test } from '../support.ts';

const PHONE = { width: 390, height: 844 };
test.use({ viewport: PHONE, hasTouch: true, isMobile: true });

interface OwnerListing {
  id: number;
  type: string;
  category: string;
  areaSlug: string;
}

const phone = (browser: Browser, baseURL: string) => browser.newContext({ baseURL, viewport: PHONE, hasTouch: true, isMobile: true });

/**
 * Nothing to scroll sideways: a control cut at the right edge (“Apply to rent”, “Send”) makes the page wider than the screen.
 * Nor is the header's listing line (name and price) or the landlord's reply rate cut short with an ellipsis.
 */
async function fitsTheScreen(page: Page, path: string, { replyRate }: { replyRate: boolean }) {
  await page.goto(path);
  await expect(page.locator('#chat-title')).toBeVisible();
  await expect(page.locator('#chat-title')).not.toBeEmpty();
  expect(await page.evaluate(() => document.documentElement.scrollWidth), `${path} as wide as the screen`).toBeLessThanOrEqual(PHONE.width);
  const header = page.locator('header:has(#chat-title)');
  if (replyRate) await expect(header.getByTestId('landlord-response')).toBeVisible();
  const cut = await header.evaluate((el) =>
    Array.from(el.querySelectorAll('a, p'))
      .filter((line) => line.scrollWidth > line.clientWidth)
      .map((line) => line.textContent),
  );
  expect(cut, `${path}: the header's lines in full`).toEqual([]);
}

test('on a phone, the chat fits the screen for the tenant and the landlord in English, Malay and Chinese; “Apply to rent” opens a centred dialog', async ({
  browser,
  baseURL,
}) => {
  test.setTimeout(90_000);
  const landlordContext = await phone(browser, baseURL!);
  const tenantContext = await phone(browser, baseURL!);
  const landlord = await landlordContext.newPage();
  const tenant = await tenantContext.newPage();

  // One of the landlord's rentals, not the Bangsar condo the deal journey applies for.
  await signIn(landlord, DEMO_LANDLORD.phone, DEMO_LANDLORD.password);
  const me = (await (await landlord.request.get('/api/users/profile')).json()) as { id: string };
  const { content } = (await (await landlord.request.get(`/api/users/${me.id}/properties?status=ACTIVE&pageSize=50`)).json()) as {
    content: OwnerListing[];
  };
  const rentals = content.filter((c) => !c.type.endsWith('_SALE') && !(c.areaSlug.includes('bangsar') && /CONDO/i.test(c.category)));
  const listing = rentals.at(-1)!;

  await signIn(tenant, '+60123000001', 'kunci-tenant-2026');
  await tenant.goto(`/details/${listing.id}`);
  const request = tenant.getByRole('dialog', { name: 'Tell the landlord about you' });
  // Clicked again until the page has hydrated and the dialog opens.
  await expect(async () => {
    await tenant.getByRole('button', { name: 'Chat with the landlord' }).click();
    await expect(request).toBeVisible({ timeout: 1_000 });
  }).toPass({ timeout: 20_000 });
  await request.getByLabel('Move-in date').fill('2027-03-01');
  await request.getByLabel('Monthly budget (RM)').fill('2000');
  await request.getByLabel('Reason for moving').selectOption('NEAR_WORK');
  await request.getByLabel('Message (optional)').fill('Hello! Is the unit still available in March?');
  await request.getByRole('button', { name: 'Send chat request' }).click();
  await expect(tenant).toHaveURL(/\/dashboard\/chat\?chatId=\d+$/);
  const chatId = new URL(tenant.url()).searchParams.get('chatId');

  for (const page of [tenant, landlord]) {
    for (const prefix of ['', '/my', '/zh']) await fitsTheScreen(page, `${prefix}/dashboard/chat?chatId=${chatId}`, { replyRate: page === tenant });
  }

  // The application dialog sits in the middle of the screen, not in its top-left corner.
  await tenant.goto(`/dashboard/chat?chatId=${chatId}`);
  const apply = tenant.getByRole('dialog', { name: /^Apply to rent / });
  await expect(async () => {
    await tenant.getByRole('button', { name: 'Apply to rent' }).click();
    await expect(apply).toBeVisible({ timeout: 1_000 });
  }).toPass({ timeout: 20_000 });
  const box = (await apply.boundingBox())!;
  const [left, right] = [box.x, PHONE.width - box.x - box.width];
  expect(left, 'a margin on the left').toBeGreaterThan(0);
  expect(Math.abs(left - right), 'as much margin on the left as on the right').toBeLessThanOrEqual(1);
  expect(Math.abs(box.y + box.height / 2 - PHONE.height / 2), 'as much margin above as below').toBeLessThanOrEqual(1);
  await tenant.keyboard.press('Escape');
  await expect(apply).toBeHidden();
  await Promise.all([landlordContext.close(), tenantContext.close()]);
});

test('on a phone, the development outbox wraps a long link instead of scrolling sideways', async ({ page, baseURL }) => {
  const email = `phone-outbox-${Date.now()}@example.my`;
  const signedUp = await page.request.post('/api/email-collection', { data: { email }, headers: { origin: baseURL! } });
  expect(signedUp.status(), await signedUp.text()).toBe(200);
  await expect.poll(async () => (await (await page.request.get(`/api/dev/outbox?to=${encodeURIComponent(email)}`)).json()).length).toBe(1);
  await page.goto(`/dev/outbox?to=${encodeURIComponent(email)}`);
  await expect(page.getByTestId('outbox-body')).toContainText('http');
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width);
});
