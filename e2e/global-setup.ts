import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import pg from 'pg';
import { SERVER_NODE_FLAGS } from '../scripts/server-flags.ts';

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
    // A second PIN for the same number within the journey waits out the resend cooldown (60 s by default; the API
    // tests prove it), which held one worker idle for most of a minute.
    PIN_RESEND_SECONDS: '3',
    // Journeys read PINs from the development outbox (it answers this machine only).
    DEMO_MODE: 'true',
    // A tab left open after signing out elsewhere learns it within seconds (30 s by default).
    CHAT_SESSION_CHECK_SECONDS: '2',
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
    // Started as production starts it (npm start): the same Node flags.
    const server = spawn(process.execPath, [...SERVER_NODE_FLAGS, join(root, 'apps/server/src/server.ts')], {
      env: { ...env, PORT: String(at), PUBLIC_URL: `http://127.0.0.1:${at}` },
      stdio: ['ignore', 'inherit', 'inherit'],
    });
    servers.push(server);
    const deadline = Date.now() + READY_SECONDS * 1000;
    for (;;) {
      if (server.exitCode !== null) throw new Error(`server exited with ${server.exitCode}`);
      try {
        if ((await fetch(`http://127.0.0.1:${at}/api/ready`)).ok) break;
      } catch {
        // not listening yet
      }
      if (Date.now() > deadline) throw new Error(`server did not become ready in ${READY_SECONDS} s (E2E_READY_SECONDS sets the limit)`);
      await new Promise((r) => setTimeout(r, 250));
    }
  }

  /** Stops every server started here (SIGKILL for one still running 15 s after SIGTERM), then drops what they used. */
  async function stopAll() {
    await Promise.all(servers.map(stop));
    await dropDatabase?.();
    rmSync(dataDir, { recursive: true, force: true });
  }

  // Every server started is stopped on the way out, also when one never became ready: one left running would
  // hold the port and the next run would refuse it.
  const servers: ChildProcess[] = [];
  try {
    await start(port);
    // With a shared PostgreSQL and Redis, a second instance: journeys with two people put one on each.
    if (env['DATABASE_URL'] && env['REDIS_URL']) {
      await start(port + 1);
      process.env['E2E_SECOND_URL'] = `http://127.0.0.1:${port + 1}`;
    }
  } catch (error) {
    await stopAll();
    throw error;
  }
  return stopAll;
}

/**
 * How long the server may take to migrate, seed the demo data and answer /api/ready. Seeding on a loaded 2-core
 * machine has taken over 90 s; E2E_READY_SECONDS overrides it.
 */
const READY_SECONDS = Number(process.env['E2E_READY_SECONDS'] ?? 240);

async function stop(server: ChildProcess) {
  if (server.exitCode !== null || server.signalCode !== null) return;
  const exited = new Promise((r) => server.once('exit', r));
  server.kill('SIGTERM');
  const timer = setTimeout(() => server.kill('SIGKILL'), 15_000);
  await exited;
  clearTimeout(timer);
}
