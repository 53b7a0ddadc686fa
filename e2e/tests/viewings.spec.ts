import { expect } from '@playwright/test';
import sharp from 'sharp';
import { confirmWithPin, expectCentred, expectNoSeriousAxeViolations, freshMobile, signIn, tenantAndLandlord, test } from '../support.ts';

/**
 * The acceptance, in two browsers: with PostgreSQL and Redis the landlord is on the second server
 * instance (E2E_SECOND_URL), so everything the tenant does reaches them through Redis.
 */
test('a tenant favourites a listing and asks about it; the landlord on the other instance sees it live, replies with a photo; the tenant books a viewing both see', async ({
  browser,
  baseURL,
}) => {
  test.setTimeout(90_000);
  const { landlordBase, landlordContext, tenantContext, landlord, tenant } = await tenantAndLandlord(browser, baseURL!);

  // The landlord's live listing, as they would find it: My listings, Active, Share.
  await signIn(landlord, '+60123000002', 'kunci-landlord-2026');
  await landlord.goto('/dashboard/listings?status=ACTIVE');
  const share = landlord.getByRole('link', { name: 'Share' }).last();
  const listingPath = new URL((await share.getAttribute('href'))!, landlordBase).pathname;
  await landlord.goto('/dashboard');
  const badge = landlord.getByTestId('header-chat').getByTestId('chat-badge');
  // What the landlord has unread now, from the server (other journeys may add to it meanwhile).
  const before = ((await (await landlord.request.get('/api/chat-conversations/unread/count')).json()) as { count: number }).count;

  // A new visitor taps the heart, signs up with a PIN, and comes back with the listing saved.
  await tenant.goto(listingPath);
  await tenant
    .getByRole('main')
    .getByRole('link', { name: /Save .* to favourites/ })
    .first()
    .click();
  await expect(tenant).toHaveURL(/\/login\?/);
  const phone = freshMobile().e164;
  await tenant.getByLabel('Mobile number').fill(phone);
  await confirmWithPin(tenant, phone);
  await expect(tenant).toHaveURL(new RegExp(`${listingPath}$`));
  const heart = tenant
    .getByRole('main')
    .getByRole('button', { name: /Save .* to favourites/ })
    .first();
  await expect(heart).toHaveAttribute('aria-pressed', 'true');
  // New accounts are asked for a name and email, so landlords know who is asking.
  await tenant.getByRole('dialog', { name: 'Tell us about yourself' }).getByRole('link', { name: 'Complete profile' }).click();
  await expect(tenant).toHaveURL(/\/dashboard\/profile$/);
  await tenant.getByLabel('Name', { exact: true }).fill('Aisyah Rahman');
  await tenant.getByLabel('Email', { exact: true }).fill(`aisyah.${phone.slice(-6)}@example.my`);
  await tenant.getByRole('button', { name: 'Save changes' }).click();
  await expect(tenant.getByText('Your profile was saved.')).toBeVisible();
  await tenant.goto(listingPath);
  await tenant.getByRole('button', { name: 'Chat with the landlord' }).click();
  const dialog = tenant.getByRole('dialog', { name: 'Tell the landlord about you' });
  await expectCentred(tenant, dialog);
  await dialog.getByLabel('Move-in date').fill('2027-01-05');
  await dialog.getByLabel('Monthly budget (RM)').fill('2600');
  await dialog.getByLabel('Reason for moving').selectOption('MORE_SPACE');
  await dialog.getByLabel('Message (optional)').fill('Hi! Could I see the place this week?');
  await dialog.getByRole('button', { name: 'Send chat request' }).click();
  await expect(tenant).toHaveURL(/\/dashboard\/chat\?chatId=\d+$/);
  const chatUrl = new URL(tenant.url());

  // The landlord, on the other instance, sees the badge count up without reloading.
  await expect
    .poll(async () => Number.parseInt((await badge.count()) ? ((await badge.textContent()) ?? '0') : '0', 10))
    .toBeGreaterThanOrEqual(Math.min(before + 2, 99));
  await landlord.goto(`${chatUrl.pathname}${chatUrl.search}`);
  const landlordMessages = landlord.getByRole('list', { name: 'Messages' });
  await expect(landlordMessages.getByRole('listitem').last()).toHaveText(/Could I see the place this week/);
  await expect(landlord.locator('[data-live="online"]')).toBeVisible();
  // Nothing booked yet and nothing for a landlord to book: no empty viewing strip.
  await expect(landlord.getByTestId('viewing-panel')).toHaveCount(0);

  // The landlord replies with a photo.
  const photo = await sharp({ create: { width: 800, height: 600, channels: 3, background: '#2a7' } })
    .jpeg()
    .toBuffer();
  await landlord.getByTestId('chat-attach').setInputFiles({ name: 'living-room.jpg', mimeType: 'image/jpeg', buffer: photo });
  await expect(landlordMessages.getByRole('img', { name: 'Photo' }).last()).toBeVisible();
  const tenantMessages = tenant.getByRole('list', { name: 'Messages' });
  await expect(tenantMessages.getByRole('img', { name: 'Photo' }).last()).toBeVisible();

  // The tenant books a viewing; both see it in the conversation.
  await tenant.getByRole('button', { name: 'Book a viewing' }).click();
  const picker = tenant.getByRole('dialog', { name: 'Book a viewing' });
  await expect(picker.getByText('Times are Malaysia time.')).toBeVisible();
  await expectCentred(tenant, picker);
  await expectNoSeriousAxeViolations(tenant);
  const day = picker.getByLabel('Day');
  await day.selectOption({ index: 1 });
  const pickedDay = await day.inputValue();
  const time = picker.getByRole('radio').first();
  const slot = await time.getAttribute('value');
  await time.check({ force: true });
  await picker.getByRole('button', { name: 'Book this time' }).click();
  await expect(tenant.getByTestId('viewing-panel')).toContainText('Your viewing:');
  await expect(tenantMessages.getByRole('listitem').last()).toContainText('Viewing booked for');
  await expect(landlordMessages.getByRole('listitem').last()).toContainText('Viewing booked for');
  // The landlord's strip names the tenant, not "Your viewing"; the booking is said in the strip, not in a toast.
  await expect(landlord.getByTestId('viewing-panel')).toContainText(/Viewing with .+: /);
  await expect(landlord.getByTestId('viewing-panel')).not.toContainText('Your viewing');
  await expect(landlord.getByTestId('viewing-panel')).toContainText('Accept or decline this time');
  await expect(tenant.getByTestId('viewing-panel').getByRole('status')).toHaveText('Viewing booked');
  const cookies = await tenantContext.cookies();
  expect(cookies.find((c) => c.name === 'viewingDate')?.value).toBe(pickedDay);
  expect(slot).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:00:00\.000Z$/);

  // A fresh page replays the socket's last seconds (the booking among them): what the landlord has read is not
  // counted unread again, and the connection is not shown as the tenant being online.
  await landlord.goto('/dashboard/chat');
  await expect(landlord.locator('[data-live="online"]')).toBeVisible();
  const listed = landlord.locator(`a[href$="${chatUrl.search}"]`);
  await expect(listed).toBeVisible();
  await expect(listed.getByLabel(/unread/)).toHaveCount(0);
  await landlord.goto(`${chatUrl.pathname}${chatUrl.search}`);
  await expect(landlord.locator('[data-live="online"]')).toBeVisible();
  await expect(landlord.getByTitle('Connected')).toHaveCount(0);
  await expect(landlord.getByText(/Reconnecting/)).toHaveCount(0);

  // The landlord accepts the time; the tenant sees it at once.
  const tenantPanel = tenant.getByTestId('viewing-panel');
  const landlordPanel = landlord.getByTestId('viewing-panel');
  await expect(tenantPanel).toContainText('Waiting for the landlord to accept');
  await expect(tenantPanel.getByRole('button', { name: 'Accept' })).toHaveCount(0);
  await landlordPanel.getByRole('button', { name: 'Accept' }).click();
  await expect(landlord.getByText('Viewing accepted', { exact: true })).toBeVisible();
  await expect(landlordMessages.getByRole('listitem').last()).toContainText('The landlord accepted the viewing on');
  await expect(tenantMessages.getByRole('listitem').last()).toContainText('The landlord accepted the viewing on');
  await expect(tenantPanel).toContainText('Accepted by the landlord');
  await expect(landlordPanel.getByRole('button', { name: 'Accept' })).toHaveCount(0);

  // The tenant moves it, so the landlord is asked again, and declines: the tenant may book another time.
  await tenantPanel.getByRole('button', { name: 'Reschedule' }).click();
  const mover = tenant.getByRole('dialog', { name: 'Reschedule' });
  await mover.getByRole('radio').nth(1).check({ force: true });
  await mover.getByRole('button', { name: 'Move to this time' }).click();
  await expect(tenantMessages.getByRole('listitem').last()).toContainText('Viewing moved to');
  await expect(tenantPanel).toContainText('Waiting for the landlord to accept');
  await landlordPanel.getByRole('button', { name: 'Decline' }).click();
  await expect(landlord.getByText('Viewing declined', { exact: true })).toBeVisible();
  await expect(tenantMessages.getByRole('listitem').last()).toContainText('The landlord declined the viewing on');
  await expect(landlordPanel).toHaveCount(0);
  await tenantPanel.getByRole('button', { name: 'Book a viewing' }).click();
  await picker.getByRole('radio').first().check({ force: true });
  await picker.getByRole('button', { name: 'Book this time' }).click();
  await expect(tenantPanel).toContainText('Your viewing:');

  // It is kept: the conversation reloads with it, and the listing is in the tenant's favourites.
  await tenant.reload();
  await expect(tenant.getByTestId('viewing-panel')).toContainText('Your viewing:');
  await tenant.goto('/dashboard/favorites');
  await expect(tenant.getByRole('main').getByRole('article')).toHaveCount(1);
  await landlordContext.close();
  await tenantContext.close();
});

test('badges and the floating chat button: shown to signed-in visitors after a moment, not on the chat page', async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto('/');
  await expect(page.getByTestId('bottom-bar').getByRole('link', { name: 'Log in' })).toBeVisible();
  await expect(page.getByTestId('floating-chat')).toHaveCount(0);
  await signIn(page, '+60123000001', 'kunci-tenant-2026');
  await page.goto('/rent/bangsar');
  await expect(page.getByTestId('floating-chat')).toBeVisible();
  await expect(page.getByTestId('bottom-bar').getByRole('link', { name: /Chat/ })).toBeVisible();
  await page.getByTestId('floating-chat').click();
  const panel = page.getByRole('dialog', { name: 'Chat' });
  await expect(panel.getByRole('link', { name: 'See all conversations' })).toBeVisible();
  await expectNoSeriousAxeViolations(page);
  await panel.getByRole('link', { name: 'See all conversations' }).click();
  await expect(page).toHaveURL(/\/dashboard\/chat$/);
  await expect(page.getByTestId('floating-chat')).toHaveCount(0);
});

test('a landlord opens tenant search from My listings, in each language', async ({ page }) => {
  await signIn(page, '+60123000002', 'kunci-landlord-2026');
  await page.goto('/dashboard/listings?status=ACTIVE');
  await page.getByRole('link', { name: 'Find tenants' }).first().click();
  await expect(page).toHaveURL(/\/dashboard\/listings\/tenantsearch\/\d+$/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Find tenants');
  await expect(page.getByText(/Tenants looking for a home like|No matching tenants yet/).first()).toBeVisible();
  await expectNoSeriousAxeViolations(page);
  const path = new URL(page.url()).pathname;
  await page.goto(`/my${path}`);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Cari penyewa');
  await expect(page.locator('html')).toHaveAttribute('lang', 'ms');
  await page.goto(`/zh${path}`);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('寻找租客');
  // Someone else's listing (the demo landlord owns only the first few demo listings) is not theirs to search.
  const other = await page.goto('/dashboard/listings/tenantsearch/600');
  expect(other?.status()).toBe(404);
  await expect(page.getByRole('heading', { level: 1 })).not.toHaveText('Find tenants');
});
