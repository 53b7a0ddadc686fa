// Search benchmark: seeds (resumably) a database of N demo listings, then times realistic searches through
// the API (app.inject: validation, query, serialization) next to the very same SQL run raw (statements the API
// sent side by side are sent side by side). Prints p50/p95. --only <name> runs the searches named so; --explain
// prints each statement's plan.
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
import { buildApp } from '../apps/server/src/app.ts';
import { REPO_ROOT, loadConfig } from '../apps/server/src/config/env.ts';

const { values } = parseArgs({
  options: {
    listings: { type: 'string', default: '100000' },
    iterations: { type: 'string', default: '200' },
    only: { type: 'string' },
    explain: { type: 'boolean', default: false },
  },
});
const listings = Number(values.listings);
const iterations = Number(values.iterations);
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

const config = loadConfig({ NODE_ENV: 'production', LOG_LEVEL: 'silent', SEED_DEMO_LISTINGS: '0', RATE_LIMIT_MAX: '100000000' });
const app = await buildApp({ config, database, store, web: false });
await app.ready();
const [landmark] = await database.db.select({ id: landmarks.id }).from(landmarks).where(eq(landmarks.name, 'Bangsar Heights'));

const QUERIES: [string, string][] = [
  ['area (results page default)', 'loc=kuala-lumpur'],
  ['area + type', 'loc=bangsar&propertyType=condo'],
  ['area + 2 bedrooms + max price', 'loc=petaling-jaya&bedrooms=2&maxPrice=2500'],
  ['area sorted by price', 'loc=mont-kiara&sort=price'],
  ['around a building (lm)', `lm=${landmark!.id}&category=PROPERTY&q=Bangsar%20Heights`],
  ['sale in an area', 'purpose=sale&loc=cheras'],
  ['zero deposit, page 4', 'loc=cyberjaya&zeroDeposit=true&pageNumber=3'],
  ['master rooms', 'loc=subang-jaya&propertyType=room&roomType=MASTER'],
  ['all rentals, newest', ''],
];

function percentile(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!;
}
const round = (n: number) => Math.round(n * 100) / 100;

const rows = [];
const allApi: number[] = [];
for (const [name, query] of QUERIES) {
  if (values.only && !name.includes(values.only)) continue;
  const path = `/api/properties/search?${query}`;
  // Capture a warm call: one-time lookups (the area ids are cached after the first search) are not part of it.
  await app.inject({ url: path });
  capture = [];
  group = null;
  const first = await app.inject({ url: path });
  if (first.statusCode !== 200) throw new Error(`${path}: ${first.statusCode} ${first.body}`);
  const groups = capture;
  capture = null;
  if (values.explain) {
    for (const s of groups.flat()) {
      const plan = (await database.raw(`explain (analyze, buffers) ${s.sql}`, s.params)) as { rows: Record<string, unknown>[] };
      console.log(`\n-- ${name}\n${s.sql}\n${JSON.stringify(s.params)}\n${plan.rows.map((r) => Object.values(r)[0]).join('\n')}`);
    }
  }
  for (let i = 0; i < 50; i++) await app.inject({ url: path });
  const api: number[] = [];
  for (let i = 0; i < iterations; i++) {
    const started = performance.now();
    await app.inject({ url: path });
    api.push(performance.now() - started);
  }
  const raw: number[] = [];
  for (let i = 0; i < iterations; i++) {
    const started = performance.now();
    for (const g of groups) await Promise.all(g.map((s) => database.raw(s.sql, s.params)));
    raw.push(performance.now() - started);
  }
  api.sort((a, b) => a - b);
  raw.sort((a, b) => a - b);
  allApi.push(...api);
  rows.push({
    search: name,
    total: (first.json() as { totalElements: number }).totalElements,
    statements: groups.map((g) => g.length).join('+'),
    'API p50 ms': round(percentile(api, 50)),
    'API p95 ms': round(percentile(api, 95)),
    'raw SQL p50 ms': round(percentile(raw, 50)),
    'raw SQL p95 ms': round(percentile(raw, 95)),
    'API/raw p50': round(percentile(api, 50) / percentile(raw, 50)),
    'API/raw p95': round(percentile(api, 95) / percentile(raw, 95)),
    'API extra p50 ms': round(percentile(api, 50) - percentile(raw, 50)),
  });
}
allApi.sort((a, b) => a - b);
console.log(`\nSearch benchmark: ${listings.toLocaleString('en')} listings on ${database.driver}, ${iterations} runs per search, sequential`);
console.log(
  `machine: ${cpus().length} x ${cpus()[0]?.model ?? 'cpu'}, ${Math.round(totalmem() / 2 ** 30)} GiB, load ${loadavg()
    .map((l) => l.toFixed(2))
    .join(' ')}; node ${process.version}`,
);
console.table(rows);
console.log(`all searches: API p50 ${round(percentile(allApi, 50))} ms, p95 ${round(percentile(allApi, 95))} ms`);
await app.close();
await database.close();
