import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, it } from 'vitest';
import { copyTemplateDatabase } from '../test/database.ts';
import { ready, startServer, stop } from './server.ts';

/** A port nothing listens on now. */
async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  await new Promise((resolve) => server.close(resolve));
  if (!address || typeof address === 'string') throw new Error('no port');
  return address.port;
}

// Smoke test of the harness every benchmark stands on: the production server starts on its own data directory, is
// ready, answers, and stops on SIGTERM. Figures are the benchmarks' business, not this test's. The database is a copy
// of the run's migrated template (building one from nothing is the server's startup tests' business, and took most of
// this test's minute).
it('starts the production server, waits until it is ready and stops it', async () => {
  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;
  const dataDir = mkdtempSync(join(tmpdir(), 'kunci-bench-smoke-'));
  const database = await copyTemplateDatabase(join(dataDir, 'pglite'));
  const server = startServer(port, dataDir, {
    ...(database.url ? { DATABASE_URL: database.url } : {}),
    SEED_DEMO_LISTINGS: '0',
    JOBS_INTERVAL_SECONDS: '0',
    LOG_LEVEL: 'error',
  });
  try {
    await ready(server, base);
    const health = await fetch(`${base}/api/health`);
    expect(health.status).toBe(200);
  } finally {
    await stop(server);
    await database.remove();
    rmSync(dataDir, { recursive: true, force: true });
  }
  expect(server.exitCode).toBe(0);
}, 150_000);
