import { AxeBuilder } from '@axe-core/playwright';
import { expect, type Page } from '@playwright/test';
import { test } from '../support.ts';

/** A live listing away from those the deal journeys take (the demo landlord's): Kepong's first result. */
async function liveListing(page: Page): Promise<number> {
  const found = (await (await page.request.get('/api/properties/search?loc=kepong&pageSize=1')).json()) as { content: { id: number }[] };
  return found.content[0]!.id;
}

test.describe('without JavaScript', () => {
  test.use({ javaScriptEnabled: false });

  test('the home page shows real listings, rendered on the server', async ({ page }) => {
    await page.goto('/');
    await expect(page.getByRole('heading', { level: 1, name: 'Homes for rent with zero deposit' })).toBeVisible();
    const cards = page.getByRole('main').getByRole('article');
    expect(await cards.count()).toBeGreaterThanOrEqual(9);
    await expect(cards.first().getByRole('heading').getByRole('link')).toHaveAttribute('href', /^\/details\/\d+$/);
    await expect(cards.first()).toContainText(/RM\s[\d,]+/);
  });

  test('a listing says how its landlord answers chat requests, rendered on the server', async ({ page }) => {
    await page.goto(`/details/${await liveListing(page)}`);
    await expect(page.getByTestId('landlord-response')).toContainText(
      /How this landlord answers: (Replies to \d+% of chat requests|Not enough chat requests)/,
    );
  });
});

test('a listing, the home page and results bring every message they show: no other catalogue is loaded after the page shows', async ({ page }) => {
  const catalogues: string[] = [];
  page.on('request', (request) => {
    if (/\/assets\/messages-[\w-]+\.(js|json)$/.test(request.url())) catalogues.push(request.url());
  });
  const id = await liveListing(page);
  for (const path of [`/details/${id}`, '/', '/rent/bangsar', `/my/iklan/${id}`, '/zh/rent']) {
    await page.goto(path);
    await expect(page.locator('html[data-hydrated]')).toHaveCount(1);
    await page.waitForLoadState('networkidle');
    expect(catalogues, path).toEqual([]);
  }
  // The first key (or pointer) pressed fetches the rest of the page language's catalogue, once, for what the visitor
  // opens next.
  await page.keyboard.press('Shift');
  await expect.poll(() => catalogues.length).toBe(1);
  expect(catalogues[0]).toMatch(/\/assets\/messages-zh-[\w-]+\.json$/);
  await page.keyboard.press('Shift');
  await page.locator('h1').first().click();
  await page.waitForLoadState('networkidle');
  expect(catalogues).toHaveLength(1);
});

test('the language switch rewrites the URL by the rules: en -> my -> zh', async ({ page }) => {
  await page.goto('/rent/bangsar');
  await expect(page.locator('html')).toHaveAttribute('lang', 'en');
  await page.getByRole('button', { name: 'Change language' }).click();
  await page.getByRole('menuitem', { name: 'Bahasa Malaysia' }).click();
  await expect(page).toHaveURL(/\/my\/sewa\/bangsar$/);
  await expect(page.locator('html')).toHaveAttribute('lang', 'ms');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Rumah untuk disewa di Bangsar');

  await page.getByRole('button', { name: 'Tukar bahasa' }).click();
  await page.getByRole('menuitem', { name: '中文' }).click();
  await expect(page).toHaveURL(/\/zh\/rent\/bangsar$/);
  await expect(page.locator('html')).toHaveAttribute('lang', 'zh');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('孟沙房屋出租');

  // The choice is remembered: a new visit to the home page opens in Chinese.
  const fresh = await page.context().newPage();
  await fresh.goto('/');
  await expect(fresh).toHaveURL(/\/zh$/);
});

test('the inlined stylesheet is kept through hydration and client-side navigation, and not shipped in the scripts', async ({ page }) => {
  const scripts: string[] = [];
  page.on('response', async (response) => {
    if (response.url().endsWith('.js')) scripts.push(await response.text());
  });
  await page.goto('/');
  const styled = async () => {
    expect(await page.locator('#app-css').evaluate((style) => style.textContent?.length ?? 0)).toBeGreaterThan(10_000);
    // A Tailwind class takes effect: the screen-reader-only skip link is clipped to 1 px.
    expect(
      await page
        .locator('.sr-only')
        .first()
        .evaluate((el) => getComputedStyle(el).width),
    ).toBe('1px');
  };
  await styled();
  await page.getByRole('main').getByRole('article').first().getByRole('heading').getByRole('link').click();
  await expect(page).toHaveURL(/\/details\/\d+$/);
  await styled();
  expect(scripts.length).toBeGreaterThan(0);
  expect(scripts.filter((script) => script.includes('tailwindcss'))).toEqual([]);
});

test('the app starts once the page has loaded and hydrates under the page policy, on a kept page and on one made for the visitor', async ({
  page,
}) => {
  const errors: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error') errors.push(message.text());
  });
  page.on('pageerror', (error) => errors.push(error.message));
  // When the window's load event came and when <html> was marked hydrated, on the page's clock.
  await page.addInitScript(() => {
    const times: Record<string, number> = {};
    (window as unknown as { startTimes: Record<string, number> }).startTimes = times;
    addEventListener('load', () => (times['load'] = performance.now()));
    new MutationObserver(() => {
      if (document.documentElement.hasAttribute('data-hydrated')) times['hydrated'] ??= performance.now();
    }).observe(document, { attributes: true, subtree: true, attributeFilter: ['data-hydrated'] });
  });
  for (const [path, policy] of [
    ['/rent/bangsar', /script-src 'self' 'sha256-/],
    ['/login', /script-src 'self' 'nonce-/],
  ] as const) {
    const response = (await page.goto(path))!;
    expect(response.headers()['content-security-policy']).toMatch(policy);
    // The router's module script and preloads are sent held: nothing the parser would fetch or run at once.
    const html = await response.text();
    expect(html).toContain(' type="text/x-module-after-load" async="">');
    expect(html).toContain('<link rel="x-modulepreload-after-load" href="/assets/');
    expect(html).not.toContain(' type="module"');
    expect(html).not.toContain('rel="modulepreload"');
    await expect(page.locator('html')).toHaveAttribute('data-hydrated', '');
    const times = await page.evaluate(() => (window as unknown as { startTimes: Record<string, number> }).startTimes);
    expect(times['hydrated']).toBeGreaterThan(times['load']!);
  }
  // Hydrated: a link is followed by the router, without loading a document (the window is the same one).
  await page.goto('/rent/bangsar');
  await page.evaluate(() => ((window as unknown as { sameWindow: boolean }).sameWindow = true));
  await page.getByRole('main').getByRole('article').first().getByRole('heading').getByRole('link').click();
  await expect(page).toHaveURL(/\/details\/\d+$/);
  expect(await page.evaluate(() => (window as unknown as { sameWindow?: boolean }).sameWindow)).toBe(true);
  expect(errors).toEqual([]);
});

test('the page carries the catalogue areas it uses in its own language, outside the scripts; client-side navigation loads the rest and keeps speaking it', async ({
  page,
}) => {
  const scripts: string[] = [];
  const catalogueFiles: { url: string; text: string }[] = [];
  page.on('response', async (response) => {
    if (response.url().endsWith('.js')) scripts.push(await response.text());
    if (response.url().endsWith('.json')) catalogueFiles.push({ url: response.url(), text: await response.text() });
  });
  const document = await (await page.goto('/my/sewa/bangsar'))!.text();
  // Rumah untuk disewa: Malay, in the page's JSON catalogue; the other languages' headings are nowhere.
  const catalogue = JSON.parse((await page.locator('#app-messages').textContent()) ?? 'null') as {
    lang: string;
    messages: Record<string, string>;
    complete: boolean;
  };
  expect(catalogue).toMatchObject({ lang: 'ms', complete: false });
  // The areas a results page reads (its title, the menu), not those of the pages it links to (the landlord page).
  const heading = catalogue.messages['rent.titleAll']!;
  expect(heading).toContain('Rumah untuk disewa');
  expect(catalogue.messages['nav.landlord']).toBeDefined();
  expect(catalogue.messages['info.landlord.title']).toBeUndefined();
  expect(document).not.toContain('Homes for rent with zero deposit');
  expect(document).not.toContain('零押金');
  expect(document.split('id="app-messages"').length).toBe(2);
  await page.waitForLoadState('networkidle');
  // No script the page loads carries a catalogue.
  expect(scripts.length).toBeGreaterThan(0);
  expect(scripts.filter((script) => script.includes(heading))).toEqual([]);
  expect(catalogueFiles).toEqual([]);
  // Client-side navigation (no document load) to a page that was not server-rendered here: the language's whole
  // catalogue comes on demand, as its JSON file (Malay alone, not a script of the three languages), and the page
  // speaks Malay.
  await page
    .getByRole('navigation', { name: catalogue.messages['nav.mainMenu'] })
    .getByRole('link', { name: catalogue.messages['nav.landlord'] })
    .click();
  await expect(page).toHaveURL(/\/my\/more\/landlord$/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Sewakan hartanah anda secara percuma');
  await expect.poll(() => catalogueFiles.length).toBe(1);
  expect(catalogueFiles[0]!.url).toMatch(/\/assets\/messages-ms-[\w-]+\.json$/);
  expect(catalogueFiles[0]!.text).toContain(heading);
  expect(catalogueFiles[0]!.text).not.toContain('Homes for rent with zero deposit');
  expect(scripts.filter((script) => script.includes(heading))).toEqual([]);
});

test('the language menu lists only the other languages', async ({ page }) => {
  await page.goto('/zh');
  await page.getByRole('button', { name: '切换语言' }).click();
  await expect(page.getByRole('menuitem')).toHaveText(['English', 'Bahasa Malaysia']);
});

test('menus work from the keyboard: arrows, a typed letter, Escape back to the button', async ({ page }) => {
  await page.goto('/');
  const button = page.getByRole('button', { name: 'Change language' });
  await button.focus();
  await page.keyboard.press('ArrowDown');
  await expect(button).toHaveAttribute('aria-expanded', 'true');
  await expect(page.getByRole('menuitem', { name: 'Bahasa Malaysia' })).toBeFocused();
  await page.keyboard.press('ArrowDown');
  await expect(page.getByRole('menuitem', { name: '中文' })).toBeFocused();
  await page.keyboard.press('ArrowDown');
  await expect(page.getByRole('menuitem', { name: 'Bahasa Malaysia' })).toBeFocused();
  await page.keyboard.press('Escape');
  await expect(page.getByRole('menu')).toHaveCount(0);
  await expect(button).toBeFocused();

  await page.keyboard.press('ArrowUp');
  await expect(page.getByRole('menuitem', { name: '中文' })).toBeFocused();
  await page.keyboard.press('b');
  await expect(page.getByRole('menuitem', { name: 'Bahasa Malaysia' })).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/my$/);
});

test.describe('on a phone', () => {
  test.use({ viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true });

  test('shows the bottom bar, hides it while scrolling down, and opens the menu', async ({ page }) => {
    await page.goto('/');
    const bar = page.getByRole('navigation', { name: 'Quick navigation' });
    await expect(bar).toBeVisible();
    await expect(bar.getByRole('link')).toHaveText(['Home', 'Property', 'Log in']);
    // A scroll that lands before the page is interactive moves nothing yet; the next one does (as on a slow phone).
    await expect(async () => {
      await page.mouse.wheel(0, 600);
      await expect(bar).not.toBeInViewport({ timeout: 1_000 });
    }).toPass({ timeout: 10_000 });
    await page.mouse.wheel(0, -400);
    await expect(bar).toBeInViewport();

    await page.getByRole('button', { name: 'Open menu' }).click();
    const menu = page.getByRole('dialog');
    await expect(menu.getByRole('link', { name: 'Landlord' })).toBeVisible();
    await menu.getByRole('button', { name: 'Language' }).click();
    const sheet = page.getByRole('dialog', { name: 'Change language' });
    await expect(sheet.getByRole('link')).toHaveText(['Bahasa Malaysia', '中文']);
    await sheet.getByRole('button', { name: 'Close' }).click();
    await expect(sheet).toHaveCount(0);
    // Escape closes the menu too, and focus returns to the button that opened it.
    await expect(menu.getByRole('link', { name: 'Landlord' })).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(page.getByRole('dialog')).toHaveCount(0);
    await expect(page.getByRole('button', { name: 'Open menu' })).toBeFocused();
  });

  test('the menu’s search box shows its whole placeholder in English, Malay and Chinese', async ({ page }) => {
    for (const [path, menuButton] of [
      ['/', 'Open menu'],
      ['/my', 'Buka menu'],
      ['/zh', '打开菜单'],
    ] as const) {
      await page.goto(path);
      await page.getByRole('button', { name: menuButton }).click();
      const input = page.getByRole('dialog').getByRole('search').getByRole('combobox');
      await expect(input).toBeVisible();
      // The placeholder's width in the input's own font, against the room the input leaves for text.
      const [text, room] = await input.evaluate((el: HTMLInputElement) => {
        const style = getComputedStyle(el);
        const context = document.createElement('canvas').getContext('2d')!;
        context.font = style.font;
        return [context.measureText(el.placeholder).width, el.clientWidth - parseFloat(style.paddingLeft) - parseFloat(style.paddingRight)];
      });
      expect(text, `${path}: placeholder within the search box`).toBeLessThanOrEqual(room);
    }
  });

  test('listing pages hide the header and the bottom bar', async ({ page }) => {
    await page.goto('/');
    await page.getByRole('main').getByRole('article').first().getByRole('heading').getByRole('link').click();
    await expect(page).toHaveURL(/\/details\/\d+$/);
    await expect(page.getByRole('navigation', { name: 'Quick navigation' })).toHaveCount(0);
    await expect(page.getByRole('banner')).toBeHidden();
  });
});

test('list or grid view is remembered', async ({ page }) => {
  await page.goto('/');
  await page.getByRole('button', { name: 'List' }).click();
  await expect(page.locator('html')).toHaveAttribute('data-view', 'list');
  await page.reload();
  await expect(page.locator('html')).toHaveAttribute('data-view', 'list');
  await expect(page.getByRole('button', { name: 'List' })).toHaveAttribute('aria-pressed', 'true');
});

test('scroll-to-top appears after 300 px', async ({ page }) => {
  await page.goto('/');
  const button = page.getByRole('button', { name: 'Back to top' });
  await expect(button).toHaveCount(0);
  await page.evaluate(() => window.scrollTo(0, 800));
  await button.click();
  await expect.poll(() => page.evaluate(() => window.scrollY)).toBeLessThan(50);
});

test('an unknown page is a 404 in the visitor’s language', async ({ page }) => {
  const response = await page.goto('/my/halaman-tiada');
  expect(response?.status()).toBe(404);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Halaman tidak ditemui');
});

for (const path of ['/', '/my/sewa/bangsar', '/zh/more/about', '/rent/bangsar?bedrooms=2', '/login', '/zh/register']) {
  test(`axe finds no serious accessibility violation on ${path}`, async ({ page }) => {
    await page.goto(path);
    const results = await new AxeBuilder({ page }).analyze();
    const serious = results.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
    expect(serious.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual([]);
  });
}

test('axe finds no serious accessibility violation on a listing page', async ({ page }) => {
  await page.goto('/rent/petaling-jaya');
  await page.getByRole('main').getByRole('article').first().getByRole('heading').getByRole('link').click();
  await page.waitForURL(/\/details\/\d+$/);
  const results = await new AxeBuilder({ page }).analyze();
  const serious = results.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
  expect(serious.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual([]);
});
