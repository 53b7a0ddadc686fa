import { landmarks, promotions } from '@kunci/db/schema';
import { everyone, signedIn, staffOnly, type Row } from '../authorization-matrix.ts';
import type { TestApp } from '../support.ts';

const DAY = 86_400_000;
const promotionBody = (listingId: number) => ({
  kind: 'HOT_DEAL',
  title: { en: 'Matrix deal', ms: 'Tawaran matriks', zh: '矩阵优惠' },
  startsAt: new Date(Date.now() - DAY).toISOString(),
  endsAt: new Date(Date.now() + DAY).toISOString(),
  listingIds: [listingId],
});
/** A promotion of its own for a row that changes or deletes one. */
async function promotion(t: TestApp) {
  const [row] = await t.database.db
    .insert(promotions)
    .values({ kind: 'HOT_DEAL', titleEn: 'x', titleMs: 'x', titleZh: 'x', startsAt: new Date(), endsAt: new Date(Date.now() + DAY) })
    .returning({ id: promotions.id });
  return { id: row!.id };
}

/** Authorization matrix rows for the growth area's routes (see ../authorization-matrix.ts for the personas and helpers). */
export const growthRows: Row[] = [
  // Price checker: open to anyone (spec section 6).
  {
    route: 'POST /api/properties/price-checker/name/autocomplete',
    request: () => ({ method: 'POST', url: '/api/properties/price-checker/name/autocomplete', payload: { keywords: 'Kiara' } }),
    expect: everyone(200),
  },
  {
    route: 'POST /api/properties/price-checker/check',
    setup: async (t) => ({ landmarkId: (await t.database.db.select({ id: landmarks.id }).from(landmarks).limit(1))[0]!.id }),
    request: (_c, f) => ({ method: 'POST', url: '/api/properties/price-checker/check', payload: { landmarkLabelId: f['landmarkId'], bedroom: 2 } }),
    expect: everyone(200),
  },
  {
    route: 'GET /api/properties/review-expenses/{id}',
    request: (c) => ({ url: `/api/properties/review-expenses/${c.listingId}` }),
    expect: everyone(200),
  },
  // Reels: the videos of live listings, for everyone.
  { route: 'GET /api/reels', request: () => ({ url: '/api/reels?limit=2' }), expect: everyone(200) },
  { route: 'GET /api/reels/areas', request: () => ({ url: '/api/reels/areas' }), expect: everyone(200) },
  // Hot deals and campaigns: running ones for everyone, managed by editors (and admins).
  { route: 'GET /api/hotdeals/deals/on-going', request: () => ({ url: '/api/hotdeals/deals/on-going' }), expect: everyone(200) },
  {
    route: 'GET /api/partnerships/campaigns/on-going',
    request: () => ({ url: '/api/partnerships/campaigns/on-going' }),
    expect: everyone(200),
  },
  { route: 'GET /api/admin/growth/promotions', request: () => ({ url: '/api/admin/growth/promotions' }), expect: staffOnly(['editor'], 200) },
  {
    route: 'POST /api/admin/growth/promotions',
    request: (c) => ({ method: 'POST', url: '/api/admin/growth/promotions', payload: promotionBody(c.listingId) }),
    expect: staffOnly(['editor'], 201),
  },
  {
    route: 'PUT /api/admin/growth/promotions/{id}',
    setup: promotion,
    request: (c, f) => ({ method: 'PUT', url: `/api/admin/growth/promotions/${f['id']}`, payload: promotionBody(c.listingId) }),
    expect: staffOnly(['editor'], 200),
  },
  {
    route: 'DELETE /api/admin/growth/promotions/{id}',
    setup: promotion,
    request: (_c, f) => ({ method: 'DELETE', url: `/api/admin/growth/promotions/${f['id']}` }),
    expect: staffOnly(['editor'], 204),
  },
  // Referral programme: signed-in users (a well-formed code nobody holds answers 404 to each of them).
  { route: 'POST /api/referral/create', request: () => ({ method: 'POST', url: '/api/referral/create' }), expect: signedIn(200) },
  {
    route: 'POST /api/referrals',
    request: () => ({ method: 'POST', url: '/api/referrals', payload: { referralCode: 'ZZZZ2222', source: 'link' } }),
    expect: signedIn(404),
  },
  { route: 'GET /api/referrals/me', request: () => ({ url: '/api/referrals/me' }), expect: signedIn(200) },
  // Feedback and testimonials; the newsletter's double opt-in (its token rows use a well-formed token nobody holds).
  {
    route: 'POST /api/users/feedbacks',
    request: () => ({
      method: 'POST',
      url: '/api/users/feedbacks',
      payload: { role: 'TENANT', rating: 5, message: 'No deposit and a verified landlord.' },
    }),
    expect: signedIn(201),
  },
  { route: 'GET /api/users/feedbacks/public', request: () => ({ url: '/api/users/feedbacks/public' }), expect: everyone(200) },
  { route: 'GET /api/admin/growth/feedbacks', request: () => ({ url: '/api/admin/growth/feedbacks' }), expect: staffOnly(['editor'], 200) },
  {
    route: 'POST /api/admin/growth/feedbacks/{id}/{decision}',
    request: () => ({ method: 'POST', url: '/api/admin/growth/feedbacks/2000000000/approve' }),
    expect: staffOnly(['editor'], 404),
  },
  {
    route: 'POST /api/email-collection',
    request: () => ({ method: 'POST', url: '/api/email-collection', payload: { email: 'matrix@example.com' } }),
    expect: everyone(200),
  },
  {
    route: 'POST /api/email-collection/confirm',
    request: () => ({ method: 'POST', url: '/api/email-collection/confirm', payload: { token: `2000000000.${'A'.repeat(32)}` } }),
    expect: everyone(404),
  },
  {
    route: 'POST /api/email-collection/unsubscribe',
    request: () => ({ method: 'POST', url: '/api/email-collection/unsubscribe', payload: { token: `2000000000.${'A'.repeat(32)}` } }),
    expect: everyone(404),
  },
  // Referral payouts: each user their own bank details; operations pay rewards (a reward nobody earned answers 404).
  { route: 'GET /api/referrals/payout-details', request: () => ({ url: '/api/referrals/payout-details' }), expect: signedIn(200) },
  {
    route: 'PUT /api/referrals/payout-details',
    request: () => ({
      method: 'PUT',
      url: '/api/referrals/payout-details',
      payload: { bank: 'CIMB', accountHolder: 'Matrix Holder', accountNumber: '8001234567' },
    }),
    expect: signedIn(200),
  },
  {
    route: 'GET /api/admin/growth/referral-rewards',
    request: () => ({ url: '/api/admin/growth/referral-rewards' }),
    expect: staffOnly(['operations'], 200),
  },
  // The full account number and marking paid also need a fresh PIN (the matrix's staff have one; the 428 is in referral-payouts.test.ts).
  {
    route: 'POST /api/admin/growth/referral-rewards/{id}/bank-details',
    request: () => ({ method: 'POST', url: '/api/admin/growth/referral-rewards/2000000000/bank-details' }),
    expect: staffOnly(['operations'], 404),
  },
  {
    route: 'POST /api/admin/growth/referral-rewards/{id}/paid',
    request: () => ({ method: 'POST', url: '/api/admin/growth/referral-rewards/2000000000/paid' }),
    expect: staffOnly(['operations'], 404),
  },
];
