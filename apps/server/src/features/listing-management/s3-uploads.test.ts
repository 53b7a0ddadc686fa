import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { OwnerListingFull } from '@kunci/contracts/listing-management';
import { S3Store } from '@kunci/media/s3-store';
import { startFakeS3 } from '@kunci/media/test-s3';
import { bearer, createTestApp, signIn, type TestApp } from '../../../test/support.ts';
import { condoInput, photoWithGps } from './test-helpers.ts';

describe('listing media on an S3-compatible store', () => {
  let t: TestApp;
  let s3: Awaited<ReturnType<typeof startFakeS3>>;
  let store: S3Store;
  let owner: Record<string, string>;

  beforeAll(async () => {
    s3 = await startFakeS3();
    store = new S3Store(s3.options);
    t = await createTestApp({ store });
    owner = bearer((await signIn(t.app)).token);
  });
  afterAll(async () => {
    await t.close();
    await s3.close();
  });

  it('the browser PUTs to the bucket; registering checks, re-encodes and serves the photo from there', async () => {
    const listing = (
      await t.app.inject({ method: 'POST', url: '/api/properties', payload: condoInput(), headers: owner })
    ).json() as OwnerListingFull;
    const presigned = (await t.app.inject({ url: `/api/properties/${listing.id}/presignedUrl/photo.jpg`, headers: owner })).json() as {
      presignedUrl: string;
      mediaId: string;
    };
    expect(presigned.presignedUrl.startsWith(`${s3.options.endpoint}/${s3.options.bucket}/staging/${presigned.mediaId}?`)).toBe(true);

    // Registering before anything arrived is refused.
    const early = await t.app.inject({
      method: 'POST',
      url: `/api/properties/${listing.id}/images`,
      payload: { mediaId: presigned.mediaId },
      headers: owner,
    });
    expect(early.statusCode).toBe(409);

    const put = await fetch(presigned.presignedUrl, { method: 'PUT', body: await photoWithGps(), headers: { 'content-type': 'image/jpeg' } });
    expect(put.status).toBe(200);
    const registered = await t.app.inject({
      method: 'POST',
      url: `/api/properties/${listing.id}/images`,
      payload: { mediaId: presigned.mediaId },
      headers: owner,
    });
    expect(registered.statusCode).toBe(200);
    const image = (registered.json() as OwnerListingFull).images[0]!;
    const served = await t.app.inject({ url: image.src.replace('{w}', '768') });
    expect(served.statusCode).toBe(200);
    const meta = await sharp(served.rawPayload).metadata();
    expect(meta).toMatchObject({ format: 'webp', width: 768 });
    expect(meta.exif).toBeUndefined();
    // The staging object is gone once the photo is published.
    expect(await store.exists(`staging/${presigned.mediaId}`)).toBe(false);
  });

  it('a file over the limit sent straight to the bucket is refused on registration and removed', async () => {
    const listing = (
      await t.app.inject({ method: 'POST', url: '/api/properties', payload: condoInput(), headers: owner })
    ).json() as OwnerListingFull;
    const presigned = (await t.app.inject({ url: `/api/properties/${listing.id}/presignedUrl/big.jpg`, headers: owner })).json() as {
      presignedUrl: string;
      mediaId: string;
    };
    await fetch(presigned.presignedUrl, { method: 'PUT', body: Buffer.alloc(16 * 1024 * 1024, 1) });
    const refused = await t.app.inject({
      method: 'POST',
      url: `/api/properties/${listing.id}/images`,
      payload: { mediaId: presigned.mediaId },
      headers: owner,
    });
    expect(refused.statusCode).toBe(413);
    expect(await store.exists(`staging/${presigned.mediaId}`)).toBe(false);
  });
});
