import sharp from 'sharp';
import { describe, expect, it, vi } from 'vitest';
import { IMAGE_WIDTHS } from '@kunci/contracts/constants';
import { IMAGE_LIMITS, ImageRejectedError, imageWork, inspectImage, storeImageVariants, variantKey } from './images.ts';
import type { MediaStore } from './store.ts';
import { pngDeclaring } from './test-images.ts';
import { QueueFullError } from './work-queue.ts';

/** A store in memory, for what the pipeline writes. */
function memoryStore() {
  const files = new Map<string, Buffer>();
  const store = {
    put: async (key: string, body: Buffer) => void files.set(key, body),
    get: async () => null,
    exists: async (key: string) => files.has(key),
    size: async (key: string) => files.get(key)?.length ?? null,
    removePrefix: async () => undefined,
  } satisfies MediaStore;
  return { store, files };
}

function held() {
  let release!: () => void;
  const done = new Promise<void>((resolve) => (release = resolve));
  return { task: () => done, release };
}

const photo = (width: number, height: number) =>
  sharp({ create: { width, height, channels: 3, background: '#369' } })
    .jpeg()
    .toBuffer();

describe('image pipeline', () => {
  it('makes every published width from one upright decode, without metadata', async () => {
    const { store, files } = memoryStore();
    // Stored sideways with EXIF orientation 6 (rotate 90°): published upright, 900 wide.
    const sideways = await sharp({ create: { width: 1800, height: 900, channels: 3, background: '#a53' } })
      .jpeg()
      .withMetadata({ orientation: 6 })
      .withExif({ IFD3: { GPSLatitudeRef: 'N', GPSLatitude: '3/1 8/1 0/1' } })
      .toBuffer();
    expect(await storeImageVariants(store, 'listings/1/a', sideways, 'listing')).toEqual({ key: 'listings/1/a', width: 900, height: 1800 });
    expect([...files.keys()].sort()).toEqual(IMAGE_WIDTHS.map((w) => variantKey('listings/1/a', w)).sort());
    for (const width of IMAGE_WIDTHS) {
      const meta = await sharp(files.get(variantKey('listings/1/a', width))).metadata();
      expect(meta).toMatchObject({ format: 'webp', width: Math.min(width, 900), height: Math.min(width, 900) * 2 });
      expect(meta.exif).toBeUndefined();
    }
  });

  it('refuses a picture declaring too many pixels from its header, before any decoding', async () => {
    const huge = pngDeclaring(16_000, 16_000);
    expect(huge.length).toBeLessThan(200_000);
    const decode = vi.spyOn(imageWork, 'run');
    const { store, files } = memoryStore();
    const refused = await storeImageVariants(store, 'listings/1/huge', huge, 'listing').catch((error: unknown) => error);
    expect(refused).toBeInstanceOf(ImageRejectedError);
    expect((refused as ImageRejectedError).reason).toBe('dimensions');
    expect(decode).not.toHaveBeenCalled();
    expect(files.size).toBe(0);
    decode.mockRestore();
  });

  it('each kind has its own limit: an avatar takes fewer pixels than a listing photo', async () => {
    expect(IMAGE_LIMITS.avatar.maxPixels).toBeLessThan(IMAGE_LIMITS.listing.maxPixels);
    const big = pngDeclaring(6_000, 4_000); // 24 megapixels
    await expect(inspectImage(big, 'listing')).resolves.toMatchObject({ width: 6_000, height: 4_000 });
    await expect(inspectImage(big, 'avatar')).rejects.toMatchObject({ reason: 'dimensions' });
    // A panorama within the pixel budget but longer than any side we publish from.
    await expect(inspectImage(pngDeclaring(20_000, 500), 'listing')).rejects.toMatchObject({ reason: 'dimensions' });
  });

  it('takes JPEG, PNG and WebP; refuses other formats sharp could read (SVG, GIF, TIFF) and non-images', async () => {
    for (const format of ['jpeg', 'png', 'webp'] as const) {
      const file = await sharp({ create: { width: 20, height: 10, channels: 3, background: '#000' } })
        .toFormat(format)
        .toBuffer();
      await expect(inspectImage(file, 'chat')).resolves.toMatchObject({ format });
    }
    const svg = Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"/>');
    await expect(inspectImage(svg, 'listing')).rejects.toMatchObject({ reason: 'format' });
    for (const format of ['gif', 'tiff'] as const) {
      const file = await sharp({ create: { width: 20, height: 10, channels: 3, background: '#000' } })
        .toFormat(format)
        .toBuffer();
      await expect(inspectImage(file, 'listing')).rejects.toMatchObject({ reason: 'format' });
    }
    await expect(inspectImage(Buffer.from('not a picture'), 'listing')).rejects.toMatchObject({ reason: 'unreadable' });
  });

  it('runs at most `imageWork.concurrency` pictures at once; others wait, and beyond the queue callers are refused at once', async () => {
    const { store, files } = memoryStore();
    const slots = Array.from({ length: imageWork.concurrency }, held);
    const holding = slots.map((slot) => imageWork.run(slot.task));
    expect(imageWork.active).toBe(imageWork.concurrency);

    const waiting = storeImageVariants(store, 'chat/1/a', await photo(800, 600), 'chat');
    await vi.waitFor(() => expect(imageWork.queued).toBe(1));
    expect(files.size).toBe(0);

    const fillers = Array.from({ length: imageWork.maxQueued - 1 }, held);
    const queued = fillers.map((slot) => imageWork.run(slot.task));
    expect(imageWork.queued).toBe(imageWork.maxQueued);
    await expect(storeImageVariants(store, 'chat/1/b', await photo(800, 600), 'chat')).rejects.toBeInstanceOf(QueueFullError);

    for (const slot of [...slots, ...fillers]) slot.release();
    await expect(waiting).resolves.toMatchObject({ width: 800, height: 600 });
    await Promise.all([...holding, ...queued]);
    expect(files.has(variantKey('chat/1/a', 640))).toBe(true);
    expect([...files.keys()].some((key) => key.startsWith('chat/1/b'))).toBe(false);
    expect({ active: imageWork.active, queued: imageWork.queued }).toEqual({ active: 0, queued: 0 });
  });
});
