import type { ChildProcess } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { cpSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { describe, expect, inject, it } from 'vitest';
import { ErrorCode } from '@kunci/contracts/errors';
import { databaseUrl } from '../../../test/template.ts';
import { spawnServer } from '../test/spawn.ts';
import { testRedisUrl } from '../test/support.ts';

/** The real server on a copy of the run's test database (PGlite, or PostgreSQL and Redis when the run has them). */
async function startServer(): Promise<{ server: ChildProcess; base: string; dispose: () => Promise<void> }> {
  const template = inject('template');
  const dataDir = mkdtempSync(join(tmpdir(), 'kunci-one-request-'));
  const env: Record<string, string> = { MEDIA_DIR: template.mediaDir };
  let dropDatabase = async () => {};
  if (template.kind === 'postgres') {
    const name = `kunci_t_${randomUUID().replace(/-/g, '').slice(0, 12)}`;
    const admin = new pg.Client({ connectionString: template.adminUrl });
    await admin.connect();
    await admin.query(`create database ${name} template ${template.name}`);
    env['DATABASE_URL'] = databaseUrl(template.adminUrl, name);
    const redis = testRedisUrl();
    if (redis) Object.assign(env, { REDIS_URL: redis, REDIS_KEY_PREFIX: `kunci-test-${name}:` });
    dropDatabase = async () => {
      await admin.query(`drop database if exists ${name} with (force)`);
      await admin.end();
    };
  } else {
    cpSync(template.dir, join(dataDir, 'pglite'), { recursive: true });
  }
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
      await dropDatabase();
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
