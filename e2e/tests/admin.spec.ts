import { expect, type Page } from '@playwright/test';
import { expectNoSeriousAxeViolations, latestCode, newTenant, signIn, signInByPin, test } from '../support.ts';

const MODERATOR = { phone: '+60123000003', password: 'kunci-moderator-2026' };

/** A JSON call from the page, as its own scripts make them (same origin, the session cookie). */
async function callApi(page: Page, method: string, path: string, body?: object): Promise<{ status: number; json: Record<string, unknown> }> {
  return page.evaluate(
    async ({ method, path, body }) => {
      const res = await fetch(`/api${path}`, {
        method,
        headers: body ? { 'content-type': 'application/json' } : {},
        ...(body ? { body: JSON.stringify(body) } : {}),
      });
      return { status: res.status, json: (await res.json().catch(() => ({}))) as Record<string, unknown> };
    },
    { method, path, body },
  );
}

test('a tenant reports a listing asking for a deposit; the moderator reads the chat, bans the landlord with a PIN; the ban, the audit log and the outcome', async ({
  browser,
  baseURL,
}) => {
  test.setTimeout(120_000);
  const tenantContext = await browser.newContext({ baseURL });
  const landlordContext = await browser.newContext({ baseURL });
  const moderatorContext = await browser.newContext({ baseURL });
  const tenant = await tenantContext.newPage();
  const landlord = await landlordContext.newPage();
  const moderator = await moderatorContext.newPage();

  // A live listing away from the other journeys' (the last of Puchong's not a demo account's), and its owner's number
  // (staff may look it up).
  await signIn(moderator, MODERATOR.phone, MODERATOR.password);
  const found = (await (await moderator.request.get('/api/properties/search?loc=puchong&pageSize=60')).json()) as { content: { id: number }[] };
  // Never a demo account's (the demo landlord owns some of the first listings, and results' order moves with landlords'
  // reply rates): banning it would take the homes of the journeys running beside this one.
  let chosen: { listingId: number; listing: { name: string; owner: { id: string } }; owner: { phoneNumber: string; name: string } } | undefined;
  for (const { id } of found.content.toReversed()) {
    const listing = (await (await moderator.request.get(`/api/properties/${id}`)).json()) as { name: string; owner: { id: string } };
    const owner = (await (await moderator.request.get(`/api/admin/users/${listing.owner.id}`)).json()) as { phoneNumber: string; name: string };
    if (!/^\+6012300000\d$/.test(owner.phoneNumber)) {
      chosen = { listingId: id, listing, owner };
      break;
    }
  }
  const { listingId, listing, owner } = chosen!;

  // The tenant asks about it; the landlord asks for a deposit in the chat.
  await newTenant(tenant);
  const opened = await callApi(tenant, 'POST', '/chat-conversations', {
    propertyId: listingId,
    moveInDate: '2027-01-15',
    budget: 3000,
    tenancyDuration: 12,
    reasonForMoving: 'NEAR_WORK',
  });
  expect(opened.status).toBeLessThan(300);
  await signInByPin(landlord, owner.phoneNumber);
  await expect(landlord).toHaveURL(/\/dashboard$/);
  // The session's token (the site's cookie), to see how the API answers it once the landlord is banned.
  const landlordToken = (await landlordContext.cookies()).find((cookie) => cookie.name === 'authToken')!.value;
  const said = await callApi(landlord, 'POST', `/chat-conversations/${String(opened.json['id'])}/messages`, {
    body: 'Before viewing, transfer RM2,000 deposit to my Maybank account.',
  });
  expect(said.status).toBe(200);

  // The tenant reports the listing from its page.
  await tenant.goto(`/details/${listingId}`);
  await tenant.getByRole('link', { name: 'Report this listing' }).click();
  await expect(tenant.getByRole('heading', { level: 1, name: 'Report this listing' })).toBeVisible();
  await expectNoSeriousAxeViolations(tenant);
  await tenant.getByRole('radio', { name: /Asks for a deposit/ }).check();
  await tenant.getByLabel('What happened (optional)').fill('The landlord asked me to transfer a deposit before viewing.');
  await tenant.getByRole('button', { name: 'Send report' }).click();
  await expect(tenant.getByRole('heading', { level: 1, name: 'My reports' })).toBeVisible();
  await expect(tenant.getByRole('listitem').filter({ hasText: listing.name })).toContainText('Being looked into');

  // The moderator opens the report from the queue and reads the conversation.
  await moderator.goto('/admin/reports');
  await expectNoSeriousAxeViolations(moderator);
  const row = moderator.getByRole('row').filter({ hasText: listing.name }).filter({ hasText: 'Asks for a deposit' });
  await row.getByRole('link', { name: /Listing report #/ }).click();
  await expect(moderator.getByRole('heading', { level: 1 })).toContainText('Asks for a deposit');
  await expect(moderator.getByText('Before viewing, transfer RM2,000 deposit to my Maybank account.')).toBeVisible();
  await expectNoSeriousAxeViolations(moderator);

  // Banning needs a PIN: it is asked for, sent by SMS, and the ban goes through with it.
  const reason = `Asked a tenant for a deposit outside Kunci (${listingId})`;
  await moderator.getByRole('radio', { name: /Ban the person/ }).check();
  await moderator.getByRole('textbox', { name: 'Reason' }).fill(reason);
  await moderator.getByRole('button', { name: 'Decide' }).click();
  await expect(moderator.getByRole('heading', { name: 'Confirm it is you' })).toBeVisible();
  await expectNoSeriousAxeViolations(moderator);
  await moderator.getByLabel('PIN (6 digits)').fill(await latestCode(moderator.request, MODERATOR.phone));
  await moderator.getByRole('button', { name: 'Confirm and continue' }).click();
  await expect(moderator.getByRole('status').filter({ hasText: 'Decided. The reporter will be told.' })).toBeVisible();
  await expect(moderator.getByText(reason)).toBeVisible();

  // The landlord's next call is refused with 10100. (The call carries the session's token itself: the open page's
  // cookie goes within seconds, once its chat socket is closed and the page's data reloaded.)
  const refused = await landlordContext.request.get('/api/users/profile', { headers: { authorization: `Bearer ${landlordToken}` } });
  expect(refused.status()).toBe(403);
  expect(((await refused.json()) as { errorCode: number }).errorCode).toBe(10100);
  // The landlord's open dashboard, without a reload: its socket is closed, its data reloaded, and it says why, with
  // the ban screen in place of the dashboard (not the login page).
  const notice = landlord.getByRole('dialog', { name: 'Account restricted' });
  await expect(notice).toContainText('Your account has been restricted. Please contact support.', { timeout: 20_000 });
  await expectNoSeriousAxeViolations(landlord);
  await notice.getByRole('button', { name: 'OK' }).click();
  await expect(landlord.getByRole('heading', { level: 1 })).toHaveText('Your account is not available');
  await expect(landlord).toHaveURL(/\/dashboard$/);

  // The audit log shows the suspension and the ban with who and why.
  await moderator.goto(`/admin/audit?q=${encodeURIComponent(reason)}`);
  const log = moderator.getByRole('table', { name: 'Audit log' });
  await expect(log.getByRole('row').filter({ hasText: 'user.ban' })).toContainText('Moderator Demo');
  // The ban suspends each of the landlord's live listings, the reported one among them.
  await expect(log.getByRole('row', { name: new RegExp(`listing\\.suspend listing ${listingId} `) })).toHaveCount(1);
  await expectNoSeriousAxeViolations(moderator);

  // The reporter sees the outcome, and is told it under the bell (the notification centre delivers it from the job queue).
  await tenant.reload();
  await expect(tenant.getByRole('listitem').filter({ hasText: listing.name })).toContainText('The account was banned.');
  await expect
    .poll(
      async () => {
        await tenant.goto('/dashboard/notifications');
        return tenant.getByRole('main').innerText();
      },
      { timeout: 30_000 },
    )
    .toContain('The account behind it has been banned');

  await tenantContext.close();
  await landlordContext.close();
  await moderatorContext.close();
});

test('the console works on a phone: sections scroll, tables scroll sideways, and an operations user cannot open moderation', async ({
  browser,
  baseURL,
}) => {
  const context = await browser.newContext({ baseURL, viewport: { width: 390, height: 844 } });
  const page = await context.newPage();
  await signIn(page, MODERATOR.phone, MODERATOR.password);
  await page.goto('/admin');
  await expect(page.getByRole('navigation', { name: 'Back office sections' })).toBeVisible();
  await page.getByRole('link', { name: 'Open reports' }).click();
  await expect(page).toHaveURL(/\/admin\/reports\?status=open$/);
  await expectNoSeriousAxeViolations(page);
  // Keyboard: the search field is reachable and searching keeps the filters in the address.
  await page.getByRole('searchbox', { name: 'Search reports (name, phone, listing, words)' }).fill('deposit');
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/q=deposit/);
  await page.goto('/my/admin/users');
  await expect(page.getByRole('heading', { level: 1, name: 'Pengguna' })).toBeVisible();
  await expectNoSeriousAxeViolations(page);
  await context.close();

  const ops = await browser.newContext({ baseURL });
  const opsPage = await ops.newPage();
  await signIn(opsPage, '+60123000004', 'kunci-operations-2026');
  const denied = await opsPage.goto('/admin/users');
  expect(denied?.status()).toBe(403);
  const roleChange = await callApi(opsPage, 'POST', '/admin/users/00000000-0000-4000-8000-000000000000/role', {
    role: 'admin',
    reason: 'Not mine to give',
  });
  expect(roleChange.status).toBe(403);
  await ops.close();
});
