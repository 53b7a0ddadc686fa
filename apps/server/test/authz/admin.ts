import { and, eq, ne } from 'drizzle-orm';
import { landmarks, listingReports, properties, sessions, staffConfirmations, users } from '@kunci/db/schema';
import { tokenHash } from '../../src/lib/sessions.repository.ts';
import { STAFF_PERSONAS, moderatorOnly, signedIn, staffOnly, type Context, type Fixture, type Row } from '../authorization-matrix.ts';
import { matrixDeal } from '../deal-fixtures.ts';
import { bearer, freshPhone, type TestApp } from '../support.ts';

/** Marks a staff session as having confirmed with a PIN just now (the matrix's staff are at work). */
export async function confirmStaffSession(t: TestApp, token: string): Promise<void> {
  const [session] = await t.database.db
    .select({ id: sessions.id })
    .from(sessions)
    .where(eq(sessions.tokenHash, tokenHash(token)));
  await t.database.db.insert(staffConfirmations).values({ sessionId: session!.id, confirmedAt: new Date() });
}

/** A fresh ordinary user (to ban, restrict or promote). */
async function someone(t: TestApp): Promise<Fixture> {
  const [row] = await t.database.db.insert(users).values({ phoneNumber: freshPhone(), name: 'Reported Person' }).returning({ id: users.id });
  return { id: row!.id };
}
/** A fresh open report of the live listing, by a fresh user. */
async function openReport(t: TestApp, c: Context): Promise<Fixture> {
  const { id: reporterId } = await someone(t);
  const [row] = await t.database.db
    .insert(listingReports)
    .values({ propertyId: c.listingId, reporterId: String(reporterId), reason: 'WRONG_INFORMATION', note: 'matrix' })
    .returning({ id: listingReports.id });
  return { id: row!.id };
}
/** A live listing of someone other than the owner persona (rows before may have given the owner the matrix's own). */
async function someoneElsesListing(t: TestApp, c: Context): Promise<Fixture> {
  const [row] = await t.database.db
    .select({ id: properties.id })
    .from(properties)
    .where(and(eq(properties.reviewStatus, 'APPROVED'), ne(properties.ownerId, c.owner.id), ne(properties.id, c.listingId)))
    .limit(1);
  await t.database.db
    .update(properties)
    .set({ status: 'ACTIVE', active: true, expiresAt: new Date(Date.now() + 86_400_000) })
    .where(eq(properties.id, row!.id));
  return { id: row!.id };
}
/** A fresh building in the live listing's area. */
async function building(t: TestApp, c: Context): Promise<Fixture> {
  void c;
  const [row] = await t.database.db
    .insert(landmarks)
    .values({
      areaId: 2,
      name: `Matrix Residence ${freshPhone()}`,
      address: 'Jalan Matrix',
      postcode: '59100',
      listingType: 'HIGHRISE',
      lat: 3.13,
      lng: 101.67,
    })
    .returning({ id: landmarks.id });
  return { id: row!.id };
}
/** A deal in screening of which the owner persona is the tenant, with an uploaded payslip. */
async function dealWithDocument(t: TestApp, c: Context): Promise<Fixture> {
  const { id } = await matrixDeal(t, c.owner.id, 'TENANT', 'SCREENING');
  const headers = bearer(c.owner.token);
  const added = await t.app.inject({ method: 'POST', url: `/api/deals/${id}/documents`, payload: { kind: 'PAYSLIP' }, headers });
  const documentId = (added.json() as { id: string }).id;
  await t.app.inject({
    method: 'POST',
    url: `/api/documents/${documentId}/upload`,
    payload: Buffer.from('%PDF-1.4\nmatrix\n'),
    headers: { ...headers, 'content-type': 'application/pdf' },
  });
  return { id, documentId };
}
const BUILDING = {
  name: 'Residensi Matrix',
  address: 'Jalan Telawi, Bangsar',
  postcode: '59100',
  areaSlug: 'bangsar',
  listingType: 'HIGHRISE',
  lat: 3.13,
  lng: 101.67,
  verified: false,
};

/** Authorization matrix rows for the admin area's routes (see ../authorization-matrix.ts for the personas and helpers). */
export const adminRows: Row[] = [
  { route: 'GET /api/admin/me', request: () => ({ url: '/api/admin/me' }), expect: staffOnly(STAFF_PERSONAS, 200) },
  {
    route: 'POST /api/admin/confirm/pin',
    request: () => ({ method: 'POST', url: '/api/admin/confirm/pin' }),
    expect: staffOnly(STAFF_PERSONAS, 200),
  },
  // A wrong PIN: past authorization it is refused as such (401 WRONG_PIN), which proves staff got through.
  {
    route: 'POST /api/admin/confirm',
    request: () => ({ method: 'POST', url: '/api/admin/confirm', payload: { pin: '000000' } }),
    expect: staffOnly(STAFF_PERSONAS, 401),
  },
  { route: 'GET /api/admin/dashboard', request: () => ({ url: '/api/admin/dashboard' }), expect: staffOnly(STAFF_PERSONAS, 200) },
  { route: 'GET /api/admin/reports', request: () => ({ url: '/api/admin/reports?status=all' }), expect: moderatorOnly(200) },
  {
    route: 'GET /api/admin/reports/{kind}/{id}',
    setup: openReport,
    request: (_c, f) => ({ url: `/api/admin/reports/LISTING/${f['id']}` }),
    expect: moderatorOnly(200),
  },
  {
    route: 'POST /api/admin/reports/{kind}/{id}/decision',
    setup: openReport,
    request: (_c, f) => ({
      method: 'POST',
      url: `/api/admin/reports/LISTING/${f['id']}/decision`,
      payload: { outcome: 'DISMISSED', reason: 'Checked: the facts are right' },
    }),
    expect: moderatorOnly(200),
  },
  { route: 'GET /api/admin/users', request: () => ({ url: '/api/admin/users?q=owner' }), expect: moderatorOnly(200) },
  { route: 'GET /api/admin/users/{id}', request: (c) => ({ url: `/api/admin/users/${c.owner.id}` }), expect: moderatorOnly(200) },
  {
    route: 'POST /api/admin/users/{id}/status',
    setup: someone,
    request: (_c, f) => ({ method: 'POST', url: `/api/admin/users/${f['id']}/status`, payload: { status: 'restricted', reason: 'Matrix check' } }),
    expect: moderatorOnly(200),
  },
  {
    route: 'POST /api/admin/users/{id}/role',
    setup: someone,
    request: (_c, f) => ({ method: 'POST', url: `/api/admin/users/${f['id']}/role`, payload: { role: 'editor', reason: 'Joins the content team' } }),
    expect: staffOnly(['admin'], 200),
  },
  { route: 'GET /api/admin/listings', request: () => ({ url: '/api/admin/listings?view=all' }), expect: moderatorOnly(200) },
  {
    route: 'GET /api/admin/listings/{id}/history',
    request: (c) => ({ url: `/api/admin/listings/${c.listingId}/history` }),
    expect: moderatorOnly(200),
  },
  { route: 'GET /api/admin/audit', request: () => ({ url: '/api/admin/audit' }), expect: staffOnly(['moderator', 'operations'], 200) },
  { route: 'GET /api/admin/buildings', request: () => ({ url: '/api/admin/buildings?q=a' }), expect: moderatorOnly(200) },
  {
    route: 'POST /api/admin/buildings',
    request: () => ({ method: 'POST', url: '/api/admin/buildings', payload: { ...BUILDING, name: `Residensi Matrix ${freshPhone()}` } }),
    expect: moderatorOnly(201),
  },
  {
    route: 'PUT /api/admin/buildings/{id}',
    setup: building,
    request: (_c, f) => ({ method: 'PUT', url: `/api/admin/buildings/${f['id']}`, payload: { ...BUILDING, verified: true } }),
    expect: moderatorOnly(200),
  },
  {
    route: 'POST /api/admin/buildings/{id}/merge',
    setup: async (t, c) => ({ id: (await building(t, c))['id']!, duplicateId: (await building(t, c))['id']! }),
    request: (_c, f) => ({
      method: 'POST',
      url: `/api/admin/buildings/${f['id']}/merge`,
      payload: { duplicateId: Number(f['duplicateId']), reason: 'Same tower spelt twice' },
    }),
    expect: moderatorOnly(200),
  },
  {
    route: 'POST /api/properties/{id}/reports',
    setup: someoneElsesListing,
    request: (_c, f) => ({ method: 'POST', url: `/api/properties/${f['id']}/reports`, payload: { reason: 'SCAM', note: 'matrix' } }),
    expect: signedIn(201),
  },
  { route: 'GET /api/reports/mine', request: () => ({ url: '/api/reports/mine' }), expect: signedIn(200) },
  // Deals: operations (and admins) only; moderators and editors never see deals or their documents.
  { route: 'GET /api/admin/deals', request: () => ({ url: '/api/admin/deals?q=a' }), expect: staffOnly(['operations'], 200) },
  {
    route: 'GET /api/admin/deals/{id}',
    setup: async (t, c) => ({ id: (await matrixDeal(t, c.owner.id, 'TENANT', 'BOOKED')).id }),
    request: (_c, f) => ({ url: `/api/admin/deals/${f['id']}` }),
    expect: staffOnly(['operations'], 200),
  },
  {
    route: 'POST /api/admin/deals/{id}/documents/{documentId}/view',
    setup: dealWithDocument,
    request: (_c, f) => ({ method: 'POST', url: `/api/admin/deals/${f['id']}/documents/${f['documentId']}/view` }),
    expect: staffOnly(['operations'], 200),
  },
  {
    route: 'POST /api/admin/deals/{id}/verify',
    setup: dealWithDocument,
    request: (_c, f) => ({
      method: 'POST',
      url: `/api/admin/deals/${f['id']}/verify`,
      payload: { documents: [{ id: f['documentId'], status: 'REJECTED', reason: 'The payslip is unreadable' }] },
    }),
    expect: staffOnly(['operations'], 200),
  },
  // A deal written directly holds nothing on the ledger: past authorization the refund is refused as too large.
  {
    route: 'POST /api/admin/deals/{id}/refund',
    setup: async (t, c) => ({ id: (await matrixDeal(t, c.owner.id, 'TENANT', 'BOOKED')).id }),
    request: (_c, f) => ({ method: 'POST', url: `/api/admin/deals/${f['id']}/refund`, payload: { amountSen: 100, reason: 'Matrix check' } }),
    expect: staffOnly(['operations'], 409),
  },
];
