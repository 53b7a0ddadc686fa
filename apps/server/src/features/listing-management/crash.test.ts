import type { ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { request } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { spawnServer, testDatabaseCopy } from '../../../test/spawn.ts';
import { condoInput } from './test-helpers.ts';

const killed = (server: ChildProcess) =>
  new Promise<void>((done) => {
    if (server.exitCode !== null || server.signalCode !== null) return done();
    server.once('exit', () => done());
    server.kill('SIGKILL');
  });

/** A photo that takes sharp a while to re-encode (noise does not compress). */
async function heavyPhoto(): Promise<Buffer> {
  const raw = Buffer.alloc(4000 * 3000 * 3);
  for (let i = 0; i < raw.length; i++) raw[i] = (i * 2654435761) >>> 24;
  return sharp(raw, { raw: { width: 4000, height: 3000, channels: 3 } })
    .jpeg({ quality: 95 })
    .toBuffer();
}

describe('a server killed with SIGKILL', () => {
  it('mid-upload and mid-registration leaves no broken listing and no visible orphan', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'kunci-crash-'));
    const database = await testDatabaseCopy(dataDir);
    const start = (extra: Record<string, string> = {}) => spawnServer(dataDir, { ...database.env, ...extra });
    let { server, port } = start();
    try {
      let base = `http://127.0.0.1:${await port}`;
      const json = { 'content-type': 'application/json' };
      const phone = '+60129990001';
      await fetch(`${base}/api/pin/request`, { method: 'POST', headers: json, body: JSON.stringify({ phoneNo: phone }) });
      const outbox = (await (await fetch(`${base}/api/dev/outbox?to=${encodeURIComponent(phone)}`)).json()) as { body: string }[];
      const pin = /\b(\d{6})\b/.exec(outbox[0]!.body)![1];
      const { token } = (await (
        await fetch(`${base}/api/pin/verify`, { method: 'POST', headers: json, body: JSON.stringify({ phoneNo: phone, pin }) })
      ).json()) as {
        token: string;
      };
      const auth = { ...json, authorization: `Bearer ${token}` };
      const listing = (await (
        await fetch(`${base}/api/properties`, { method: 'POST', headers: auth, body: JSON.stringify(condoInput()) })
      ).json()) as { id: number };
      const presign = async () =>
        (await (await fetch(`${base}/api/properties/${listing.id}/presignedUrl/photo.jpg`, { headers: auth })).json()) as {
          presignedUrl: string;
          mediaId: string;
        };

      // 1. Killed while the browser is still sending the file.
      const first = await presign();
      const url = new URL(first.presignedUrl);
      const put = request({
        host: '127.0.0.1',
        port: Number(url.port),
        method: 'PUT',
        path: url.pathname + url.search,
        headers: { 'content-type': 'image/jpeg', 'content-length': 5_000_000 },
      });
      put.on('error', () => undefined);
      put.write(Buffer.alloc(1_000_000, 7));
      await new Promise((r) => setTimeout(r, 300));
      await killed(server);

      // 2. Killed while the photo is being re-encoded, after it arrived and before it was recorded.
      ({ server, port } = start());
      base = `http://127.0.0.1:${await port}`;
      const second = await presign();
      const secondUrl = new URL(second.presignedUrl);
      const uploaded = await fetch(`${base}${secondUrl.pathname}${secondUrl.search}`, {
        method: 'PUT',
        headers: { 'content-type': 'image/jpeg' },
        body: await heavyPhoto(),
      });
      expect(uploaded.status).toBe(204);
      void fetch(`${base}/api/properties/${listing.id}/images`, {
        method: 'POST',
        headers: auth,
        body: JSON.stringify({ mediaId: second.mediaId }),
      }).catch(() => undefined);
      await new Promise((r) => setTimeout(r, 400));
      await killed(server);

      // After a restart the listing is whole: no photo half-added, nothing of either file visible.
      ({ server, port } = start());
      base = `http://127.0.0.1:${await port}`;
      const after = (await (await fetch(`${base}/api/properties/${listing.id}/manage`, { headers: auth })).json()) as {
        images: unknown[];
        reviewStatus: string;
        name: string;
      };
      expect(after).toMatchObject({ images: [], reviewStatus: 'DRAFT', name: condoInput().name });
      expect((await fetch(`${base}/media/staging/${first.mediaId}`)).status).toBe(404);
      await killed(server);

      // The cleanup job removes what the interrupted uploads left behind once their URLs have long expired.
      const staging = join(dataDir, 'media', 'staging');
      const leftovers = () => [
        ...(existsSync(staging) ? readdirSync(staging) : []),
        ...(existsSync(join(dataDir, 'media', 'listings', String(listing.id)))
          ? readdirSync(join(dataDir, 'media', 'listings', String(listing.id)))
          : []),
      ];
      expect(leftovers().length).toBeGreaterThan(0);
      const handle = await database.open();
      await handle.raw(`update media_uploads set expires_at = now() - interval '2 days'`, []);
      await handle.close();
      ({ server, port } = start({ JOBS_INTERVAL_SECONDS: '1' }));
      base = `http://127.0.0.1:${await port}`;
      for (let i = 0; i < 40 && leftovers().length; i++) await new Promise((r) => setTimeout(r, 250));
      expect(leftovers()).toEqual([]);
    } finally {
      await killed(server);
      await database.drop();
      rmSync(dataDir, { recursive: true, force: true });
    }
  }, 120_000);
});
