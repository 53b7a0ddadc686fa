import { eq } from 'drizzle-orm';
import { creditChecks, marketPriceJustifications, properties } from '@kunci/db/schema';
import { pngDeclaring } from '@kunci/media/test-images';
import { matrixDeal } from '../../src/features/deals/test-helpers.ts';
import { simulatorAnswers } from '../../src/features/screening/credit-bureau.ts';
import { everyone, selfOnly, signedIn, staffOnly, type Context, type Fixture, type Persona, type Row } from '../authorization-matrix.ts';
import { bearer, type TestApp } from '../support.ts';

/** Staff who verify screening documents and read them through signed reads: operations (admin holds every role), not moderators. */
const SCREENING_STAFF = ['operations'] as const;
/** The owner's own, or screening staff. */
const selfOrScreeningStaff = (status: number): Record<Persona, number> => ({ ...staffOnly(SCREENING_STAFF, status), owner: status });

const PDF = Buffer.from('%PDF-1.4\n% matrix\n');
const PNG = pngDeclaring(4, 4);
/** The simulator's NRIC whose credit report passes (README, "Configuration"). */
const NRIC = '900101-14-5567';
const answers = simulatorAnswers('900101145567');
const ramci = { email: 'owner@example.my', name: 'Matrix Owner', nric: NRIC, phone: '+60123456789', securityQuestions: answers };

/** A document of the owner's booked deal (as its tenant), its file uploaded when asked. */
async function ownDocument(t: TestApp, c: Context, uploaded: boolean): Promise<Fixture> {
  const { id: dealId } = await matrixDeal(t, c.owner.id, 'TENANT', 'BOOKED');
  const headers = bearer(c.owner.token);
  const added = await t.app.inject({ method: 'POST', url: `/api/deals/${dealId}/documents`, payload: { kind: 'PAYSLIP' }, headers });
  const id = (added.json() as { id: string }).id;
  if (uploaded) {
    await t.app.inject({
      method: 'POST',
      url: `/api/documents/${id}/upload`,
      payload: PDF,
      headers: { ...headers, 'content-type': 'application/pdf' },
    });
  }
  return { id };
}

/** The owner's credit check, passed (questions answered, IC photos sent): the id of their IC front photo. */
async function ownCreditCheck(t: TestApp, c: Context): Promise<Fixture> {
  const headers = bearer(c.owner.token);
  await t.database.db.delete(creditChecks).where(eq(creditChecks.userId, c.owner.id));
  await t.app.inject({ method: 'POST', url: '/api/ramci/submit', payload: ramci, headers });
  const image = PNG.toString('base64');
  await t.app.inject({ method: 'POST', url: '/api/ramci/update-consent', payload: { icFront: image, icBack: image, nric: NRIC }, headers });
  const [check] = await t.database.db.select({ icFrontId: creditChecks.icFrontId }).from(creditChecks).where(eq(creditChecks.userId, c.owner.id));
  return { id: check!.icFrontId! };
}

/** A pending zero-deposit justification of the owner's, with one supporting file. */
async function ownJustification(t: TestApp, c: Context): Promise<Fixture> {
  const sent = await t.app.inject({
    method: 'POST',
    url: '/api/v3/zero-deposit-justifications',
    payload: {
      reason: 'A new job since October: the offer letter is attached.',
      files: [{ contentType: 'application/pdf', data: PDF.toString('base64') }],
    },
    headers: bearer(c.owner.token),
  });
  return { id: (sent.json() as { id: string }).id };
}

/** A pending market-price justification of the owner's listing, stored directly (the API's own row shows the check against comparable rents). */
async function ownMarketPriceJustification(t: TestApp, c: Context): Promise<Fixture> {
  const { propertyId } = await matrixDeal(t, c.owner.id, 'LANDLORD', 'CANCELLED');
  const [row] = await t.database.db
    .insert(marketPriceJustifications)
    .values({
      propertyId,
      ownerId: c.owner.id,
      reason: 'Penthouse with a private pool, renovated in 2025.',
      rent: 9000,
      comparableRent: 4000,
      comparables: 12,
    })
    .returning({ id: marketPriceJustifications.id });
  return { id: row!.id };
}

/** Authorization matrix rows for the screening area's routes (see ../authorization-matrix.ts for the personas and helpers). */
export const screeningRows: Row[] = [
  {
    route: 'GET /api/deals/{id}/screening',
    setup: (t, c) => matrixDeal(t, c.owner.id, 'TENANT', 'BOOKED'),
    request: (_c, f) => ({ url: `/api/deals/${f['id']}/screening` }),
    expect: selfOrScreeningStaff(200),
  },
  {
    route: 'PUT /api/deals/{id}/screening',
    setup: (t, c) => matrixDeal(t, c.owner.id, 'TENANT', 'BOOKED'),
    request: (_c, f) => ({ method: 'PUT', url: `/api/deals/${f['id']}/screening`, payload: { profile: 'WORKING_ADULT' } }),
    expect: selfOnly(200),
  },
  {
    route: 'POST /api/deals/{id}/documents',
    setup: (t, c) => matrixDeal(t, c.owner.id, 'TENANT', 'BOOKED'),
    request: (_c, f) => ({ method: 'POST', url: `/api/deals/${f['id']}/documents`, payload: { kind: 'PAYSLIP' } }),
    expect: selfOnly(201),
  },
  {
    route: 'POST /api/deals/{id}/documents/verify',
    setup: (t, c) => matrixDeal(t, c.owner.id, 'TENANT', 'SCREENING'),
    request: (_c, f) => ({ method: 'POST', url: `/api/deals/${f['id']}/documents/verify`, payload: { decision: 'APPROVED' } }),
    expect: staffOnly(SCREENING_STAFF, 200),
  },
  { route: 'GET /api/documents/users/{userId}', request: (c) => ({ url: `/api/documents/users/${c.owner.id}` }), expect: selfOrScreeningStaff(200) },
  {
    route: 'POST /api/documents/{id}/upload',
    setup: (t, c) => ownDocument(t, c, false),
    request: (_c, f) => ({ method: 'POST', url: `/api/documents/${f['id']}/upload`, payload: PDF, headers: { 'content-type': 'application/pdf' } }),
    expect: selfOnly(200),
  },
  {
    // Staff read only through a signed read made for them (screening.routes.test.ts): a bare read is refused.
    route: 'GET /api/documents/{id}/file',
    setup: (t, c) => ownDocument(t, c, true),
    request: (_c, f) => ({ url: `/api/documents/${f['id']}/file` }),
    expect: selfOnly(200),
  },
  {
    route: 'GET /api/private-files/{id}',
    setup: ownCreditCheck,
    request: (_c, f) => ({ url: `/api/private-files/${f['id']}` }),
    expect: selfOnly(200),
  },
  { route: 'GET /api/ramci/questions', request: () => ({ url: '/api/ramci/questions' }), expect: signedIn(200) },
  {
    // A check with the bureau's result stands (409), so each caller starts afresh.
    route: 'POST /api/ramci/submit',
    setup: async (t) => {
      await t.database.db.delete(creditChecks);
      return {};
    },
    request: () => ({ method: 'POST', url: '/api/ramci/submit', payload: ramci }),
    expect: signedIn(200),
  },
  {
    // The owner answered the questions; nobody else did (409: answer first).
    route: 'POST /api/ramci/update-consent',
    setup: async (t, c) => {
      await t.database.db.delete(creditChecks);
      await t.app.inject({ method: 'POST', url: '/api/ramci/submit', payload: ramci, headers: bearer(c.owner.token) });
      return {};
    },
    request: () => ({
      method: 'POST',
      url: '/api/ramci/update-consent',
      payload: { icFront: PNG.toString('base64'), icBack: PNG.toString('base64'), nric: NRIC },
    }),
    expect: { ...signedIn(409), owner: 200 },
  },
  { route: 'GET /api/ramci/status', request: () => ({ url: '/api/ramci/status' }), expect: signedIn(200) },
  {
    route: 'POST /api/deals/{id}/ramci',
    setup: async (t, c) => {
      const deal = await matrixDeal(t, c.owner.id, 'TENANT', 'BOOKED');
      const headers = bearer(c.owner.token);
      await t.app.inject({ method: 'PUT', url: `/api/deals/${deal.id}/screening`, payload: { profile: 'WORKING_ADULT' }, headers });
      await ownCreditCheck(t, c);
      return deal;
    },
    request: (_c, f) => ({ method: 'POST', url: `/api/deals/${f['id']}/ramci` }),
    expect: selfOnly(200),
  },
  {
    route: 'POST /api/v3/zero-deposit-justifications',
    request: () => ({
      method: 'POST',
      url: '/api/v3/zero-deposit-justifications',
      payload: {
        reason: 'A new job since October: the offer letter is attached.',
        files: [{ contentType: 'application/pdf', data: PDF.toString('base64') }],
      },
    }),
    expect: signedIn(201),
  },
  {
    // The owner's listing at a rent far above any comparable one.
    route: 'POST /api/v3/market-price-justifications',
    setup: async (t, c) => {
      const { propertyId } = await matrixDeal(t, c.owner.id, 'LANDLORD', 'CANCELLED');
      await t.database.db.update(properties).set({ price: 90_000 }).where(eq(properties.id, propertyId));
      return { propertyId };
    },
    request: (_c, f) => ({
      method: 'POST',
      url: '/api/v3/market-price-justifications',
      payload: { propertyId: f['propertyId'], reason: 'Penthouse with a private pool, renovated in 2025.' },
    }),
    expect: selfOnly(201),
  },
  {
    route: 'GET /api/admin/screening/justifications',
    setup: ownJustification,
    request: () => ({ url: '/api/admin/screening/justifications?pageSize=5' }),
    expect: staffOnly(['operations'], 200),
  },
  {
    // Operations decide (their matrix session confirmed a PIN just now; the 428 of an old one is in justifications.routes.test.ts).
    route: 'POST /api/admin/screening/justifications/{id}/decision',
    setup: ownJustification,
    request: (_c, f) => ({
      method: 'POST',
      url: `/api/admin/screening/justifications/${f['id']}/decision`,
      payload: { status: 'REFUSED', note: 'The offer letter does not show the salary.' },
    }),
    expect: staffOnly(['operations'], 200),
  },
  {
    route: 'GET /api/admin/screening/market-price-justifications',
    setup: ownMarketPriceJustification,
    request: () => ({ url: '/api/admin/screening/market-price-justifications?pageSize=5' }),
    expect: staffOnly(['operations'], 200),
  },
  {
    route: 'POST /api/admin/screening/market-price-justifications/{id}/decision',
    setup: ownMarketPriceJustification,
    request: (_c, f) => ({
      method: 'POST',
      url: `/api/admin/screening/market-price-justifications/${f['id']}/decision`,
      payload: { status: 'ACCEPTED', note: 'The pool and the renovation justify the rent.' },
    }),
    expect: staffOnly(['operations'], 200),
  },
  {
    route: 'GET /api/v3/market-price-justifications/property/{id}',
    request: (c) => ({ url: `/api/v3/market-price-justifications/property/${c.listingId}` }),
    expect: everyone(200),
  },
];
