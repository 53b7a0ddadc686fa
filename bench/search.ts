// Search benchmark: seeds (resumably) a database of N demo listings, then times realistic searches and
// search-bar suggestions through the API (app.inject: validation, query, serialization) next to the very same SQL
// run raw (statements the API sent side by side are sent side by side), the two interleaved run by run. Prints
// p50/p95 per call, then throughput with 1 and 8 callers. --only <name> runs the calls named so; --explain prints
// each statement's plan.
//   node bench/search.ts --listings 100000                      (PGlite, data kept in .data/bench-pglite-N)
//   DATABASE_URL=postgres://... node bench/search.ts --listings 1000000
import { parseArgs } from 'node:util';
import { cpus, loadavg, totalmem } from 'node:os';
import { resolve } from 'node:path';
import { eq } from 'drizzle-orm';
import { openDatabase } from '@kunci/db/client';
import { seedDemo } from '@kunci/db/demo/seed';
import { loadReferenceData } from '@kunci/db/reference/load';
import { landmarks } from '@kunci/db/schema';
import { LocalDiskStore } from '@kunci/media/store';
import type { InjectOptions } from 'fastify';
import { buildApp } from '../apps/server/src/app.ts';
import { REPO_ROOT, loadConfig } from '../apps/server/src/config/env.ts';

const { values } = parseArgs({
  options: {
    listings: { type: 'string', default: '100000' },
    iterations: { type: 'string', default: '500' },
    // A running server has answered thousands of these calls: the JIT has compiled the hot paths of the
    // framework, validation, query builder and driver. 50 warm-up calls left some of them still interpreted.
    warmup: { type: 'string', default: '500' },
    only: { type: 'string' },
    explain: { type: 'boolean', default: false },
  },
});
const listings = Number(values.listings);
const iterations = Number(values.iterations);
const warmup = Number(values.warmup);
const url = process.env['DATABASE_URL'];
const dataDir = resolve(REPO_ROOT, `.data/bench-pglite-${listings}`);

interface Statement {
  sql: string;
  params: unknown[];
}
/**
 * The statements one API call ran, in groups: statements issued in the same turn of the event loop (before any
 * answer could arrive) ran side by side, so the raw runner sends them side by side too.
 */
let capture: Statement[][] | null = null;
let group: Statement[] | null = null;
function captured(sql: string, params: unknown[]) {
  if (!capture) return;
  // PGlite is one connection inside this process: its statements run one after another whatever the caller does.
  if (!group || database.driver === 'pglite') {
    group = [];
    capture.push(group);
    setImmediate(() => (group = null));
  }
  group.push({ sql, params });
}
const database = await openDatabase({
  ...(url ? { url, poolSize: 4 } : { dataDir }),
  onQuery: captured,
});
await database.migrate();
await loadReferenceData(database.db);
const store = new LocalDiskStore(resolve(REPO_ROOT, '.data/bench-media'));
const seeded = await seedDemo(database.db, store, {
  listings,
  onProgress: (done, total) => process.stderr.write(`\rseeding ${done.toLocaleString('en')}/${total.toLocaleString('en')}   `),
});
process.stderr.write(`\n${seeded.created} listings added\n`);

const config = loadConfig({
  NODE_ENV: 'production',
  DEMO_MODE: 'true',
  LOG_LEVEL: 'silent',
  SEED_DEMO_LISTINGS: '0',
  RATE_LIMIT_MAX: '100000000',
  // No background jobs: their statements would land in a search's capture and its timings.
  JOBS_INTERVAL_SECONDS: '0',
});
const app = await buildApp({ config, database, store, web: false });
await app.ready();
const [landmark] = await database.db.select({ id: landmarks.id }).from(landmarks).where(eq(landmarks.name, 'Bangsar Heights'));

interface Case {
  name: string;
  kind: 'search' | 'autocomplete';
  request: InjectOptions;
}
const search = (name: string, query: string): Case => ({ name, kind: 'search', request: { url: `/api/properties/search?${query}` } });
const autocomplete = (name: string, keywords: string, language = 'en'): Case => ({
  name,
  kind: 'autocomplete',
  request: { method: 'POST', url: '/api/properties/search/name/autocomplete', payload: { keywords }, headers: { 'x-language': language } },
});
const CASES: Case[] = [
  search('area (results page default)', 'loc=kuala-lumpur'),
  search('area + type', 'loc=bangsar&propertyType=condo'),
  search('area + 2 bedrooms + max price', 'loc=petaling-jaya&bedrooms=2&maxPrice=2500'),
  search('area sorted by price', 'loc=mont-kiara&sort=price'),
  search('around a building (lm)', `lm=${landmark!.id}&category=PROPERTY&q=Bangsar%20Heights`),
  search('sale in an area', 'purpose=sale&loc=cheras'),
  search('all sales, newest', 'purpose=sale'),
  search('zero deposit, page 4', 'loc=cyberjaya&zeroDeposit=true&pageNumber=3'),
  search('master rooms', 'loc=subang-jaya&propertyType=room&roomType=MASTER'),
  search('all rentals, newest', ''),
  autocomplete('autocomplete "bang"', 'bang'),
  autocomplete('autocomplete "bangsr" (typo)', 'bangsr'),
  autocomplete('autocomplete "kondo" (ms)', 'kondo', 'ms'),
  autocomplete('autocomplete "公寓" (zh)', '公寓', 'zh'),
  autocomplete('autocomplete "mont kiara"', 'mont kiara'),
];

function percentile(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!;
}
const round = (n: number) => Math.round(n * 100) / 100;

/** Runs the API call and, side by side as the API sent them, the statements it ran. */
const runRaw = async (groups: Statement[][]) => {
  for (const g of groups) await Promise.all(g.map((s) => database.raw(s.sql, s.params)));
};

const rows = [];
const allApi: Record<Case['kind'], number[]> = { search: [], autocomplete: [] };
const measured: { request: InjectOptions; groups: Statement[][] }[] = [];
for (const { name, kind, request } of CASES) {
  if (values.only && !name.includes(values.only)) continue;
  // Capture a warm call: one-time lookups (area ids, area and type names) are cached after the first call.
  await app.inject(request);
  capture = [];
  group = null;
  const first = await app.inject(request);
  if (first.statusCode !== 200) throw new Error(`${name}: ${first.statusCode} ${first.body}`);
  const groups = capture;
  capture = null;
  measured.push({ request, groups });
  if (values.explain) {
    for (const s of groups.flat()) {
      const plan = (await database.raw(`explain (analyze, buffers) ${s.sql}`, s.params)) as { rows: Record<string, unknown>[] };
      console.log(`\n-- ${name}\n${s.sql}\n${JSON.stringify(s.params)}\n${plan.rows.map((r) => Object.values(r)[0]).join('\n')}`);
    }
  }
  for (let i = 0; i < warmup; i++) {
    await app.inject(request);
    await runRaw(groups);
  }
  const api: number[] = [];
  const raw: number[] = [];
  const timeApi = async () => {
    const started = performance.now();
    await app.inject(request);
    api.push(performance.now() - started);
  };
  const timeRaw = async () => {
    const started = performance.now();
    await runRaw(groups);
    raw.push(performance.now() - started);
  };
  // Interleaved, alternating which goes first: drift in the machine (other tenants of the host, garbage
  // collection, caches) then falls on both sides alike instead of on whichever ran second.
  for (let i = 0; i < iterations; i++) {
    if (i % 2) {
      await timeApi();
      await timeRaw();
    } else {
      await timeRaw();
      await timeApi();
    }
  }
  api.sort((a, b) => a - b);
  raw.sort((a, b) => a - b);
  allApi[kind].push(...api);
  const body = first.json() as { totalElements?: number; LOCATION?: unknown[]; PROPERTY?: unknown[] };
  rows.push({
    call: name,
    results: kind === 'search' ? body.totalElements : `${body.LOCATION?.length ?? 0}+${body.PROPERTY?.length ?? 0}`,
    statements: groups.map((g) => g.length).join('+') || '0',
    'API p50 ms': round(percentile(api, 50)),
    'API p95 ms': round(percentile(api, 95)),
    'raw SQL p50 ms': round(percentile(raw, 50)),
    'raw SQL p95 ms': round(percentile(raw, 95)),
    'API/raw p50': round(percentile(api, 50) / percentile(raw, 50)),
    'API/raw p95': round(percentile(api, 95) / percentile(raw, 95)),
    'API extra p50 ms': round(percentile(api, 50) - percentile(raw, 50)),
  });
}

/** Calls a second with `clients` callers, each going round every measured call for `seconds`. */
async function throughput(clients: number, seconds: number, call: (m: (typeof measured)[number]) => Promise<unknown>) {
  const until = performance.now() + seconds * 1000;
  let done = 0;
  await Promise.all(
    Array.from({ length: clients }, async (_, client) => {
      for (let i = client; performance.now() < until; i++) {
        await call(measured[i % measured.length]!);
        done++;
      }
    }),
  );
  return Math.round(done / seconds);
}
const throughputRows = [];
if (measured.length) {
  for (const clients of [1, 8]) {
    const api = await throughput(clients, 5, (m) => app.inject(m.request));
    const raw = await throughput(clients, 5, (m) => runRaw(m.groups));
    throughputRows.push({ clients, 'API calls/s': api, 'raw SQL calls/s': raw, 'API/raw': round(api / raw) });
  }
}

console.log(
  `\nSearch and autocomplete benchmark: ${listings.toLocaleString('en')} listings on ${database.driver}, ${iterations} runs per call after ${warmup} warm-up runs, sequential, API and raw interleaved`,
);
console.log(
  `machine: ${cpus().length} x ${cpus()[0]?.model ?? 'cpu'}, ${Math.round(totalmem() / 2 ** 30)} GiB, load ${loadavg()
    .map((l) => l.toFixed(2))
    .join(' ')}; node ${process.version}`,
);
console.table(rows);
for (const [kind, times] of Object.entries(allApi)) {
  if (!times.length) continue;
  times.sort((a, b) => a - b);
  console.log(`all ${kind} calls: API p50 ${round(percentile(times, 50))} ms, p95 ${round(percentile(times, 95))} ms`);
}
console.log('\nThroughput, every call above in turn for 5 s (PGlite runs one statement at a time whatever the callers):');
console.table(throughputRows);
await app.close();
await database.close();
