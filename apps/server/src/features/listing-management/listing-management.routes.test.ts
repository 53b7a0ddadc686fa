import { and, eq, like, sql } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ErrorCode } from '@kunci/contracts/errors';
import type { OwnerListingFull, OwnerListingsPage, StockImages } from '@kunci/contracts/listing-management';
import { landmarks, mediaUploads, properties, propertyImages, users } from '@kunci/db/schema';
import { LocalDiskStore } from '@kunci/media/store';
import { tinyMp4 } from '@kunci/media/test-videos';
import { createSessionsRepository } from '../../lib/sessions.repository.ts';
import { bearer, createTestApp, signIn, type TestApp } from '../../../test/support.ts';
import { runListingJobs, UPLOAD_GRACE_MS } from './listing-jobs.ts';
import { condoInput, photoWithGps, upload } from './test-helpers.ts';

describe('landlord listings', () => {
  let t: TestApp;
  let owner: Record<string, string>;
  let ownerId: string;
  let other: Record<string, string>;
  let moderator: Record<string, string>;

  beforeAll(async () => {
    t = await createTestApp({ env: { PIN_RESEND_SECONDS: '0', PIN_MAX_PER_HOUR_PER_PHONE: '1000', PIN_MAX_PER_HOUR_PER_IP: '1000' } });
    const o = await signIn(t.app);
    owner = bearer(o.token);
    ownerId = o.userId;
    other = bearer((await signIn(t.app)).token);
    const m = await signIn(t.app);
    await t.database.db.update(users).set({ role: 'moderator' }).where(eq(users.id, m.userId));
    moderator = bearer(await createSessionsRepository(t.database.db).create(m.userId, 'pin', 'web-test', 1));
  });
  afterAll(() => t.close());

  const create = async (input = condoInput(), headers = owner) => t.app.inject({ method: 'POST', url: '/api/properties', payload: input, headers });
  const searchIds = async () =>
    (
      (await t.app.inject({ url: '/api/properties/search?loc=bangsar&pageSize=60&sort=-dateCreated' })).json() as { content: { id: number }[] }
    ).content.map((c) => c.id);

  it('refuses broken fields, each with its reason in the caller’s language', async () => {
    const res = await create(condoInput({ postcode: '5910', sqft: 50, name: 'M3', price: 1.5 }));
    expect(res.statusCode).toBe(422);
    const fields = Object.fromEntries((res.json() as { fields: { path: string; message: string }[] }).fields.map((f) => [f.path, f.message]));
    expect(fields['body.postcode']).toBe('A postcode has 5 digits.');
    expect(fields['body.sqft']).toBe('Built-up is 99 to 99,999 sq ft.');
    expect(fields['body.name']).toMatch(/4 to 100 characters|letters, spaces/);
    expect(fields['body.price']).toBe('Enter the rent in whole ringgit, above RM1.');

    const malay = await t.app.inject({
      method: 'POST',
      url: '/api/properties',
      payload: condoInput({ postcode: '00000' }),
      headers: { ...owner, 'x-language': 'ms' },
    });
    expect(malay.statusCode).toBe(422);
    expect(malay.json()).toMatchObject({
      errorCode: ErrorCode.VALIDATION,
      fields: [{ path: 'body.postcode', message: 'Poskod ini tidak dikenali. Semak dan cuba lagi.' }],
    });

    const race = await create(condoInput({ description: 'Nice unit, Chinese only please.' }));
    expect(race.json().fields).toEqual([
      { path: 'body.description', message: 'Listings on Kunci cannot state a race preference. Please remove it.' },
    ]);
    const missing = await create(condoInput({ type: 'LANDED', category: 'house' }));
    expect(missing.json().fields).toEqual([{ path: 'body.storeys', message: 'Please fill this in.' }]);
  });

  it('pets allowed starts unticked: a listing that never states it is not pet friendly', async () => {
    const created = await create();
    expect(created.statusCode).toBe(201);
    const listing = created.json() as OwnerListingFull;
    expect(listing.input.petFriendly).toBe(false);
    const [row] = await t.database.db.select({ pets: properties.petFriendly }).from(properties).where(eq(properties.id, listing.id));
    expect(row?.pets).toBe(false);
  });

  it('a listing goes draft → pending → approved and live; a material edit sends it back to review', async () => {
    const created = await create();
    expect(created.statusCode).toBe(201);
    const listing = created.json() as OwnerListingFull;
    expect(listing).toMatchObject({ reviewStatus: 'DRAFT', status: 'INACTIVE', areaSlug: 'bangsar', zeroDepositEligible: true });
    expect(await searchIds()).not.toContain(listing.id);

    for (let i = 0; i < 4; i++) {
      const { mediaId, put } = await upload(t.app, owner, listing.id, 'photo.jpg', await photoWithGps(i));
      expect(put.statusCode).toBe(204);
      const registered = await t.app.inject({ method: 'POST', url: `/api/properties/${listing.id}/images`, payload: { mediaId }, headers: owner });
      expect(registered.statusCode).toBe(200);
    }
    const submitted = (
      await t.app.inject({ method: 'POST', url: `/api/properties/${listing.id}/activate`, headers: owner })
    ).json() as OwnerListingFull;
    expect(submitted).toMatchObject({ reviewStatus: 'PENDING', photoCount: 4 });
    expect(submitted.images.filter((i) => i.isCover)).toHaveLength(1);
    expect(await searchIds()).not.toContain(listing.id);

    const queue = (await t.app.inject({ url: '/api/moderation/properties', headers: moderator })).json() as { content: { id: number }[] };
    expect(queue.content.map((c) => c.id)).toContain(listing.id);
    expect((await t.app.inject({ method: 'POST', url: `/api/properties/${listing.id}/approve`, headers: owner })).statusCode).toBe(403);
    const approved = await t.app.inject({ method: 'POST', url: `/api/properties/${listing.id}/approve`, headers: moderator });
    expect(approved.json()).toMatchObject({ reviewStatus: 'APPROVED', status: 'ACTIVE' });
    expect(await searchIds()).toContain(listing.id);

    // Price alone is not material; the name is.
    const repriced = await t.app.inject({ method: 'PUT', url: `/api/properties/${listing.id}`, payload: { price: 2300 }, headers: owner });
    expect(repriced.json(), repriced.body).toMatchObject({ reviewStatus: 'APPROVED', price: 2300 });
    const renamed = await t.app.inject({
      method: 'PUT',
      url: `/api/properties/${listing.id}`,
      payload: { name: 'Bangsar Trade Suites' },
      headers: owner,
    });
    expect(renamed.json()).toMatchObject({ reviewStatus: 'PENDING' });
    expect(await searchIds()).not.toContain(listing.id);

    const rejected = await t.app.inject({
      method: 'POST',
      url: `/api/properties/${listing.id}/reject`,
      payload: { reason: 'Photos are of another unit' },
      headers: moderator,
    });
    expect(rejected.json()).toMatchObject({ reviewStatus: 'REJECTED', rejectionReason: 'Photos are of another unit', status: 'INACTIVE' });
  });

  it("facilities and nearby places: stated by the owner, or a verified building's directory entry on the public page", async () => {
    const unknownFacility = await create(condoInput({ facilities: ['POOL', 'HELIPAD' as 'POOL'] }));
    expect(unknownFacility.statusCode).toBe(422);
    expect(unknownFacility.json().fields[0].path).toBe('body.facilities.1');

    const own = (await create(condoInput({ facilities: ['GYM', 'POOL', 'GYM'] }))).json() as OwnerListingFull;
    expect(own).toMatchObject({ landmarkVerified: false, input: { facilities: ['POOL', 'GYM'], nearby: [] } });
    const updated = await t.app.inject({ method: 'PUT', url: `/api/properties/${own.id}`, payload: { nearby: ['RAIL', 'MALL'] }, headers: owner });
    expect(updated.json()).toMatchObject({ input: { facilities: ['POOL', 'GYM'], nearby: ['RAIL', 'MALL'] } });

    const [building] = await t.database.db
      .select()
      .from(landmarks)
      .where(and(eq(landmarks.verified, true), sql`cardinality(${landmarks.facilities}) > 0`))
      .limit(1);
    if (!building) throw new Error('the demo directory has verified buildings with facilities');
    const inBuilding = (await create(condoInput({ landmarkLabelId: building.id, postcode: building.postcode }))).json() as OwnerListingFull;
    expect(inBuilding).toMatchObject({ landmarkVerified: true, input: { facilities: [] } });
    for (const listing of [own, inBuilding]) {
      await t.database.db.update(properties).set({ reviewStatus: 'APPROVED', active: true }).where(eq(properties.id, listing.id));
    }
    const ownPage = (await t.app.inject({ url: `/api/properties/${own.id}` })).json();
    expect({ facilities: ownPage.facilities, nearby: ownPage.nearby }).toEqual({ facilities: ['POOL', 'GYM'], nearby: ['RAIL', 'MALL'] });
    const buildingPage = (await t.app.inject({ url: `/api/properties/${inBuilding.id}` })).json();
    expect({ facilities: buildingPage.facilities, nearby: buildingPage.nearby }).toEqual({
      facilities: building.facilities,
      nearby: building.nearby,
    });
  });

  it("stock images: a verified building's directory photos, added only to listings in that building by their owner", async () => {
    const [building] = await t.database.db.select().from(landmarks).where(eq(landmarks.verified, true)).limit(1);
    if (!building) throw new Error('the demo directory has verified buildings');
    const stock = await t.app.inject({ url: `/api/stock-images/${building.id}` });
    expect(stock.statusCode).toBe(200);
    const { content } = stock.json() as StockImages;
    expect(content).toHaveLength(3);
    const picture = content[0]!;
    expect((await t.app.inject({ url: picture.src.replace('{w}', '640') })).statusCode).toBe(200);
    expect((await t.app.inject({ url: '/api/stock-images/999999' })).statusCode).toBe(404);

    const inBuilding = (await create(condoInput({ landmarkLabelId: building.id, postcode: building.postcode }))).json() as OwnerListingFull;
    const elsewhere = (await create()).json() as OwnerListingFull;
    const add = (listing: number, headers = owner) =>
      t.app.inject({ method: 'POST', url: `/api/properties/${listing}/images`, payload: { stockImageId: picture.id }, headers });
    expect((await add(inBuilding.id, other)).statusCode).toBe(403);
    const wrongBuilding = await add(elsewhere.id);
    expect(wrongBuilding.statusCode).toBe(422);
    expect(wrongBuilding.json().fields).toEqual([{ path: 'body.stockImageId', message: 'That photo belongs to another building.' }]);

    const added = (await add(inBuilding.id)).json() as OwnerListingFull;
    expect(added.images).toEqual([{ id: expect.any(Number), src: picture.src, isCover: true }]);
    expect(((await add(inBuilding.id)).json() as OwnerListingFull).images).toHaveLength(1);

    // Removing it from the listing leaves the building's photo for everyone else.
    expect((await t.app.inject({ method: 'DELETE', url: `/api/properties/images/${added.images[0]!.id}`, headers: owner })).statusCode).toBe(204);
    expect((await t.app.inject({ url: picture.src.replace('{w}', '640') })).statusCode).toBe(200);
  });

  it('photos are checked, stripped of GPS, ordered, covered and removed; files are sniffed, not trusted', async () => {
    const listing = (await create()).json() as OwnerListingFull;
    const pdf = Buffer.concat([Buffer.from('%PDF-1.7\n'), Buffer.alloc(2000, 65)]);
    const fake = await upload(t.app, owner, listing.id, 'scan.jpg', pdf);
    expect(fake.put.statusCode).toBe(204);
    const refused = await t.app.inject({
      method: 'POST',
      url: `/api/properties/${listing.id}/images`,
      payload: { mediaId: fake.mediaId },
      headers: owner,
    });
    expect(refused.statusCode).toBe(422);
    expect(refused.json().errorCode).toBe(ErrorCode.INVALID_IMAGE);

    const big = await upload(t.app, owner, listing.id, 'huge.jpg', Buffer.alloc(30 * 1024 * 1024, 1));
    expect(big.put.statusCode).toBe(413);
    expect(big.put.json().message).toMatch(/too large|besar|太大/i);

    const ids: number[] = [];
    for (let i = 0; i < 3; i++) {
      const { mediaId } = await upload(t.app, owner, listing.id, 'p.jpg', await photoWithGps(i));
      const res = (
        await t.app.inject({ method: 'POST', url: `/api/properties/${listing.id}/images`, payload: { mediaId }, headers: owner })
      ).json() as OwnerListingFull;
      ids.push(res.images.at(-1)!.id);
    }
    const store = new LocalDiskStore(t.config.mediaDir);
    const [first] = (await t.app.inject({ url: `/api/properties/${listing.id}/manage`, headers: owner })).json().images as { src: string }[];
    for (const width of [640, 768, 1024, 1280, 1600]) {
      const file = await store.get(first!.src.replace('/media/', '').replace('{w}', String(width)));
      const chunks: Buffer[] = [];
      for await (const c of file!.body) chunks.push(c as Buffer);
      const meta = await sharp(Buffer.concat(chunks)).metadata();
      expect(meta.format).toBe('webp');
      expect(meta.exif).toBeUndefined();
    }
    const reordered = (
      await t.app.inject({
        method: 'PUT',
        url: `/api/properties/${listing.id}/images`,
        payload: { imageIds: [ids[2], ids[0], ids[1]] },
        headers: owner,
      })
    ).json() as OwnerListingFull;
    expect(reordered.images.map((i) => i.id)).toEqual([ids[2], ids[0], ids[1]]);
    const covered = (
      await t.app.inject({ method: 'PUT', url: `/api/properties/${listing.id}/images/${ids[1]}`, headers: owner })
    ).json() as OwnerListingFull;
    expect(covered.images.filter((i) => i.isCover).map((i) => i.id)).toEqual([ids[1]]);
    expect((await t.app.inject({ method: 'DELETE', url: `/api/properties/images/${ids[1]}`, headers: other })).statusCode).toBe(403);
    expect((await t.app.inject({ method: 'DELETE', url: `/api/properties/images/${ids[1]}`, headers: owner })).statusCode).toBe(204);
    const after = (await t.app.inject({ url: `/api/properties/${listing.id}/manage`, headers: owner })).json() as OwnerListingFull;
    expect(after.images).toHaveLength(2);
    expect(after.images.filter((i) => i.isCover)).toHaveLength(1);

    // A signed URL is for one file and one listing's owner: a forged or replayed signature is refused.
    const presign = (await t.app.inject({ url: `/api/properties/${listing.id}/presignedUrl/photo.png`, headers: owner })).json() as {
      presignedUrl: string;
    };
    const forged = new URL(presign.presignedUrl);
    forged.searchParams.set('signature', 'x'.repeat(43));
    expect(
      (
        await t.app.inject({
          method: 'PUT',
          url: forged.pathname + forged.search,
          payload: Buffer.from('x'),
          headers: { 'content-type': 'image/png' },
        })
      ).statusCode,
    ).toBe(403);
    expect((await t.app.inject({ url: `/api/properties/${listing.id}/presignedUrl/photo.jpg`, headers: other })).statusCode).toBe(403);
    expect((await t.app.inject({ url: `/api/properties/${listing.id}/presignedUrl/notes.pdf`, headers: owner })).statusCode).toBe(422);
  });

  it('removing a photo of a listing that uses shared pictures leaves the pictures for the others', async () => {
    const [demo] = await t.database.db.select().from(propertyImages).where(like(propertyImages.mediaKey, 'demo/%')).limit(1);
    await t.database.db.update(properties).set({ ownerId }).where(eq(properties.id, demo!.propertyId));
    const store = new LocalDiskStore(t.config.mediaDir);
    const key = `${demo!.mediaKey}/640.webp`;
    expect(await store.exists(key)).toBe(true);
    expect((await t.app.inject({ method: 'DELETE', url: `/api/properties/images/${demo!.id}`, headers: owner })).statusCode).toBe(204);
    expect(await store.exists(key)).toBe(true);
  });

  it('videos: only real video containers are taken', async () => {
    const listing = (await create()).json() as OwnerListingFull;
    const good = await upload(t.app, owner, listing.id, 'tour.mp4', tinyMp4({ brand: 'mp42' }));
    const added = await t.app.inject({
      method: 'POST',
      url: `/api/properties/${listing.id}/videos`,
      payload: { url: `${good.mediaId}.mp4`, type: 'GENERAL', sourceType: 'AWS_S3' },
      headers: owner,
    });
    expect(added.statusCode).toBe(200);
    const video = (added.json() as OwnerListingFull).videos[0]!;
    expect(video).toMatchObject({ url: `${good.mediaId}.mp4`, contentType: 'video/mp4' });
    expect((await t.app.inject({ url: video.src })).statusCode).toBe(200);

    const text = await upload(t.app, owner, listing.id, 'tour.mp4', Buffer.from('not a video at all, just text'));
    const refused = await t.app.inject({
      method: 'POST',
      url: `/api/properties/${listing.id}/videos`,
      payload: { url: `${text.mediaId}.mp4` },
      headers: owner,
    });
    expect(refused.statusCode).toBe(422);
    expect((await t.app.inject({ method: 'DELETE', url: `/api/properties/videos/${video.id}`, headers: other })).statusCode).toBe(403);
    expect((await t.app.inject({ method: 'DELETE', url: `/api/properties/videos/${video.id}`, headers: owner })).statusCode).toBe(204);
  });

  it('another user can neither read nor change a listing that is not theirs', async () => {
    const listing = (await create()).json() as OwnerListingFull;
    const calls = [
      { method: 'GET' as const, url: `/api/properties/${listing.id}/manage` },
      { method: 'PUT' as const, url: `/api/properties/${listing.id}`, payload: { price: 1 } },
      { method: 'PUT' as const, url: `/api/properties/${listing.id}`, payload: { price: 3000 } },
      { method: 'POST' as const, url: `/api/properties/${listing.id}/activate` },
      { method: 'POST' as const, url: `/api/properties/${listing.id}/deactivate` },
      { method: 'POST' as const, url: `/api/properties/${listing.id}/extensions` },
      { method: 'GET' as const, url: `/api/users/${ownerId}/properties` },
    ];
    for (const call of calls) {
      const res = await t.app.inject({ ...call, headers: other });
      expect([403, 422], `${call.method} ${call.url}`).toContain(res.statusCode);
    }
    const unchanged = (await t.app.inject({ url: `/api/properties/${listing.id}/manage`, headers: owner })).json() as OwnerListingFull;
    expect(unchanged.price).toBe(listing.price);
    expect(unchanged.reviewStatus).toBe('DRAFT');
    // Moderators may read a listing, not edit it.
    expect((await t.app.inject({ url: `/api/properties/${listing.id}/manage`, headers: moderator })).statusCode).toBe(200);
    expect(
      (await t.app.inject({ method: 'PUT', url: `/api/properties/${listing.id}`, payload: { price: 3000 }, headers: moderator })).statusCode,
    ).toBe(403);
  });

  it('my listings: tabs with counts, paging, and active ignored for SUSPENDED', async () => {
    const landlord = await signIn(t.app);
    const headers = bearer(landlord.token);
    const ids: number[] = [];
    for (let i = 0; i < 3; i++) ids.push(((await create(condoInput({ price: 2000 + i }), headers)).json() as OwnerListingFull).id);
    await t.app.inject({ method: 'POST', url: `/api/properties/${ids[0]}/activate`, headers });
    await t.app.inject({ method: 'POST', url: `/api/properties/${ids[1]}/suspend`, headers: moderator });
    const all = (await t.app.inject({ url: `/api/users/${landlord.userId}/properties?pageSize=200`, headers })).json() as OwnerListingsPage;
    expect(all.totalElements).toBe(3);
    expect(all.counts).toMatchObject({ PENDING: 1, SUSPENDED: 1, DRAFT: 1, ACTIVE: 0 });
    const suspended = (
      await t.app.inject({ url: `/api/users/${landlord.userId}/properties?status=SUSPENDED&active=true`, headers })
    ).json() as OwnerListingsPage;
    expect(suspended.content.map((c) => c.id)).toEqual([ids[1]]);
    const paged = (
      await t.app.inject({ url: `/api/users/${landlord.userId}/properties?pageSize=2&pageNumber=1&sort=price`, headers })
    ).json() as OwnerListingsPage;
    expect(paged).toMatchObject({ totalElements: 3, totalPages: 2, pageNumber: 1 });
    expect(paged.content.map((c) => c.id)).toEqual([ids[2]]);
    expect((await t.app.inject({ url: `/api/users/${landlord.userId}/properties?pageSize=201`, headers })).statusCode).toBe(422);
  });

  it('expiry: listings expire, owners are told once ahead with a one-tap link, and extending adds 30 days', async () => {
    const listing = (await create()).json() as OwnerListingFull;
    await t.app.inject({ method: 'POST', url: `/api/properties/${listing.id}/activate`, headers: owner });
    await t.app.inject({ method: 'POST', url: `/api/properties/${listing.id}/approve`, headers: moderator });
    const soon = new Date(Date.now() + 2 * 86_400_000);
    await t.database.db.update(properties).set({ expiresAt: soon }).where(eq(properties.id, listing.id));

    // The notification centre as the job sees it: what it was asked to send.
    const sent: { recipientId: string; key: string | undefined; params: Record<string, string | number> }[] = [];
    const notices = {
      send: async (notice: { recipientId: string; key?: string; params: Record<string, string | number> }) => {
        sent.push({ recipientId: notice.recipientId, key: notice.key, params: notice.params });
        return { id: sent.length };
      },
    } as never;
    const jobs = await import('./listing-management.service.ts');
    const { createListingManagementRepository } = await import('./listing-management.repository.ts');
    const svc = jobs.createListingManagementService({
      repository: createListingManagementRepository(t.database.db),
      store: new LocalDiskStore(t.config.mediaDir),
      secret: 'test-secret-test-secret-test-secret',
      publicUrl: 'http://kunci.test',
    });
    const first = await runListingJobs(svc, notices, { expiryNoticeDays: 3 });
    const second = await runListingJobs(svc, notices, { expiryNoticeDays: 3 });
    const mine = sent.filter((s) => String(s.params['url']).includes(`/dashboard/listings/extend/${listing.id}?`));
    expect(first.warned).toBeGreaterThanOrEqual(1);
    expect(second.warned).toBe(0);
    expect(mine).toHaveLength(1);

    // The link stands for the owner, once.
    expect(mine[0]!.key).toBe(`listings:expiring:${listing.id}:${soon.getTime()}`);
    const link = new URL(String(mine[0]!.params['url']));
    const payload = { until: Number(link.searchParams.get('until')), token: link.searchParams.get('token') };
    const svcApp = await t.app.inject({ method: 'POST', url: `/api/properties/${listing.id}/extensions`, payload });
    // The app signs with its own secret: the test service's link is not valid for it.
    expect(svcApp.statusCode).toBe(403);
    const extended = await svc.lifecycle.extendByLink(listing.id, payload.until);
    expect(new Date(extended.expiresAt).getTime()).toBe(soon.getTime() + 30 * 86_400_000);
    await expect(svc.lifecycle.extendByLink(listing.id, payload.until)).rejects.toMatchObject({ code: ErrorCode.CONFLICT });

    // Past its date, the job marks it EXPIRED; the owner's extension brings it back for 30 days from today.
    await t.database.db
      .update(properties)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(properties.id, listing.id));
    await runListingJobs(svc, notices, { expiryNoticeDays: 3 });
    const expired = (await t.app.inject({ url: `/api/properties/${listing.id}/manage`, headers: owner })).json() as OwnerListingFull;
    expect(expired.status).toBe('EXPIRED');
    expect((await t.app.inject({ method: 'POST', url: `/api/properties/${listing.id}/activate`, headers: owner })).statusCode).toBe(409);
    const back = (await t.app.inject({ method: 'POST', url: `/api/properties/${listing.id}/extensions`, headers: owner })).json() as {
      expiresAt: string;
    };
    expect(Math.abs(new Date(back.expiresAt).getTime() - (Date.now() + 30 * 86_400_000))).toBeLessThan(60_000);
    expect(await searchIds()).toContain(listing.id);
  });

  it('uploads never registered are removed by the cleanup job; registered ones stay', async () => {
    const listing = (await create()).json() as OwnerListingFull;
    const abandoned = await upload(t.app, owner, listing.id, 'a.jpg', await photoWithGps());
    const kept = await upload(t.app, owner, listing.id, 'b.jpg', await photoWithGps(1));
    await t.app.inject({ method: 'POST', url: `/api/properties/${listing.id}/images`, payload: { mediaId: kept.mediaId }, headers: owner });
    await t.database.db
      .update(mediaUploads)
      .set({ expiresAt: new Date(Date.now() - UPLOAD_GRACE_MS - 60_000) })
      .where(eq(mediaUploads.propertyId, listing.id));
    const store = new LocalDiskStore(t.config.mediaDir);
    expect(await store.exists(`staging/${abandoned.mediaId}`)).toBe(true);
    const { createListingManagementRepository } = await import('./listing-management.repository.ts');
    const { createListingManagementService } = await import('./listing-management.service.ts');
    const svc = createListingManagementService({
      repository: createListingManagementRepository(t.database.db),
      store,
      secret: 's'.repeat(32),
      publicUrl: 'http://kunci.test',
    });
    expect(await svc.jobs.cleanupUploads(UPLOAD_GRACE_MS)).toBeGreaterThanOrEqual(1);
    expect(await store.exists(`staging/${abandoned.mediaId}`)).toBe(false);
    const rows = await t.database.db.select().from(mediaUploads).where(eq(mediaUploads.propertyId, listing.id));
    expect(rows.map((r) => r.id)).toEqual([kept.mediaId]);
    expect((await t.app.inject({ url: `/api/properties/${listing.id}/manage`, headers: owner })).json().images).toHaveLength(1);
  });

  it('landlord leads: anyone may ask to be called back; only moderators read them', async () => {
    const bad = await t.app.inject({
      method: 'POST',
      url: '/api/landlord-leads',
      payload: { name: 'Mei Ling', phoneNo: '12', areaSlug: 'atlantis', type: 'LANDED' },
      headers: { 'x-language': 'ms' },
    });
    expect(bad.statusCode).toBe(422);
    expect(bad.json().fields).toEqual([
      { path: 'body.phoneNo', message: 'Nombor telefon bimbit tidak sah' },
      { path: 'body.areaSlug', message: 'Pilih kawasan yang kami liputi.' },
    ]);
    const made = await t.app.inject({
      method: 'POST',
      url: '/api/landlord-leads',
      payload: { name: "Mei Ling O'Neil", phoneNo: '012-345 6789', areaSlug: 'cheras', type: 'LANDED', note: 'Corner lot' },
    });
    expect(made.statusCode).toBe(201);
    expect((await t.app.inject({ url: '/api/moderation/landlord-leads', headers: owner })).statusCode).toBe(403);
    const leads = (await t.app.inject({ url: '/api/moderation/landlord-leads', headers: moderator })).json() as {
      id: number;
      phoneNumber: string;
      areaSlug: string;
    }[];
    expect(leads.find((l) => l.id === made.json().id)).toMatchObject({ phoneNumber: '+60123456789', areaSlug: 'cheras' });
  });

  it('price statistics: the spread of comparable live rents', async () => {
    const res = await t.app.inject({ method: 'POST', url: '/api/property-prices/statistics', payload: { areaSlug: 'bangsar', bedroom: 2 } });
    expect(res.statusCode).toBe(200);
    const stats = res.json();
    const live = await t.database.raw(
      `select count(*)::int as n, min(price) as min, max(price) as max from properties p join areas a on a.id = p.area_id
       where a.slug = 'bangsar' and p.bedroom = 2 and p.type in ('HIGHRISE','LANDED','ROOM') and p.status = 'ACTIVE' and p.active and p.review_status = 'APPROVED' and p.expires_at > now()`,
      [],
    );
    const row = (live as { rows: { n: number; min: number; max: number }[] }).rows[0]!;
    expect(stats).toMatchObject({ count: row.n, min: row.min, max: row.max, basis: row.n ? 'area' : 'none' });
    expect(stats.buckets.reduce((sum: number, b: { count: number }) => sum + b.count, 0)).toBe(row.n);
  });
});
