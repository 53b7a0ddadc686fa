import { spawn, type ChildProcess } from 'node:child_process';
import { join, resolve } from 'node:path';
import { LANGUAGES } from '@kunci/i18n/locales';
import { switchLanguage } from '@kunci/i18n/paths';
import { SERVER_NODE_FLAGS } from '../scripts/server-flags.ts';

const root = resolve(import.meta.dirname, '..');

/**
 * The production server on loopback for a benchmark, with its own data directory and production's Node flags.
 * `execArgv` goes to Node before the server's entry (e.g. `--import` of a probe); `ipc` opens a message channel to the child.
 */
export function startServer(
  port: number,
  dataDir: string,
  extra: Record<string, string> = {},
  options: { execArgv?: string[]; ipc?: boolean } = {},
): ChildProcess {
  return spawn(process.execPath, [...SERVER_NODE_FLAGS, ...(options.execArgv ?? []), join(root, 'apps/server/src/server.ts')], {
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

/**
 * The site a browser benchmark measures: the server at `base` when one is given, else the production server started
 * on `port` over the page benchmark's data (bench/pages.ts seeds it; `dataDir` names another folder).
 */
export function pagesSite(options: { base?: string | undefined; dataDir?: string | undefined; port: number }): {
  base: string;
  server: ChildProcess | undefined;
} {
  if (options.base) return { base: options.base, server: undefined };
  const dataDir = options.dataDir ?? resolve(root, process.env['DATABASE_URL'] ? '.data/bench-pages-pg' : '.data/bench-pages-100000');
  return {
    base: `http://127.0.0.1:${options.port}`,
    server: startServer(options.port, dataDir, {
      DATA_DIR: dataDir,
      SEED_DEMO_LISTINGS: '0',
      JOBS_INTERVAL_SECONDS: '0',
      RATE_LIMIT_PAGE_MAX: '100000000',
    }),
  };
}

/** The pages a browser benchmark measures: the home page, /rent/bangsar and a listing in each language asked for (a
 * comma-separated list; all when none), and a content page. */
export async function measuredPages(base: string, languages: string | undefined): Promise<string[]> {
  const search = (await (await fetch(`${base}/api/properties/search?loc=bangsar&pageSize=1`)).json()) as { content: { id: number }[] };
  const listing = search.content[0]?.id;
  if (listing === undefined) throw new Error('no listing in Bangsar to measure');
  return [
    ...LANGUAGES.filter((lang) => !languages || languages.split(',').includes(lang)).flatMap((lang) =>
      ['/', '/rent/bangsar', `/details/${listing}`].map((path) => switchLanguage(path, lang)),
    ),
    '/more/about',
  ];
}
