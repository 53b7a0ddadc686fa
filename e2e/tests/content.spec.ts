import { expect, type Page } from '@playwright/test';
import { expectNoSeriousAxeViolations, signIn, test } from '../support.ts';

/** The page's JSON-LD documents. */
async function jsonLd(page: Page): Promise<Record<string, unknown>[]> {
  const scripts = await page.locator('script[type="application/ld+json"]').allTextContents();
  return scripts.map((text) => JSON.parse(text) as Record<string, unknown>);
}

test('a visitor reads a guide in Malay and in Chinese, and an area FAQ answers real questions', async ({ page }) => {
  await page.goto('/my/learn');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Pusat pembelajaran');
  await expect(page.getByRole('heading', { name: 'Panduan untuk penyewa' })).toBeVisible();
  await expectNoSeriousAxeViolations(page);
  await page.getByRole('link', { name: 'Asas menyewa untuk penyewa' }).click();
  await expect(page).toHaveURL(/\/my\/learn\/tenant-basics$/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Asas menyewa untuk penyewa');
  await expect(page.locator('html')).toHaveAttribute('lang', 'ms');
  await expect(page.getByRole('heading', { name: 'Tetapkan bajet yang mampu dikekalkan' })).toBeVisible();
  await expect(page.locator('link[rel="alternate"][hreflang="zh"]')).toHaveAttribute('href', /\/zh\/learn\/tenant-basics$/);
  expect((await jsonLd(page)).find((d) => d['@type'] === 'Article')).toMatchObject({ headline: 'Asas menyewa untuk penyewa', inLanguage: 'ms' });
  await expectNoSeriousAxeViolations(page);

  // On a phone the guide fits the screen's width.
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto('/zh/learn/tenant-basics');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('租客租房入门');
  await expect(page.getByText('在 Kunci，每位房东的电话号码都经过验证')).toBeVisible();
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  // The other guides for the same reader follow.
  await expect(page.getByRole('link', { name: '入住要付多少钱，以及之后的付款' })).toBeVisible();

  await page.goto('/zh/learn/faq/mont-kiara');
  await expect(page.getByRole('heading', { level: 2, name: '满家乐有火车站吗？' })).toBeVisible();
  const faq = (await jsonLd(page)).find((d) => d['@type'] === 'FAQPage') as { mainEntity: { name: string }[] };
  expect(faq.mainEntity.map((q) => q.name)).toContain('公寓租金多少？');
});

test('an editor publishes a blog post in three languages: it is on /learn/blog, in the sitemap with hreflang, with Article data', async ({
  page,
  browser,
  baseURL,
}) => {
  const run = Date.now().toString(36);
  const post = {
    en: { slug: `renting-near-the-mrt-${run}`, title: `Renting near the MRT (${run})` },
    ms: { slug: `menyewa-berhampiran-mrt-${run}`, title: `Menyewa berhampiran MRT (${run})` },
    zh: { slug: `kaojin-mrt-zufang-${run}`, title: `靠近 MRT 租房 (${run})` },
  };
  const words = {
    en: {
      description: 'Why a home within a ten-minute walk of a station is worth a little more rent.',
      body: '## The walk matters\n\nTime the walk at rush hour, not on a Sunday.\n\n- Check for shade\n- Check the crossings',
    },
    ms: {
      description: 'Mengapa rumah dalam sepuluh minit berjalan kaki dari stesen berbaloi dengan sewa yang sedikit lebih tinggi.',
      body: '## Jarak berjalan kaki penting\n\nCuba berjalan pada waktu puncak, bukan pada hari Ahad.',
    },
    zh: { description: '为什么步行十分钟内可到车站的房子，值得多付一点租金。', body: '## 步行距离很重要\n\n在高峰时段走一趟，而不是在星期天。' },
  };

  await signIn(page, '+60123000005', 'kunci-editor-2026');
  await page.goto('/admin/content');
  await expect(page.getByRole('heading', { level: 1, name: 'Content' })).toBeVisible();
  await page.getByRole('link', { name: 'New blog post' }).click();
  await expectNoSeriousAxeViolations(page);
  for (const [lang, legend] of [
    ['en', 'English'],
    ['ms', 'Bahasa Malaysia'],
    ['zh', '中文'],
  ] as const) {
    const group = page.getByRole('group', { name: legend });
    await group.getByLabel('Title').fill(post[lang].title);
    await group.getByLabel('Address (slug)').fill(post[lang].slug);
    await group.getByLabel('Short description').fill(words[lang].description);
    await group.getByLabel('Text').fill(words[lang].body);
  }
  await page.getByRole('button', { name: 'Publish' }).click();
  await expect(page.getByText('Published: visitors now see this version.')).toBeVisible();

  // A visitor who is not signed in.
  const visitor = await (await browser.newContext({ baseURL })).newPage();
  await visitor.goto('/learn/blog');
  await visitor.getByRole('link', { name: post.en.title }).click();
  await expect(visitor).toHaveURL(new RegExp(`/learn/blog/${post.en.slug}$`));
  await expect(visitor.getByRole('heading', { level: 1 })).toHaveText(post.en.title);
  expect((await jsonLd(visitor)).find((d) => d['@type'] === 'Article')).toMatchObject({ headline: post.en.title, inLanguage: 'en' });
  await expect(visitor.locator('link[rel="alternate"][hreflang="ms"]')).toHaveAttribute('href', new RegExp(`/my/learn/blog/${post.ms.slug}$`));

  // Another language's slug moves to this language's own.
  await visitor.goto(`/zh/learn/blog/${post.en.slug}`);
  await expect(visitor).toHaveURL(new RegExp(`/zh/learn/blog/${post.zh.slug}$`));
  await expect(visitor.getByRole('heading', { level: 1 })).toHaveText(post.zh.title);

  const sitemap = await (await visitor.request.get('/my/sitemap.xml?part=pages')).text();
  const url = new RegExp(
    `<url><loc>[^<]*/my/learn/blog/${post.ms.slug}</loc><lastmod>[\\d-]+</lastmod>.*?hreflang="en" href="[^"]*/learn/blog/${post.en.slug}".*?hreflang="zh" href="[^"]*/zh/learn/blog/${post.zh.slug}"`,
  );
  expect(sitemap).toMatch(url);
});

test('the contact form is stored and staff see it; a new project takes an "I want to know more" request', async ({ page, browser, baseURL }) => {
  await page.goto('/my/more/contact');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Hubungi kami');
  await page.getByRole('button', { name: 'Hantar mesej' }).click();
  await expect(page.getByText('Masukkan nama anda (2 hingga 100 aksara).')).toBeVisible();
  await expectNoSeriousAxeViolations(page);
  await page.getByLabel('Nama anda').fill('Nurul Huda');
  await page.getByLabel('E-mel').fill('nurul@example.my');
  await page.getByLabel('Topik').selectOption('LISTING');
  await page.getByLabel('Mesej anda').fill('Tuan rumah iklan di Cheras meminta deposit dua bulan.');
  await page.getByRole('button', { name: 'Hantar mesej' }).click();
  await expect(page.getByText(/^Terima kasih\. Mesej anda telah kami terima/)).toBeVisible();

  await page.goto('/home-ownership');
  await page.getByRole('link', { name: 'Rimba Residensi Cheras' }).click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Rimba Residensi Cheras');
  await expectNoSeriousAxeViolations(page);
  const brochure = await page.request.get((await page.getByRole('link', { name: 'Download the brochure (PDF)' }).getAttribute('href'))!);
  expect(brochure.headers()['content-type']).toBe('application/pdf');
  await page.getByLabel('Your name').fill('Tan Mei Ling');
  await page.getByLabel('Mobile number').fill('012-555 0199');
  await page.getByRole('button', { name: 'Call me back' }).click();
  await expect(page.getByText(/The sales team of Rimba Residensi Cheras will call you within two working days/)).toBeVisible();

  const staff = await (await browser.newContext({ baseURL })).newPage();
  await signIn(staff, '+60123000005', 'kunci-editor-2026');
  await staff.goto('/admin/inbox');
  await expect(staff.getByText('Tuan rumah iklan di Cheras meminta deposit dua bulan.')).toBeVisible();
  await expect(staff.getByText('Rimba Residensi Cheras: Tan Mei Ling')).toBeVisible();
});
