import { expect, type Page } from '@playwright/test';
import type { ReelPage } from '@kunci/contracts/reels';
import { expectNoSeriousAxeViolations, test } from '../support.ts';

/** The reel on screen: the feed marks it on its section. */
const activeIndex = (page: Page) => page.locator('section[data-active]').getAttribute('data-active');
const reel = (page: Page, index: number) => page.locator(`article[data-index="${index}"]`);
/** Whether a reel's video is playing (time moves on, not paused). */
const playing = (page: Page, index: number) =>
  reel(page, index)
    .locator('video')
    .evaluate((video: HTMLVideoElement) => !video.paused && video.currentTime > 0);

/**
 * An area whose feed holds only the demo data's video tours (WebM, playable here): other journeys post listings with
 * a minimal MP4 that Chromium without proprietary codecs cannot play, and those come first in the whole-site feed.
 */
async function demoArea(page: Page): Promise<{ area: string; content: ReelPage['content'] }> {
  const answer = await page.request.get('/api/reels?limit=20');
  expect(answer.ok()).toBe(true);
  const areas = [
    ...new Set(((await answer.json()) as ReelPage).content.filter((r) => r.contentType === 'video/webm').map((r) => r.listing.areaSlug)),
  ];
  for (const area of areas) {
    const feed = (await (await page.request.get(`/api/reels?area=${area}&limit=3`)).json()) as ReelPage;
    if (feed.content.length >= 2 && feed.content.every((r) => r.contentType === 'video/webm')) return { area, content: feed.content };
  }
  throw new Error('the demo data has an area with only its own video tours');
}

test('on a desktop the keyboard moves through the reels, pauses and unmutes, and a reel opens its listing', async ({ page }) => {
  const { area, content } = await demoArea(page);
  await page.goto(`/reels/${area}`);
  await expect(page.getByRole('feed', { name: 'Video tours' })).toBeVisible();
  await expect(reel(page, 0).getByRole('heading', { level: 2 })).toHaveText(content[0]!.listing.name);
  // The first reel plays by itself, muted, with a way to turn the sound on.
  await expect.poll(() => playing(page, 0)).toBe(true);
  await expect(page.getByRole('button', { name: 'Turn the sound on' })).toBeVisible();
  await expectNoSeriousAxeViolations(page);

  await page.keyboard.press('ArrowDown');
  await expect.poll(() => activeIndex(page)).toBe('1');
  await expect(reel(page, 1)).toBeInViewport({ ratio: 0.9 });
  await expect.poll(() => playing(page, 1)).toBe(true);
  expect(await playing(page, 0)).toBe(false);

  await page.keyboard.press('m');
  await expect(page.getByRole('button', { name: 'Mute' })).toBeVisible();
  expect(
    await reel(page, 1)
      .locator('video')
      .evaluate((video: HTMLVideoElement) => video.muted),
  ).toBe(false);
  await page.keyboard.press(' ');
  await expect(page.getByRole('button', { name: 'Play', exact: true })).toBeVisible();
  expect(await playing(page, 1)).toBe(false);

  await page.keyboard.press('ArrowUp');
  await expect.poll(() => activeIndex(page)).toBe('0');
  await page.getByRole('button', { name: 'Next video' }).click();
  await expect.poll(() => activeIndex(page)).toBe('1');

  await reel(page, 1).getByRole('link', { name: 'See this home' }).click();
  await expect(page).toHaveURL(new RegExp(`/details/${content[1]!.listing.id}$`));
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(content[1]!.listing.name);
});

test('on a 375 px phone: no header, no sideways scroll, and a swipe brings the next reel', async ({ browser, baseURL }) => {
  const context = await browser.newContext({ baseURL, viewport: { width: 375, height: 740 }, isMobile: true, hasTouch: true });
  const page = await context.newPage();
  const { area, content } = await demoArea(page);
  await page.goto(`/my/reels/${area}`);
  await expect(page.getByRole('feed', { name: 'Video lawatan' })).toBeVisible();
  await expect(page.locator('header').first()).toBeHidden();
  await expect(page.getByRole('link', { name: 'Halaman utama Kunci' })).toBeVisible();
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
  // One reel fills the screen: price, name and area over the video.
  const first = reel(page, 0);
  await expect(first).toBeInViewport({ ratio: 0.95 });
  await expect(first.getByRole('heading', { level: 2 })).toHaveText(content[0]!.listing.name);
  await expect(first.getByRole('link', { name: 'Lihat rumah ini' })).toHaveAttribute('href', `/my/iklan/${content[0]!.listing.id}`);

  // A swipe up scrolls the feed by less than a screen: the snap finishes the move.
  const feed = page.getByRole('feed');
  const box = (await feed.boundingBox())!;
  await feed.evaluate((element) => element.scrollBy({ top: element.clientHeight * 0.6 }));
  await expect.poll(() => activeIndex(page)).toBe('1');
  await expect(reel(page, 1)).toBeInViewport({ ratio: 0.95 });
  expect(box.width).toBeLessThanOrEqual(375);
  await expectNoSeriousAxeViolations(page);
  await context.close();
});

test('visitors who prefer reduced motion get no autoplay until they press play', async ({ browser, baseURL }) => {
  const context = await browser.newContext({ baseURL, reducedMotion: 'reduce' });
  const page = await context.newPage();
  const { area } = await demoArea(page);
  await page.goto(`/zh/reels/${area}`);
  await expect(page.getByRole('feed', { name: '视频看房' })).toBeVisible();
  await expect(page.getByRole('button', { name: '播放' })).toBeVisible();
  await page.waitForTimeout(500);
  expect(await playing(page, 0)).toBe(false);
  await page.getByRole('button', { name: '播放' }).click();
  await expect.poll(() => playing(page, 0)).toBe(true);
  await context.close();
});
