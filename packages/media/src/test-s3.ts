import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import S3rver from 's3rver';
import type { S3Options } from './s3-store.ts';

/** An S3-compatible fake on loopback (s3rver), with one bucket; for tests of the S3 store. */
export async function startFakeS3(): Promise<{ options: S3Options; close(): Promise<void> }> {
  const directory = mkdtempSync(join(tmpdir(), 'kunci-s3-'));
  const server = new S3rver({ address: '127.0.0.1', port: 0, silent: true, directory, configureBuckets: [{ name: 'kunci-media', configs: [] }] });
  const { port } = await server.run();
  return {
    options: {
      endpoint: `http://127.0.0.1:${port}`,
      region: 'us-east-1',
      bucket: 'kunci-media',
      accessKeyId: 'S3RVER',
      secretAccessKey: 'S3RVER',
      forcePathStyle: true,
    },
    close: async () => {
      await server.close();
      rmSync(directory, { recursive: true, force: true });
    },
  };
}
