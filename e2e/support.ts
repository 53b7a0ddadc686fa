import { test as base, expect, type APIRequestContext, type Browser, type Locator, type Page } from '@playwright/test';
import { AxeBuilder } from '@axe-core/playwright';
import { SIMULATOR_CARDS } from '@kunci/contracts/payments';
import { pngDeclaring } from '@kunci/media/test-images';
import { simulatorAnswers } from '../apps/server/src/features/screening/credit-bureau.ts';

/**
 * Whether the page in the browser may be acted on: parsed, and, when it is one of the app's pages, hydrated. A page
 * starts its scripts only once it has loaded and painted (apps/web/app/lib/deferred-start.ts), so for a moment after
 * `load` a button the scripts handle does nothing; the app marks <html data-hydrated> when it has hydrated. Other
 * documents (an API answer, the payment simulator's page, a page without scripts) never hydrate and need not.
 */
function settled(): boolean {
  if (document.readyState === 'loading') return false;
  return !('__reactRouterContext' in window) || document.documentElement.hasAttribute('data-hydrated');
}

/** Waits until the page's app has hydrated (see `settled`); navigations in between are followed. */
export async function hydrated(page: Page): Promise<void> {
  await page.waitForFunction(settled, undefined, { timeout: 15_000 });
}

const PAGE_NAVIGATIONS = ['goto', 'reload', 'goBack', 'goForward'] as const;
const ACTIONS = [
  'check',
  'clear',
  'click',
  'dblclick',
  'dispatchEvent',
  'dragTo',
  'fill',
  'focus',
  'hover',
  'press',
  'pressSequentially',
  'selectOption',
  'selectText',
  'setChecked',
  'setInputFiles',
  'tap',
  'type',
  'uncheck',
] as const;
const PATCHED = Symbol('waits for hydration');

/**
 * Makes every page of this worker wait for hydration (see `settled`) after a navigation and before each action on
 * an element, whoever made the page (a journey's own browser contexts included): the methods of the Page and Locator
 * classes are wrapped once, from a throwaway page's prototypes.
 */
async function waitForHydrationEverywhere(browser: Browser) {
  const context = await browser.newContext();
  const page = await context.newPage();
  const pagePrototype = Object.getPrototypeOf(page) as Record<string | symbol, unknown>;
  const locatorPrototype = Object.getPrototypeOf(page.locator('html')) as Record<string | symbol, unknown>;
  await context.close();
  if (pagePrototype[PATCHED]) return;
  pagePrototype[PATCHED] = true;
  for (const name of PAGE_NAVIGATIONS) {
    const navigate = pagePrototype[name] as (this: Page, ...args: unknown[]) => Promise<unknown>;
    pagePrototype[name] = async function (this: Page, ...args: unknown[]) {
      const response = await navigate.apply(this, args);
      await hydrated(this);
      return response;
    };
  }
  for (const name of ACTIONS) {
    const act = locatorPrototype[name] as (this: Locator, ...args: unknown[]) => Promise<unknown>;
    locatorPrototype[name] = async function (this: Locator, ...args: unknown[]) {
      await hydrated(this.page());
      return act.apply(this, args);
    };
  }
}

/** The journeys' `test`: Playwright's, with pages that wait for the app to hydrate before they are acted on. */
export const test = base.extend<object, { waitsForHydration: void }>({
  waitsForHydration: [
    async ({ browser }, use) => {
      await waitForHydrationEverywhere(browser);
      await use();
    },
    { scope: 'worker', auto: true },
  ],
});

let mobileCounter = Math.floor(Math.random() * 10_000_000);
/**
 * A fresh Malaysian mobile number nobody has used (012 and seven digits: every such number is valid, where some 011
 * ranges are not allocated), as E.164 and as a person types it.
 */
export function freshMobile(): { e164: string; typed: string } {
  mobileCounter = (mobileCounter + 7919) % 10_000_000;
  const digits = String(mobileCounter).padStart(7, '0');
  return { e164: `+6012${digits}`, typed: `012-${digits.slice(0, 3)} ${digits.slice(3)}` };
}

/** The messages the development outbox holds for `to` (a phone or an email), newest first. */
export async function outbox(request: APIRequestContext, to: string): Promise<string[]> {
  const messages = (await (await request.get(`/api/dev/outbox?to=${encodeURIComponent(to)}`)).json()) as { body: string }[];
  return messages.map((message) => message.body);
}

/**
 * The 6-digit code of the newest message to `phone` that holds one (notices may arrive after it). A shared demo
 * phone takes codes from journeys running beside this one: `about` keeps to the messages that name it (a signing
 * code names its home).
 */
export async function latestCode(request: APIRequestContext, phone: string, about?: string): Promise<string> {
  const code = (await outbox(request, phone))
    .filter((body) => about === undefined || body.includes(about))
    .map((body) => /\b(\d{6})\b/.exec(body)?.[1])
    .find(Boolean);
  expect(code, `a 6-digit code in the outbox of ${phone}${about === undefined ? '' : ` about ${about}`}`).toBeTruthy();
  return code!;
}

/** What the PIN sign-in says, in the languages the journeys browse in. */
const PIN_SIGN_IN = {
  en: {
    prefix: '',
    phone: 'Mobile number',
    send: 'Send PIN',
    pin: '6-digit PIN',
    verify: 'Verify and continue',
    prompt: 'Tell us about yourself',
    later: 'Later',
  },
  ms: {
    prefix: '/my',
    phone: 'Nombor telefon bimbit',
    send: 'Hantar PIN',
    pin: 'PIN 6 digit',
    verify: 'Sahkan dan teruskan',
    prompt: 'Beritahu kami tentang diri anda',
    later: 'Nanti',
  },
} as const;

export interface PinSignIn {
  /** The language the person browses in (the sign-in page's and the first page's). */
  language?: keyof typeof PIN_SIGN_IN;
  /** Where the sign-in returns to (the dashboard when not given). */
  origin?: string;
  /** A new account is asked about itself first: leave that for later. */
  later?: boolean;
}

/**
 * On a sign-in or register page whose phone field is filled: asks for a PIN for `phone` and enters the one the
 * development outbox received.
 */
export async function confirmWithPin(page: Page, phone: string, language: keyof typeof PIN_SIGN_IN = 'en') {
  const words = PIN_SIGN_IN[language];
  await page.getByRole('button', { name: words.send }).click();
  // The PIN step is on screen once the server has sent the PIN.
  await expect(page.getByText(phone)).toBeVisible();
  await page.getByLabel(words.pin).fill(await latestCode(page.request, phone));
  await page.getByRole('button', { name: words.verify }).click();
}

/** Signs `phone` in with a PIN from the development outbox (a new number makes a new account). */
export async function signInByPin(page: Page, phone: string, { language = 'en', origin, later = false }: PinSignIn = {}) {
  const words = PIN_SIGN_IN[language];
  await page.goto(`${words.prefix}/login${origin ? `?origin=${encodeURIComponent(origin)}` : ''}`);
  await page.getByLabel(words.phone).fill(phone);
  await confirmWithPin(page, phone, language);
  if (later) await page.getByRole('dialog', { name: words.prompt }).getByRole('button', { name: words.later }).click();
}

/** A new tenant, signed in with a PIN from the development outbox, the questions about themselves left for later; their phone. */
export async function newTenant(page: Page, options: Omit<PinSignIn, 'later'> = {}): Promise<string> {
  const phone = freshMobile().e164;
  await signInByPin(page, phone, { ...options, later: true });
  return phone;
}

/** The demo data's accounts that sign in with a password (apps/server/src/cli/demo-accounts.ts). */
export const DEMO_LANDLORD = { phone: '+60123000002', password: 'kunci-landlord-2026' };
export const DEMO_OPERATIONS = { phone: '+60123000004', password: 'kunci-operations-2026' };

/** The simulator's NRIC whose credit report passes (README, "Configuration"). */
export const NRIC_PASSES = '900101-14-5567';

/** One of the demo landlord's live rentals, as their listings answer it. */
export interface DemoRental {
  id: number;
  type: string;
  name: string;
  price: number;
}

export interface DealSetup {
  /** The site's origin, sent as the browser sends it. */
  origin: string;
  /** Which of the demo landlord's live rentals to try, in order: journeys take different ones, so that run together they do not compete for one. */
  candidates: (rentals: DemoRental[]) => DemoRental[];
  moveInDate: string;
  occupants: number;
  /** The rent the landlord sets first (a listing whose price cannot change is passed over). */
  rent?: number;
}

/** The list from `index` to its end, then from its start. */
export function startingFrom<T>(list: T[], index: number): T[] {
  return [...list.slice(index), ...list.slice(0, index)];
}

/**
 * A deal of the tenant's on one of the demo landlord's rentals nobody holds, BOOKED through the API: applied for 12
 * months, accepted, and RM500 paid by card.
 */
export async function bookedDeal(
  tenant: APIRequestContext,
  landlord: APIRequestContext,
  setup: DealSetup,
): Promise<{ dealId: string; listing: DemoRental }> {
  const headers = { origin: setup.origin };
  const me = (await (await landlord.get('/api/users/profile')).json()) as { id: string };
  const { content } = (await (await landlord.get(`/api/users/${me.id}/properties?status=ACTIVE&pageSize=50`)).json()) as { content: DemoRental[] };
  for (const listing of setup.candidates(content.filter((candidate) => !candidate.type.endsWith('_SALE')))) {
    if (setup.rent !== undefined) {
      const repriced = await landlord.put(`/api/properties/${listing.id}`, { data: { price: setup.rent }, headers });
      if (repriced.status() !== 200) continue;
    }
    const applied = await tenant.post('/api/deals', {
      data: { propertyId: listing.id, moveInDate: setup.moveInDate, tenancyMonths: 12, occupants: setup.occupants },
      headers,
    });
    if (applied.status() !== 201) continue;
    const dealId = ((await applied.json()) as { id: string }).id;
    expect((await landlord.put(`/api/deals/${dealId}`, { data: { command: 'ACCEPT' }, headers })).status()).toBe(200);
    const link = (await (await tenant.post(`/api/deals/${dealId}/booking`, { headers })).json()) as { paymentUrl: string };
    await tenant.post(new URL(link.paymentUrl).pathname, { form: { outcome: 'pay', method: 'card', cardNumber: SIMULATOR_CARDS.succeeds } });
    await expect
      .poll(async () => ((await (await tenant.post(`/api/deals/${dealId}/verify/booking`, { headers })).json()) as { state: string }).state, {
        timeout: 15_000,
      })
      .toBe('BOOKED');
    return { dealId, listing };
  }
  throw new Error('no free rental of the demo landlord');
}

/** Uploads each document to the deal through the API; `fields` go with each document's creation. */
export async function uploadDocuments(
  tenant: APIRequestContext,
  dealId: string,
  origin: string,
  documents: { kind: string; bytes: Buffer; type: string }[],
  fields: Record<string, string> = {},
) {
  for (const { kind, bytes, type } of documents) {
    const added = await tenant.post(`/api/deals/${dealId}/documents`, { data: { kind, ...fields }, headers: { origin } });
    expect(added.status(), await added.text()).toBe(201);
    const id = ((await added.json()) as { id: string }).id;
    const uploaded = await tenant.post(`/api/documents/${id}/upload`, { data: bytes, headers: { origin, 'content-type': type } });
    expect(uploaded.status(), await uploaded.text()).toBe(200);
  }
  expect((await tenant.put(`/api/deals/${dealId}`, { data: { command: 'SUBMIT_DOCUMENTS' }, headers: { origin } })).status()).toBe(200);
}

/**
 * An APPROVED deal through the API, as the screening journey reaches it in the browser: booked (see `bookedDeal`),
 * the documents of a working adult sent, the credit check passed with consent by `person`, and the documents verified
 * by operations staff.
 */
export async function approvedDeal(
  tenant: APIRequestContext,
  landlord: APIRequestContext,
  staff: APIRequestContext,
  setup: DealSetup & { person: { name: string; email: string; phone: string } },
): Promise<{ dealId: string; listing: DemoRental }> {
  const headers = { origin: setup.origin };
  const booked = await bookedDeal(tenant, landlord, setup);
  const { dealId } = booked;
  expect((await tenant.put(`/api/deals/${dealId}/screening`, { data: { profile: 'WORKING_ADULT' }, headers })).status()).toBe(200);
  const payslip = Buffer.from('%PDF-1.4\n% Payslip October 2026\n%%EOF\n');
  const statement = pngDeclaring(8, 6);
  await uploadDocuments(tenant, dealId, setup.origin, [
    { kind: 'PAYSLIP', bytes: payslip, type: 'application/pdf' },
    ...[1, 2, 3].map(() => ({ kind: 'BANK_STATEMENT', bytes: statement, type: 'image/png' })),
  ]);
  const { name, email, phone } = setup.person;
  const submitted = await tenant.post('/api/ramci/submit', {
    data: { email, name, nric: NRIC_PASSES, phone, securityQuestions: simulatorAnswers(NRIC_PASSES.replace(/-/g, '')) },
    headers,
  });
  expect(submitted.status(), await submitted.text()).toBe(200);
  const photo = statement.toString('base64');
  const consented = await tenant.post('/api/ramci/update-consent', { data: { icFront: photo, icBack: photo, nric: NRIC_PASSES }, headers });
  expect(consented.status(), await consented.text()).toBe(200);
  expect((await tenant.post(`/api/deals/${dealId}/ramci`, { headers })).status()).toBe(200);

  const { state } = await verifyAllDocuments(staff, dealId, setup.origin);
  expect(state).toBe('APPROVED');
  return booked;
}

/** Operations staff verify every document of the deal through the API (the back office calls the same); the documents and the deal's state after. */
export async function verifyAllDocuments(
  staff: APIRequestContext,
  dealId: string,
  origin: string,
): Promise<{ documentIds: string[]; state: string }> {
  const login = await staff.post('/api/login', { data: { phoneNo: DEMO_OPERATIONS.phone, password: DEMO_OPERATIONS.password } });
  const asStaff = { origin, authorization: `Bearer ${((await login.json()) as { token: string }).token}` };
  const screening = (await (await staff.get(`/api/deals/${dealId}/screening`, { headers: asStaff })).json()) as { documents: { id: string }[] };
  const documentIds = screening.documents.map((document) => document.id);
  const verified = await staff.post(`/api/deals/${dealId}/documents/verify`, {
    data: { documents: documentIds.map((id) => ({ id, status: 'VERIFIED' })) },
    headers: asStaff,
  });
  expect(verified.status(), await verified.text()).toBe(200);
  return { documentIds, state: ((await verified.json()) as { state: string }).state };
}

/**
 * The three people of a deal journey, each in a browser of their own: a new tenant (see `newTenant`), the demo
 * landlord signed in, and a staff member not signed in yet.
 */
export async function dealParties(browser: Browser, baseURL: string, tenantSignIn: Omit<PinSignIn, 'later'> = {}) {
  const contexts = await Promise.all([0, 1, 2].map(() => browser.newContext({ baseURL })));
  const [tenant, landlord, staff] = await Promise.all(contexts.map((context) => context.newPage()));
  const tenantPhone = await newTenant(tenant!, tenantSignIn);
  await signIn(landlord!, DEMO_LANDLORD.phone, DEMO_LANDLORD.password);
  return { tenant: tenant!, tenantPhone, landlord: landlord!, staff: staff!, close: () => Promise.all(contexts.map((context) => context.close())) };
}

/** Signs in with a password, as a returning user does. */
export async function signIn(page: Page, phone: string, password: string) {
  await page.goto('/login?mode=password');
  await page.getByLabel('Mobile number').fill(phone);
  await page.getByLabel('Password').fill(password);
  await page.getByRole('button', { name: 'Log in', exact: true }).click();
  await expect(page).toHaveURL(/\/dashboard$/);
}

/**
 * A tenant and a landlord in two browsers. With PostgreSQL and Redis (CI's second pass) the landlord is on the second
 * server instance (E2E_SECOND_URL), so everything between them crosses instances through Redis.
 */
export async function tenantAndLandlord(browser: Browser, baseURL: string) {
  const landlordBase = process.env['E2E_SECOND_URL'] ?? baseURL;
  const landlordContext = await browser.newContext({ baseURL: landlordBase });
  const tenantContext = await browser.newContext({ baseURL });
  return {
    landlordBase,
    landlordContext,
    tenantContext,
    landlord: await landlordContext.newPage(),
    tenant: await tenantContext.newPage(),
  };
}

/** axe on the page as it is now: no serious or critical violations, each named with its elements. */
export async function expectNoSeriousAxeViolations(page: Page) {
  const results = await new AxeBuilder({ page }).analyze();
  const serious = results.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
  expect(serious.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual([]);
}

/** A modal sits in the middle of the window (the browser's centring survives our reset styles). */
export async function expectCentred(page: Page, locator: Locator) {
  const box = (await locator.boundingBox())!;
  const { width, height } = page.viewportSize()!;
  expect(Math.abs(box.x + box.width / 2 - width / 2)).toBeLessThan(2);
  expect(Math.abs(box.y + box.height / 2 - height / 2)).toBeLessThan(2);
}
