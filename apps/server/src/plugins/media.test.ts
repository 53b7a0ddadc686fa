import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LocalDiskStore } from '@kunci/media/store';
import { pngDeclaring } from '@kunci/media/test-images';
import { createTestApp, type TestApp } from '../../test/support.ts';

describe('published media', () => {
  let t: TestApp;
  const photo = pngDeclaring(8, 6);
  beforeAll(async () => {
    t = await createTestApp();
    await new LocalDiskStore(t.config.mediaDir).put('listings/42/abc/480.png', photo);
  });
  afterAll(() => t.close());

  it('serves a photo for a year, embeddable from other origins (mail clients, the outbox frame)', async () => {
    const answer = await t.app.inject({ url: '/media/listings/42/abc/480.png' });
    expect(answer.statusCode).toBe(200);
    expect(answer.headers['content-type']).toBe('image/png');
    expect(answer.rawPayload.equals(photo)).toBe(true);
    expect(answer.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(answer.headers['cross-origin-resource-policy']).toBe('cross-origin');
  });

  it('answers 404, same-origin, for an unknown key, a type it does not serve or a path out of the store', async () => {
    for (const url of ['/media/listings/42/none/480.png', '/media/listings/42/abc/480.exe', '/media/listings/..%2F..%2Fpackage.json.png']) {
      const answer = await t.app.inject({ url });
      expect(answer.statusCode, url).toBe(404);
      expect(answer.headers['cross-origin-resource-policy'], url).toBe('same-origin');
    }
  });
});
