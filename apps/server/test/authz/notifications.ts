import { savedSearches } from '@kunci/db/schema';
import { everyone, except, signedIn, type Row } from '../authorization-matrix.ts';

/** Authorization matrix rows for the notifications area's routes (see ../authorization-matrix.ts for the personas and helpers). */
export const notificationsRows: Row[] = [
  // The notification centre: each signed-in person's own notices, settings and browsers (nobody else's is reachable).
  { route: 'GET /api/notices', request: () => ({ url: '/api/notices' }), expect: signedIn(200) },
  { route: 'GET /api/notices/unread', request: () => ({ url: '/api/notices/unread' }), expect: signedIn(200) },
  { route: 'POST /api/notices/read', request: () => ({ method: 'POST', url: '/api/notices/read', payload: { all: true } }), expect: signedIn(200) },
  { route: 'GET /api/notices/preferences', request: () => ({ url: '/api/notices/preferences' }), expect: signedIn(200) },
  {
    route: 'PUT /api/notices/preferences',
    request: () => ({ method: 'PUT', url: '/api/notices/preferences', payload: { type: 'saved-searches.match', channel: 'email', enabled: true } }),
    expect: signedIn(200),
  },
  {
    // Web push is not configured in the matrix's app: 404 for everyone signed in (the option is hidden).
    route: 'POST /api/notices/push-subscriptions',
    request: () => ({
      method: 'POST',
      url: '/api/notices/push-subscriptions',
      payload: { endpoint: 'https://fcm.googleapis.com/fcm/send/matrix', keys: { p256dh: 'B'.repeat(87), auth: 'a'.repeat(22) } },
    }),
    expect: signedIn(404),
  },
  {
    route: 'DELETE /api/notices/push-subscriptions',
    request: () => ({
      method: 'DELETE',
      url: '/api/notices/push-subscriptions',
      payload: { endpoint: 'https://fcm.googleapis.com/fcm/send/matrix' },
    }),
    expect: signedIn(200),
  },
  {
    // The one-click link works without a session; only a token we signed does anything.
    route: 'POST /api/notices/unsubscribe',
    request: () => ({ method: 'POST', url: '/api/notices/unsubscribe?token=bm90LWEtdG9rZW4.c2lnbmF0dXJl' }),
    expect: everyone(404),
  },
  {
    // The List-Unsubscribe address opened in a browser: sent on to the page, whoever asks (it changes nothing).
    route: 'GET /api/notices/unsubscribe',
    request: () => ({ url: '/api/notices/unsubscribe?token=bm90LWEtdG9rZW4.c2lnbmF0dXJl' }),
    expect: everyone(303),
  },
  {
    // What a token would stop, for the page that asks first: only a token we signed names anything.
    route: 'GET /api/notices/unsubscribe/target',
    request: () => ({ url: '/api/notices/unsubscribe/target?token=bm90LWEtdG9rZW4.c2lnbmF0dXJl' }),
    expect: everyone(404),
  },
  // Landlords who answer: public figures of any landlord.
  { route: 'GET /api/landlords/{id}/response', request: (c) => ({ url: `/api/landlords/${c.owner.id}/response` }), expect: everyone(200) },
  // Saved searches: the owner's own; someone else's answers 404 (not there, as far as they can tell).
  { route: 'GET /api/saved-searches', request: () => ({ url: '/api/saved-searches' }), expect: signedIn(200) },
  {
    route: 'POST /api/saved-searches',
    request: () => ({ method: 'POST', url: '/api/saved-searches', payload: { name: 'Bangsar', frequency: 'DAILY', query: { loc: 'bangsar' } } }),
    expect: signedIn(201),
  },
  {
    route: 'PATCH /api/saved-searches/{id}',
    setup: async (t, c) => ({ id: (await t.database.db.insert(savedSearches).values(ownedSearch(c.owner.id)).returning())[0]!.id }),
    request: (_c, f) => ({ method: 'PATCH', url: `/api/saved-searches/${f['id']}`, payload: { paused: true } }),
    expect: except(signedIn(404), { owner: 200 }),
  },
  {
    route: 'DELETE /api/saved-searches/{id}',
    setup: async (t, c) => ({ id: (await t.database.db.insert(savedSearches).values(ownedSearch(c.owner.id)).returning())[0]!.id }),
    request: (_c, f) => ({ method: 'DELETE', url: `/api/saved-searches/${f['id']}` }),
    expect: except(signedIn(404), { owner: 200 }),
  },
];

/** A saved search of the matrix's owner: rentals anywhere. */
function ownedSearch(userId: string) {
  return { userId, name: 'Anywhere', frequency: 'DAILY' as const, query: { purpose: 'rent' }, types: ['HIGHRISE', 'LANDED', 'ROOM'] };
}
