import { spawn, type ChildProcess } from 'node:child_process';
import { join, resolve } from 'node:path';
import { onTestFinished } from 'vitest';
import { openDatabase } from '@kunci/db/client';
import { copyTemplateDatabase } from '../../../test/database.ts';

const SERVER = resolve(import.meta.dirname, '../src/server.ts');

/**
 * The real server in its own process (for signals and crashes), on a free port; resolves the port when it serves. Called
 * in a test: the server is killed when the test finishes, whatever the test did.
 */
export function spawnServer(dataDir: string, extra: Record<string, string> = {}): { server: ChildProcess; port: Promise<number> } {
  const server = spawn(process.execPath, [SERVER], {
    env: {
      PATH: process.env['PATH'] ?? '',
      PORT: '0',
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      SEED_DEMO_LISTINGS: '0',
      JOBS_INTERVAL_SECONDS: '0',
      LOG_LEVEL: 'silent',
      NODE_ENV: 'test',
      DEMO_MODE: 'true',
      ...extra,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  // Also when the test runs out of time while its own cleanup is still waiting: a server left running outlives the
  // test run and holds its port, its database and a share of the machine.
  onTestFinished(() => {
    if (server.exitCode === null && server.signalCode === null) server.kill('SIGKILL');
  });
  const port = new Promise<number>((done, fail) => {
    let out = '';
    let err = '';
    server.stdout!.on('data', (chunk: Buffer) => {
      out += chunk.toString();
      const match = /serving http:\/\/localhost:(\d+)/.exec(out);
      if (match) done(Number(match[1]));
    });
    server.stderr!.on('data', (chunk: Buffer) => {
      err = (err + chunk.toString()).slice(-4000);
    });
    // What it printed last says why (the output is read to its end before 'close').
    server.once('close', (code, signal) => fail(new Error(`server exited early (code ${code}, signal ${signal}): ${err || out.slice(-4000)}`)));
  });
  return { server, port };
}

/**
 * A copy of the run's migrated test database for spawned servers: the PGlite directory copied into `dataDir`, or a
 * PostgreSQL database made from the template. A server started on it finds its schema in place instead of building
 * it, which under a full run's load took the crash tests past their time. `env` goes to spawnServer; `open` reads
 * the copy from the test; `drop` removes the copy.
 */
export async function testDatabaseCopy(
  dataDir: string,
): Promise<{ env: Record<string, string>; open: () => ReturnType<typeof openDatabase>; drop: () => Promise<void> }> {
  const pgliteDir = join(dataDir, 'pglite');
  const { url, remove } = await copyTemplateDatabase(pgliteDir);
  return {
    env: url ? { DATABASE_URL: url } : {},
    open: () => openDatabase(url ? { url, poolSize: 1 } : { dataDir: pgliteDir }),
    drop: remove,
  };
}
