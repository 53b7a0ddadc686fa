import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { storeImageVariants, variantKey } from './images.ts';
import { S3Store } from './s3-store.ts';
import { LocalDiskStore, type MediaStore } from './store.ts';
import { startFakeS3 } from './test-s3.ts';

async function read(store: MediaStore, key: string): Promise<Buffer | null> {
  const file = await store.get(key);
  if (!file) return null;
  const chunks: Buffer[] = [];
  for await (const chunk of file.body) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

const stores: { name: string; open(): Promise<{ store: MediaStore; close(): Promise<void> }> }[] = [
  {
    name: 'local disk',
    open: async () => {
      const root = mkdtempSync(join(tmpdir(), 'kunci-store-'));
      return { store: new LocalDiskStore(root), close: async () => rmSync(root, { recursive: true, force: true }) };
    },
  },
  {
    name: 'S3-compatible (s3rver on loopback)',
    open: async () => {
      const s3 = await startFakeS3();
      return { store: new S3Store(s3.options), close: s3.close };
    },
  },
];

for (const kind of stores) {
  describe(`media store: ${kind.name}`, () => {
    let store: MediaStore;
    let close: () => Promise<void>;
    beforeAll(async () => {
      ({ store, close } = await kind.open());
    });
    afterAll(() => close());

    it('puts, reads, sizes and removes by prefix', async () => {
      await store.put('listings/1/a/640.webp', Buffer.from('six40'), 'image/webp');
      await store.put('listings/1/a/768.webp', Buffer.from('seven68'), 'image/webp');
      await store.put('listings/1/ab/640.webp', Buffer.from('other'), 'image/webp');
      expect((await read(store, 'listings/1/a/640.webp'))?.toString()).toBe('six40');
      expect(await store.size('listings/1/a/768.webp')).toBe(7);
      expect(await store.exists('listings/1/a/999.webp')).toBe(false);
      expect(await store.get('listings/1/none.webp')).toBeNull();
      await store.removePrefix('listings/1/a');
      expect(await store.exists('listings/1/a/640.webp')).toBe(false);
      expect(await store.exists('listings/1/a/768.webp')).toBe(false);
      // A sibling whose name merely starts the same is not under the prefix.
      expect(await store.exists('listings/1/ab/640.webp')).toBe(true);
    });

    it('stores re-encoded image variants without metadata', async () => {
      const photo = await sharp({ create: { width: 900, height: 600, channels: 3, background: '#369' } })
        .jpeg()
        .withExif({ IFD3: { GPSLatitudeRef: 'N', GPSLatitude: '3/1 8/1 0/1' } })
        .toBuffer();
      const stored = await storeImageVariants(store, 'listings/2/photo', photo, 'listing');
      expect(stored).toMatchObject({ width: 900, height: 600 });
      const variant = await read(store, variantKey('listings/2/photo', 640));
      const meta = await sharp(variant!).metadata();
      expect(meta).toMatchObject({ format: 'webp', width: 640 });
      expect(meta.exif).toBeUndefined();
    });

    it('refuses keys that could escape the store', async () => {
      await expect(store.put('../outside', Buffer.from('x'), 'text/plain')).rejects.toThrow(/invalid media key/);
    });
  });
}

describe('S3 presigned uploads', () => {
  it('a presigned PUT URL takes the file from the browser, without credentials of its own', async () => {
    const s3 = await startFakeS3();
    try {
      const store = new S3Store(s3.options);
      const url = await store.presignPut('staging/upload-1', 600);
      expect(url).toMatch(/X-Amz-Signature=/);
      const put = await fetch(url, { method: 'PUT', body: Buffer.from('browser bytes'), headers: { 'content-type': 'image/jpeg' } });
      expect(put.status).toBe(200);
      expect((await read(store, 'staging/upload-1'))?.toString()).toBe('browser bytes');
      // The fake stores what it is sent but does not check V4 signatures, so only the URL's form is checked here.
      const signed = new URL(url);
      expect(Object.fromEntries(signed.searchParams)).toMatchObject({
        'X-Amz-Algorithm': 'AWS4-HMAC-SHA256',
        'X-Amz-Expires': '600',
        'X-Amz-SignedHeaders': 'host',
      });
      expect(signed.searchParams.get('X-Amz-Credential')).toMatch(/^S3RVER\/\d{8}\/us-east-1\/s3\/aws4_request$/);
      expect(signed.searchParams.get('X-Amz-Signature')).toMatch(/^[0-9a-f]{64}$/);
    } finally {
      await s3.close();
    }
  });
});
