import { existsSync } from 'node:fs';
import { join } from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ErrorCode } from '@kunci/contracts/errors';
import { zh } from '@kunci/i18n/messages/zh';
import { pngDeclaring } from '@kunci/media/test-images';
import { bearer, createTestApp, signIn, type TestApp } from '../../../test/support.ts';

/** A real JPEG carrying EXIF GPS coordinates, made in memory. */
async function photoWithGps(): Promise<Buffer> {
  return sharp({ create: { width: 1200, height: 900, channels: 3, background: '#4a7' } })
    .jpeg()
    .withExif({
      IFD0: { Make: 'KunciCam' },
      IFD3: { GPSLatitudeRef: 'N', GPSLatitude: '3/1 8/1 0/1', GPSLongitudeRef: 'E', GPSLongitude: '101/1 41/1 0/1' },
    })
    .toBuffer();
}

describe('avatar upload', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it('stores a re-encoded photo in every width with its GPS and other metadata stripped', async () => {
    const { userId, token } = await signIn(t.app);
    const photo = await photoWithGps();
    expect((await sharp(photo).metadata()).exif).toBeDefined();
    const res = await t.app.inject({
      method: 'PUT',
      url: `/api/users/${userId}/avatar`,
      payload: photo,
      headers: { ...bearer(token), 'content-type': 'image/jpeg' },
    });
    expect(res.statusCode, res.body).toBe(200);
    const avatar: string = res.json().avatar;
    expect(avatar).toMatch(/^\/media\/avatars\/[\w-]+\/\{w\}\.webp$/);
    for (const width of [640, 768, 1024]) {
      const file = await t.app.inject({ url: avatar.replace('{w}', String(width)) });
      expect(file.statusCode).toBe(200);
      const meta = await sharp(file.rawPayload).metadata();
      expect(meta.format).toBe('webp');
      expect(meta.exif).toBeUndefined();
      expect(meta.width).toBeLessThanOrEqual(Math.min(width, 1200));
    }
    // Replacing the photo removes the old files.
    const again = await t.app.inject({
      method: 'PUT',
      url: `/api/users/${userId}/avatar`,
      payload: photo,
      headers: { ...bearer(token), 'content-type': 'image/jpeg' },
    });
    const oldKey = avatar.split('/').slice(2, 4).join('/');
    expect(again.json().avatar).not.toBe(avatar);
    expect(existsSync(join(t.config.mediaDir, oldKey))).toBe(false);
  });

  it('refuses a PDF renamed as a picture, and an oversize file', async () => {
    const { userId, token } = await signIn(t.app);
    const pdf = Buffer.from('%PDF-1.7\n1 0 obj << /Type /Catalog >> endobj\ntrailer << >>\n%%EOF');
    const res = await t.app.inject({
      method: 'PUT',
      url: `/api/users/${userId}/avatar`,
      payload: pdf,
      headers: { ...bearer(token), 'content-type': 'image/jpeg' },
    });
    expect(res.statusCode).toBe(422);
    expect(res.json().errorCode).toBe(ErrorCode.INVALID_IMAGE);
    const huge = Buffer.alloc(11 * 1024 * 1024, 1);
    const big = await t.app.inject({
      method: 'PUT',
      url: `/api/users/${userId}/avatar`,
      payload: huge,
      headers: { ...bearer(token), 'content-type': 'image/jpeg' },
    });
    expect(big.statusCode).toBe(413);
    expect(big.json().errorCode).toBe(ErrorCode.PAYLOAD_TOO_LARGE);
  });

  it('refuses, from its header, a picture with more pixels than an avatar takes, in the caller’s language', async () => {
    const { userId, token } = await signIn(t.app);
    // 24 megapixels declared in a few kilobytes: fine for a listing photo, too many for an avatar.
    const res = await t.app.inject({
      method: 'PUT',
      url: `/api/users/${userId}/avatar`,
      payload: pngDeclaring(6_000, 4_000),
      headers: { ...bearer(token), 'content-type': 'image/png', 'x-language': 'zh' },
    });
    expect(res.statusCode).toBe(422);
    expect(res.json()).toMatchObject({ errorCode: ErrorCode.INVALID_IMAGE, message: zh['field.imagePixels'] });
    expect((await t.app.inject({ url: `/api/users/${userId}`, headers: bearer(token) })).json().avatar).toBeNull();
  });
});
