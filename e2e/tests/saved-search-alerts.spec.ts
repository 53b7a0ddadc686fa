import { expect } from '@playwright/test';
import { expectNoSeriousAxeViolations, signIn, test } from '../support.ts';

interface Pending {
  id: number;
  name: string;
  type: string;
  category: string;
  areaSlug: string;
  price: number;
}

test('a tenant saves a search, a matching listing is approved, the bell shows it without a reload and the outbox holds the email', async ({
  browser,
  baseURL,
  request,
}) => {
  test.setTimeout(90_000);
  // A listing waiting for review, as the moderator's queue has it.
  const moderatorContext = await browser.newContext({ baseURL: baseURL! });
  const moderator = await moderatorContext.newPage();
  await signIn(moderator, '+60123000003', 'kunci-moderator-2026');
  const queue = (await (await moderator.request.get('/api/moderation/properties?pageSize=50')).json()) as { content: Pending[] };
  const pending = queue.content.filter((p) => ['HIGHRISE', 'LANDED', 'ROOM'].includes(p.type)).at(-1)!;
  expect(pending, 'a rental waiting for review in the demo data').toBeTruthy();

  // The tenant finds homes like it and saves the search (instant), from the results page.
  const tenantContext = await browser.newContext({ baseURL: baseURL! });
  const tenant = await tenantContext.newPage();
  await signIn(tenant, '+60123000001', 'kunci-tenant-2026');
  await tenant.goto(`/rent/${pending.areaSlug}/${pending.category}?maxPrice=${pending.price}`);
  const searchName = `Alert ${pending.areaSlug} ${Date.now().toString(36)}`;
  await tenant.getByRole('button', { name: 'Save this search' }).click();
  const dialog = tenant.getByRole('dialog', { name: 'Save this search' });
  await expect(dialog).toBeVisible();
  await expectNoSeriousAxeViolations(tenant);
  await dialog.getByLabel('Name').fill(searchName);
  await expect(dialog.getByLabel('As soon as a home is posted')).toBeChecked();
  await dialog.getByRole('button', { name: 'Save search' }).click();
  await expect(tenant.getByText('Search saved. We will tell you about new homes.')).toBeVisible();
  await expect(dialog).toBeHidden();
  const before = Number(
    (await tenant
      .getByTestId('notice-badge')
      .textContent({ timeout: 1000 })
      .catch(() => '0')) || 0,
  );

  // The moderator approves the listing.
  await moderator.goto(`/dashboard/review/${pending.id}`);
  await moderator.getByRole('button', { name: 'Approve' }).first().click();
  await expect(moderator).toHaveURL(/approved=/);

  // The tenant's bell, on the same page, counts it and lists it: no reload.
  await expect(tenant.getByTestId('notice-badge')).toHaveText(String(before + 1), { timeout: 20_000 });
  // On a phone the menu's entry says the count in its name, as the bell does.
  await tenant.setViewportSize({ width: 375, height: 740 });
  await tenant.getByRole('button', { name: 'Open menu' }).click();
  await expect(tenant.getByRole('dialog').getByRole('link', { name: `Notifications, ${before + 1} unread`, exact: true })).toBeVisible();
  await tenant.keyboard.press('Escape');
  await tenant.setViewportSize({ width: 1280, height: 720 });
  await tenant.getByTestId('notification-bell').click();
  const panel = tenant.getByRole('region', { name: 'Notifications' });
  await expect(panel.getByRole('link', { name: new RegExp(`New home for “${searchName}”`) })).toBeVisible();
  await expectNoSeriousAxeViolations(tenant);
  await panel.getByRole('link', { name: new RegExp(`New home for “${searchName}”`) }).click();
  await expect(tenant).toHaveURL(new RegExp(`/details/${pending.id}$`));

  // The email: in the tenant's language, with the listing's card, an unsubscribe link and a List-Unsubscribe that work.
  let email: { subject: string | null; body: string; html?: string | null; headers?: Record<string, string> | null } | undefined;
  await expect
    .poll(
      async () => {
        const messages = (await (await tenant.request.get('/api/dev/outbox?to=tenant%40demo.kunci.my')).json()) as NonNullable<typeof email>[];
        email = messages.find((m) => m.subject === `New home for “${searchName}”`);
        return Boolean(email);
      },
      { timeout: 20_000 },
    )
    .toBe(true);
  expect(email!.body).toContain(`${pending.name}\n`);
  expect(email!.body).toContain(`/details/${pending.id}`);
  expect(email!.html).toContain(`/details/${pending.id}`);

  // The outbox page shows it as a mail client gets it, on a phone: the headers, and the HTML card in a frame that
  // is kept from the page and runs no script.
  await tenant.setViewportSize({ width: 375, height: 812 });
  await tenant.goto('/dev/outbox?to=tenant%40demo.kunci.my');
  const message = tenant.getByRole('listitem').filter({ hasText: `New home for “${searchName}”` });
  await expect(message.getByTestId('outbox-headers')).toContainText(`List-Unsubscribe: ${email!.headers!['List-Unsubscribe']}`);
  const frame = message.getByTitle(`HTML part of “New home for “${searchName}””`);
  await expect(frame.contentFrame().getByRole('link', { name: pending.name })).toBeVisible();
  await expect(frame.contentFrame().getByRole('heading', { name: `New home for “${searchName}”` })).toBeVisible();
  expect(await tenant.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
  expect(await frame.evaluate((element: HTMLIFrameElement) => element.contentDocument)).toBeNull();
  await frame.evaluate((element: HTMLIFrameElement) => {
    element.srcdoc = '<p id="state">waiting</p><script>document.getElementById("state").textContent = "ran"</script>';
  });
  await expect(frame.contentFrame().getByText('waiting')).toBeVisible();
  await expect(frame.contentFrame().getByText('ran', { exact: true })).toHaveCount(0);
  await tenant.setViewportSize({ width: 1280, height: 720 });

  // A mail client's one-click unsubscribe (RFC 8058): a POST without cookies to the header's address.
  expect(email!.headers!['List-Unsubscribe-Post']).toBe('List-Unsubscribe=One-Click');
  const oneClick = new URL(/^<(.+)>$/.exec(email!.headers!['List-Unsubscribe']!)![1]!);
  const unsubscribed = await request.post(oneClick.pathname + oneClick.search, {
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    data: 'List-Unsubscribe=One-Click',
  });
  expect(unsubscribed.status()).toBe(200);
  expect(await unsubscribed.json()).toMatchObject({ channel: 'email', label: 'New homes for my saved searches' });

  // The settings show that email off; it goes back on from there.
  const box = tenant.getByRole('checkbox', { name: 'Email for “New homes for my saved searches”' });
  const emailOffThenOn = async () => {
    await tenant.goto('/dashboard/notifications/settings');
    await expect(box).not.toBeChecked();
    await box.check();
    await expect(tenant.getByText('Saved', { exact: true })).toBeVisible();
  };
  await emailOffThenOn();

  // The link in the email's text opens a page that asks first (a mail scanner opening it stops nothing), then stops it.
  const unsubscribe = /Stop these emails: (\S+)/.exec(email!.body)![1]!;
  await tenant.goto(new URL(unsubscribe).pathname + new URL(unsubscribe).search);
  await expect(tenant.getByText('Email notices for “New homes for my saved searches” will stop.', { exact: false })).toBeVisible();
  await tenant.getByRole('button', { name: 'Yes, stop them' }).click();
  await expect(tenant.getByText('Done. Email notices for “New homes for my saved searches” have stopped.')).toBeVisible();
  await emailOffThenOn();
  await expectNoSeriousAxeViolations(tenant);

  // The saved search is listed (reached from the account menu), found the listing, and can be paused.
  await tenant.goto('/');
  await tenant.getByRole('button', { name: 'Account' }).click();
  await tenant.getByRole('menuitem', { name: 'Saved searches' }).click();
  await expect(tenant).toHaveURL(/\/dashboard\/saved-searches$/);
  const item = tenant.getByTestId('saved-search').filter({ hasText: searchName });
  await expect(item).toContainText('1 new home since you saved it');
  await item.getByRole('button', { name: 'Pause' }).click();
  await expect(item).toContainText('Paused');
  await moderatorContext.close();
  await tenantContext.close();
});
