// Benchmark baseline. Starts the production server on loopback with demo data and measures, with
// autocannon: the server-rendered home page, the same HTML served as a static file by the same server,
// and /api/health. Prints figures and the machine's conditions; asserts nothing.
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { cpus, loadavg, tmpdir, totalmem } from 'node:os';
import { join, resolve } from 'node:path';
import autocannon from 'autocannon';

const root = resolve(import.meta.dirname, '..');
const port = Number(process.env['BENCH_PORT'] ?? 3299);
const base = `http://127.0.0.1:${port}`;
const duration = Number(process.env['BENCH_SECONDS'] ?? 8);
const connections = Number(process.env['BENCH_CONNECTIONS'] ?? 16);
const dataDir = mkdtempSync(join(tmpdir(), 'kunci-bench-'));
const staticDir = join(root, 'apps/web/build/client/__bench');

function startServer(): ChildProcess {
  return spawn(process.execPath, [join(root, 'apps/server/src/server.ts')], {
    env: {
      PATH: process.env['PATH'] ?? '',
      NODE_ENV: 'production',
      HOST: '127.0.0.1',
      PORT: String(port),
      DATA_DIR: dataDir,
      LOG_LEVEL: 'warn',
      RATE_LIMIT_MAX: '100000000',
      ...(process.env['DATABASE_URL'] ? { DATABASE_URL: process.env['DATABASE_URL'] } : {}),
    },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
}

async function ready(server: ChildProcess): Promise<void> {
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

async function stop(server: ChildProcess): Promise<void> {
  if (server.exitCode !== null) return;
  server.kill('SIGTERM');
  await new Promise((r) => server.once('exit', r));
}

async function measure(name: string, path: string) {
  await autocannon({ url: `${base}${path}`, connections, duration: 2 });
  const r = await autocannon({ url: `${base}${path}`, connections, duration });
  return {
    target: name,
    'req/s': Math.round(r.requests.average),
    'p50 ms': r.latency.p50,
    'p99 ms': r.latency.p99,
    'KB/req': Math.round(r.throughput.average / 1024 / Math.max(r.requests.average, 1)),
    errors: r.errors + r.non2xx,
  };
}

let server = startServer();
try {
  await ready(server);
  // A static copy of exactly what the home page renders; static files are listed at start, hence the restart.
  const html = await (await fetch(`${base}/`)).text();
  mkdirSync(staticDir, { recursive: true });
  writeFileSync(join(staticDir, 'home.html'), html);
  await stop(server);
  server = startServer();
  await ready(server);

  const rows = [
    await measure('SSR home (/)', '/'),
    await measure('same HTML, static file', '/__bench/home.html'),
    await measure('GET /api/health', '/api/health'),
  ];
  console.log(`\nKunci benchmark baseline: ${connections} connections, ${duration} s per target, loopback`);
  console.log(
    `machine: ${cpus().length} x ${cpus()[0]?.model ?? 'cpu'}, ${Math.round(totalmem() / 2 ** 30)} GiB, load ${loadavg()
      .map((l) => l.toFixed(2))
      .join(' ')}`,
  );
  console.log(`database: ${process.env['DATABASE_URL'] ? 'PostgreSQL' : 'PGlite'}, node ${process.version}`);
  console.table(rows);
  const [ssr, file] = rows;
  console.log(`SSR home serves ${((ssr!['req/s'] / file!['req/s']) * 100).toFixed(0)}% of the static file's throughput.`);
} finally {
  await stop(server);
  rmSync(staticDir, { recursive: true, force: true });
  rmSync(dataDir, { recursive: true, force: true });
}
