import { availableParallelism } from 'node:os';
import sharp from 'sharp';
import { IMAGE_WIDTHS } from '@kunci/contracts/constants';
import type { MediaStore } from './store.ts';
import { WorkQueue } from './work-queue.ts';

export interface StoredImage {
  key: string;
  width: number;
  height: number;
}

/**
 * What each kind of picture may measure, read from its header before anything is decoded. Far below sharp's own
 * limit (268 megapixels): decoding costs memory and CPU by the pixel, whatever the file weighs (a 1 MB PNG can
 * declare 16000 x 16000). The longest side keeps every published width within WebP's 16383-pixel limit.
 */
export const IMAGE_LIMITS = {
  listing: { maxPixels: 50_000_000, maxSide: 12_000 },
  chat: { maxPixels: 50_000_000, maxSide: 12_000 },
  stock: { maxPixels: 50_000_000, maxSide: 12_000 },
  avatar: { maxPixels: 20_000_000, maxSide: 8_000 },
} as const;
export type ImagePurpose = keyof typeof IMAGE_LIMITS;

/** The formats taken in (HEIC and AVIF report as heif); anything else sharp could open (SVG, TIFF, GIF, PDF) is not. */
const ACCEPTED_FORMATS = new Set(['jpeg', 'png', 'webp', 'heif']);

/**
 * Picture work in this process: one libvips thread per image and at most two images at once (one on a two-core
 * machine), so pages keep a core while photos are re-encoded; a few more wait, and beyond that callers are told
 * to come back (QueueFullError) instead of piling up memory.
 */
sharp.concurrency(1);
// libvips' operation cache keeps decoded pixels around for reuse; each upload is decoded once, so it only costs memory.
sharp.cache(false);
export const imageWork = new WorkQueue({ concurrency: Math.max(1, Math.min(2, availableParallelism() - 1)), maxQueued: 16 });

/** A picture refused before any work: not one of our formats, unreadable, or too many pixels. */
export class ImageRejectedError extends Error {
  readonly reason: 'format' | 'dimensions' | 'unreadable';
  constructor(reason: ImageRejectedError['reason'], detail?: string) {
    super(`image rejected (${reason})${detail ? `: ${detail}` : ''}`);
    this.reason = reason;
  }
}

/** Reads the header only (no pixel is decoded) and refuses what the purpose does not take. Upright size. */
export async function inspectImage(input: Buffer, purpose: ImagePurpose): Promise<{ width: number; height: number; format: string }> {
  const limits = IMAGE_LIMITS[purpose];
  const metadata = await sharp(input)
    .metadata()
    .catch(() => undefined);
  if (!metadata?.format || !metadata.width || !metadata.height) throw new ImageRejectedError('unreadable');
  if (!ACCEPTED_FORMATS.has(metadata.format)) throw new ImageRejectedError('format', metadata.format);
  const { width, height } = metadata;
  if (width * height > limits.maxPixels || Math.max(width, height) > limits.maxSide) throw new ImageRejectedError('dimensions', `${width}x${height}`);
  return { ...metadata.autoOrient, format: metadata.format };
}

/**
 * Re-encodes an image into every published width. The header is checked first; then the picture is decoded once
 * (upright, down to the largest width) and every width is made from those pixels. sharp drops all metadata (EXIF,
 * GPS) unless asked to keep it; `autoOrient()` applies the EXIF orientation first so the pixels are upright once
 * it is gone. Encoding waits its turn in `imageWork`; storing happens after the slot is freed.
 */
export async function storeImageVariants(store: MediaStore, key: string, input: Buffer, purpose: ImagePurpose): Promise<StoredImage> {
  const { width, height } = await inspectImage(input, purpose);
  const variants = await imageWork.run(async () => {
    const largest = await sharp(input, { failOn: 'error', limitInputPixels: IMAGE_LIMITS[purpose].maxPixels })
      .autoOrient()
      .toColourspace('srgb')
      .resize({ width: Math.max(...IMAGE_WIDTHS), withoutEnlargement: true })
      .raw()
      .toBuffer({ resolveWithObject: true });
    const raw = { width: largest.info.width, height: largest.info.height, channels: largest.info.channels };
    const encoded: [number, Buffer][] = [];
    for (const target of IMAGE_WIDTHS) {
      const body = await sharp(largest.data, { raw }).resize({ width: target, withoutEnlargement: true }).webp({ quality: 78 }).toBuffer();
      encoded.push([target, body]);
    }
    return encoded;
  });
  for (const [target, body] of variants) await store.put(variantKey(key, target), body, 'image/webp');
  return { key, width, height };
}

/** The key of one stored width of an image: `{key}/{width}.webp`. */
export function variantKey(key: string, width: number): string {
  return `${key}/${width}.webp`;
}
