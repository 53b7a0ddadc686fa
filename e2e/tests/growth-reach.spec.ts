import { expect } from '@playwright/test';
import { confirmWithPin, expectNoSeriousAxeViolations, freshMobile, signIn, test } from '../support.ts';

test.describe('the play-store popup on a phone', () => {
  test.use({ viewport: { width: 375, height: 812 }, hasTouch: true, isMobile: true });

  test('is shown in the page’s flow with the install link carrying the campaign, passes axe, and stays dismissed', async ({ page }) => {
    await page.goto('/?utm_source=facebook&utm_campaign=raya');
    const popup = page.getByRole('complementary', { name: 'Kunci is quicker in the app' });
    await expect(popup).toBeVisible();
    const install = popup.getByRole('link', { name: 'Get it on Google Play' });
    const href = new URL((await install.getAttribute('href'))!);
    expect(href.origin + href.pathname).toBe('https://play.google.com/store/apps/details');
    expect(new URLSearchParams(href.searchParams.get('referrer')!).get('utm_source')).toBe('facebook');
    expect(new URLSearchParams(href.searchParams.get('referrer')!).get('install_source')).toBe('web_popup');
    // It covers nothing: it sits above the page's content, and the page still fits the phone's width.
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
    const popupBox = (await popup.boundingBox())!;
    const mainBox = (await page.getByRole('main').boundingBox())!;
    expect(popupBox.y + popupBox.height).toBeLessThanOrEqual(mainBox.y + 1);
    await expectNoSeriousAxeViolations(page);

    await popup.getByRole('button', { name: 'Not now' }).click();
    await expect(popup).toHaveCount(0);
    await page.reload();
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await page.goto('/my/more/landlord');
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await expect(page.getByTestId('app-install-popup')).toHaveCount(0);
  });

  test('speaks the page’s language', async ({ page }) => {
    await page.goto('/zh');
    const popup = page.getByRole('complementary', { name: '用 Kunci 应用程序更快捷' });
    await expect(popup.getByRole('link', { name: '在 Google Play 下载' })).toBeVisible();
    await page.goto('/my');
    await expect(
      page.getByRole('complementary', { name: 'Kunci lebih pantas dalam aplikasi' }).getByRole('button', { name: 'Bukan sekarang' }),
    ).toBeVisible();
  });
});

test('the play-store popup never shows on a desktop', async ({ page }) => {
  await page.goto('/');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  // Hydrated (the popup is decided after load): the search box answers typing.
  await page.waitForLoadState('networkidle');
  await expect(page.getByTestId('app-install-popup')).toHaveCount(0);
});

test('an approved landlord’s feedback is a testimonial on /more/landlord, as on the home page', async ({ browser }) => {
  test.setTimeout(90_000);
  // Pages of their own contexts (axe needs a page made through a context).
  const landlord = await (await browser.newContext()).newPage();
  const phone = freshMobile();
  await landlord.goto('/register');
  await landlord.getByLabel('Your name').fill('Hafiz Landlord');
  await landlord.getByLabel('Mobile number').fill(phone.typed);
  await confirmWithPin(landlord, phone.e164);
  await expect(landlord).toHaveURL(/\/dashboard$/);
  const words = `Rented my Cheras flat in a week without a deposit fuss (${phone.e164.slice(-4)}).`;
  // Cookie-authenticated calls say where they come from, as the browser's own do.
  const origin = { origin: new URL(landlord.url()).origin };
  const sent = await landlord.request.post('/api/users/feedbacks', { data: { role: 'LANDLORD', rating: 5, message: words }, headers: origin });
  expect(sent.status()).toBe(201);
  const { id } = (await sent.json()) as { id: number };

  const editor = await (await browser.newContext()).newPage();
  await signIn(editor, '+60123000005', 'kunci-editor-2026');
  expect((await editor.request.post(`/api/admin/growth/feedbacks/${id}/approve`, { headers: origin })).status()).toBe(204);

  // A signed-in visitor's page is rendered for them (a signed-out one may get the shared copy for up to a minute).
  await landlord.goto('/more/landlord');
  const testimonials = landlord.getByRole('region', { name: 'What our users say' });
  await expect(testimonials.getByText(words)).toBeVisible();
  await expect(testimonials.getByText('Hafiz')).toBeVisible();
  await expectNoSeriousAxeViolations(landlord);
});
