import { expect, type Locator } from '@playwright/test';
import sharp from 'sharp';
import { tinyMp4 } from '@kunci/media/test-videos';
import { expectNoSeriousAxeViolations, signIn, test } from '../support.ts';

test.use({ viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true });
// One after another, in order: these journeys post as the same demo landlord, and /post offers the newest draft, so a
// draft started by a later journey in parallel would take the first one's place.
test.describe.configure({ mode: 'default' });

const photo = (shade: number) =>
  sharp({ create: { width: 1000, height: 750, channels: 3, background: { r: 30 + shade * 40, g: 110, b: 140 } } })
    .jpeg()
    .withExif({ IFD3: { GPSLatitudeRef: 'N', GPSLatitude: '3/1 6/1 0/1', GPSLongitudeRef: 'E', GPSLongitude: '101/1 36/1 0/1' } })
    .toBuffer();
const MP4 = tinyMp4({ brand: 'mp42' });

test('a landlord posts a room in Petaling Jaya on a phone, resumes the draft elsewhere, a moderator approves it and tenants find it', async ({
  browser,
}) => {
  // A long journey (a wizard on a phone, a second device, a moderator, a visitor): 90 s ran out under a full run's load.
  test.setTimeout(150_000);
  const name = `Petaling Jaya Heights`;
  const first = await browser.newContext({ viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true });
  const page = await first.newPage();
  await signIn(page, '+60123000002', 'kunci-landlord-2026');

  // On a phone, "Post a property" is in the menu.
  await page.getByRole('button', { name: 'Open menu' }).click();
  await page.getByRole('dialog').getByRole('link', { name: 'Post a property' }).click();
  await expect(page).toHaveURL(/\/post$/);
  await page.getByLabel('A room').check();
  await page.getByRole('button', { name: 'Start' }).click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Property details');
  await expect(page.getByText('Step 1 of 5')).toBeVisible();
  await expectNoSeriousAxeViolations(page);

  // Broken fields are refused next to the field, in the user's language.
  const building = page.getByLabel('Building or street name');
  await building.fill('PJ');
  await page.getByLabel('Monthly rent (RM)').fill('850');
  await page.getByRole('button', { name: 'Save and continue' }).click();
  await expect(page.getByText('The name needs 4 to 100 characters.')).toBeVisible();

  // A known building fills its address and postcode.
  await building.fill('Petaling Jaya Hei');
  await expect(page.locator('datalist#buildings option').first()).toHaveAttribute('value', /Petaling Jaya Heights/);
  await building.fill(name);
  await expect(page.getByLabel('Postcode')).toHaveValue(/^4\d{4}$/);
  await expect(page.getByLabel('Address')).not.toHaveValue('');
  await page.getByLabel('Room type').selectOption('MASTER');
  await page.getByRole('button', { name: 'Save and continue' }).click();

  await expect(page).toHaveURL(/\/post\/gps\/(\d+)$/);
  const ref = /\/post\/gps\/(\d+)$/.exec(page.url())![1]!;
  await page.getByRole('button', { name: 'Save and continue' }).click();
  await expect(page).toHaveURL(new RegExp(`/post-rent/choose-additional\\?ref=${ref}$`));
  await page
    .getByLabel('Describe the home')
    .fill('Master room with private bathroom, five minutes from the LRT. Fast wifi, cleaning of common areas weekly.');
  await page.getByRole('button', { name: 'Save and continue' }).click();

  await expect(page).toHaveURL(/upload-image/);
  await page
    .getByLabel('Choose photos')
    .setInputFiles(await Promise.all([0, 1, 2].map(async (i) => ({ name: `room-${i}.jpg`, mimeType: 'image/jpeg', buffer: await photo(i) }))));
  await expect(page.getByRole('listitem').filter({ has: page.getByRole('img', { name: /^Photo of/ }) })).toHaveCount(3);
  await expect(page.getByText('Add 1 more photo')).toBeVisible();
  await expectNoSeriousAxeViolations(page);
  await first.close();

  // Another device: the draft is on the server.
  const second = await browser.newContext({ viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true });
  const phone = await second.newPage();
  await signIn(phone, '+60123000002', 'kunci-landlord-2026');
  // "Post a property" offers the draft where it stopped before a new listing.
  await phone.goto('/post');
  await expect(phone.getByRole('button', { name: 'Start a new listing' })).toBeVisible();
  await expect(phone.getByRole('link', { name: `Continue your draft ${name}` })).toHaveAttribute('href', new RegExp(`upload-image\\?ref=${ref}$`));
  await phone.goto('/dashboard/listings?status=DRAFT');
  const draft = phone.getByRole('listitem').filter({ hasText: name });
  await expect(draft).toBeVisible();
  await expectNoSeriousAxeViolations(phone);
  await draft.getByRole('link', { name: 'Continue' }).click();
  await expect(phone).toHaveURL(new RegExp(`upload-image\\?ref=${ref}$`));
  await phone.getByLabel('Choose photos').setInputFiles({ name: 'room-3.jpg', mimeType: 'image/jpeg', buffer: await photo(3) });
  await expect(phone.getByText('Add 1 more photo')).toHaveCount(0);
  // The verified building's own photos can be added with one tap.
  const stock = phone.getByRole('region', { name: `Photos of ${name}` });
  await expect(stock.getByRole('listitem')).toHaveCount(3);
  await stock.getByRole('button', { name: 'Add' }).first().click();
  await expect(phone.getByRole('listitem').filter({ has: phone.getByRole('img', { name: /^Photo of/ }) })).toHaveCount(5);
  await expect(stock.getByRole('listitem')).toHaveCount(2);
  await phone.getByRole('button', { name: 'Save and continue' }).click();
  await expect(phone).toHaveURL(/upload-video/);
  // The photo and video steps are one page: the URL can change a moment before the video step renders.
  await phone.getByLabel('Choose a video').setInputFiles({ name: 'tour.mp4', mimeType: 'video/mp4', buffer: MP4 });
  await expect(phone.locator('video')).toHaveCount(1);
  await phone.getByRole('button', { name: 'Submit for review' }).click();
  await expect(phone.getByRole('heading', { level: 1 })).toHaveText('Submitted for review');
  await phone.goto('/dashboard/listings?status=PENDING');
  await expect(phone.getByRole('listitem').filter({ hasText: name }).first()).toBeVisible();
  await second.close();

  // Not public before review.
  const visitor = await browser.newPage();
  await visitor.goto('/my/sewa/petaling-jaya');
  await expect(visitor.locator(`a[href$="/iklan/${ref}"]`)).toHaveCount(0);

  const moderatorContext = await browser.newContext({ viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true });
  const moderator = await moderatorContext.newPage();
  await signIn(moderator, '+60123000003', 'kunci-moderator-2026');
  await moderator.goto('/dashboard/review');
  await expectNoSeriousAxeViolations(moderator);
  // On a phone the decision stacks: Approve, the reason, then Reject, each the card's width.
  const card = moderator
    .getByRole('listitem')
    .filter({ has: moderator.getByRole('link', { name, exact: true }) })
    .first();
  const box = async (locator: Locator) => {
    const found = await locator.boundingBox();
    if (!found) throw new Error(`${String(locator)} is not laid out`);
    return found;
  };
  const approveBox = await box(card.getByRole('button', { name: 'Approve' }));
  const reasonBox = await box(card.getByLabel('Reason for the owner'));
  const rejectBox = await box(card.getByRole('button', { name: 'Reject' }));
  expect(reasonBox.y).toBeGreaterThan(approveBox.y + approveBox.height);
  expect(rejectBox.y).toBeGreaterThan(reasonBox.y + reasonBox.height);
  expect(rejectBox.width).toBe(approveBox.width);
  expect(reasonBox.width).toBe(approveBox.width);
  // The queue opens the listing as tenants will see it (not the owner's wizard), and it is approved from there.
  await moderator.getByRole('link', { name, exact: true }).first().click();
  await expect(moderator).toHaveURL(new RegExp(`/dashboard/review/${ref}$`));
  await expect(moderator.getByRole('heading', { level: 1 })).toHaveText(name);
  await expect(moderator.getByText('Preview: this is how tenants will see the listing once it is approved.')).toBeVisible();
  await expect(moderator.getByRole('button', { name: 'Chat with the landlord' })).toHaveCount(0);
  // Its back link goes to the queue, not to public results.
  await expect(moderator.getByRole('link', { name: 'Back to listings to review' })).toHaveAttribute('href', /\/dashboard\/review$/);
  await expect(moderator.getByRole('link', { name: 'Back to results' })).toHaveCount(0);
  await expectNoSeriousAxeViolations(moderator);
  await moderator.getByRole('button', { name: 'Approve' }).click();
  await expect(moderator).toHaveURL(new RegExp(`/dashboard/review\\?approved=${ref}$`));
  await expect(moderator.getByRole('status').filter({ hasText: `Approved: ${name}` })).toBeVisible();
  await expect(moderator.locator(`a[href$="/dashboard/review/${ref}"]`)).toHaveCount(0);
  await moderatorContext.close();

  await visitor.goto('/my/sewa/petaling-jaya');
  await expect(visitor.locator(`a[href$="/iklan/${ref}"]`).first()).toBeVisible();
  // From the keyboard: on a phone the bottom bar, shown again as the page scrolls back, may lie over the card's link.
  await visitor.locator(`a[href$="/iklan/${ref}"]`).first().focus();
  await visitor.keyboard.press('Enter');
  await expect(visitor.getByRole('heading', { level: 1 })).toHaveText(name);
  await expect(visitor.locator('video source[type="video/mp4"]')).toHaveCount(1);
});

test('a landlord who prefers help leaves a number on the lead page, in Chinese', async ({ page }) => {
  await page.goto('/zh/post/lead');
  await page.getByLabel('您的姓名').fill('Tan Wei Ming');
  await page.getByLabel('手机号码').fill('12');
  await page.getByRole('button', { name: '请给我回电' }).click();
  await expect(page.getByText('手机号码无效')).toBeVisible();
  await expectNoSeriousAxeViolations(page);
  await page.getByLabel('手机号码').fill('012-888 1234');
  await page.getByRole('main').getByLabel('地区', { exact: true }).selectOption('cheras');
  await page.getByRole('button', { name: '请给我回电' }).click();
  await expect(page.getByRole('main').getByRole('status')).toHaveText('谢谢！我们会在一个工作日内致电您。');
});

test('a house outside any verified building takes 7 steps: its facilities and what is nearby are asked and kept', async ({ page }) => {
  test.setTimeout(60_000);
  await signIn(page, '+60123000002', 'kunci-landlord-2026');
  await page.goto('/post');
  await page.getByLabel('Landed house', { exact: true }).check();
  await page.getByRole('button', { name: 'Start' }).click();
  await expect(page.getByText('Step 1 of 7')).toBeVisible();
  await page.getByLabel('Building or street name').fill('Jalan Damansara Permai');
  await page.getByLabel('Address').fill('12 Jalan Damansara Permai, Petaling Jaya');
  await page.getByLabel('Postcode').fill('47400');
  await page.getByLabel('Monthly rent (RM)').fill('3200');
  await page.getByLabel('Built-up (sq ft)').fill('1800');
  await page.getByLabel('Bedrooms').fill('4');
  await page.getByLabel('Bathrooms').fill('3');
  await page.getByLabel('Storeys').fill('2');
  await page.getByRole('button', { name: 'Save and continue' }).click();

  await expect(page.getByText('Step 2 of 7')).toBeVisible();
  await page.getByRole('button', { name: 'Save and continue' }).click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Facilities');
  await expect(page.getByText('Step 3 of 7')).toBeVisible();
  await expectNoSeriousAxeViolations(page);
  await page.getByLabel('Gated and guarded').check();
  await page.getByLabel('Playground').check();
  await page.getByRole('button', { name: 'Save and continue' }).click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText("What's nearby");
  await expect(page.getByText('Step 4 of 7')).toBeVisible();
  await page.getByLabel('School', { exact: true }).check();
  await page.getByRole('button', { name: 'Save and continue' }).click();
  await expect(page.getByText('Step 5 of 7')).toBeVisible();
  const ref = new URL(page.url()).searchParams.get('ref');

  // Back goes to the step before, with what was ticked still ticked.
  await page.getByRole('link', { name: 'Back' }).click();
  await expect(page.getByLabel('School', { exact: true })).toBeChecked();
  await page.goto(`/post-rent/facilities?ref=${ref}`);
  await expect(page.getByLabel('Gated and guarded')).toBeChecked();
  await expect(page.getByLabel('Swimming pool')).not.toBeChecked();
});

test.describe('on a computer', () => {
  test.use({ viewport: { width: 1280, height: 800 }, hasTouch: false, isMobile: false });

  test('from the header, a landlord posts homes at real addresses: "Arte@Mont Kiara" and "8 Kia Peng"', async ({ page }) => {
    test.setTimeout(60_000);
    await signIn(page, '+60123000002', 'kunci-landlord-2026');
    const start = async () => {
      await page.getByRole('banner').getByRole('link', { name: 'Post a property' }).click();
      await expect(page).toHaveURL(/\/post$/);
      await page.getByRole('button', { name: 'Start' }).click();
      await expect(page.getByRole('heading', { level: 1 })).toHaveText('Property details');
    };
    await start();

    // Nothing filled in: each required field says so.
    await page.getByRole('button', { name: 'Save and continue' }).click();
    for (const label of ['Building or street name', 'Address', 'Postcode', 'Monthly rent (RM)', 'Built-up (sq ft)', 'Bedrooms', 'Bathrooms']) {
      await expect(page.getByLabel(label, { exact: true })).toHaveAccessibleDescription(/Please fill this in\./);
    }

    await page.getByLabel('Building or street name').fill('Arte@Mont Kiara');
    await page.getByLabel('Address').fill('2 Jalan Kiara 3, Mont Kiara');
    await page.getByLabel('Postcode').fill('50480');
    await page.getByLabel('Monthly rent (RM)').fill('4200');
    await page.getByLabel('Built-up (sq ft)').fill('1100');
    await page.getByLabel('Bedrooms').fill('2');
    await page.getByLabel('Bathrooms').fill('2');
    await page.getByRole('button', { name: 'Save and continue' }).click();
    // No building chosen: the pin starts in the postcode's area (Mont Kiara), not in a default city.
    await expect(page).toHaveURL(/\/post\/gps\/(\d+)$/);
    await expect(page.getByText('Latitude 3.1717, longitude 101.6509')).toBeVisible();
    const ref = /\/post\/gps\/(\d+)$/.exec(page.url())![1]!;
    await page.getByRole('button', { name: 'Save and continue' }).click();
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Facilities');
    await page.getByRole('button', { name: 'Save and continue' }).click();
    await expect(page.getByRole('heading', { level: 1 })).toHaveText("What's nearby");
    await page.getByRole('button', { name: 'Save and continue' }).click();
    // The rent was asked in the first step, and only there.
    await expect(page).toHaveURL(new RegExp(`/post-rent/choose-additional\\?ref=${ref}$`));
    await expect(page.getByLabel('Monthly rent (RM)')).toHaveCount(0);

    await page.goto('/dashboard/listings?status=DRAFT');
    const draft = page.getByRole('listitem').filter({ hasText: 'Arte@Mont Kiara' }).first();
    await expect(draft).toContainText('Not submitted yet');
    await expect(draft).not.toContainText('Online until');

    await start();
    await page.getByLabel('Building or street name').fill('8 Kia Peng');
    await page.getByLabel('Address').fill('8 Jalan Kia Peng, Kuala Lumpur');
    await page.getByLabel('Postcode').fill('50450');
    await page.getByLabel('Monthly rent (RM)').fill('5200');
    await page.getByLabel('Built-up (sq ft)').fill('1500');
    await page.getByLabel('Bedrooms').fill('3');
    await page.getByLabel('Bathrooms').fill('3');
    await page.getByRole('button', { name: 'Save and continue' }).click();
    await expect(page).toHaveURL(/\/post\/gps\/\d+$/);
    await expect(page.getByText('Step 2 of 7')).toBeVisible();
  });

  test('the desktop gallery has no gaps with 1, 2, 3, 4, 5 or 6 photos: tiles fill the grid and each row lines up', async ({
    page,
    browser,
    baseURL,
  }) => {
    test.setTimeout(90_000);
    const galleryFills = async (photos: number) => {
      const grid = page.getByTestId('gallery-grid');
      const tiles = grid.locator(':scope > div');
      await expect(tiles).toHaveCount(Math.min(photos, 5));
      const box = (await grid.boundingBox())!;
      const boxes = await Promise.all((await tiles.all()).map(async (tile) => (await tile.boundingBox())!));
      // The tiles cover the grid exactly (their areas plus the 8 px gaps), reaching its right and bottom edges.
      const right = Math.max(...boxes.map((b) => b.x + b.width));
      const bottom = Math.max(...boxes.map((b) => b.y + b.height));
      expect(Math.abs(right - (box.x + box.width)), `${photos} photos: right edge`).toBeLessThan(2);
      expect(Math.abs(bottom - (box.y + box.height)), `${photos} photos: bottom edge`).toBeLessThan(2);
      for (const b of boxes) {
        // Every tile starts on the top row or right under a row, and ends on the bottom edge or at mid-height.
        const top = b.y - box.y;
        const end = box.y + box.height - (b.y + b.height);
        const half = (box.height - 8) / 2;
        expect(
          [0, half + 8].some((v) => Math.abs(top - v) < 2),
          `${photos} photos: a tile starts at ${top}`,
        ).toBe(true);
        expect(
          [0, half + 8].some((v) => Math.abs(end - v) < 2),
          `${photos} photos: a tile ends ${end} above the bottom`,
        ).toBe(true);
      }
      const covered = boxes.reduce((sum, b) => sum + b.width * b.height, 0);
      expect(covered / (box.width * box.height), `${photos} photos: covered`).toBeGreaterThan(0.97);
    };

    // Demo listings carry 4 to 6 photos: their public pages.
    const { content } = (await (await page.request.get('/api/properties/search?pageSize=60')).json()) as { content: { id: number }[] };
    const seen = new Set<number>();
    for (const card of content) {
      const listing = (await (await page.request.get(`/api/properties/${card.id}`)).json()) as { images: unknown[] };
      if (seen.has(listing.images.length)) continue;
      seen.add(listing.images.length);
      await page.goto(`/details/${card.id}`);
      await galleryFills(listing.images.length);
    }
    expect([...seen].sort()).toEqual(expect.arrayContaining([4, 5, 6]));

    // Fewer photos: drafts made through the API, seen in the moderator's preview.
    const landlordContext = await browser.newContext();
    const landlord = await landlordContext.newPage();
    await signIn(landlord, '+60123000002', 'kunci-landlord-2026');
    const headers = { origin: baseURL! };
    await signIn(page, '+60123000003', 'kunci-moderator-2026');
    for (const photos of [1, 2, 3]) {
      const created = await landlord.request.post('/api/properties', {
        headers,
        data: {
          type: 'HIGHRISE',
          category: 'condo',
          name: `Gallery Test Residences ${photos}`,
          address: 'Jalan Maarof, Bangsar',
          postcode: '59100',
          price: 2400,
          sqft: 950,
          bedroom: 2,
          bathroom: 2,
        },
      });
      expect(created.status(), await created.text()).toBe(201);
      const { id } = (await created.json()) as { id: number };
      for (let i = 0; i < photos; i++) {
        const signed = (await (await landlord.request.get(`/api/properties/${id}/presignedUrl/photo.jpg`, { headers })).json()) as {
          presignedUrl: string;
          mediaId: string;
          contentType: string;
        };
        const url = new URL(signed.presignedUrl, baseURL);
        const put = await landlord.request.put(url.pathname + url.search, {
          headers: { ...headers, 'content-type': signed.contentType },
          data: await photo(i),
        });
        expect(put.status()).toBe(204);
        const registered = await landlord.request.post(`/api/properties/${id}/images`, { headers, data: { mediaId: signed.mediaId } });
        expect(registered.status(), await registered.text()).toBe(200);
      }
      await page.goto(`/dashboard/review/${id}`);
      await galleryFills(photos);
    }
    await landlordContext.close();
  });

  test('a listing with four photos fills the gallery; its map is labelled in Malay and says when its tiles do not load', async ({
    page,
    request,
  }) => {
    // A live demo listing with exactly four photos.
    const { content } = (await (await request.get('/api/properties/search?pageSize=40')).json()) as { content: { id: number }[] };
    let id: number | undefined;
    for (const card of content) {
      const listing = (await (await request.get(`/api/properties/${card.id}`)).json()) as { images: unknown[] };
      if (listing.images.length === 4) {
        id = card.id;
        break;
      }
    }
    expect(id).toBeDefined();
    // No tile server answers.
    await page.route(/\/\d+\/\d+\/\d+\.png(\?.*)?$/, (route) => route.abort());
    await page.goto(`/my/iklan/${id}`);

    // The cover and three photos fill the grid to its right and bottom edges: no empty tile.
    const grid = page.getByTestId('gallery-grid');
    const tiles = grid.locator(':scope > div');
    await expect(tiles).toHaveCount(4);
    const box = (await grid.boundingBox())!;
    let right = 0;
    let bottom = 0;
    for (const tile of await tiles.all()) {
      const b = (await tile.boundingBox())!;
      expect(b.width * b.height).toBeGreaterThan(0);
      right = Math.max(right, b.x + b.width);
      bottom = Math.max(bottom, b.y + b.height);
    }
    expect(Math.abs(right - (box.x + box.width))).toBeLessThan(2);
    expect(Math.abs(bottom - (box.y + box.height))).toBeLessThan(2);
    const last = (await tiles.last().boundingBox())!;
    expect(Math.abs(last.x + last.width - (box.x + box.width))).toBeLessThan(2);

    await page.getByRole('region', { name: /^Peta lokasi/ }).scrollIntoViewIfNeeded();
    await expect(page.getByRole('button', { name: 'Zum masuk' })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Zum keluar' })).toBeVisible();
    await expect(page.getByText('Imej peta tidak dapat dimuatkan. Semak sambungan anda atau cuba lagi nanti.')).toBeVisible();
  });
});
