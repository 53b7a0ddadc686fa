import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import pg from 'pg';

const root = resolve(import.meta.dirname, '..');

/**
 * Starts the real server (built web app, fresh database with demo data) for the journeys, and stops it
 * afterwards. With TEST_DATABASE_URL / TEST_REDIS_URL it runs on a fresh PostgreSQL database and Redis, and a
 * second instance on the next port shares them (E2E_SECOND_URL).
 */
export default async function globalSetup() {
  const port = Number(process.env['E2E_PORT'] ?? 3211);
  const dataDir = mkdtempSync(join(tmpdir(), 'kunci-e2e-'));
  const env: Record<string, string> = {
    PATH: process.env['PATH'] ?? '',
    NODE_ENV: 'production',
    HOST: '127.0.0.1',
    DATA_DIR: dataDir,
    SEED_DEMO_LISTINGS: '600',
    LOG_LEVEL: 'warn',
    RATE_LIMIT_MAX: '100000',
    // Journeys sign many people in from one address; the caps themselves are proven by the API tests.
    PIN_MAX_PER_HOUR_PER_IP: '100000',
    LOGIN_MAX_FAILURES_PER_IP: '100000',
    // Journeys read PINs from the development outbox (it answers this machine only).
    DEMO_MODE: 'true',
    REDIS_KEY_PREFIX: `kunci-e2e-${Date.now().toString(36)}:`,
  };
  let dropDatabase: (() => Promise<void>) | undefined;
  const adminUrl = process.env['TEST_DATABASE_URL'];
  if (adminUrl) {
    const name = `kunci_e2e_${process.pid}`;
    const admin = new pg.Client({ connectionString: adminUrl });
    await admin.connect();
    await admin.query(`drop database if exists ${name} with (force)`);
    await admin.query(`create database ${name}`);
    const url = new URL(adminUrl);
    url.pathname = `/${name}`;
    env['DATABASE_URL'] = url.toString();
    dropDatabase = async () => {
      await admin.query(`drop database if exists ${name} with (force)`);
      await admin.end();
    };
  }
  if (process.env['TEST_REDIS_URL']) env['REDIS_URL'] = process.env['TEST_REDIS_URL'];

  async function start(at: number) {
    // A server already on the port (another checkout's journeys) would answer for ours: refuse instead.
    const busy = await fetch(`http://127.0.0.1:${at}/api/ready`).then(
      () => true,
      () => false,
    );
    if (busy) throw new Error(`port ${at} already serves something: stop it, or run the journeys with E2E_PORT set to a free port`);
    const server = spawn(process.execPath, [join(root, 'apps/server/src/server.ts')], {
      env: { ...env, PORT: String(at), PUBLIC_URL: `http://127.0.0.1:${at}` },
      stdio: ['ignore', 'inherit', 'inherit'],
    });
    const deadline = Date.now() + 90_000;
    for (;;) {
      if (server.exitCode !== null) throw new Error(`server exited with ${server.exitCode}`);
      try {
        if ((await fetch(`http://127.0.0.1:${at}/api/ready`)).ok) break;
      } catch {
        // not listening yet
      }
      if (Date.now() > deadline) throw new Error('server did not become ready in 90 s');
      await new Promise((r) => setTimeout(r, 250));
    }
    return server;
  }
  const servers = [await start(port)];
  // With a shared PostgreSQL and Redis, a second instance: journeys with two people put one on each.
  if (env['DATABASE_URL'] && env['REDIS_URL']) {
    servers.push(await start(port + 1));
    process.env['E2E_SECOND_URL'] = `http://127.0.0.1:${port + 1}`;
  }

  return async () => {
    await Promise.all(
      servers.map((server) => {
        server.kill('SIGTERM');
        return new Promise((r) => server.once('exit', r));
      }),
    );
    await dropDatabase?.();
    rmSync(dataDir, { recursive: true, force: true });
  };
}
