import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { OwnerListingFull } from '@kunci/contracts/listing-management';
import { users } from '@kunci/db/schema';
import { createSessionsRepository } from '../../lib/sessions.repository.ts';
import { bearer, createTestApp, signIn, type TestApp } from '../../../test/support.ts';
import { condoInput } from './test-helpers.ts';

/** The landlord's and the moderator's pages, server-rendered through the real app. Needs the web build (`npm run build`). */
describe('landlord pages', () => {
  let t: TestApp;
  let moderatorCookie: string;

  beforeAll(async () => {
    t = await createTestApp({ web: true });
    if (!existsSync(join(t.config.webBuildDir, 'server', 'index.js'))) throw new Error('web build missing: run `npm run build` first');
    const m = await signIn(t.app);
    await t.database.db.update(users).set({ role: 'moderator' }).where(eq(users.id, m.userId));
    moderatorCookie = `authToken=${await createSessionsRepository(t.database.db).create(m.userId, 'pin', 'web-test', 1)}; id=${m.userId}`;
  });
  afterAll(() => t.close());

  const landlord = async () => {
    const { userId, token } = await signIn(t.app);
    return { cookie: `authToken=${token}; id=${userId}`, headers: bearer(token) };
  };
  const page = (url: string, cookie: string) => t.app.inject({ url, headers: { cookie } });
  /** The page as shown: without its scripts (the message catalogue and loader data travel in them). */
  const shown = (html: string) => html.replace(/<script\b[\s\S]*?<\/script>/g, '');
  const draft = async (headers: Record<string, string>, input = condoInput()) =>
    (await t.app.inject({ method: 'POST', url: '/api/properties', payload: input, headers })).json() as OwnerListingFull;
  const STEPS = [
    '/post-rent/choose-additional',
    '/post-rent/upload-image',
    '/post-rent/upload-video',
    '/post-rent/facilities',
    '/post-rent/nearby',
    '/my/post-rent/upload-image',
  ];

  it('a wizard step opened without its listing starts a new one, never a server error', async () => {
    const { cookie } = await landlord();
    for (const url of [...STEPS, ...STEPS.map((s) => `${s}?ref=abc`), '/post-rent/upload-image?ref=0', '/post/edit/abc', '/post/gps/12abc']) {
      const res = await page(url, cookie);
      expect(res.statusCode, url).toBe(302);
      expect(res.headers.location, url).toBe(url.startsWith('/my/') ? '/my/post' : '/post');
    }
  });

  it('…or goes on with the user’s draft, and never opens someone else’s listing', async () => {
    const owner = await landlord();
    const mine = await draft(owner.headers);
    // Saved at the map step: a home outside a verified building goes on with its facilities.
    await t.app.inject({ method: 'PUT', url: `/api/properties/${mine.id}`, payload: { draftStep: 2 }, headers: owner.headers });
    const resume = `/post-rent/facilities?ref=${mine.id}`;
    for (const url of STEPS.filter((s) => !s.startsWith('/my/'))) {
      const res = await page(url, owner.cookie);
      expect(res.statusCode, url).toBe(302);
      expect(res.headers.location, url).toBe(resume);
    }
    // Another landlord's listing is not theirs to edit: they go to their own start.
    const other = await landlord();
    const res = await page(`/post-rent/upload-image?ref=${mine.id}`, other.cookie);
    expect(res.statusCode).toBe(302);
    expect(res.headers.location).toBe('/post');
    // A form sent without its listing is not a server error either.
    const posted = await t.app.inject({
      method: 'POST',
      url: '/post-rent/upload-video',
      payload: '',
      headers: { cookie: owner.cookie, 'content-type': 'application/x-www-form-urlencoded' },
    });
    expect(posted.statusCode).toBe(302);
    expect(posted.headers.location).toBe(resume);
  });

  it('asks the rent once (step 1), shows the pin’s coordinates rounded, and does not say "Online until" before a listing is public', async () => {
    const owner = await landlord();
    const listing = await draft(owner.headers, condoInput({ latitude: 3.1296000000000004, longitude: 101.6714123456789 }));
    const details = await page(`/post/edit/${listing.id}`, owner.cookie);
    expect(details.statusCode).toBe(200);
    expect(shown(details.body)).toContain('name="price"');
    const additional = await page(`/post-rent/choose-additional?ref=${listing.id}`, owner.cookie);
    expect(additional.statusCode).toBe(200);
    expect(shown(additional.body)).not.toContain('name="price"');

    const gps = await page(`/post/gps/${listing.id}`, owner.cookie);
    expect(shown(gps.body)).toContain('Latitude 3.1296, longitude 101.671412');

    const drafts = await page('/dashboard/listings?status=DRAFT', owner.cookie);
    expect(shown(drafts.body)).toContain('Not submitted yet');
    expect(shown(drafts.body)).not.toContain('Online until');
    await t.app.inject({ method: 'POST', url: `/api/properties/${listing.id}/activate`, headers: owner.headers });
    const pending = await page('/my/dashboard/listings?status=PENDING', owner.cookie);
    expect(shown(pending.body)).toContain('Menunggu semakan');
    expect(shown(pending.body)).not.toContain('Dalam talian hingga');
  });

  it('the moderator’s queue opens a read-only preview of the public page, approved from there', async () => {
    const owner = await landlord();
    const listing = await draft(owner.headers, condoInput({ name: 'Arte@Mont Kiara', description: 'Corner unit facing the park, with a pool.' }));
    await t.app.inject({ method: 'POST', url: `/api/properties/${listing.id}/activate`, headers: owner.headers });

    const queue = await page('/dashboard/review', moderatorCookie);
    expect(queue.statusCode).toBe(200);
    expect(queue.body).toContain(`href="/dashboard/review/${listing.id}"`);
    expect(queue.body).not.toContain(`/post/edit/${listing.id}`);

    const preview = await page(`/dashboard/review/${listing.id}`, moderatorCookie);
    expect(preview.statusCode).toBe(200);
    expect(preview.body).toContain('Arte@Mont Kiara</h1>');
    expect(preview.body).toContain('Corner unit facing the park, with a pool.');
    expect(preview.body).toContain('value="approve"');
    // Read-only: nothing that acts on a live listing, no way into the owner's wizard.
    expect(preview.body).not.toContain('/post/edit/');
    expect(preview.body).not.toContain('aria-labelledby="similar"');
    // Only moderators review.
    expect((await page(`/dashboard/review/${listing.id}`, owner.cookie)).headers.location).toBe('/dashboard');

    const approved = await t.app.inject({
      method: 'POST',
      url: `/dashboard/review/${listing.id}`,
      payload: 'decision=approve',
      headers: { cookie: moderatorCookie, 'content-type': 'application/x-www-form-urlencoded' },
    });
    expect(approved.statusCode).toBe(302);
    expect(approved.headers.location).toBe(`/dashboard/review?approved=${listing.id}`);
    expect((await t.app.inject({ url: `/api/properties/${listing.id}` })).statusCode).toBe(200);
  });

  it('offers "Post a property" in the header', async () => {
    const home = await page('/zh', '');
    const header = /<header[\s\S]*?<\/header>/.exec(home.body)?.[0] ?? '';
    expect(header).toMatch(/<a[^>]*href="\/zh\/post"[^>]*>发布房产<\/a>/);
  });
});
