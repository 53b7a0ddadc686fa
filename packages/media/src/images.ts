import sharp from 'sharp';
import { IMAGE_WIDTHS } from '@kunci/contracts/constants';
import type { MediaStore } from './store.ts';

export interface StoredImage {
  key: string;
  width: number;
  height: number;
}

/** The key of one stored width of an image: `{key}/{width}.webp`. */
export function variantKey(key: string, width: number): string {
  return `${key}/${width}.webp`;
}

/**
 * Re-encodes an image into every published width. sharp drops all metadata (EXIF, GPS) unless asked to
 * keep it; `autoOrient()` applies the EXIF orientation first so the pixels are upright once it is gone.
 */
export async function storeImageVariants(store: MediaStore, key: string, input: Buffer): Promise<StoredImage> {
  const metadata = await sharp(input, { failOn: 'error' }).metadata();
  const { width, height } = metadata.autoOrient;
  const upright = sharp(input, { failOn: 'error' }).autoOrient();
  for (const target of IMAGE_WIDTHS) {
    const body = await upright.clone().resize({ width: target, withoutEnlargement: true }).webp({ quality: 78 }).toBuffer();
    await store.put(variantKey(key, target), body, 'image/webp');
  }
  return { key, width, height };
}
