import type { ChildProcess } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, inject, it } from 'vitest';
import { ErrorCode } from '@kunci/contracts/errors';
import { spawnServer, testDatabaseCopy } from '../test/spawn.ts';
import { testRedisUrl } from '../test/support.ts';

/** The real server on a copy of the run's test database (PGlite, or PostgreSQL and Redis when the run has them). */
async function startServer(): Promise<{ server: ChildProcess; base: string; dispose: () => Promise<void> }> {
  const template = inject('template');
  const dataDir = mkdtempSync(join(tmpdir(), 'kunci-one-request-'));
  const database = await testDatabaseCopy(dataDir);
  const env: Record<string, string> = { ...database.env, MEDIA_DIR: template.mediaDir };
  const redis = testRedisUrl();
  if (database.env['DATABASE_URL'] && redis)
    Object.assign(env, { REDIS_URL: redis, REDIS_KEY_PREFIX: `kunci-test-${randomUUID().replace(/-/g, '').slice(0, 12)}:` });
  const { server, port } = spawnServer(dataDir, env);
  const base = `http://127.0.0.1:${await port}`;
  return {
    server,
    base,
    dispose: async () => {
      if (server.exitCode === null) {
        const exited = new Promise((done) => server.once('exit', done));
        server.kill('SIGKILL');
        await exited;
      }
      await database.drop();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

describe('one request never ends the server', () => {
  it('survives NUL characters in the search bar’s suggestions (the overlapped buildings query) and in search', async () => {
    const { server, base, dispose } = await startServer();
    let exitCode: number | null = null;
    server.once('exit', (code) => (exitCode = code));
    try {
      const post = (keywords: string) =>
        fetch(`${base}/api/properties/search/name/autocomplete`, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ keywords }),
        });
      const answers = await Promise.all([
        post('ba\u0000ng'),
        post('\u0000\u0000'),
        post('bangsar'),
        fetch(`${base}/api/properties/search?q=ba%00ng&category=PROPERTY`),
        fetch(`${base}/api/properties/search?loc=ba%00ng`),
      ]);
      expect(answers.map((a) => a.status)).toEqual([422, 422, 200, 422, 422]);
      expect(((await answers[0]!.json()) as { errorCode: number }).errorCode).toBe(ErrorCode.VALIDATION);
      // Still serving, and still reaching its database.
      await new Promise((done) => setTimeout(done, 200));
      expect(exitCode).toBeNull();
      expect((await fetch(`${base}/api/ready`)).status).toBe(200);
      expect((await post('bangsar')).status).toBe(200);
    } finally {
      await dispose();
    }
  }, 120_000);
});
