import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { appointments, chatConversations, favourites, landmarks, properties, users } from '@kunci/db/schema';
import { tinyMp4 } from '@kunci/media/test-videos';
import { createSessionsRepository } from './lib/sessions.repository.ts';
import { bearer, createTestApp, freshPhone, type TestApp } from '../test/support.ts';
import { condoInput, photoWithGps, upload } from './features/listing-management/test-helpers.ts';
import { SIGNATURE_HEADER, signWebhook } from './features/payments/simulator.ts';
import { matrixDeal } from './features/deals/test-helpers.ts';
import {
  PERSONAS,
  STAFF_PERSONAS,
  everyone,
  except,
  moderatorOnly,
  selfOnly,
  selfOrModerator,
  selfOrOperations,
  signedIn,
  staffOnly,
  type Context,
  type Fixture,
  type Persona,
  type Row,
} from '../test/authorization-matrix.ts';
import { screeningRows } from '../test/authz/screening.ts';
import { agreementsRows } from '../test/authz/agreements.ts';
import { adminRows, confirmStaffSession } from '../test/authz/admin.ts';
import { servicesRows } from '../test/authz/services.ts';
import { contentRows } from '../test/authz/content.ts';
import { growthRows } from '../test/authz/growth.ts';
import { notificationsRows } from '../test/authz/notifications.ts';
import { performanceRows } from '../test/authz/performance.ts';

/**
 * The authorization matrix: every API route, called as each kind of caller, with the answer expected.
 * A route that exists but is missing here fails the first test, so each new route must be added.
 */

/** A draft listing of the owner's, made through the API as the owner would. */
async function ownedListing(t: TestApp, c: Context, submit = false): Promise<Fixture> {
  const headers = bearer(c.owner.token);
  const created = await t.app.inject({ method: 'POST', url: '/api/properties', payload: condoInput(), headers });
  const id = (created.json() as { id: number }).id;
  if (submit) await t.app.inject({ method: 'POST', url: `/api/properties/${id}/activate`, headers });
  return { id };
}
async function withPhoto(t: TestApp, c: Context): Promise<Fixture> {
  const { id } = await ownedListing(t, c);
  const headers = bearer(c.owner.token);
  const { mediaId } = await upload(t.app, headers, Number(id), 'p.jpg', await photoWithGps());
  const res = await t.app.inject({ method: 'POST', url: `/api/properties/${id}/images`, payload: { mediaId }, headers });
  return { id: id!, imageId: (res.json() as { images: { id: number }[] }).images[0]!.id };
}
const PAYMENT_SIMULATOR_SECRET = 'matrix-simulator-secret-'.padEnd(40, 'x');
/** A signed simulator webhook saying a payment succeeded. */
function signedPaymentWebhook(paymentId: string) {
  const body = JSON.stringify({ id: `evt_matrix_${paymentId}`, type: 'payment.succeeded', created: 1, data: { paymentId, method: 'card' } });
  return {
    method: 'POST' as const,
    url: '/api/payments/webhooks/simulator',
    payload: body as unknown as object,
    headers: { 'content-type': 'application/json', [SIGNATURE_HEADER]: signWebhook(PAYMENT_SIMULATOR_SECRET, body) },
  };
}
/** A payment of the owner's on the simulator, paid when asked (through its signed webhook). */
async function ownPayment(t: TestApp, c: Context, paid: boolean): Promise<Fixture> {
  const { paymentId } = await t.app.payments.createPayment({
    purpose: 'TEST',
    referenceId: 'matrix',
    payerId: c.owner.id,
    amountSen: 10_000,
    description: 'Matrix payment',
    language: 'en',
    returnPath: '/dashboard',
  });
  if (paid) await t.app.inject(signedPaymentWebhook(paymentId));
  return { id: paymentId };
}
const CHAT_NEEDS = { moveInDate: '2026-12-01', budget: 2000, tenancyDuration: 12, reasonForMoving: 'NEAR_WORK' };
/** The owner's conversation about the live listing (as its tenant). */
async function ownConversation(t: TestApp, c: Context): Promise<Fixture> {
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/chat-conversations',
    payload: { propertyId: c.listingId, ...CHAT_NEEDS },
    headers: bearer(c.owner.token),
  });
  return { id: (res.json() as { id: number }).id };
}
/** A viewing of the owner's (as tenant) on a free slot; any earlier one of that conversation is cancelled first. */
async function ownViewing(t: TestApp, c: Context): Promise<Fixture> {
  const { id: conversationId } = await ownConversation(t, c);
  await t.database.db
    .update(appointments)
    .set({ status: 'CANCELLED' })
    .where(eq(appointments.conversationId, Number(conversationId)));
  const free = (
    (await t.app.inject({ url: `/api/appointments/timeslot/${c.listingId}` })).json() as { days: { slots: { startsAt: string }[] }[] }
  ).days
    .flatMap((d) => d.slots)
    .map((s) => s.startsAt);
  const booked = await t.app.inject({
    method: 'POST',
    url: '/api/appointments',
    payload: { conversationId, startsAt: free[0] },
    headers: bearer(c.owner.token),
  });
  return { id: (booked.json() as { id: number }).id, conversationId: conversationId!, next: free[1]!, free: free[2]! };
}
/** A live rental of the owner's next to the demo listing, and a tenant who asked about a home there with a fitting budget. */
async function listingWithSeeker(t: TestApp, c: Context): Promise<Fixture> {
  const db = t.database.db;
  const [near] = await db.select().from(properties).where(eq(properties.id, c.listingId));
  const { id } = await ownedListing(t, c);
  await db
    .update(properties)
    .set({
      areaId: near!.areaId,
      lat: near!.lat,
      lng: near!.lng,
      price: 1000,
      type: 'HIGHRISE',
      status: 'ACTIVE',
      active: true,
      reviewStatus: 'APPROVED',
      expiresAt: new Date(Date.now() + 86_400_000),
    })
    .where(eq(properties.id, Number(id)));
  const [seeker] = await db.insert(users).values({ phoneNumber: freshPhone(), name: 'Seeker Tan' }).returning();
  await db.insert(chatConversations).values({
    propertyId: c.listingId,
    tenantId: seeker!.id,
    landlordId: near!.ownerId,
    moveInDate: new Date(Date.now() + 20 * 86_400_000).toISOString().slice(0, 10),
    budget: 3000,
    tenancyMonths: 12,
    reason: 'NEAR_WORK',
  });
  return { id: id!, tenantId: seeker!.id };
}
/** A viewing a new tenant booked of a live listing of the owner's (the owner is its landlord). */
async function viewingOfOwnListing(t: TestApp, c: Context): Promise<Fixture> {
  const { id: propertyId } = await listingWithSeeker(t, c);
  const [tenant] = await t.database.db.insert(users).values({ phoneNumber: freshPhone(), name: 'Tenant Lim' }).returning();
  const headers = bearer(await createSessionsRepository(t.database.db).create(tenant!.id, 'pin', 'web-matrix', 1));
  const opened = await t.app.inject({ method: 'POST', url: '/api/chat-conversations', payload: { propertyId, ...CHAT_NEEDS }, headers });
  const slots = (await t.app.inject({ url: `/api/appointments/timeslot/${propertyId}` })).json() as { days: { slots: { startsAt: string }[] }[] };
  const booked = await t.app.inject({
    method: 'POST',
    url: '/api/appointments',
    payload: { conversationId: (opened.json() as { id: number }).id, startsAt: slots.days[0]!.slots[0]!.startsAt },
    headers,
  });
  return { id: (booked.json() as { id: number }).id };
}
/** The owner's favourite (the live listing), saved afresh. */
async function ownFavourite(t: TestApp, c: Context): Promise<Fixture> {
  await t.database.db.insert(favourites).values({ userId: c.owner.id, propertyId: c.listingId }).onConflictDoNothing();
  return {};
}
const MP4 = tinyMp4();

const MATRIX: Row[] = [
  { route: 'GET /api/health', request: () => ({ url: '/api/health' }), expect: everyone(200) },
  { route: 'GET /api/ready', request: () => ({ url: '/api/ready' }), expect: everyone(200) },
  { route: 'GET /api/areas', request: () => ({ url: '/api/areas' }), expect: everyone(200) },
  { route: 'GET /api/property-types', request: () => ({ url: '/api/property-types' }), expect: everyone(200) },
  { route: 'GET /api/countries', request: () => ({ url: '/api/countries' }), expect: everyone(200) },
  { route: 'GET /api/postcodes/{postcode}', request: () => ({ url: '/api/postcodes/59100' }), expect: everyone(200) },
  { route: 'GET /api/properties/search', request: () => ({ url: '/api/properties/search' }), expect: everyone(200) },
  {
    route: 'POST /api/properties/search',
    request: () => ({ method: 'POST', url: '/api/properties/search', payload: { loc: 'bangsar' } }),
    expect: everyone(200),
  },
  { route: 'GET /api/properties/{id}/content', request: (c) => ({ url: `/api/properties/${c.listingId}/content` }), expect: everyone(200) },
  {
    route: 'POST /api/properties/{id}/actionLog',
    request: (c) => ({
      method: 'POST',
      url: `/api/properties/${c.listingId}/actionLog`,
      payload: { action: 'VIEW' },
      headers: { 'x-visitor-id': 'matrix' },
    }),
    expect: everyone(200),
  },
  {
    route: 'GET /api/properties/recommend/smart',
    request: () => ({ url: '/api/properties/recommend/smart', headers: { 'x-visitor-id': 'matrix' } }),
    expect: everyone(200),
  },
  {
    route: 'POST /api/recommended/popular/areas',
    request: () => ({ method: 'POST', url: '/api/recommended/popular/areas', payload: {} }),
    expect: everyone(200),
  },
  { route: 'GET /api/sitemap/listings', request: () => ({ url: '/api/sitemap/listings' }), expect: everyone(200) },
  { route: 'GET /api/sitemap/pages', request: () => ({ url: '/api/sitemap/pages' }), expect: everyone(200) },
  {
    route: 'POST /api/properties/similar',
    request: (c) => ({ method: 'POST', url: '/api/properties/similar', payload: {}, headers: { 'x-source-ref': String(c.listingId) } }),
    expect: everyone(200),
  },
  {
    route: 'POST /api/properties/search/name/autocomplete',
    request: () => ({ method: 'POST', url: '/api/properties/search/name/autocomplete', payload: { keywords: 'bang' } }),
    expect: everyone(200),
  },
  { route: 'GET /api/properties/{id}', request: (c) => ({ url: `/api/properties/${c.listingId}` }), expect: everyone(200) },
  { route: 'GET /api/properties/{id} (not live)', request: (c) => ({ url: `/api/properties/${c.goneListingId}` }), expect: everyone(410) },
  {
    route: 'POST /api/pin/request',
    request: () => ({ method: 'POST', url: '/api/pin/request', payload: { phoneNo: freshPhone() } }),
    expect: everyone(200),
  },
  {
    route: 'POST /api/pin/pre-check',
    request: (c) => ({ method: 'POST', url: '/api/pin/pre-check', payload: { phoneNo: c.owner.phone } }),
    expect: everyone(200),
  },
  {
    route: 'POST /api/pin/verify',
    request: (c) => ({ method: 'POST', url: '/api/pin/verify', payload: { phoneNo: c.owner.phone, pin: '000000' } }),
    expect: everyone(401),
  },
  {
    route: 'POST /api/login',
    request: (c) => ({ method: 'POST', url: '/api/login', payload: { phoneNo: c.owner.phone, password: 'not-the-password' } }),
    expect: everyone(401),
  },
  {
    route: 'POST /api/logout',
    request: () => ({ method: 'POST', url: '/api/logout' }),
    expect: except(signedIn(204), { banned: 204 }),
  },
  {
    route: 'POST /api/users/reset-password/by-phone/{phone}',
    request: (c) => ({ method: 'POST', url: `/api/users/reset-password/by-phone/${encodeURIComponent(c.owner.phone)}` }),
    expect: everyone(200),
  },
  {
    route: 'POST /api/users/{id}/reset-password',
    // A new password ends the owner's other sessions: the rows after this one get a fresh owner token.
    setup: async (t, c) => {
      c.owner.token = await createSessionsRepository(t.database.db).create(c.owner.id, 'pin', 'web-matrix', 1);
      return {};
    },
    request: (c) => ({ method: 'POST', url: `/api/users/${c.owner.id}/reset-password`, payload: { password: 'a-new-password-1' } }),
    expect: selfOnly(204),
  },
  { route: 'GET /api/users/profile', request: () => ({ url: '/api/users/profile' }), expect: signedIn(200) },
  { route: 'GET /api/users/{id}', request: (c) => ({ url: `/api/users/${c.owner.id}` }), expect: selfOrModerator(200) },
  {
    route: 'PUT /api/users/{id}',
    request: (c) => ({ method: 'PUT', url: `/api/users/${c.owner.id}`, payload: { language: 'ZH' } }),
    expect: selfOnly(200),
  },
  { route: 'GET /api/users/{id}/profile', request: (c) => ({ url: `/api/users/${c.owner.id}/profile` }), expect: selfOrModerator(200) },
  {
    route: 'PUT /api/users/{id}/profile',
    request: (c) => ({ method: 'PUT', url: `/api/users/${c.owner.id}/profile`, payload: { name: "Nur 'Aina" } }),
    expect: selfOnly(200),
  },
  {
    route: 'POST /api/users/{id}/profile',
    request: (c) => ({ method: 'POST', url: `/api/users/${c.owner.id}/profile`, payload: { userType: 2 } }),
    expect: selfOnly(200),
  },
  { route: 'GET /api/users/{id}/profile/view', request: (c) => ({ url: `/api/users/${c.owner.id}/profile/view` }), expect: everyone(200) },
  { route: 'GET /api/v3/user/{id}/profile', request: (c) => ({ url: `/api/v3/user/${c.owner.id}/profile` }), expect: selfOnly(200) },
  { route: 'GET /api/users/{id}/dashboard', request: (c) => ({ url: `/api/users/${c.owner.id}/dashboard` }), expect: selfOnly(200) },
  {
    route: 'POST /api/v3/user/{id}/profile',
    request: (c) => ({ method: 'POST', url: `/api/v3/user/${c.owner.id}/profile`, payload: { userAttributes: { monthly_salary: 5200 } } }),
    expect: selfOnly(200),
  },
  { route: 'GET /api/dev/outbox (demo mode, from this machine)', request: () => ({ url: '/api/dev/outbox' }), expect: everyone(200) },
  {
    route: 'GET /api/dev/outbox (demo mode, a visitor from elsewhere through a proxy here)',
    request: () => ({ url: '/api/dev/outbox', headers: { 'x-forwarded-for': '203.0.113.9' } }),
    expect: everyone(404),
  },
  { route: 'GET /api/auth/providers', request: () => ({ url: '/api/auth/providers' }), expect: everyone(200) },
  // No picture at all: past authorization it is refused as such (422), which proves the caller got through.
  {
    route: 'PUT /api/users/{id}/avatar',
    request: (c) => ({ method: 'PUT', url: `/api/users/${c.owner.id}/avatar`, payload: { not: 'an image' } }),
    expect: selfOnly(422),
  },
  {
    route: 'POST /api/users/track',
    request: (c) => ({ method: 'POST', url: '/api/users/track', payload: { id: c.owner.id, attr: { utm_source: 'newsletter' } } }),
    expect: selfOnly(204),
  },
  {
    route: 'POST /api/v3/user/work-email-verification/request-otp/{id}',
    request: (c) => ({
      method: 'POST',
      url: `/api/v3/user/work-email-verification/request-otp/${c.owner.id}`,
      payload: { email: `hr${Math.random().toString(36).slice(2, 8)}@company.my` },
    }),
    expect: selfOnly(200),
  },
  {
    route: 'POST /api/v3/user/work-email-verification/verify/{id}',
    request: (c) => ({
      method: 'POST',
      url: `/api/v3/user/work-email-verification/verify/${c.owner.id}`,
      payload: { email: 'none@company.my', code: '000000' },
    }),
    expect: selfOnly(422),
  },
  { route: 'GET /api/v3/user/psychometric-qa/{id}', request: (c) => ({ url: `/api/v3/user/psychometric-qa/${c.owner.id}` }), expect: selfOnly(200) },
  {
    route: 'POST /api/v3/user/psychometric-qa/{id}',
    request: (c) => ({
      method: 'POST',
      url: `/api/v3/user/psychometric-qa/${c.owner.id}`,
      payload: { tidy: 'tidy', noise: 'quiet', guests: 'rarely', schedule: 'day', smoking: 'no', cooking: 'weekly' },
    }),
    expect: selfOnly(200),
  },
  {
    route: 'POST /api/properties',
    request: () => ({ method: 'POST', url: '/api/properties', payload: condoInput() }),
    expect: signedIn(201),
  },
  {
    route: 'PUT /api/properties/{id}',
    setup: (t, c) => ownedListing(t, c),
    request: (_c, f) => ({ method: 'PUT', url: `/api/properties/${f['id']}`, payload: { price: 2600 } }),
    expect: selfOnly(200),
  },
  {
    route: 'GET /api/properties/{id}/manage',
    setup: (t, c) => ownedListing(t, c),
    request: (_c, f) => ({ url: `/api/properties/${f['id']}/manage` }),
    expect: selfOrModerator(200),
  },
  {
    route: 'POST /api/properties/{id}/activate',
    setup: (t, c) => ownedListing(t, c),
    request: (_c, f) => ({ method: 'POST', url: `/api/properties/${f['id']}/activate` }),
    expect: selfOnly(200),
  },
  {
    route: 'POST /api/properties/{id}/extensions',
    setup: (t, c) => ownedListing(t, c),
    request: (_c, f) => ({ method: 'POST', url: `/api/properties/${f['id']}/extensions` }),
    expect: selfOnly(200),
  },
  {
    route: 'POST /api/properties/{id}/{action}',
    setup: (t, c) => ownedListing(t, c),
    request: (_c, f) => ({ method: 'POST', url: `/api/properties/${f['id']}/deactivate` }),
    expect: selfOnly(200),
  },
  {
    route: 'POST /api/properties/{id}/{action} (moderator: approve)',
    setup: (t, c) => ownedListing(t, c, true),
    request: (_c, f) => ({ method: 'POST', url: `/api/properties/${f['id']}/approve` }),
    expect: moderatorOnly(200),
  },
  { route: 'GET /api/users/{id}/properties', request: (c) => ({ url: `/api/users/${c.owner.id}/properties` }), expect: selfOrModerator(200) },
  {
    route: 'GET /api/stock-images/{id}',
    setup: async (t) => ({
      id: (await t.database.db.select({ id: landmarks.id }).from(landmarks).where(eq(landmarks.verified, true)).limit(1))[0]!.id,
    }),
    request: (_c, f) => ({ url: `/api/stock-images/${f['id']}` }),
    expect: everyone(200),
  },
  {
    route: 'GET /api/users/{id}/favourite-properties',
    request: (c) => ({ url: `/api/users/${c.owner.id}/favourite-properties` }),
    expect: selfOnly(200),
  },
  {
    route: 'POST /api/users/{id}/favourite-properties',
    setup: async (t, c) => {
      await t.database.db.delete(favourites).where(eq(favourites.userId, c.owner.id));
      return {};
    },
    request: (c) => ({ method: 'POST', url: `/api/users/${c.owner.id}/favourite-properties`, payload: { propertyId: c.listingId } }),
    expect: selfOnly(201),
  },
  {
    route: 'GET /api/users/{userId}/favourite-properties/{id}',
    request: (c) => ({ url: `/api/users/${c.owner.id}/favourite-properties/${c.listingId}` }),
    expect: selfOnly(200),
  },
  {
    route: 'DELETE /api/users/{userId}/favourite-properties/{id}',
    setup: (t, c) => ownFavourite(t, c),
    request: (c) => ({ method: 'DELETE', url: `/api/users/${c.owner.id}/favourite-properties/${c.listingId}` }),
    expect: selfOnly(200),
  },
  {
    route: "DELETE /api/users/favourite-properties/{id} (the caller's own: others have none)",
    setup: (t, c) => ownFavourite(t, c),
    request: (c) => ({ method: 'DELETE', url: `/api/users/favourite-properties/${c.listingId}` }),
    expect: except(signedIn(404), { owner: 200 }),
  },
  { route: 'GET /api/users/{id}/shortlist-link', request: (c) => ({ url: `/api/users/${c.owner.id}/shortlist-link` }), expect: selfOnly(200) },
  {
    route: 'POST /api/users/{id}/shortlist-link',
    request: (c) => ({ method: 'POST', url: `/api/users/${c.owner.id}/shortlist-link` }),
    expect: selfOnly(200),
  },
  {
    route: 'DELETE /api/users/{id}/shortlist-link',
    request: (c) => ({ method: 'DELETE', url: `/api/users/${c.owner.id}/shortlist-link` }),
    expect: selfOnly(204),
  },
  {
    route: 'GET /api/shortlists/{token}',
    setup: async (t, c) => ({
      token: (
        (await t.app.inject({ method: 'POST', url: `/api/users/${c.owner.id}/shortlist-link`, headers: bearer(c.owner.token) })).json() as {
          token: string;
        }
      ).token,
    }),
    request: (_c, f) => ({ url: `/api/shortlists/${f['token']}` }),
    expect: everyone(200),
  },
  {
    route: 'POST /api/chat-conversations',
    request: (c) => ({ method: 'POST', url: '/api/chat-conversations', payload: { propertyId: c.listingId, ...CHAT_NEEDS } }),
    expect: signedIn(200),
  },
  { route: 'GET /api/chat-conversations', request: () => ({ url: '/api/chat-conversations' }), expect: signedIn(200) },
  { route: 'GET /api/chat-conversations/unread/count', request: () => ({ url: '/api/chat-conversations/unread/count' }), expect: signedIn(200) },
  {
    route: 'GET /api/chat-conversations/{id}',
    setup: ownConversation,
    request: (_c, f) => ({ url: `/api/chat-conversations/${f['id']}` }),
    expect: selfOnly(200),
  },
  {
    route: 'GET /api/chat-conversations/{id}/banner',
    setup: ownConversation,
    request: (_c, f) => ({ url: `/api/chat-conversations/${f['id']}/banner` }),
    expect: selfOnly(200),
  },
  {
    route: 'GET /api/chat-conversations/{id}/messages',
    setup: ownConversation,
    request: (_c, f) => ({ url: `/api/chat-conversations/${f['id']}/messages` }),
    expect: selfOnly(200),
  },
  {
    route: 'POST /api/chat-conversations/{id}/messages',
    setup: ownConversation,
    request: (_c, f) => ({ method: 'POST', url: `/api/chat-conversations/${f['id']}/messages`, payload: { body: 'Hello' } }),
    expect: selfOnly(200),
  },
  {
    route: 'POST /api/chat-conversations/{id}/read',
    setup: ownConversation,
    request: (_c, f) => ({ method: 'POST', url: `/api/chat-conversations/${f['id']}/read`, payload: { lastReadId: 1 } }),
    expect: selfOnly(200),
  },
  {
    route: 'POST /api/chat-conversations/{id}/report',
    setup: ownConversation,
    request: (_c, f) => ({ method: 'POST', url: `/api/chat-conversations/${f['id']}/report`, payload: { reason: 'DEPOSIT' } }),
    expect: selfOnly(204),
  },
  {
    route: 'POST /api/chat-conversations/{id}/block',
    setup: ownConversation,
    request: (_c, f) => ({ method: 'POST', url: `/api/chat-conversations/${f['id']}/block` }),
    expect: selfOnly(200),
  },
  {
    route: 'DELETE /api/chat-conversations/{id}/block',
    setup: ownConversation,
    request: (_c, f) => ({ method: 'DELETE', url: `/api/chat-conversations/${f['id']}/block` }),
    expect: selfOnly(200),
  },
  {
    route: 'GET /api/chat/ws (a socket: a plain request is refused; signed-out sockets are closed, tested in chat tests)',
    request: () => ({ url: '/api/chat/ws' }),
    expect: everyone(404),
  },
  {
    route: 'GET /api/chat/{id}/media/generate/presigned-url',
    setup: ownConversation,
    request: (_c, f) => ({ url: `/api/chat/${f['id']}/media/generate/presigned-url?file=photo.jpg` }),
    expect: selfOnly(200),
  },
  {
    route: 'POST /api/chat/tenant-search/list',
    setup: (t, c) => ownedListing(t, c),
    request: (_c, f) => ({ method: 'POST', url: '/api/chat/tenant-search/list', payload: { propertyId: f['id'] } }),
    expect: selfOnly(200),
  },
  {
    route: 'POST /api/chat/tenant-search/submit',
    setup: listingWithSeeker,
    request: (_c, f) => ({ method: 'POST', url: '/api/chat/tenant-search/submit', payload: { propertyId: f['id'], tenantId: f['tenantId'] } }),
    expect: selfOnly(200),
  },
  {
    route: 'GET /api/appointments/timeslot/{id}',
    request: (c) => ({ url: `/api/appointments/timeslot/${c.listingId}` }),
    expect: everyone(200),
  },
  {
    route: 'POST /api/appointments',
    setup: async (t, c) => {
      const { conversationId, free } = await ownViewing(t, c);
      await t.database.db
        .update(appointments)
        .set({ status: 'CANCELLED' })
        .where(eq(appointments.conversationId, Number(conversationId)));
      return { conversationId: conversationId!, startsAt: free! };
    },
    request: (_c, f) => ({ method: 'POST', url: '/api/appointments', payload: { conversationId: f['conversationId'], startsAt: f['startsAt'] } }),
    expect: selfOnly(200),
  },
  {
    route: 'PUT /api/appointments/{id}',
    setup: ownViewing,
    request: (_c, f) => ({ method: 'PUT', url: `/api/appointments/${f['id']}`, payload: { startsAt: f['next'] } }),
    expect: selfOnly(200),
  },
  {
    route: 'DELETE /api/appointments/{id}',
    setup: ownViewing,
    request: (_c, f) => ({ method: 'DELETE', url: `/api/appointments/${f['id']}` }),
    expect: selfOnly(200),
  },
  {
    route: "POST /api/appointments/{id}/accept (the listing's landlord only; not its tenant)",
    setup: viewingOfOwnListing,
    request: (_c, f) => ({ method: 'POST', url: `/api/appointments/${f['id']}/accept` }),
    expect: selfOnly(200),
  },
  {
    route: "POST /api/appointments/{id}/decline (the listing's landlord only; not its tenant)",
    setup: viewingOfOwnListing,
    request: (_c, f) => ({ method: 'POST', url: `/api/appointments/${f['id']}/decline` }),
    expect: selfOnly(200),
  },
  {
    route: 'GET /api/appointments/chats/{conversationId} (the conversation was reported above, so moderators may read it)',
    setup: ownConversation,
    request: (_c, f) => ({ url: `/api/appointments/chats/${f['id']}` }),
    expect: selfOrModerator(200),
  },
  { route: 'GET /api/moderation/properties', request: () => ({ url: '/api/moderation/properties' }), expect: moderatorOnly(200) },
  {
    route: 'GET /api/properties/{id}/presignedUrl/{file}',
    setup: (t, c) => ownedListing(t, c),
    request: (_c, f) => ({ url: `/api/properties/${f['id']}/presignedUrl/photo.jpg` }),
    expect: selfOnly(200),
  },
  {
    route: 'PUT /api/uploads/{mediaId}',
    setup: async (t, c) => {
      const { id } = await ownedListing(t, c);
      const presigned = (await t.app.inject({ url: `/api/properties/${id}/presignedUrl/photo.jpg`, headers: bearer(c.owner.token) })).json() as {
        presignedUrl: string;
      };
      const url = new URL(presigned.presignedUrl);
      return { path: url.pathname + url.search };
    },
    request: (_c, f) => ({ method: 'PUT', url: String(f['path']), payload: Buffer.from('bytes'), headers: { 'content-type': 'image/jpeg' } }),
    expect: everyone(204),
  },
  {
    route: 'POST /api/properties/{id}/images',
    setup: async (t, c) => {
      const { id } = await ownedListing(t, c);
      const { mediaId } = await upload(t.app, bearer(c.owner.token), Number(id), 'p.jpg', await photoWithGps());
      return { id: id!, mediaId };
    },
    request: (_c, f) => ({ method: 'POST', url: `/api/properties/${f['id']}/images`, payload: { mediaId: f['mediaId'] } }),
    expect: selfOnly(200),
  },
  {
    route: 'PUT /api/properties/{id}/images',
    setup: withPhoto,
    request: (_c, f) => ({ method: 'PUT', url: `/api/properties/${f['id']}/images`, payload: { imageIds: [f['imageId']] } }),
    expect: selfOnly(200),
  },
  {
    route: 'PUT /api/properties/{id}/images/{imageId}',
    setup: withPhoto,
    request: (_c, f) => ({ method: 'PUT', url: `/api/properties/${f['id']}/images/${f['imageId']}` }),
    expect: selfOnly(200),
  },
  {
    route: 'DELETE /api/properties/images/{imageId}',
    setup: withPhoto,
    request: (_c, f) => ({ method: 'DELETE', url: `/api/properties/images/${f['imageId']}` }),
    expect: selfOnly(204),
  },
  {
    route: 'POST /api/properties/{id}/videos',
    setup: async (t, c) => {
      const { id } = await ownedListing(t, c);
      const { mediaId } = await upload(t.app, bearer(c.owner.token), Number(id), 'tour.mp4', MP4);
      return { id: id!, mediaId };
    },
    request: (_c, f) => ({ method: 'POST', url: `/api/properties/${f['id']}/videos`, payload: { url: `${f['mediaId']}.mp4` } }),
    expect: selfOnly(200),
  },
  {
    route: 'DELETE /api/properties/videos/{videoId}',
    setup: async (t, c) => {
      const { id } = await ownedListing(t, c);
      const headers = bearer(c.owner.token);
      const { mediaId } = await upload(t.app, headers, Number(id), 'tour.mp4', MP4);
      const res = await t.app.inject({ method: 'POST', url: `/api/properties/${id}/videos`, payload: { url: `${mediaId}.mp4` }, headers });
      return { videoId: (res.json() as { videos: { id: number }[] }).videos[0]!.id };
    },
    request: (_c, f) => ({ method: 'DELETE', url: `/api/properties/videos/${f['videoId']}` }),
    expect: selfOnly(204),
  },
  // Deals: the owner persona is the deal's tenant, or its landlord where the row says so; staff are moderators.
  { route: 'GET /api/deals', request: (c) => ({ url: `/api/deals?userId=${c.owner.id}` }), expect: selfOnly(200) },
  {
    route: 'POST /api/deals',
    setup: async (t, c) => ({ propertyId: (await matrixDeal(t, c.owner.id, 'TENANT', 'CANCELLED')).propertyId }),
    request: (_c, f) => ({
      method: 'POST',
      url: '/api/deals',
      payload: {
        propertyId: f['propertyId'],
        moveInDate: new Date(Date.now() + 20 * 86_400_000).toISOString().slice(0, 10),
        tenancyMonths: 6,
        occupants: 1,
      },
    }),
    expect: signedIn(201),
  },
  {
    route: 'GET /api/deals/hash/{hash}',
    setup: async (t, c) => {
      const { id } = await matrixDeal(t, c.owner.id, 'TENANT');
      const own = await t.app.inject({ url: `/api/deals/${id}`, headers: bearer(c.owner.token) });
      return { hash: (own.json() as { hash: string }).hash };
    },
    request: (_c, f) => ({ url: `/api/deals/hash/${f['hash']}` }),
    expect: everyone(200),
  },
  {
    route: 'GET /api/deals/{id}',
    setup: (t, c) => matrixDeal(t, c.owner.id, 'TENANT'),
    request: (_c, f) => ({ url: `/api/deals/${f['id']}` }),
    expect: selfOrOperations(200),
  },
  {
    route: 'GET /api/deals/{id} (landlord)',
    setup: (t, c) => matrixDeal(t, c.owner.id, 'LANDLORD'),
    request: (_c, f) => ({ url: `/api/deals/${f['id']}` }),
    expect: selfOrOperations(200),
  },
  {
    route: 'PUT /api/deals/{id}',
    setup: (t, c) => matrixDeal(t, c.owner.id, 'TENANT'),
    request: (_c, f) => ({ method: 'PUT', url: `/api/deals/${f['id']}`, payload: { command: 'CANCEL' } }),
    expect: selfOnly(200),
  },
  {
    route: 'PUT /api/deals/{id} (landlord accepts)',
    setup: (t, c) => matrixDeal(t, c.owner.id, 'LANDLORD'),
    request: (_c, f) => ({ method: 'PUT', url: `/api/deals/${f['id']}`, payload: { command: 'ACCEPT' } }),
    expect: selfOnly(200),
  },
  {
    route: 'PUT /api/deals/{id} (staff void)',
    setup: (t, c) => matrixDeal(t, c.owner.id, 'TENANT'),
    request: (_c, f) => ({ method: 'PUT', url: `/api/deals/${f['id']}`, payload: { command: 'VOID', reason: 'FALSE_LISTING' } }),
    expect: staffOnly(['operations'], 200),
  },
  {
    route: 'POST /api/deals/{id}/booking',
    setup: (t, c) => matrixDeal(t, c.owner.id, 'TENANT', 'ACCEPTED'),
    request: (_c, f) => ({ method: 'POST', url: `/api/deals/${f['id']}/booking` }),
    expect: selfOnly(200),
  },
  {
    route: 'POST /api/deals/{id}/verify/booking',
    setup: (t, c) => matrixDeal(t, c.owner.id, 'TENANT', 'ACCEPTED'),
    request: (_c, f) => ({ method: 'POST', url: `/api/deals/${f['id']}/verify/booking` }),
    expect: selfOrOperations(200),
  },
  {
    route: 'POST /api/rental/order/pay',
    setup: (t, c) => matrixDeal(t, c.owner.id, 'TENANT', 'SIGNED'),
    request: (_c, f) => ({ method: 'POST', url: '/api/rental/order/pay', payload: { dealId: f['id'] } }),
    expect: selfOnly(200),
  },
  {
    route: 'POST /api/landlord-leads',
    request: () => ({
      method: 'POST',
      url: '/api/landlord-leads',
      payload: { name: 'Aisyah', phoneNo: '0123456789', areaSlug: 'cheras', type: 'HIGHRISE' },
    }),
    expect: everyone(201),
  },
  { route: 'GET /api/moderation/landlord-leads', request: () => ({ url: '/api/moderation/landlord-leads' }), expect: moderatorOnly(200) },
  { route: 'GET /api/landmarks/{id}', request: () => ({ url: '/api/landmarks/1' }), expect: everyone(200) },
  {
    route: 'POST /api/property-prices/statistics',
    request: () => ({ method: 'POST', url: '/api/property-prices/statistics', payload: { areaSlug: 'bangsar', bedroom: 2 } }),
    expect: everyone(200),
  },
  {
    route: 'GET /api/payments/{id}',
    setup: (t, c) => ownPayment(t, c, false),
    request: (_c, f) => ({ url: `/api/payments/${f['id']}` }),
    expect: selfOrOperations(200),
  },
  {
    route: 'GET /api/payments/{id}/receipt',
    setup: (t, c) => ownPayment(t, c, true),
    request: (_c, f) => ({ url: `/api/payments/${f['id']}/receipt` }),
    expect: selfOrOperations(200),
  },
  {
    route: 'GET /api/payments/{id}/receipt.pdf',
    setup: (t, c) => ownPayment(t, c, true),
    request: (_c, f) => ({ url: `/api/payments/${f['id']}/receipt.pdf` }),
    expect: selfOrOperations(200),
  },
  {
    // Anyone may deliver a webhook; only a genuine signature counts (a forged one is 400, payments.test.ts).
    route: 'POST /api/payments/webhooks/simulator',
    setup: (t, c) => ownPayment(t, c, false),
    request: (_c, f) => signedPaymentWebhook(String(f['id'])),
    expect: everyone(200),
  },
  ...screeningRows,
  ...agreementsRows,
  ...adminRows,
  ...servicesRows,
  ...contentRows,
  ...growthRows,
  ...notificationsRows,
  ...performanceRows,
];

describe('authorization matrix', () => {
  let t: TestApp;
  let context: Context;
  const ids: Partial<Record<Persona, string>> = {};

  async function makeUser(persona: Exclude<Persona, 'anonymous'>) {
    const phone = freshPhone();
    const [row] = await t.database.db
      .insert(users)
      .values({
        phoneNumber: phone,
        name: persona,
        role: (STAFF_PERSONAS as readonly string[]).includes(persona) ? (persona as (typeof STAFF_PERSONAS)[number]) : 'user',
        status: persona === 'banned' ? 'banned' : 'active',
      })
      .returning();
    ids[persona] = row!.id;
    return { id: row!.id, phone };
  }

  const sessions = () => createSessionsRepository(t.database.db);
  async function headersFor(persona: Persona): Promise<Record<string, string>> {
    if (persona === 'anonymous') return {};
    const token = await sessions().create(ids[persona]!, 'pin', 'web-matrix', 1);
    if ((STAFF_PERSONAS as readonly string[]).includes(persona)) await confirmStaffSession(t, token);
    return bearer(token);
  }

  beforeAll(async () => {
    t = await createTestApp({
      env: {
        PIN_RESEND_SECONDS: '0',
        PIN_MAX_PER_HOUR_PER_PHONE: '1000',
        PIN_MAX_PER_HOUR_PER_IP: '1000',
        LOGIN_MAX_FAILURES: '50',
        RATE_LIMIT_MAX: '100000',
        PAYMENT_SIMULATOR_SECRET,
      },
    });
    const made = await makeUser('owner');
    const owner = { ...made, token: await sessions().create(made.id, 'pin', 'web-matrix', 1) };
    await makeUser('other');
    await makeUser('banned');
    for (const persona of STAFF_PERSONAS) await makeUser(persona);
    const [live] = await t.database.db.select({ id: properties.id }).from(properties).where(eq(properties.reviewStatus, 'APPROVED')).limit(1);
    const [gone] = await t.database.db.select({ id: properties.id }).from(properties).where(eq(properties.reviewStatus, 'PENDING')).limit(1);
    await t.database.db
      .update(properties)
      .set({ status: 'ACTIVE', active: true, expiresAt: new Date(Date.now() + 86_400_000) })
      .where(eq(properties.id, live!.id));
    context = { owner, listingId: live!.id, goneListingId: gone!.id };
  });
  afterAll(() => t.close());

  it('covers every API route that exists', () => {
    const covered = new Set(MATRIX.map((row) => row.route.replace(/ \(.*\)$/, '')));
    expect(t.app.apiRoutes.filter((route) => !covered.has(route))).toEqual([]);
  });

  for (const row of MATRIX) {
    it(row.route, async () => {
      const answers: Partial<Record<Persona, number>> = {};
      for (const persona of PERSONAS) {
        const fixture = row.setup ? await row.setup(t, context) : {};
        const { method = 'GET', url, payload, headers = {} } = row.request(context, fixture);
        const res = await t.app.inject({ method, url, payload, headers: { ...headers, ...(await headersFor(persona)) } });
        answers[persona] = res.statusCode;
      }
      expect(answers).toEqual(row.expect);
    });
  }
});
