import { mkdtempSync, rmSync } from 'node:fs';
import { request } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { spawnServer } from '../test/spawn.ts';

describe('graceful shutdown', () => {
  it('finishes a request in flight on SIGTERM, then exits 0', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'kunci-shutdown-'));
    const { server, port: serving } = spawnServer(dataDir);
    try {
      const port = await serving;
      const body = JSON.stringify({ phoneNo: '0123456789' });
      const answer = new Promise<{ status: number; text: string }>((done, fail) => {
        const req = request(
          {
            host: '127.0.0.1',
            port,
            method: 'POST',
            path: '/api/pin/pre-check',
            headers: { 'content-type': 'application/json', 'content-length': Buffer.byteLength(body) },
          },
          (res) => {
            let text = '';
            res.on('data', (chunk: Buffer) => (text += chunk.toString()));
            res.on('end', () => done({ status: res.statusCode ?? 0, text }));
          },
        );
        req.on('error', fail);
        // Half the body now: the request is in flight when the signal arrives.
        req.write(body.slice(0, 10));
        setTimeout(() => {
          server.kill('SIGTERM');
          setTimeout(() => req.end(body.slice(10)), 300);
        }, 200);
      });
      const exited = new Promise<number | null>((done) => server.once('exit', done));
      const { status, text } = await answer;
      expect(status).toBe(200);
      expect(JSON.parse(text)).toMatchObject({ phoneNo: '+60123456789' });
      expect(await exited).toBe(0);
    } finally {
      server.kill('SIGKILL');
      rmSync(dataDir, { recursive: true, force: true });
    }
  }, 120_000);
});
