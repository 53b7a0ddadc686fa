import { expect, type APIRequestContext } from '@playwright/test';
import { SIMULATOR_CARDS } from '@kunci/contracts/payments';
import { DEMO_LANDLORD, approvedDeal, dealParties, expectNoSeriousAxeViolations, outbox, startingFrom, test } from '../support.ts';

/**
 * An ACTIVE tenancy at RM1,800 for 12 months through the API, as the agreement journey reaches it in the browser: one
 * of the demo landlord's rentals approved (see `approvedDeal`), the agreement signed by both with codes from the
 * outbox, and the move-in amount paid by card.
 */
async function activeTenancy(tenant: APIRequestContext, landlord: APIRequestContext, staff: APIRequestContext, origin: string, phone: string) {
  const headers = { origin };
  const { dealId, listing } = await approvedDeal(tenant, landlord, staff, {
    origin,
    // From two thirds down the list (the deal, screening and agreement journeys start before it), then the others.
    candidates: (rentals) => startingFrom(rentals, Math.floor((rentals.length * 2) / 3)),
    moveInDate: new Date(Date.now() + 8 * 3_600_000 + 14 * 86_400_000).toISOString().slice(0, 10),
    occupants: 2,
    rent: 1800,
    person: { name: 'Kavitha Raj', email: 'kavitha@example.my', phone },
  });

  // The agreement, signed by both with codes from the outbox.
  const created = await landlord.post('/api/agreements', {
    data: {
      dealId,
      language: 'en',
      address: 'Unit 8-2, Mont Kiara Palma, Jalan Kiara, 50480 Kuala Lumpur',
      utilities: [],
      houseRules: '',
      landlord: { name: 'Wong Kar Wai', idType: 'IC', idNumber: '780512-14-5521' },
      tenant: { name: 'Kavitha Raj', idType: 'IC', idNumber: '950101-10-1234' },
    },
    headers,
  });
  expect(created.status(), await created.text()).toBe(201);
  const agreementId = ((await created.json()) as { id: string }).id;
  for (const [party, partyPhone] of [
    [landlord, DEMO_LANDLORD.phone],
    [tenant, phone],
  ] as const) {
    const before = await outbox(party, partyPhone);
    expect((await party.post(`/api/agreements/${agreementId}/code`, { headers })).status()).toBeLessThan(300);
    // The code's SMS is the newest with six digits once it arrives (other notices may come meanwhile).
    let code = '';
    await expect
      .poll(
        async () => {
          const fresh = (await outbox(party, partyPhone)).slice(0, -before.length || undefined);
          code = fresh.map((body) => /\b(\d{6})\b/.exec(body)?.[1]).find(Boolean) ?? '';
          return code;
        },
        { timeout: 15_000 },
      )
      .toMatch(/^\d{6}$/);
    const signed = await party.post(`/api/agreements/${agreementId}/sign`, { data: { code }, headers });
    expect(signed.status(), await signed.text()).toBe(200);
  }

  // The move-in amount, paid by card: the tenancy starts.
  const moveIn = (await (await tenant.post('/api/rental/order/pay', { data: { dealId }, headers })).json()) as { paymentUrl: string };
  await tenant.post(new URL(moveIn.paymentUrl).pathname, { form: { outcome: 'pay', method: 'card', cardNumber: SIMULATOR_CARDS.succeeds } });
  await expect
    .poll(async () => ((await (await tenant.get(`/api/deals/${dealId}`, { headers })).json()) as { state: string }).state, { timeout: 20_000 })
    .toBe('ACTIVE');
  return { dealId, listingName: listing.name };
}

/**
 * The acceptance, protection part: the landlord of an ACTIVE tenancy at RM1,800 compares the plans, sees the
 * quote split over the first two months (RM2,872.00 as RM1,436.00 twice for Protect Plus), buys Protect Plus, pays
 * the first instalment by FPX on the gateway, and finds the policy in force with its document; on a phone the pages
 * keep their width.
 */
test('the landlord of an ACTIVE tenancy at RM1,800 buys Protect Plus and pays the first of two instalments', async ({ browser, baseURL }) => {
  test.setTimeout(180_000);
  const { tenant, tenantPhone, landlord, staff, close } = await dealParties(browser, baseURL!);
  const { listingName } = await activeTenancy(tenant.request, landlord.request, staff.request, baseURL!, tenantPhone);

  await landlord.goto('/services/landlord-rental-protection-plan');
  await expect(landlord.getByRole('heading', { level: 1, name: 'Landlord rental protection' })).toBeVisible();
  // The quote shows the monthly split.
  await landlord.getByLabel('Monthly rent (RM)').fill('1800');
  await landlord.getByRole('button', { name: 'Show prices' }).click();
  const plus = landlord.getByRole('status').getByRole('listitem').filter({ hasText: 'Protect Plus' });
  await expect(plus).toContainText(/RM\s?2,872\.00/);
  await expect(plus).toContainText(/RM\s?1,436\.00 on each of the first 2 invoices/);
  await expectNoSeriousAxeViolations(landlord);

  // The tenancy is offered for protection; Protect Plus is chosen and the first instalment paid by FPX.
  const offer = landlord.getByRole('group', { name: new RegExp(listingName) });
  await expect(offer).toContainText(/Protect Plus: RM\s?2,872\.00 \(RM\s?1,436\.00 now, then RM\s?1,436\.00 next month\)/);
  await offer.getByRole('radio', { name: /^Protect Plus/ }).check();
  await offer.locator('..').getByRole('button', { name: 'Buy and pay the first instalment' }).click();
  await expect(landlord).toHaveURL(/\/pay\/sim\//);
  await landlord.getByLabel('Choose your bank').selectOption('maybank2u');
  await landlord.getByRole('button', { name: /^Pay .*1,436.* with FPX$/ }).click();
  await expect(landlord).toHaveURL(/\/dashboard\/protection\?policy=/);

  // The gateway's confirmation reaches us through the job queue: the policy is in force once it lands.
  const policy = landlord.getByRole('article').filter({ hasText: listingName });
  await expect
    .poll(
      async () => {
        await landlord.reload();
        return (await policy.count()) ? policy.innerText() : '';
      },
      { timeout: 30_000 },
    )
    .toContain('In force');
  await expect(policy).toContainText(/Instalment 1: RM\s?1,436\.00/);
  await expect(policy).toContainText('Paid');
  await expect(policy.getByRole('button', { name: /Pay RM\s?1,436\.00/ })).toBeVisible();
  const pdf = await landlord.request.get((await policy.getByRole('link', { name: 'Download the policy (PDF)' }).getAttribute('href'))!);
  expect(pdf.headers()['content-type']).toContain('application/pdf');
  await expectNoSeriousAxeViolations(landlord);

  // A claim needs an incident within the policy: this tenancy starts in two weeks, so today's is refused beside the form.
  const claim = landlord.locator('form').filter({ hasText: 'Send the claim' });
  await claim.getByLabel('What happened', { exact: true }).selectOption('OCD');
  await claim.getByLabel('Date of the incident').fill(new Date(Date.now() + 8 * 3_600_000).toISOString().slice(0, 10));
  await claim.getByLabel('Describe what happened').fill('The tenant stopped paying and stays on after the notice.');
  await claim.getByLabel('Amount claimed (RM)').fill('1800');
  await claim.getByRole('button', { name: 'Send the claim' }).click();
  await expect(claim.getByRole('alert')).toHaveText('The incident date must fall within the policy and not be in the future.');

  // On a phone the pages keep their width.
  await landlord.setViewportSize({ width: 375, height: 740 });
  for (const path of ['/dashboard/protection', '/services/landlord-rental-protection-plan', '/services/ocd']) {
    await landlord.goto(path);
    expect(await landlord.evaluate(() => document.documentElement.scrollWidth), path).toBeLessThanOrEqual(375);
  }
  await landlord.goto('/dashboard/protection');
  await landlord.screenshot({ path: '/tmp/protection-phone.png', fullPage: true });

  await close();
});
