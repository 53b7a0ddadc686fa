import { expect } from '@playwright/test';
import { pngDeclaring } from '@kunci/media/test-images';
import { simulatorAnswers } from '../../apps/server/src/features/screening/credit-bureau.ts';
import { NRIC_PASSES, bookedDeal, dealParties, expectNoSeriousAxeViolations, signIn, test, verifyAllDocuments } from '../support.ts';

const PDF = Buffer.from('%PDF-1.4\n% Slip gaji Oktober 2026, gaji bersih RM4,200\n%%EOF\n');
const PNG = pngDeclaring(8, 6);

/**
 * The acceptance, screening part: the booked tenant, in Malay, chooses "working adult", uploads a payslip and
 * three statements, sends them, answers the credit questions wrongly once (612 in Malay) then rightly, consents with
 * IC photos and uses the result for the booking; operations staff verify the documents; the deal is approved for
 * zero deposit.
 */
test('a booked tenant hands in documents, passes the credit check after a wrong answer, and is approved for zero deposit', async ({
  browser,
  baseURL,
}) => {
  test.setTimeout(150_000);
  const { tenant, landlord, staff, close } = await dealParties(browser, baseURL!, { language: 'ms' });
  const { dealId } = await bookedDeal(tenant.request, landlord.request, {
    origin: baseURL!,
    // From the end of the list: the deal journey books the first ones.
    candidates: (rentals) => rentals.filter((candidate) => candidate.price <= 5000).reverse(),
    moveInDate: new Date(Date.now() + 40 * 86_400_000).toISOString().slice(0, 10),
    occupants: 1,
  });

  // Documents on the deal page: the profile, then a payslip and three bank statements.
  await tenant.goto(`/my/deal?id=${dealId}`);
  const screening = tenant.getByRole('region', { name: 'Dokumen saringan' });
  await screening.getByRole('radio', { name: 'Seorang yang bekerja' }).check();
  await screening.getByRole('button', { name: 'Simpan' }).click();
  await expect(screening.getByText('Penyata bank bagi 3 bulan terakhir')).toBeVisible();
  const upload = async (kind: string, name: string, bytes: Buffer, mimeType: string) => {
    await screening.getByLabel('Dokumen', { exact: true }).selectOption({ label: kind });
    await screening.getByLabel('Fail', { exact: true }).setInputFiles({ name, mimeType, buffer: bytes });
    await screening.getByRole('button', { name: 'Muat naik', exact: true }).click();
    await expect(screening.getByRole('button', { name: 'Muat naik', exact: true })).toBeEnabled();
  };
  await upload('Slip gaji', 'slip-gaji.pdf', PDF, 'application/pdf');
  for (const month of ['ogos', 'september', 'oktober']) await upload('Penyata bank', `penyata-${month}.png`, PNG, 'image/png');
  await expect(screening.getByTestId('screening-document')).toHaveCount(4);
  await expect(screening.getByText('3 daripada 3 dimuat naik, 0 disahkan')).toBeVisible();
  await expectNoSeriousAxeViolations(tenant);
  await tenant.getByRole('button', { name: 'Hantar dokumen untuk saringan' }).click();
  await expect(tenant.getByTestId('deal-state')).toHaveText('Saringan');

  // The credit check: a wrong answer is refused with 612's message in Malay, then the right ones.
  await screening.getByRole('link', { name: 'Buat semakan kredit' }).click();
  await expect(tenant).toHaveURL(new RegExp(`/my/ramci/zero-deposit\\?deal=${dealId}$`));
  await expect(tenant.getByRole('heading', { level: 1 })).toHaveText('Semakan kredit untuk sewa tanpa deposit');
  await tenant.getByLabel('Nama penuh seperti dalam IC').fill('Aisyah binti Ahmad');
  await tenant.getByLabel('Nombor MyKad').fill(NRIC_PASSES);
  await tenant.getByLabel('E-mel').fill('aisyah@example.my');
  const right = simulatorAnswers(NRIC_PASSES.replace(/-/g, ''));
  const answer = async (answers: { questionId: string; answerId: string }[]) => {
    for (const { questionId, answerId } of answers) await tenant.locator(`input[name="q_${questionId}"][value="${answerId}"]`).check();
  };
  const wrongBank = right[0]!.answerId === 'CIMB' ? 'RHB' : 'CIMB';
  await answer([{ questionId: 'BANK', answerId: wrongBank }, ...right.slice(1)]);
  await tenant.getByRole('button', { name: 'Semak jawapan saya' }).click();
  await expect(tenant.getByRole('alert')).toHaveText('Jawapan keselamatan tidak betul');
  await tenant.getByLabel('Nombor MyKad').fill(NRIC_PASSES);
  await answer(right);
  await tenant.getByRole('button', { name: 'Semak jawapan saya' }).click();

  // Consent with the IC's front and back.
  await expect(tenant.getByRole('heading', { name: 'Persetujuan dengan IC anda' })).toBeVisible();
  await expect(tenant.getByText('Nombor IC: ******-**-5567')).toBeVisible();
  await tenant.getByLabel('Nombor MyKad').fill(NRIC_PASSES);
  await tenant.getByLabel('Foto bahagian depan IC anda').setInputFiles({ name: 'ic-depan.png', mimeType: 'image/png', buffer: PNG });
  await tenant.getByLabel('Foto bahagian belakang IC anda').setInputFiles({ name: 'ic-belakang.png', mimeType: 'image/png', buffer: PNG });
  await tenant.getByRole('checkbox').check();
  await expectNoSeriousAxeViolations(tenant);
  await tenant.getByRole('button', { name: 'Beri persetujuan dan dapatkan keputusan' }).click();
  await expect(tenant.getByTestId('ramci-result')).toHaveText('Semakan kredit anda lulus.');
  // On a phone the page fits the width.
  await tenant.setViewportSize({ width: 390, height: 844 });
  expect(await tenant.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  await tenant.setViewportSize({ width: 1280, height: 720 });
  await tenant.getByRole('button', { name: 'Gunakan keputusan ini untuk tempahan saya' }).click();
  await expect(tenant).toHaveURL(new RegExp(`/my/deal\\?id=${dealId}$`));
  await expect(screening.getByText('Kakitangan kami sedang menyemak dokumen anda.')).toBeVisible();

  // Operations staff verify the four documents (the back office calls the same API).
  const { documentIds } = await verifyAllDocuments(staff.request, dealId, baseURL!);

  // The tenant's open page follows: approved for zero deposit.
  await expect(tenant.getByTestId('deal-state')).toHaveText('Diluluskan', { timeout: 15_000 });
  await expect(screening.getByTestId('screening-decision')).toHaveText('Diluluskan untuk sewa tanpa deposit');
  // The landlord cannot open the tenant's documents.
  expect((await landlord.request.get(`/api/documents/${documentIds[0]!}/file`)).status()).toBe(403);

  await close();
});

test('/services/zero-deposit explains the service in three languages', async ({ page }) => {
  await page.goto('/services/zero-deposit');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Zero-deposit renting');
  await expect(page.getByTestId('zd-cost-example')).toHaveText(
    'For a rent of RM900: first month RM900 + agreement fee RM399 + SST RM23.94 = RM1,322.94.',
  );
  await expect(page.getByText('Homes: RM500 to RM5,000 a month')).toBeVisible();
  await expectNoSeriousAxeViolations(page);
  await page.goto('/my/services/zero-deposit');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Sewa tanpa deposit');
  await page.goto('/zh/services/zero-deposit');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('零押金租房');
});

test('a landlord explains a rent above comparable rents on the listing, and visitors read it', async ({ browser, baseURL }) => {
  const landlordContext = await browser.newContext({ baseURL: baseURL! });
  const landlord = await landlordContext.newPage();
  await signIn(landlord, '+60123000002', 'kunci-landlord-2026');
  const me = (await (await landlord.request.get('/api/users/profile')).json()) as { id: string };
  const { content } = (await (await landlord.request.get(`/api/users/${me.id}/properties?status=ACTIVE&pageSize=50`)).json()) as {
    content: { id: number; type: string }[];
  };
  const listing = content.filter((candidate) => !candidate.type.endsWith('_SALE')).at(-3)!;
  const repriced = await landlord.request.put(`/api/properties/${listing.id}`, { data: { price: 25_000 }, headers: { origin: baseURL! } });
  expect(repriced.status(), await repriced.text()).toBe(200);

  await landlord.goto(`/details/${listing.id}`);
  const note = landlord.getByRole('region', { name: 'Why this rent' });
  const reason = 'Penthouse renovated in 2025: new kitchen, private lift lobby and two parking bays.';
  await note.getByLabel('Your reason').fill(reason);
  await note.getByRole('button', { name: 'Show my explanation' }).click();
  await expect(note.getByText(reason)).toBeVisible();

  const visitorContext = await browser.newContext({ baseURL: baseURL! });
  const visitor = await visitorContext.newPage();
  await visitor.goto(`/my/iklan/${listing.id}`);
  const shown = visitor.getByRole('region', { name: 'Mengapa sewa ini' });
  await expect(shown.getByText(reason)).toBeVisible();
  await expect(shown.getByText(/Rumah serupa berhampiran disewa sekitar RM/)).toBeVisible();
  await expectNoSeriousAxeViolations(visitor);
  await Promise.all([landlordContext.close(), visitorContext.close()]);
});
