// Benchmark baseline. Starts the production server on loopback with demo data and measures, with
// autocannon: the server-rendered home page, the same HTML served as a static file by the same server,
// and /api/health. Prints figures and the machine's conditions; asserts nothing.
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { cpus, loadavg, tmpdir, totalmem } from 'node:os';
import { join, resolve } from 'node:path';
import autocannon from 'autocannon';
import { ready, startServer, stop } from './server.ts';

// `npm run bench -- <name>` runs bench/<name>.ts (chat, search, pages, ...) instead of this baseline.
const named = process.argv[2];
if (named) {
  if (!/^[a-z-]+$/.test(named) || ['run', 'server', 'scratch'].includes(named)) throw new Error(`no benchmark named ${named}`);
  await import(`./${named}.ts`);
  process.exit(process.exitCode ?? 0);
}

const root = resolve(import.meta.dirname, '..');
const port = Number(process.env['BENCH_PORT'] ?? 3299);
const base = `http://127.0.0.1:${port}`;
const duration = Number(process.env['BENCH_SECONDS'] ?? 8);
const connections = Number(process.env['BENCH_CONNECTIONS'] ?? 16);
const dataDir = mkdtempSync(join(tmpdir(), 'kunci-bench-'));
const staticDir = join(root, 'apps/web/build/client/__bench');

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

let server = startServer(port, dataDir);
try {
  await ready(server, base);
  // A static copy of exactly what the home page renders; static files are listed at start, hence the restart.
  const html = await (await fetch(`${base}/`)).text();
  mkdirSync(staticDir, { recursive: true });
  writeFileSync(join(staticDir, 'home.html'), html);
  await stop(server);
  server = startServer(port, dataDir);
  await ready(server, base);

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
