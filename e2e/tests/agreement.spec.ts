import { expect } from '@playwright/test';
import { SIMULATOR_CARDS } from '@kunci/contracts/payments';
import { DEMO_LANDLORD, approvedDeal, dealParties, expectNoSeriousAxeViolations, latestCode, test } from '../support.ts';

/**
 * The acceptance, agreement part: from the approved deal the landlord starts the agreement for 12 months in
 * Bahasa Malaysia, both sign with codes from the outbox, the signed PDF's SHA-256 is shown and matches the file, the
 * tenant pays RM1,800 + RM399 + RM23.94 - RM500 = RM1,722.94 and the deal is ACTIVE.
 */
test('the landlord starts the agreement in Malay, both sign with codes, the tenant pays RM1,722.94 and the tenancy starts', async ({
  browser,
  baseURL,
}) => {
  test.setTimeout(150_000);
  const { tenant, tenantPhone, landlord, staff, close } = await dealParties(browser, baseURL!, { language: 'ms' });
  const { dealId, listing } = await approvedDeal(tenant.request, landlord.request, staff.request, {
    origin: baseURL!,
    // From a third down the list: the deal and screening journeys take the first and the last ones.
    candidates: (rentals) => rentals.slice(Math.floor(rentals.length / 3)),
    moveInDate: new Date(Date.now() + 40 * 86_400_000).toISOString().slice(0, 10),
    occupants: 2,
    rent: 1800,
    person: { name: 'Nur Aisyah', email: 'aisyah@example.my', phone: tenantPhone },
  });

  // The landlord opens the approved deal and starts the agreement from it.
  await landlord.goto(`/my/deal?id=${dealId}`);
  await landlord.getByTestId('deal-agreement').click();
  await expect(landlord).toHaveURL(new RegExp(`/my/dashboard/ta-initiate/new/landlord\\?dealId=${dealId}$`));
  await expect(landlord.getByText(/RM\s?1,800 sebulan selama 12 bulan/)).toBeVisible();
  await landlord.getByLabel('Bahasa perjanjian').selectOption('ms');
  await landlord.getByLabel('Alamat penuh hartanah').fill('Unit 12-3, Bangsar Heights, Jalan Maarof, 59000 Kuala Lumpur');
  await landlord.getByRole('checkbox', { name: 'Air' }).check();
  await landlord.getByRole('checkbox', { name: 'Internet' }).check();
  await landlord.getByLabel('Peraturan rumah (pilihan)').fill('Tiada haiwan peliharaan.');
  const landlordParty = landlord.getByRole('group', { name: 'Tuan rumah' });
  await landlordParty.getByLabel(/Nama penuh tuan rumah/).fill('Wong Kar Wai');
  await landlordParty.getByLabel('No. kad pengenalan atau pasport').fill('780512-14-5521');
  const tenantParty = landlord.getByRole('group', { name: 'Penyewa' });
  await tenantParty.getByLabel(/Nama penuh penyewa/).fill('Nur Aisyah binti Ahmad');
  await tenantParty.getByLabel('No. kad pengenalan atau pasport').fill('950101-10-1234');
  await expectNoSeriousAxeViolations(landlord);
  await landlord.getByRole('button', { name: 'Sediakan perjanjian' }).click();
  await expect(landlord.getByTestId('agreement-status')).toHaveText('Menunggu tandatangan');

  // The landlord signs with the code sent to their phone.
  await landlord.getByRole('button', { name: 'Hantar kod kepada saya' }).click();
  await expect(landlord.getByText(/Kod dihantar ke/)).toBeVisible();
  await landlord.getByLabel('Kod 6 digit').fill(await latestCode(landlord.request, DEMO_LANDLORD.phone, listing.name));
  await landlord.getByRole('button', { name: 'Tandatangani perjanjian' }).click();
  await expect(landlord.getByText('Anda telah menandatangani. Menunggu pihak satu lagi.')).toBeVisible();

  // The tenant: a wrong code is refused beside the field, the right one signs.
  await tenant.goto(`/my/dashboard/ta-initiate/new/tenant?dealId=${dealId}`);
  await tenant.getByRole('button', { name: 'Hantar kod kepada saya' }).click();
  await expect(tenant.getByText(/Kod dihantar ke/)).toBeVisible();
  const code = await latestCode(tenant.request, tenantPhone);
  await tenant.getByLabel('Kod 6 digit').fill(code === '000000' ? '000001' : '000000');
  await tenant.getByRole('button', { name: 'Tandatangani perjanjian' }).click();
  await expect(tenant.getByText('Kod itu salah atau telah tamat tempoh. Minta kod baharu.').first()).toBeVisible();
  await tenant.getByLabel('Kod 6 digit').fill(code);
  await tenant.getByRole('button', { name: 'Tandatangani perjanjian' }).click();
  await expect(tenant.getByTestId('agreement-status')).toHaveText('Ditandatangani oleh kedua-dua pihak');
  const sha256 = (await tenant.getByTestId('agreement-sha256').textContent())!.trim();
  expect(sha256).toMatch(/^[0-9a-f]{64}$/);
  await expectNoSeriousAxeViolations(tenant);
  // On a phone the page fits the width.
  await tenant.setViewportSize({ width: 390, height: 844 });
  expect(await tenant.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  await tenant.setViewportSize({ width: 1280, height: 720 });

  // The signed PDF opens for the tenant, and is the file the fingerprint names.
  const pdf = await tenant.request.get(
    await tenant
      .getByRole('link', { name: 'Baca perjanjian (PDF)' })
      .getAttribute('href')
      .then((href) => href!),
  );
  expect(pdf.headers()['content-type']).toContain('application/pdf');
  expect(pdf.headers()['x-content-sha256']).toBe(sha256);

  // Move-in: the deal asks RM1,722.94; paid on the simulator, the tenancy starts.
  await tenant.getByRole('link', { name: 'Kembali ke urus niaga' }).click();
  await expect(tenant.getByTestId('deal-state')).toHaveText('Ditandatangani');
  await expect(tenant.getByTestId('deal-move-in')).toContainText(/RM\s?1,722\.94/);
  await tenant.getByRole('button', { name: /Bayar jumlah masuk rumah RM\s?1,722\.94/ }).click();
  await expect(tenant).toHaveURL(/\/pay\/sim\//);
  await tenant.request.post(new URL(tenant.url()).pathname, { form: { outcome: 'pay', method: 'card', cardNumber: SIMULATOR_CARDS.succeeds } });
  await tenant.goto(`/my/deal?id=${dealId}`);
  await expect(tenant.getByTestId('deal-state')).toHaveText('Penyewaan bermula', { timeout: 15_000 });

  // The landlord's deal page offers rent collection now.
  await landlord.goto(`/my/deal?id=${dealId}`);
  await expect(landlord.getByTestId('deal-services')).toBeVisible();

  await close();
});
