import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { ErrorCode } from '@kunci/contracts/errors';
import type { OwnerListingFull } from '@kunci/contracts/listing-management';
import { en } from '@kunci/i18n/messages/en';
import { ms } from '@kunci/i18n/messages/ms';
import { imageWork } from '@kunci/media/images';
import { pngDeclaring } from '@kunci/media/test-images';
import { box, ftyp, moov, tinyMp4, tinyWebm, trak } from '@kunci/media/test-videos';
import { bearer, createTestApp, signIn, type TestApp } from '../../../test/support.ts';
import { condoInput, photoWithGps, upload } from './test-helpers.ts';

/** A task that holds a slot of the image work queue until the test lets it go. */
function held() {
  let release!: () => void;
  const done = new Promise<void>((resolve) => (release = resolve));
  return { task: () => done, release };
}

describe('what an upload must be to be published', () => {
  let t: TestApp;
  let owner: Record<string, string>;
  let listing: OwnerListingFull;

  beforeAll(async () => {
    t = await createTestApp({ env: { PIN_RESEND_SECONDS: '0', PIN_MAX_PER_HOUR_PER_PHONE: '1000', PIN_MAX_PER_HOUR_PER_IP: '1000' } });
    owner = bearer((await signIn(t.app)).token);
    listing = (await t.app.inject({ method: 'POST', url: '/api/properties', payload: condoInput(), headers: owner })).json() as OwnerListingFull;
  });
  afterAll(() => t.close());

  const registerImage = (mediaId: string, language = 'en') =>
    t.app.inject({
      method: 'POST',
      url: `/api/properties/${listing.id}/images`,
      payload: { mediaId },
      headers: { ...owner, 'x-language': language },
    });
  const registerVideo = (mediaId: string, extension = 'mp4', language = 'en') =>
    t.app.inject({
      method: 'POST',
      url: `/api/properties/${listing.id}/videos`,
      payload: { url: `${mediaId}.${extension}` },
      headers: { ...owner, 'x-language': language },
    });

  it('a photo declaring 16000 x 16000 pixels is refused from its header, quickly, before any decoding', async () => {
    const huge = pngDeclaring(16_000, 16_000);
    const { mediaId } = await upload(t.app, owner, listing.id, 'huge.png', huge);
    const decoding = vi.spyOn(imageWork, 'run');
    const refused = await registerImage(mediaId, 'ms');
    expect(refused.statusCode).toBe(422);
    expect(refused.json()).toMatchObject({ errorCode: ErrorCode.INVALID_IMAGE, message: ms['field.imagePixels'] });
    expect(decoding).not.toHaveBeenCalled();
    decoding.mockRestore();
    expect(existsSync(join(t.config.mediaDir, 'listings', String(listing.id), mediaId))).toBe(false);
    // The upload stays unregistered, and the listing has no photo.
    const after = (await t.app.inject({ url: `/api/properties/${listing.id}/manage`, headers: owner })).json() as OwnerListingFull;
    expect(after.images).toEqual([]);
  });

  it('photo work is bounded: beyond the running ones a few wait, and past the queue callers get 503 at once', async () => {
    const running = Array.from({ length: imageWork.concurrency }, held);
    const holding = running.map((slot) => imageWork.run(slot.task));
    const first = await upload(t.app, owner, listing.id, 'a.jpg', await photoWithGps(1));
    const waiting = registerImage(first.mediaId);
    await vi.waitFor(() => expect(imageWork.queued).toBe(1));

    const queued = Array.from({ length: imageWork.maxQueued - 1 }, held);
    const fillers = queued.map((slot) => imageWork.run(slot.task));
    const second = await upload(t.app, owner, listing.id, 'b.jpg', await photoWithGps(2));
    const busy = await registerImage(second.mediaId);
    expect(busy.statusCode).toBe(503);
    expect(busy.json()).toMatchObject({ errorCode: ErrorCode.UNAVAILABLE });
    expect(busy.headers['retry-after']).toBeDefined();

    for (const slot of [...running, ...queued]) slot.release();
    await Promise.all([...holding, ...fillers]);
    const registered = await waiting;
    expect(registered.statusCode, registered.body).toBe(200);
    expect((registered.json() as OwnerListingFull).images).toHaveLength(1);
    // Refused for being busy, not for what it is: the same upload goes through once there is room.
    expect((await registerImage(second.mediaId)).statusCode).toBe(200);
  });

  it('videos: MP4, MOV and WebM with a video track are taken; the stored type follows the container', async () => {
    for (const [file, bytes, contentType] of [
      ['tour.mp4', tinyMp4({ moovLast: true }), 'video/mp4'],
      ['tour.mov', tinyMp4({ brand: 'qt  ' }), 'video/quicktime'],
      ['tour.webm', tinyWebm(), 'video/webm'],
    ] as const) {
      const { mediaId } = await upload(t.app, owner, listing.id, file, bytes);
      const added = await registerVideo(mediaId, file.split('.')[1]);
      expect(added.statusCode, `${file}: ${added.body}`).toBe(200);
      expect((added.json() as OwnerListingFull).videos.find((v) => v.url.startsWith(mediaId))).toMatchObject({ contentType });
    }
  });

  it('videos that only look like one are refused with a message saying what we play', async () => {
    const fakes = [
      Buffer.concat([Buffer.from([0, 0, 0, 0x18]), Buffer.from('ftypmp42'), Buffer.alloc(4000, 0)]),
      Buffer.concat([ftyp(), moov(trak('soun')), box('mdat', Buffer.alloc(64))]),
      tinyMp4().subarray(0, 300),
      tinyWebm({ trackType: 2 }),
      // A `vide` track with nothing a player could decode (the old minimal MP4), or no frames at all.
      tinyMp4({ table: 'none', brand: 'mp42' }),
      tinyMp4({ table: 'noPictures' }),
      tinyWebm({ cluster: false }),
    ];
    for (const [index, bytes] of fakes.entries()) {
      const { mediaId } = await upload(t.app, owner, listing.id, 'tour.mp4', bytes);
      const refused = await registerVideo(mediaId, 'mp4', index === 0 ? 'ms' : 'en');
      expect(refused.statusCode, String(index)).toBe(422);
      expect(refused.json()).toMatchObject({
        errorCode: ErrorCode.VALIDATION,
        message: index === 0 ? ms['field.video'] : en['field.video'],
        fields: [{ path: 'body.url' }],
      });
    }
  });
});
