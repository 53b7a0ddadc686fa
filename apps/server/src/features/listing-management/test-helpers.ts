import sharp from 'sharp';
import type { FastifyInstance } from 'fastify';

export { condoInput } from '../../../test/listing-input.ts';

/** A real JPEG carrying EXIF GPS coordinates, made in memory. */
export function photoWithGps(seed = 0): Promise<Buffer> {
  return sharp({ create: { width: 1200, height: 900, channels: 3, background: { r: 40 + seed * 20, g: 120, b: 90 } } })
    .jpeg()
    .withExif({
      IFD0: { Make: 'KunciCam' },
      IFD3: { GPSLatitudeRef: 'N', GPSLatitude: '3/1 8/1 0/1', GPSLongitudeRef: 'E', GPSLongitude: '101/1 41/1 0/1' },
    })
    .toBuffer();
}

/** Presign, PUT the bytes to the signed URL, as the browser does; returns the media id and the PUT's answer. */
export async function upload(app: FastifyInstance, headers: Record<string, string>, propertyId: number, file: string, body: Buffer) {
  const presigned = await app.inject({ url: `/api/properties/${propertyId}/presignedUrl/${file}`, headers });
  if (presigned.statusCode !== 200) throw new Error(`presign ${presigned.statusCode}: ${presigned.body}`);
  const { presignedUrl, mediaId, contentType } = presigned.json() as { presignedUrl: string; mediaId: string; contentType: string };
  const url = new URL(presignedUrl);
  const put = await app.inject({ method: 'PUT', url: url.pathname + url.search, payload: body, headers: { 'content-type': contentType } });
  return { mediaId, put };
}
