// Page benchmark: seeds (resumably) a database of N demo listings, starts the production server on loopback and
// measures, for the home page, a results page, a listing and a content page: requests/s and p50/p99 at 8 and 32
// connections, without compression, with brotli and with what browsers accept (zstd too), signed out and signed in,
// beside the very same HTML saved as a static file and served by the same server (the ratio is the page's share of the
// file's throughput). The machine's load is
// printed beside every figure: the machine may be shared. Then the first-load JavaScript of each kind of page and
// Lighthouse (mobile, system Chromium, median of three) for /, /rent/bangsar and a listing in each language.
//   node bench/pages.ts --listings 100000                          (PGlite, data kept in .data/bench-pages-N)
//   DATABASE_URL=postgres://postgres@127.0.0.1:5432/kunci_bench node bench/pages.ts --listings 100000
//   options: --seconds 5 --connections 8,32 --only home,results --no-lighthouse --languages en --no-signed-in
//            --no-throughput --no-profile --requests 200 (one-at-a-time requests per CPU profile)
//   BENCH_NODE_ARGS='--max-semi-space-size=32' gives the server's Node flags (to compare V8 settings).
// First of all it prints where each page's main-thread CPU goes per request (bench/cpu.ts): kept pages, pages made
// for a signed-out visitor (and kept), and pages made for a signed-in one, with brotli, zstd and none.
import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { cpus, loadavg, totalmem } from 'node:os';
import { join, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { brotliCompressSync, constants as zlib, gzipSync } from 'node:zlib';
import autocannon from 'autocannon';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { openDatabase } from '@kunci/db/client';
import { seedDemo } from '@kunci/db/demo/seed';
import { loadReferenceData } from '@kunci/db/reference/load';
import { LocalDiskStore } from '@kunci/media/store';
import { LANGUAGES } from '@kunci/i18n/locales';
import { switchLanguage } from '@kunci/i18n/paths';
import { CHROMIUM_FLAGS, CHROMIUM_PATH } from '../scripts/chromium.ts';
import { createSessionsRepository } from '../apps/server/src/lib/sessions.repository.ts';
import { ready, startServer, stop } from './server.ts';
import { CPU_PROBE, breakdown, profiled } from './cpu.ts';

const { values } = parseArgs({
  allowNegative: true,
  options: {
    listings: { type: 'string', default: '100000' },
    seconds: { type: 'string', default: '5' },
    connections: { type: 'string', default: '8,32' },
    only: { type: 'string' },
    lighthouse: { type: 'boolean', default: true },
    throughput: { type: 'boolean', default: true },
    profile: { type: 'boolean', default: true },
    requests: { type: 'string', default: '200' },
    'signed-in': { type: 'boolean', default: true },
    /** Lighthouse in these languages only (comma-separated; all by default). */
    languages: { type: 'string' },
  },
});
const listings = Number(values.listings);
const seconds = Number(values.seconds);
const connectionCounts = values.connections.split(',').map(Number);
const url = process.env['DATABASE_URL'];

const root = resolve(import.meta.dirname, '..');
const port = Number(process.env['BENCH_PORT'] ?? 3298);
const base = `http://127.0.0.1:${port}`;
const dataDir = resolve(root, url ? '.data/bench-pages-pg' : `.data/bench-pages-${listings}`);
const staticDir = join(root, 'apps/web/build/client/__bench');
const RUNS = Number(process.env['LIGHTHOUSE_RUNS'] ?? 3);
/** What Chrome, Edge and Firefox send: kept pages go in brotli, pages made for one visitor in zstd. */
const BROWSER_ENCODINGS = 'gzip, deflate, br, zstd';
/**
 * React, React DOM and the router (the build puts them in one `framework` chunk, see vite.config.ts) and the
 * router's entry: what an empty app of this stack already ships. Everything else, the bundler's runtime included,
 * counts as ours.
 */
const FRAMEWORK = /^(entry\.client|framework)-/;

const load = () => loadavg()[0]!.toFixed(2);

function firstLoad(html: string) {
  const assets = [...new Set([...html.matchAll(/(?:href|src)="(\/assets\/[^"]+\.js)"/g)].map((m) => m[1]!))];
  let total = 0;
  let framework = 0;
  for (const asset of assets) {
    const size = gzipSync(readFileSync(join(root, 'apps/web/build/client', asset)), { level: 9 }).length;
    total += size;
    if (FRAMEWORK.test(asset.split('/').at(-1)!)) framework += size;
  }
  return {
    files: assets.length,
    'total KB': Math.round(total / 102.4) / 10,
    'framework KB': Math.round(framework / 102.4) / 10,
    'ours KB': Math.round((total - framework) / 102.4) / 10,
  };
}

// 1. Data: seeded once per size and kept (an interrupted seeding resumes), then a session for the signed-in rows.
const database = await openDatabase(url ? { url, poolSize: 2 } : { dataDir: join(dataDir, 'pglite') });
await database.migrate();
await loadReferenceData(database.db);
const store = new LocalDiskStore(join(dataDir, 'media'));
const seeded = await seedDemo(database.db, store, {
  listings,
  onProgress: (done, total) => process.stderr.write(`\rseeding ${done.toLocaleString('en')}/${total.toLocaleString('en')}   `),
});
process.stderr.write(`\n${seeded.created} listings added\n`);
let token: string | undefined;
if (values['signed-in']) {
  const landlord = await database.db.query.users.findFirst({ columns: { id: true } });
  if (landlord) token = await createSessionsRepository(database.db).create(landlord.id, 'pin', undefined, 1);
}
await database.close();

// No limit on pages per address: the load generator is one address.
const env = { DATA_DIR: dataDir, SEED_DEMO_LISTINGS: '0', JOBS_INTERVAL_SECONDS: '0', RATE_LIMIT_PAGE_MAX: '100000000' };
// The CPU probe (bench/cpu.ts) rides along: it costs nothing until a profile is asked for.
const serve = () =>
  startServer(port, dataDir, env, {
    execArgv: [...(process.env['BENCH_NODE_ARGS']?.split(' ').filter(Boolean) ?? []), '--import', CPU_PROBE],
    ipc: true,
  });
let server = serve();
try {
  await ready(server, base);
  const search = (await (await fetch(`${base}/api/properties/search?loc=bangsar&pageSize=1`)).json()) as { content: { id: number }[] };
  const id = search.content[0]!.id;
  const pages: Record<string, string> = { home: '/', results: '/rent/bangsar', listing: `/details/${id}`, content: '/more/about' };
  const chosen = values.only ? Object.fromEntries(Object.entries(pages).filter(([name]) => values.only!.split(',').includes(name))) : pages;

  // 2. The same HTML as files (with .br and .gz beside them, as the build does for assets). Static files are listed
  // when the server starts, hence the restart.
  mkdirSync(staticDir, { recursive: true });
  const html: Record<string, string> = {};
  for (const [name, path] of Object.entries(chosen)) {
    const text = await (await fetch(base + path)).text();
    html[name] = text;
    writeFileSync(join(staticDir, `${name}.html`), text);
    writeFileSync(join(staticDir, `${name}.html.br`), brotliCompressSync(text, { params: { [zlib.BROTLI_PARAM_QUALITY]: 11 } }));
    writeFileSync(join(staticDir, `${name}.html.gz`), gzipSync(text, { level: 9 }));
  }
  await stop(server);
  server = serve();
  await ready(server, base);

  // 1. Where the main thread's CPU goes, per request, one request at a time (bench/cpu.ts).
  if (values.profile) {
    const requests = Number(values.requests);
    const profileDir = join(dataDir, 'profiles');
    mkdirSync(profileDir, { recursive: true });
    const modes: { name: string; headers: Record<string, string>; unique?: boolean; signedIn?: boolean }[] = [
      { name: 'out, kept (br)', headers: { 'accept-encoding': 'br, gzip' } },
      // A new query each time: the page is made for a signed-out visitor, compressed three ways and kept.
      { name: 'out, made (br)', headers: { 'accept-encoding': 'br, gzip' }, unique: true },
      { name: 'in (br)', headers: { 'accept-encoding': 'br, gzip' }, signedIn: true },
      { name: 'in (browser)', headers: { 'accept-encoding': BROWSER_ENCODINGS }, signedIn: true },
      { name: 'in (identity)', headers: { 'accept-encoding': 'identity' }, signedIn: true },
    ];
    const cpuTable: Record<string, Record<string, number | string>> = {};
    let run = 0;
    for (const [name, path] of Object.entries(chosen)) {
      for (const mode of modes) {
        if (mode.signedIn && !token) continue;
        const headers = { ...mode.headers, ...(mode.signedIn ? { cookie: `authToken=${token}` } : {}) };
        const target = (i: number) => (mode.unique ? `${path}${path.includes('?') ? '&' : '?'}bench=${Date.now()}-${i}` : path);
        for (let i = 0; i < 20; i++) await (await fetch(base + target(-i), { headers })).arrayBuffer();
        const before = load();
        let failed = 0;
        const file = join(profileDir, `${name}-${run++}.cpuprofile`);
        const measured = await profiled(server, file, async () => {
          for (let i = 0; i < requests; i++) {
            const response = await fetch(base + target(i), { headers });
            await response.arrayBuffer();
            if (response.status !== 200) failed++;
          }
        });
        cpuTable[`${name} ${mode.name}`] = {
          'thread ms': Math.round(measured.threadUs / requests / 10) / 100,
          'process ms': Math.round(measured.processUs / requests / 10) / 100,
          'wall ms': Math.round((measured.wallMs / requests) * 100) / 100,
          ...breakdown(file, requests, measured.threadUs),
          ...(failed ? { 'not 200': failed } : {}),
          load: `${before}/${load()}`,
        };
      }
    }
    console.log(
      `\nCPU per request, one request at a time (${requests} per row): 'thread ms' is the main thread's CPU clock, ` +
        `'process ms' adds V8's and libuv's helper threads (asynchronous compression); the named columns are the ` +
        `main thread's profile samples (bench/cpu.ts says what each holds); load is the 1-minute average before/after`,
    );
    console.table(cpuTable);
  }

  console.log('\nFirst-load JavaScript (gzip -9)');
  console.table(Object.fromEntries(Object.entries(html).map(([name, text]) => [name, firstLoad(text)])));

  // 3. Throughput: each target warmed for 2 s, then measured; the load average beside each figure.
  let crashes = 0;
  async function measure(path: string, connections: number, headers: Record<string, string>) {
    // A server that fell over (an unhandled stream error when a client hangs up) is counted and started again.
    if (server.exitCode !== null) {
      crashes++;
      server = serve();
      await ready(server, base);
    }
    await autocannon({ url: base + path, connections, duration: 2, headers });
    const before = load();
    const r = await autocannon({ url: base + path, connections, duration: seconds, headers });
    return {
      rps: Math.round(r.requests.average),
      p50: r.latency.p50,
      p99: r.latency.p99,
      errors: r.errors + r.non2xx,
      load: `${before}/${load()}`,
    };
  }
  const rows: Record<string, Record<string, number | string>>[] = [];
  const table: Record<string, Record<string, number | string>> = {};
  for (const [name, path] of values.throughput ? Object.entries(chosen) : []) {
    for (const connections of connectionCounts) {
      for (const encoding of ['identity', 'br', 'browser'] as const) {
        const headers = { 'accept-encoding': { identity: 'identity', br: 'br, gzip', browser: BROWSER_ENCODINGS }[encoding] };
        const file = await measure(`/__bench/${name}.html`, connections, headers);
        const page = await measure(path, connections, headers);
        const signedIn = token ? await measure(path, connections, { ...headers, cookie: `authToken=${token}` }) : undefined;
        table[`${name} ${connections}c ${encoding}`] = {
          'page req/s': page.rps,
          'p50 ms': page.p50,
          'p99 ms': page.p99,
          'file req/s': file.rps,
          'file p99': file.p99,
          '% of file': Math.round((page.rps / Math.max(file.rps, 1)) * 100),
          ...(signedIn ? { 'signed-in req/s': signedIn.rps, 'signed-in p50': signedIn.p50, 'signed-in p99': signedIn.p99 } : {}),
          errors: page.errors + file.errors + (signedIn?.errors ?? 0),
          'load (1 min, before/after)': page.load,
        };
      }
    }
  }
  rows.push(table);
  if (values.throughput)
    console.log(`\nPages signed out (shared cache) and signed in, beside the same HTML as a static file: ${seconds} s per figure, loopback`);
  console.log(
    `machine: ${cpus().length} x ${cpus()[0]?.model ?? 'cpu'}, ${Math.round(totalmem() / 2 ** 30)} GiB; database: ${
      url ? 'PostgreSQL' : 'PGlite'
    }, ${listings.toLocaleString('en')} listings; node ${process.version}`,
  );
  if (values.throughput) console.table(table);
  if (crashes) console.log(`The server exited ${crashes} time(s) during the runs and was started again (rows with errors).`);

  // 4. One request at a time, signed in (nothing cached): where a page's time goes shows here first.
  if (token && values.throughput) {
    const single: Record<string, Record<string, number | string>> = {};
    for (const [name, path] of Object.entries(chosen)) {
      const r = await autocannon({
        url: base + path,
        connections: 1,
        duration: 3,
        headers: { cookie: `authToken=${token}`, 'accept-encoding': 'br' },
      });
      single[name] = { 'p50 ms': r.latency.p50, 'p99 ms': r.latency.p99, 'req/s': Math.round(r.requests.average), load: load() };
    }
    console.log('\nOne request at a time, signed in (every page rendered)');
    console.table(single);
  }

  // 5. Lighthouse.
  if (values.lighthouse) {
    const chrome = await chromeLauncher.launch({ chromePath: CHROMIUM_PATH, chromeFlags: CHROMIUM_FLAGS });
    const scores: Record<string, Record<string, number | string>> = {};
    try {
      for (const lang of LANGUAGES.filter((l) => !values.languages || values.languages.split(',').includes(l))) {
        for (const path of Object.values(chosen)) {
          const target = switchLanguage(path, lang);
          // Lighthouse's simulated throttling varies from run to run: each page is measured RUNS times and the
          // run with the median performance score is reported, as Lighthouse's own guidance advises.
          const runs = [];
          for (let run = 0; run < RUNS; run++) {
            const result = await lighthouse(`${base}${target}`, {
              port: chrome.port,
              output: 'json',
              logLevel: 'error',
              onlyCategories: ['performance', 'accessibility', 'seo', 'best-practices'],
              formFactor: 'mobile',
              maxWaitForLoad: 30_000,
            });
            if (result && !result.lhr.runtimeError) runs.push(result.lhr);
          }
          runs.sort((a, b) => (a.categories['performance']?.score ?? 0) - (b.categories['performance']?.score ?? 0));
          const median = runs[Math.floor(runs.length / 2)];
          if (!median) throw new Error(`Lighthouse failed on ${target}`);
          const { categories, audits } = median;
          scores[target] = {
            performance: Math.round((categories['performance']?.score ?? 0) * 100),
            'performance runs': runs.map((r) => Math.round((r.categories['performance']?.score ?? 0) * 100)).join(' '),
            accessibility: Math.round((categories['accessibility']?.score ?? 0) * 100),
            seo: Math.round((categories['seo']?.score ?? 0) * 100),
            'best practices': Math.round((categories['best-practices']?.score ?? 0) * 100),
            'FCP ms': Math.round(audits['first-contentful-paint']?.numericValue ?? 0),
            'LCP ms': Math.round(audits['largest-contentful-paint']?.numericValue ?? 0),
            'TBT ms': Math.round(audits['total-blocking-time']?.numericValue ?? 0),
            CLS: Math.round((audits['cumulative-layout-shift']?.numericValue ?? 0) * 1000) / 1000,
            'host index': Math.round(median.environment.benchmarkIndex),
            load: load(),
          };
        }
      }
    } finally {
      await chrome.kill();
    }
    console.log('\nLighthouse (mobile, simulated throttling, system Chromium)');
    console.table(scores);
  }
} finally {
  await stop(server);
  rmSync(staticDir, { recursive: true, force: true });
}
