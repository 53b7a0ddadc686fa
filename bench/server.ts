import { spawn, type ChildProcess } from 'node:child_process';
import { join, resolve } from 'node:path';

const root = resolve(import.meta.dirname, '..');

/**
 * The production server on loopback for a benchmark, with its own data directory. `execArgv` goes to Node before the
 * server's entry (e.g. `--import` of a probe); `ipc` opens a message channel to the child.
 */
export function startServer(
  port: number,
  dataDir: string,
  extra: Record<string, string> = {},
  options: { execArgv?: string[]; ipc?: boolean } = {},
): ChildProcess {
  return spawn(process.execPath, [...(options.execArgv ?? []), join(root, 'apps/server/src/server.ts')], {
    env: {
      PATH: process.env['PATH'] ?? '',
      NODE_ENV: 'production',
      DEMO_MODE: 'true',
      HOST: '127.0.0.1',
      PORT: String(port),
      PUBLIC_URL: `http://127.0.0.1:${port}`,
      DATA_DIR: dataDir,
      LOG_LEVEL: 'warn',
      RATE_LIMIT_MAX: '100000000',
      ...(process.env['DATABASE_URL'] ? { DATABASE_URL: process.env['DATABASE_URL'] } : {}),
      ...extra,
    },
    stdio: options.ipc ? ['ignore', 'inherit', 'inherit', 'ipc'] : ['ignore', 'inherit', 'inherit'],
  });
}

export async function ready(server: ChildProcess, base: string): Promise<void> {
  const deadline = Date.now() + 120_000;
  while (Date.now() < deadline) {
    if (server.exitCode !== null) throw new Error(`server exited with ${server.exitCode}`);
    try {
      if ((await fetch(`${base}/api/ready`)).ok) return;
    } catch {
      // still starting
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error('server not ready in 120 s');
}

export async function stop(server: ChildProcess): Promise<void> {
  if (server.exitCode !== null) return;
  server.kill('SIGTERM');
  await new Promise((r) => server.once('exit', r));
}
