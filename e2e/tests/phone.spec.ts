import { expect, type Locator, type Page } from '@playwright/test';
import { expectNoSeriousAxeViolations, signIn, test } from '../support.ts';

/** The phone: 390 x 844, touch. */
test.use({ viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true });

const WEEKDAY = '(Monday|Tuesday|Wednesday|Thursday|Friday|Saturday|Sunday)';

async function box(locator: Locator) {
  const found = await locator.boundingBox();
  expect(found, 'on screen').not.toBeNull();
  return found!;
}

/** Scrolls by touch-sized steps until `done` holds (the first scroll of a page still hydrating may move nothing). */
async function scrollUntil(page: Page, delta: number, done: () => Promise<unknown>) {
  await expect(async () => {
    await page.mouse.wheel(0, delta);
    await done();
  }).toPass({ timeout: 10_000 });
}

test('a tenant on a phone searches from the home page, filters in a sheet, keeps the price and chat at hand, and comes back from sign-in to the chat form', async ({
  page,
}) => {
  test.setTimeout(90_000);
  await page.goto('/');
  // The home page has its own search box on phones (the header has none below 770 px).
  const search = page.getByRole('main').getByRole('combobox', { name: 'Search for a home' });
  await expect(search).toBeInViewport();
  await search.fill('kepo');
  await page.getByRole('option').filter({ hasText: 'Kepong' }).first().click();
  await expect(page).toHaveURL(/\/rent\/kepong\?q=Kepong&category=LOCATION&loc=kepong$/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Homes for rent in Kepong');

  // The filters are one button, so the first homes are on the first screen.
  const cards = page.getByRole('main').getByRole('article');
  await expect(cards.first()).toBeInViewport();
  await expect(page.getByRole('form', { name: 'Filters' })).toHaveCount(0);
  await page.getByRole('button', { name: 'Filters', exact: true }).click();
  const sheet = page.getByRole('dialog', { name: 'Filters' });
  await sheet.getByLabel('Bedrooms').selectOption('1');
  await sheet.getByLabel('Pet friendly').check();
  await page.screenshot({ path: '/tmp/phone-filters-en.png' });
  await expectNoSeriousAxeViolations(page);
  await sheet.getByRole('button', { name: 'Show homes' }).click();
  await expect(sheet).toHaveCount(0);
  await expect(page).toHaveURL(/\/rent\/kepong\?.*bedrooms=1/);
  await expect(page).toHaveURL(/petFriendly=true/);
  await expect(page).toHaveURL(/q=Kepong/);
  // The button counts what is on; a new sheet starts from it.
  const filters = page.getByRole('button', { name: 'Filters (2 active)' });
  await expect(filters).toBeVisible();
  await filters.click();
  await expect(sheet.getByLabel('Bedrooms')).toHaveValue('1');
  await page.keyboard.press('Escape');
  await expect(sheet).toHaveCount(0);

  await cards.first().getByRole('heading').getByRole('link').click();
  await expect(page).toHaveURL(/\/details\/\d+$/);
  const listingPath = new URL(page.url()).pathname;
  // Key facts in two columns.
  const facts = page.getByRole('region', { name: 'Key facts' }).getByRole('listitem');
  const [first, second] = [await box(facts.nth(0)), await box(facts.nth(1))];
  expect(Math.abs(first.y - second.y)).toBeLessThan(2);
  expect(second.x).toBeGreaterThan(first.x + first.width - 1);

  // Price and "Chat with the landlord" stay at the bottom while the page scrolls.
  const chat = page.getByRole('link', { name: 'Chat with the landlord' });
  await expect(chat).toBeInViewport();
  await scrollUntil(page, 900, () => expect.poll(() => page.evaluate(() => window.scrollY)).toBeGreaterThan(800));
  await expect(chat).toBeInViewport();
  await expect(page.locator('[data-listing-action-bar]').getByText(/^RM\s[\d,]+$/)).toBeInViewport();
  // At the very end nothing of the page is under the bar.
  await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
  const bar = await box(page.locator('[data-listing-action-bar]'));
  const lastLink = await box(page.getByRole('contentinfo').getByRole('link').last());
  expect(lastLink.y + lastLink.height).toBeLessThanOrEqual(bar.y);

  // Signed out, "Chat" goes to sign-in and comes back with the chat form open, the mark gone from the URL.
  await chat.click();
  await expect(page).toHaveURL(/\/login\?origin=.*chat%3D1/);
  await page.goto(page.url().replace('/login?', '/login?mode=password&'));
  await page.getByLabel('Mobile number').fill('+60123000001');
  await page.getByLabel('Password').fill('kunci-tenant-2026');
  await page.getByRole('button', { name: 'Log in', exact: true }).click();
  await expect(page).toHaveURL(new RegExp(`${listingPath}$`));
  const form = page.getByRole('dialog', { name: 'Tell the landlord about you' });
  await expect(form).toBeVisible();
  await form.getByRole('button', { name: 'Cancel' }).click();
  await expect(form).toHaveCount(0);

  // Signed in: scrolled down, one tap on the bar opens the form.
  await scrollUntil(page, 700, () => expect(page.getByRole('button', { name: 'Back to top' })).toBeVisible({ timeout: 1_000 }));
  // One chat action on the listing: the bar's; no floating chat button over the cards. "Back to top" clears the bar.
  await expect(page.getByRole('button', { name: 'Back to top' })).toBeVisible();
  await expect(page.getByTestId('floating-chat')).toHaveCount(0);
  const [top, actionBar] = [await box(page.getByRole('button', { name: 'Back to top' })), await box(page.locator('[data-listing-action-bar]'))];
  expect(top.y + top.height).toBeLessThanOrEqual(actionBar.y);
  await page.getByRole('button', { name: 'Chat with the landlord' }).tap();
  await expect(form).toBeVisible();
  await page.screenshot({ path: '/tmp/phone-chat-form-en.png' });
  await form.getByLabel('Move-in date').fill('2027-02-01');
  await form.getByLabel('Monthly budget (RM)').fill('1700');
  await form.getByRole('button', { name: 'Send chat request' }).click();
  await expect(page).toHaveURL(/\/dashboard\/chat\?chatId=\d+$/);

  // Messages show their time under a day heading.
  const messages = page.getByRole('list', { name: 'Messages' });
  await expect(messages.getByRole('listitem').first().locator('time').first()).toHaveText(new RegExp(`^${WEEKDAY}, \\d{1,2} \\w+ \\d{4}$`));
  await expect(messages.getByRole('listitem').first()).toContainText(/\d{1,2}:\d{2}\s[ap]m/);

  // The booking dialog: its days name the weekday, and it closes by its button or Escape.
  await page.screenshot({ path: '/tmp/phone-chat-en.png' });
  await page.getByRole('button', { name: 'Book a viewing' }).click();
  const booking = page.getByRole('dialog', { name: 'Book a viewing' });
  const day = booking.getByLabel('Day');
  await page.screenshot({ path: '/tmp/phone-booking-en.png' });
  await expect(day.locator('option').first()).toHaveText(new RegExp(`^${WEEKDAY}, \\d{1,2} \\w+$`));
  await expectNoSeriousAxeViolations(page);
  await booking.getByRole('button', { name: 'Close' }).click();
  await expect(booking).toHaveCount(0);
  await page.getByRole('button', { name: 'Book a viewing' }).click();
  await expect(day).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(booking).toHaveCount(0);

  // Signed in, the chat button floats in the corner with "Back to top" above it: the page ends above them, not under them.
  await page.goto('/dashboard');
  await expect(page.getByTestId('floating-chat')).toBeVisible();
  const lastLine = page.getByRole('contentinfo').getByRole('list', { name: 'Language' });
  await expect(async () => {
    await page.mouse.wheel(0, 5_000);
    const [top, end] = [await box(page.getByRole('button', { name: 'Back to top' })), await box(lastLine)];
    expect(end.y + end.height, 'the footer’s last line above the corner buttons').toBeLessThanOrEqual(top.y);
  }).toPass({ timeout: 10_000 });
});

test('on a phone, the floating chat opens over the whole screen, the page under it stays still, and Escape or its close button give focus back to the chat button', async ({
  page,
}) => {
  test.setTimeout(60_000);
  await signIn(page, '+60123000001', 'kunci-tenant-2026');
  for (const { prefix, rent, title, close, all } of [
    { prefix: '', rent: 'rent', title: 'Chat', close: 'Close chats', all: 'See all conversations' },
    { prefix: '/my', rent: 'sewa', title: 'Sembang', close: 'Tutup sembang', all: 'Lihat semua perbualan' },
    { prefix: '/zh', rent: 'rent', title: '聊天', close: '关闭聊天', all: '查看所有对话' },
  ]) {
    await page.goto(`${prefix}/${rent}/bangsar`);
    // The panel's safe-area padding only takes effect when the page covers the screen (iPhones report zero otherwise).
    await expect(page.locator('meta[name="viewport"]')).toHaveAttribute('content', /viewport-fit=cover/);
    const button = page.getByTestId('floating-chat');
    await expect(button).toBeVisible();
    // At the page's end, where the footer showed under the panel.
    const footer = page.getByRole('contentinfo');
    await scrollUntil(page, 5_000, () => expect(footer).toBeInViewport({ timeout: 1_000 }));
    const scrolled = await page.evaluate(() => window.scrollY);

    await button.click();
    const panel = page.getByRole('dialog', { name: title });
    await expect(panel.getByRole('link', { name: all })).toBeVisible();
    const viewport = page.viewportSize()!;
    expect(await box(panel), `${prefix || '/'}: the panel covers the screen`).toEqual({ x: 0, y: 0, ...viewport });
    // Its title, list and link to every conversation on the screen, the link at its foot.
    await expect(panel.getByRole('heading', { name: title })).toBeInViewport({ ratio: 1 });
    await expect(panel.getByRole('link', { name: all })).toBeInViewport({ ratio: 1 });
    const link = await box(panel.getByRole('link', { name: all }));
    expect(link.y + link.height).toBeGreaterThan(viewport.height - 60);
    // Nothing of the page shows through: the footer's corners and middle are under the panel.
    const footerShows = await footer.evaluate((el, { width, height }) => {
      const { left, right, top, bottom } = el.getBoundingClientRect();
      const y = Math.min(Math.max(top, 0) + 8, height - 1);
      const points = [
        [left + 8, y],
        [(left + right) / 2, (y + Math.min(bottom, height)) / 2],
        [right - 8, Math.min(bottom, height) - 8],
      ];
      return points.some(([px, py]) => el.contains(document.elementFromPoint(Math.min(px!, width - 1), py!)));
    }, viewport);
    expect(footerShows, `${prefix || '/'}: the footer is hidden under the panel`).toBe(false);
    // A swipe at the top of the screen does not scroll the page under the panel.
    await page.mouse.move(viewport.width / 2, 20);
    await page.mouse.wheel(0, -600);
    await page.waitForTimeout(400);
    expect(await page.evaluate(() => window.scrollY), `${prefix || '/'}: the page under the panel stays still`).toBe(scrolled);

    await page.keyboard.press('Escape');
    await expect(panel).toHaveCount(0);
    await expect(button).toBeFocused();
    await button.click();
    await panel.getByRole('button', { name: close }).click();
    await expect(panel).toHaveCount(0);
    await expect(button).toBeFocused();
  }
});

test('picking a suggestion in the phone menu’s search closes the menu', async ({ page }) => {
  await page.goto('/rent');
  await page.getByRole('button', { name: 'Open menu' }).click();
  const menu = page.getByRole('dialog');
  await menu.getByRole('combobox', { name: 'Search for a home' }).fill('bang');
  await menu.getByRole('option').filter({ hasText: 'Bangsar' }).first().click();
  await expect(page).toHaveURL(/\/rent\/bangsar\?/);
  await expect(page.getByRole('dialog')).toHaveCount(0);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Homes for rent in Bangsar');
});

for (const { prefix, heading, post, popular } of [
  { prefix: '', heading: 'Find a home, or rent out yours', post: 'Post a property', popular: 'Popular areas' },
  { prefix: '/my', heading: 'Cari rumah, atau sewakan rumah anda', post: 'Iklankan hartanah', popular: 'Kawasan popular' },
  { prefix: '/zh', heading: '找房，或出租您的房子', post: '发布房产', popular: '热门地区' },
]) {
  test(`the bottom bar’s Property opens the property page (${prefix || '/'})`, async ({ page, baseURL }) => {
    await page.goto(prefix || '/');
    await page.getByTestId('bottom-bar').getByRole('link').nth(1).click();
    await expect(page).toHaveURL(new RegExp(`${prefix}/property$`));
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(heading);
    await expect(page.locator('link[rel=canonical]')).toHaveAttribute('href', `${baseURL}${prefix}/property`);
    for (const [lang, path] of [
      ['en', '/property'],
      ['ms', '/my/property'],
      ['zh', '/zh/property'],
      ['x-default', '/property'],
    ] as const) {
      await expect(page.locator(`link[rel=alternate][hreflang="${lang}"]`)).toHaveAttribute('href', `${baseURL}${path}`);
    }
    await expect(page.getByRole('main').getByRole('combobox')).toBeVisible();
    await expect(page.getByRole('main').getByRole('search')).toHaveAccessibleName(/./);
    await expect(page.getByRole('main').getByRole('heading', { name: popular })).toBeVisible();
    await expect(page.getByRole('main').getByRole('link', { name: /\d/ }).first()).toHaveAttribute('href', new RegExp(`^${prefix}/(rent|sewa)(/|$)`));
    await expect(page.getByRole('main').getByRole('link', { name: post })).toHaveAttribute('href', `${prefix}/post`);
    await expectNoSeriousAxeViolations(page);
  });
}

test('phone screenshots in Malay and Chinese: home, results with the filters sheet, a listing', async ({ page }) => {
  test.setTimeout(60_000);
  for (const [prefix, rent, filters] of [
    ['/my', 'sewa', 'Penapis'],
    ['/zh', 'rent', '筛选'],
  ] as const) {
    const lang = prefix.slice(1);
    await page.goto(prefix);
    await page.screenshot({ path: `/tmp/phone-home-${lang}.png` });
    await page.goto(`${prefix}/${rent}/mont-kiara?bedrooms=2`);
    await page.screenshot({ path: `/tmp/phone-results-${lang}.png` });
    await page.getByRole('button', { name: new RegExp(`^${filters}`) }).click();
    await expect(page.getByRole('dialog', { name: filters })).toBeVisible();
    await page.screenshot({ path: `/tmp/phone-filters-${lang}.png` });
    await page.keyboard.press('Escape');
    await page.getByRole('main').getByRole('article').first().getByRole('heading').getByRole('link').click();
    await expect(page.locator('[data-listing-action-bar]')).toBeVisible();
    await page.screenshot({ path: `/tmp/phone-listing-${lang}.png` });
    await page.mouse.wheel(0, 1200);
    await page.waitForTimeout(400);
    await page.screenshot({ path: `/tmp/phone-listing-scrolled-${lang}.png` });
    await page.goto(`${prefix}/property`);
    await page.screenshot({ path: `/tmp/phone-property-${lang}.png`, fullPage: true });
  }
});
