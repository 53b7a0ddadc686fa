// Soak benchmark: two production server instances (built web app) on one fresh PostgreSQL database and Redis, for
// BENCH_MINUTES under a steady mixed load spread across both: pages (home, results, a listing; three languages), search
// API calls, search-bar suggestions, password sign-ins (one in ten a typo, answered 401), chat messages between
// tenant-landlord pairs (sent over HTTP, received over WebSocket on the other instance) and favourites added and
// removed. Open loop: BENCH_RATE requests a second are scheduled at fixed times whatever the answers, at most
// BENCH_CONCURRENCY in flight, and every latency runs from the scheduled time (no coordinated omission). Prints each
// minute the count, errors and p50/p99 per kind and each instance's memory, CPU and longest event-loop delay; at the
// end a summary, the jobs of the queue seen running, the stalls (seconds with a request over 300 ms, each with the
// event-loop delays, long collections, CPU, jobs, autovacuum and checkpoints around it: bench/soak-timeline.ts) and
// the budgets (0 errors, p99 < 300 ms, memory growth < 10% from minute 1 to the last). Asserts nothing; exits 0.
// The load runs BENCH_WARMUP_SECONDS (default 90) before minute 1 and nothing of it is measured: the caches of pages
// and of shared answers keep what the last 60 s made (their longest age), so they are full after a minute of load
// and minute 1 is the baseline of a warm server, not of an empty one filling up. The recurring jobs run once at start
// (before the load) and then every 600 s, so a 10-minute run sees them again near its end;
// BENCH_JOBS_INTERVAL_SECONDS=60 runs them every minute to see what they cost.
//   npm run build && npm run soak -w @kunci/bench            (BENCH_MINUTES=2 for a short run)
import { randomUUID } from 'node:crypto';
import type { ChildProcess } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { cpus, loadavg, totalmem } from 'node:os';
import { join, resolve } from 'node:path';
import { hash } from '@node-rs/argon2';
import { and, eq, gt } from 'drizzle-orm';
import WebSocket from 'ws';
import { openDatabase } from '@kunci/db/client';
import { chatConversations, properties, sessions, users } from '@kunci/db/schema';
import { LANGUAGES } from '@kunci/i18n/locales';
import { switchLanguage } from '@kunci/i18n/paths';
import { normalizePhone } from '../apps/server/src/lib/phone.ts';
import { newToken, tokenHash } from '../apps/server/src/lib/sessions.repository.ts';
import { ADMIN_DATABASE_URL, scratch } from './scratch.ts';
import { createTimeline, type LoopReport } from './soak-timeline.ts';
import { ready, startServer, stop } from './server.ts';

function setting(name: string, fallback: number, min: number, max: number): number {
  const raw = process.env[name];
  const value = raw === undefined || raw === '' ? fallback : Number(raw);
  if (!Number.isInteger(value) || value < min || value > max) {
    console.error(`soak benchmark: ${name} must be a whole number from ${min} to ${max} (got ${JSON.stringify(raw)})`);
    process.exit(1);
  }
  return value;
}
const minutes = setting('BENCH_MINUTES', 10, 1, 24 * 60);
const rate = setting('BENCH_RATE', 80, 1, 2000); // requests a second, both instances together
const concurrency = setting('BENCH_CONCURRENCY', 64, 1, 1000);
const timeoutMs = setting('BENCH_TIMEOUT_MS', 10_000, 100, 120_000);
const warmupSeconds = setting('BENCH_WARMUP_SECONDS', 90, 0, 600);
const listingCount = setting('BENCH_LISTINGS', 2000, 100, 100_000);
const pairs = setting('BENCH_PAIRS', 100, 1, 5000);
const signInUsers = setting('BENCH_SIGN_IN_USERS', 200, 10, 10_000);
const portA = setting('BENCH_PORT', 3310, 1024, 65_000);
const ports = [portA, portA + 1];
/** A folder: instance A writes a V8 heap snapshot there after minute 1 and after the last (to see what grows). */
const snapshotDir = process.env['BENCH_HEAP_SNAPSHOTS'];
/** How often the recurring jobs run (the servers' JOBS_INTERVAL_SECONDS, 600 by default): shorter to see what they cost. */
const jobsInterval = setting('BENCH_JOBS_INTERVAL_SECONDS', 600, 1, 86_400);
const NAMES = ['A', 'B'];

const P99_BUDGET_MS = 300;
const MEMORY_GROWTH_BUDGET = 0.1;
const MEMORY_SAMPLE_MS = 2000;
/** A message that has not reached the other side this long after its send call answered counts as lost. */
const DELIVERY_GRACE_MS = 5000;

// The share of each kind of request in the mix (out of 100), handed out by smooth weighted round robin, so every
// second carries the same mix.
const MIX = { page: 30, search: 20, suggest: 20, chat: 12, favourite: 10, 'sign-in': 8 } as const;
type Kind = keyof typeof MIX;
const KINDS = Object.keys(MIX) as Kind[];
const DELIVERY = 'chat delivery (ws)';
const ROWS = [...KINDS, DELIVERY] as const;
type Row = (typeof ROWS)[number];
type Failure = 'status' | 'timeout' | 'socket' | 'lost';

const AREAS = ['bangsar', 'mont-kiara', 'petaling-jaya', 'cheras', 'subang-jaya', 'cyberjaya', 'kuala-lumpur', 'shah-alam'];
const SEARCHES = [
  'loc=kuala-lumpur',
  'loc=bangsar&propertyType=condo',
  'loc=petaling-jaya&bedrooms=2&maxPrice=2500',
  'loc=mont-kiara&sort=price',
  'purpose=sale&loc=cheras',
  'purpose=sale',
  'loc=cyberjaya&zeroDeposit=true&pageNumber=1',
  'loc=subang-jaya&propertyType=room&roomType=MASTER',
  '',
  'loc=bangsar&pageNumber=2',
];
// What people type into the search bar, letter by letter, in each language.
const SUGGESTIONS: [string, string][] = [
  ['ba', 'en'],
  ['ban', 'en'],
  ['bang', 'en'],
  ['bangsar', 'en'],
  ['bangsr', 'en'],
  ['mont', 'en'],
  ['mont kiara', 'en'],
  ['petaling', 'en'],
  ['kondo', 'ms'],
  ['bilik', 'ms'],
  ['公寓', 'zh'],
  ['cyber', 'en'],
];
const PASSWORD = 'soak-benchmark-password';

// ---- machine and process figures ----
const CLOCK_TICKS = 100; // Linux USER_HZ
function procStatus(pid: number): { rssMb: number; cpuSeconds: number } | null {
  try {
    const rssKb = Number(/VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1] ?? NaN);
    // Fields after the command's closing parenthesis; utime and stime are the 14th and 15th of the line.
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return { rssMb: rssKb / 1024, cpuSeconds: (Number(fields[11]) + Number(fields[12])) / CLOCK_TICKS };
  } catch {
    return null;
  }
}
// Loaded into each server before its entry: notes the V8 heap in use right after each full (mark-compact) collection,
// which is what the process really keeps, the longest event-loop delay of each second and the collections that took
// over 20 ms, and answers 'memory' on the IPC channel with those figures since the last question and the heap in use
// now.
const PROBE = `data:text/javascript,${encodeURIComponent(`
import { PerformanceObserver, constants, monitorEventLoopDelay } from 'node:perf_hooks';
let afterMajorGc = [];
let loop = [];
let pauses = [];
const GC_KINDS = { [constants.NODE_PERFORMANCE_GC_MAJOR]: 'major', [constants.NODE_PERFORMANCE_GC_MINOR]: 'minor', [constants.NODE_PERFORMANCE_GC_INCREMENTAL]: 'incremental', [constants.NODE_PERFORMANCE_GC_WEAKCB]: 'weak callbacks' };
new PerformanceObserver((list) => {
  for (const entry of list.getEntries()) {
    if (entry.detail?.kind === constants.NODE_PERFORMANCE_GC_MAJOR) afterMajorGc.push(process.memoryUsage().heapUsed);
    if (entry.duration > 20) pauses.push([performance.timeOrigin + entry.startTime, entry.duration, GC_KINDS[entry.detail?.kind] ?? 'other']);
  }
}).observe({ entryTypes: ['gc'] });
const delay = monitorEventLoopDelay({ resolution: 10 });
delay.enable();
setInterval(() => {
  loop.push([Date.now(), delay.max / 1e6]);
  delay.reset();
  if (loop.length > 3600) loop = loop.slice(-600);
  if (pauses.length > 3600) pauses = pauses.slice(-600);
}, 1000).unref();
process.on('message', async (m) => {
  if (typeof m === 'string' && m.startsWith('snapshot:') && process.send) {
    const { writeHeapSnapshot } = await import('node:v8');
    process.send({ snapshot: writeHeapSnapshot(m.slice('snapshot:'.length)) });
    return;
  }
  if (m !== 'memory' || !process.send) return;
  const usage = process.memoryUsage();
  process.send({ heapUsed: usage.heapUsed, external: usage.external, arrayBuffers: usage.arrayBuffers, afterMajorGc, loop, pauses });
  afterMajorGc = [];
  loop = [];
  pauses = [];
});
if (process.channel) process.channel.unref();
`)}`;
interface Heap {
  heapUsedMb: number;
  /** Memory of C++ objects bound to JavaScript ones, Buffers included (off the V8 heap, inside RSS). */
  externalMb: number;
  afterMajorGcMb: number[];
  /** Event-loop delays and long collections since the last question. */
  report: LoopReport;
}
/** Asks an instance to write a heap snapshot (it pauses while writing: latencies around it are not representative). */
function snapshot(server: ChildProcess, path: string): Promise<void> {
  return new Promise((done) => {
    const onMessage = (m: { snapshot?: string }) => {
      if (m.snapshot === undefined) return;
      server.off('message', onMessage);
      console.log(`heap snapshot: ${m.snapshot}`);
      done();
    };
    server.on('message', onMessage);
    server.send(`snapshot:${path}`);
  });
}
function heapOf(server: ChildProcess): Promise<Heap | null> {
  return new Promise((done) => {
    const timer = setTimeout(() => finish(null), 2000);
    const onMessage = (m: { heapUsed?: number; external?: number; afterMajorGc?: number[] } & Partial<LoopReport>) => {
      if (m.heapUsed !== undefined)
        finish({
          heapUsedMb: m.heapUsed / 2 ** 20,
          externalMb: (m.external ?? NaN) / 2 ** 20,
          afterMajorGcMb: (m.afterMajorGc ?? []).map((b) => b / 2 ** 20),
          report: { loop: m.loop ?? [], pauses: m.pauses ?? [] },
        });
    };
    function finish(value: Heap | null) {
      clearTimeout(timer);
      server.off('message', onMessage);
      done(value);
    }
    server.on('message', onMessage);
    if (!server.connected || !server.send('memory')) finish(null);
  });
}
const load = () =>
  loadavg()
    .map((l) => l.toFixed(2))
    .join(' ');
const round1 = (n: number) => Math.round(n * 10) / 10;
function percentile(sorted: number[], p: number): number {
  return sorted.length ? sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]! : NaN;
}

// ---- set-up ----
if (!existsSync(resolve(import.meta.dirname, '../apps/web/build/server'))) {
  console.error('soak benchmark: the web app is not built; run `npm run build` first');
  process.exit(1);
}
const run = await scratch('soak');
const dataDir = run.dataDir;
const env = {
  DATABASE_URL: run.databaseUrl,
  REDIS_URL: run.redisUrl,
  REDIS_KEY_PREFIX: run.redisPrefix,
  // A local demo: no SMS or email provider, messages stay in the development outbox (production requires one or this).
  DEMO_MODE: 'true',
  SEED_DEMO_LISTINGS: String(listingCount),
  // Every caller comes from this machine; the limiter still counts each request (in Redis), but never refuses one, so
  // the figures are the server's. Sign-in lockouts keep their defaults: clients arrive through a trusted proxy with
  // addresses of their own, as in a deployment, and the typos stay far below the per-number and per-address caps.
  RATE_LIMIT_MAX: '100000000',
  RATE_LIMIT_PAGE_MAX: '100000000',
  JOBS_INTERVAL_SECONDS: String(jobsInterval),
  TRUST_PROXY: 'true',
};
const servers: ChildProcess[] = [];
const sockets: WebSocket[] = [];
let finishing = false;
let interrupted = false;
process.on('SIGINT', () => {
  interrupted = true;
  console.log('\ninterrupted: stopping the load, then cleaning up');
});

try {
  const started = performance.now();
  servers.push(startServer(ports[0]!, dataDir, env, { execArgv: ['--import', PROBE], ipc: true }));
  await ready(servers[0]!, `http://127.0.0.1:${ports[0]}`); // seeds the listings first
  servers.push(startServer(ports[1]!, dataDir, env, { execArgv: ['--import', PROBE], ipc: true }));
  await ready(servers[1]!, `http://127.0.0.1:${ports[1]}`);

  // People: tenant-landlord pairs with sessions and one conversation each; sign-in users with a password.
  const { db, close } = await openDatabase({ url: run.databaseUrl, poolSize: 4 });
  const live = await db
    .select({ id: properties.id })
    .from(properties)
    .where(
      and(
        eq(properties.status, 'ACTIVE'),
        eq(properties.active, true),
        eq(properties.reviewStatus, 'APPROVED'),
        gt(properties.expiresAt, new Date(Date.now() + 86_400_000)),
      ),
    )
    .orderBy(properties.id)
    .limit(1000);
  const listingIds = live.map((l) => l.id);
  if (listingIds.length < 10) throw new Error(`only ${listingIds.length} live listings after seeding`);
  const people = await db
    .insert(users)
    .values(Array.from({ length: pairs * 2 }, (_, i) => ({ phoneNumber: `+6019${String(i).padStart(7, '0')}`, name: `Soak ${i}` })))
    .returning({ id: users.id });
  const tokens = people.map(() => newToken());
  const expiresAt = new Date(Date.now() + 7 * 86_400_000);
  for (let i = 0; i < people.length; i += 500) {
    await db
      .insert(sessions)
      .values(people.slice(i, i + 500).map((p, j) => ({ userId: p.id, tokenHash: tokenHash(tokens[i + j]!), method: 'pin' as const, expiresAt })));
  }
  const conversations = await db
    .insert(chatConversations)
    .values(
      Array.from({ length: pairs }, (_, i) => ({
        propertyId: listingIds[i % listingIds.length]!,
        tenantId: people[2 * i]!.id,
        landlordId: people[2 * i + 1]!.id,
      })),
    )
    .returning({ id: chatConversations.id });
  const passwordHash = await hash(PASSWORD);
  const signInPhones = Array.from({ length: signInUsers }, (_, i) => `+6012${String(i).padStart(7, '0')}`);
  const invalid = signInPhones.find((phone) => normalizePhone(phone) !== phone);
  if (invalid) throw new Error(`${invalid} is not a valid number: sign-ins would fail`);
  for (let i = 0; i < signInUsers; i += 500) {
    await db
      .insert(users)
      .values(signInPhones.slice(i, i + 500).map((phoneNumber, j) => ({ phoneNumber, name: `Soak sign-in ${i + j}`, passwordHash })));
  }
  await close();
  const timeline = createTimeline({
    databaseUrl: run.databaseUrl,
    adminDatabaseUrl: ADMIN_DATABASE_URL,
    pids: servers.map((server) => server.pid!),
    budgetMs: P99_BUDGET_MS,
  });

  // ---- figures ----
  interface Bucket {
    latencies: number[];
    failures: Record<Failure, number>;
  }
  const newMinute = () =>
    Object.fromEntries(ROWS.map((row): [Row, Bucket] => [row, { latencies: [], failures: { status: 0, timeout: 0, socket: 0, lost: 0 } }])) as Record<
      Row,
      Bucket
    >;
  const perMinute = Array.from({ length: minutes }, newMinute);
  const failureSamples = new Map<string, number>();
  interface MemorySample {
    rssMb: number;
    heap: Heap | null;
  }
  const mean = (values: number[]) => (values.length ? values.reduce((a, b) => a + b, 0) / values.length : NaN);
  /**
   * A minute's heap: the mean of what the full collections of the minute left, or, in a minute without one, its
   * lowest sample (the heap saw-tooths between collections; the low points are nearest to what survives them).
   */
  function heapOfMinute(samples: MemorySample[]): { mb: number; majorGcs: number } {
    const afterGc = samples.flatMap((s) => s.heap?.afterMajorGcMb ?? []);
    if (afterGc.length) return { mb: mean(afterGc), majorGcs: afterGc.length };
    return { mb: Math.min(...samples.flatMap((s) => (s.heap ? [s.heap.heapUsedMb] : []))), majorGcs: 0 };
  }
  const memory = Array.from({ length: minutes }, () => ports.map((): MemorySample[] => []));
  const cpuAtMinute = ports.map(() => [] as number[]); // each instance's CPU seconds at each minute's start
  let measureStart = Infinity; // set when the load starts: nothing before it (set-up, warm-up) is recorded
  const minuteOf = (at: number) => Math.min(minutes - 1, Math.floor((at - measureStart) / 60_000));

  /** An outcome, in the minute it came; failed requests count in the latencies too (a timeout is a slow answer). */
  function record(row: Row, due: number, latency: number | null, failure?: Failure, detail?: string) {
    if (due < measureStart) return; // warm-up
    if (latency !== null) timeline.request(performance.timeOrigin + due, latency);
    const bucket = perMinute[Math.max(0, minuteOf(performance.now()))]![row];
    if (latency !== null) bucket.latencies.push(latency);
    if (failure) {
      bucket.failures[failure]++;
      const key = `${row}: ${failure}${detail ? ` ${detail}` : ''}`;
      if (failureSamples.size < 20 || failureSamples.has(key)) failureSamples.set(key, (failureSamples.get(key) ?? 0) + 1);
    }
  }

  // ---- chat sockets: tenants on A, landlords on B, so every message crosses Redis ----
  const pending = new Map<string, { due: number; recipient: number; answeredAt?: number }>();
  await Promise.all(
    people.map(
      (_, i) =>
        new Promise<void>((resolveReady, reject) => {
          const socket = new WebSocket(`ws://127.0.0.1:${ports[i % 2]}/api/chat/ws`, { headers: { authorization: `Bearer ${tokens[i]}` } });
          sockets.push(socket);
          socket.on('open', () => socket.send(JSON.stringify({ type: 'hello' })));
          socket.on('message', (raw) => {
            const event = JSON.parse(raw.toString()) as { type: string; message?: { body: string } };
            if (event.type === 'ready') resolveReady();
            if (event.type !== 'message' || !event.message) return;
            const waiting = pending.get(event.message.body);
            if (waiting?.recipient !== i) return;
            pending.delete(event.message.body);
            record(DELIVERY, waiting.due, performance.now() - waiting.due);
          });
          socket.on('error', (error) => {
            reject(error);
            if (!finishing) record(DELIVERY, performance.now(), null, 'socket', `socket ${i}: ${error.message}`);
          });
          socket.on('close', () => {
            if (!finishing) record(DELIVERY, performance.now(), null, 'socket', `socket ${i} closed`);
          });
        }),
    ),
  );

  // ---- the load ----
  class Unexpected extends Error {}
  const clientIp = (client: number) => `10.77.${Math.floor(client / 250) % 250}.${(client % 250) + 1}`;
  async function call(instance: number, path: string, init: RequestInit, signal: AbortSignal, expect?: number[]) {
    const response = await fetch(`http://127.0.0.1:${ports[instance]}${path}`, { ...init, redirect: 'manual', signal });
    const body = await response.arrayBuffer();
    const ok = expect ? expect.includes(response.status) : response.status >= 200 && response.status < 400;
    if (!ok) {
      const text = Buffer.from(body).toString('utf8').slice(0, 100).replace(/\s+/g, ' ');
      // Ids out of the path, so that the same failure on many listings or people counts as one kind.
      const route = path
        .split('?')[0]!
        .replace(/[\da-f]{8}-[\da-f-]{27}/g, ':uuid')
        .replace(/\/\d+(?=\/|$)/g, '/:id');
      throw new Unexpected(`${init.method ?? 'GET'} ${route} -> ${response.status} ${text}`);
    }
    return body;
  }
  const json = (client: number, extra: Record<string, string> = {}) => ({
    'content-type': 'application/json',
    'x-forwarded-for': clientIp(client),
    ...extra,
  });
  const pages = (k: number) => {
    const lang = LANGUAGES[Math.floor(k / 3) % LANGUAGES.length]!;
    const turn = Math.floor(k / 9);
    const path = [`/`, `/rent/${AREAS[turn % AREAS.length]}`, `/details/${listingIds[(turn * 7) % listingIds.length]}`][k % 3]!;
    return switchLanguage(path, lang);
  };

  const saved: (number | undefined)[] = Array.from({ length: pairs }, () => undefined);
  /** The k-th request of a kind: which instance, and what it does. */
  const TASKS: Record<Kind, (k: number, instance: number, signal: AbortSignal, due: number) => Promise<unknown>> = {
    page: (k, instance, signal) => call(instance, pages(k), { headers: { accept: 'text/html', 'x-forwarded-for': clientIp(k % 1000) } }, signal),
    search: (k, instance, signal) =>
      call(instance, `/api/properties/search?${SEARCHES[k % SEARCHES.length]}`, { headers: { 'x-forwarded-for': clientIp(k % 1000) } }, signal),
    suggest: (k, instance, signal) => {
      const [keywords, language] = SUGGESTIONS[k % SUGGESTIONS.length]!;
      return call(
        instance,
        '/api/properties/search/name/autocomplete',
        { method: 'POST', headers: json(k % 1000, { 'x-language': language }), body: JSON.stringify({ keywords }) },
        signal,
      );
    },
    // The users sign in in turn; one attempt in ten is a wrong password (each user's every tenth turn), and the user's
    // next turn signs in, which resets the count: the lockouts keep their defaults and are never reached.
    'sign-in': (k, instance, signal) => {
      const user = k % signInUsers;
      const typo = (user + Math.floor(k / signInUsers)) % 10 === 0;
      return call(
        instance,
        '/api/login',
        {
          method: 'POST',
          headers: json(2000 + user, { 'x-device-id': `soak-${user}` }),
          body: JSON.stringify({ phoneNo: signInPhones[user], password: typo ? `${PASSWORD}!` : PASSWORD }),
        },
        signal,
        typo ? [401] : [200],
      );
    },
    // Tenants write from A and landlords answer from B, taking turns pair by pair; the other side's socket gets it.
    chat: async (k, _instance, signal, due) => {
      const pair = k % pairs;
      const fromLandlord = Math.floor(k / pairs) % 2;
      const sender = 2 * pair + fromLandlord;
      const body = `soak ${k} ${randomUUID()}`;
      const waiting: { due: number; recipient: number; answeredAt?: number } = { due, recipient: 2 * pair + 1 - fromLandlord };
      pending.set(body, waiting);
      try {
        await call(
          fromLandlord,
          `/api/chat-conversations/${conversations[pair]!.id}/messages`,
          {
            method: 'POST',
            headers: json(4000 + sender, { authorization: `Bearer ${tokens[sender]}` }),
            body: JSON.stringify({ body, clientId: randomUUID() }),
          },
          signal,
        );
        waiting.answeredAt = performance.now();
      } catch (error) {
        pending.delete(body);
        throw error;
      }
    },
    // Each tenant saves a listing, and on its next turn removes it again (or saves one, when the save failed).
    favourite: async (k, instance, signal) => {
      const tenant = k % pairs;
      const userId = people[2 * tenant]!.id;
      const headers = { 'x-forwarded-for': clientIp(4000 + 2 * tenant), authorization: `Bearer ${tokens[2 * tenant]}` };
      const listing = saved[tenant];
      if (listing !== undefined) {
        saved[tenant] = undefined;
        await call(instance, `/api/users/${userId}/favourite-properties/${listing}`, { method: 'DELETE', headers }, signal, [200]);
        return;
      }
      const next = listingIds[(tenant * 13 + k * 7) % listingIds.length]!;
      await call(
        instance,
        `/api/users/${userId}/favourite-properties`,
        { method: 'POST', headers: { ...headers, 'content-type': 'application/json' }, body: JSON.stringify({ propertyId: next }) },
        signal,
        [200, 201],
      );
      saved[tenant] = next;
    },
  };

  let inFlight = 0;
  const queue: (() => void)[] = [];
  const acquire = () => (inFlight < concurrency ? (inFlight++, Promise.resolve()) : new Promise<void>((r) => queue.push(r)));
  const release = () => {
    const next = queue.shift();
    if (next) next();
    else inFlight--;
  };
  let maxLag = 0;
  async function fire(kind: Kind, k: number, due: number) {
    await acquire();
    try {
      if (performance.now() - due > timeoutMs)
        return record(kind, due, performance.now() - due, 'timeout', 'waited for a free slot longer than the timeout');
      const instance = k % 2;
      await TASKS[kind](k, instance, AbortSignal.timeout(timeoutMs), due);
      record(kind, due, performance.now() - due);
    } catch (error) {
      const e = error as Error & { cause?: { code?: string } };
      const latency = performance.now() - due;
      if (e instanceof Unexpected) record(kind, due, latency, 'status', e.message);
      else if (e.name === 'TimeoutError' || e.name === 'AbortError') record(kind, due, latency, 'timeout');
      else record(kind, due, latency, 'socket', e.cause?.code ?? e.message);
    } finally {
      release();
    }
  }

  // Memory and CPU of each instance, every few seconds while measuring.
  let sampling = true;
  const sampler = (async () => {
    while (sampling) {
      const at = performance.now();
      if (at >= measureStart) {
        const minute = minuteOf(at);
        for (const [i, server] of servers.entries()) {
          const status = procStatus(server.pid!);
          const heap = await heapOf(server);
          if (heap) timeline.probe(i, heap.report);
          if (status) memory[minute]![i]!.push({ rssMb: status.rssMb, heap });
        }
      }
      await new Promise((r) => setTimeout(r, MEMORY_SAMPLE_MS));
    }
  })();

  function minuteRows(buckets: Record<Row, Bucket>[], seconds: number) {
    return ROWS.map((row) => {
      const latencies = buckets.flatMap((b) => b[row].latencies).sort((a, b) => a - b);
      const failures = { status: 0, timeout: 0, socket: 0, lost: 0 };
      for (const b of buckets) for (const f of Object.keys(failures) as Failure[]) failures[f] += b[row].failures[f];
      const errors = failures.status + failures.timeout + failures.socket + failures.lost;
      return {
        kind: row,
        count: latencies.length + failures.lost,
        'per s': round1((latencies.length + failures.lost) / seconds),
        errors,
        'of which': errors
          ? Object.entries(failures)
              .filter(([, n]) => n)
              .map(([f, n]) => `${f} ${n}`)
              .join(', ')
          : '',
        'p50 ms': round1(percentile(latencies, 50)),
        'p99 ms': round1(percentile(latencies, 99)),
        'max ms': round1(percentile(latencies, 100)),
      };
    });
  }
  function instanceRows(minute: number, seconds: number) {
    return servers.map((server, i) => {
      const samples = memory[minute]![i]!;
      const heap = heapOfMinute(samples);
      const cpuNow = procStatus(server.pid!)?.cpuSeconds ?? NaN;
      return {
        instance: `${NAMES[i]} (:${ports[i]}, pid ${server.pid})`,
        'RSS MB (mean)': round1(mean(samples.map((s) => s.rssMb))),
        'heap MB after full GC': round1(heap.mb),
        'full GCs': heap.majorGcs,
        'external MB (mean)': round1(mean(samples.flatMap((s) => (s.heap ? [s.heap.externalMb] : [])))),
        'CPU % of a core': Math.round(((cpuNow - cpuAtMinute[i]![minute]!) / seconds) * 100),
        'event-loop delay max ms': timeline.loopMax(minute * 60, minute * 60 + 60)[i],
        samples: samples.length,
      };
    });
  }
  const markCpu = (minute: number) => servers.forEach((server, i) => (cpuAtMinute[i]![minute] = procStatus(server.pid!)?.cpuSeconds ?? NaN));

  const total = rate * (warmupSeconds + minutes * 60);
  const mixWeights = KINDS.map((kind) => MIX[kind]);
  const mixTotal = mixWeights.reduce((a, b) => a + b, 0);
  const current = KINDS.map(() => 0);
  const counters = KINDS.map(() => 0);
  console.log(
    `\nSoak: 2 instances, ${listingCount.toLocaleString('en')} listings, ${pairs} chat pairs on ${sockets.length} sockets, ${signInUsers} sign-in users; ` +
      `${rate} requests/s open loop (at most ${concurrency} in flight, ${timeoutMs / 1000} s timeout) for ${minutes} min after a ${warmupSeconds} s warm-up; ` +
      `mix ${KINDS.map((k) => `${k} ${MIX[k]}%`).join(', ')}; recurring jobs every ${jobsInterval} s (at most); set-up took ${Math.round((performance.now() - started) / 1000)} s`,
  );
  console.log(
    `machine: ${cpus().length} x ${cpus()[0]?.model ?? 'cpu'}, ${Math.round(totalmem() / 2 ** 30)} GiB, load ${load()}; node ${process.version}`,
  );

  const scheduleStart = performance.now() + 100;
  measureStart = scheduleStart + warmupSeconds * 1000;
  await timeline.start(performance.timeOrigin + measureStart);
  const inFlightWork = new Set<Promise<void>>();
  let reported = 0;
  let cpuMarked = -1;
  const driverCpu = process.cpuUsage();
  for (let n = 0; n < total && !interrupted; n++) {
    const due = scheduleStart + (n * 1000) / rate;
    const wait = due - performance.now();
    if (wait > 1) await new Promise((r) => setTimeout(r, wait));
    const now = performance.now();
    if (now >= measureStart) {
      maxLag = Math.max(maxLag, now - due);
      const minute = minuteOf(now);
      if (minute > cpuMarked) markCpu((cpuMarked = minute));
      // Each minute's report as soon as it is over (the last one after the final answers).
      while (reported < minute) {
        console.log(`\nminute ${reported + 1}/${minutes}, load ${load()}, ${inFlight} in flight, ${queue.length} queued`);
        console.table(minuteRows([perMinute[reported]!], 60));
        console.table(instanceRows(reported, 60));
        if (snapshotDir && reported === 0) void snapshot(servers[0]!, join(snapshotDir, 'A-minute-1.heapsnapshot'));
        reported++;
      }
    }
    // Smooth weighted round robin: the kind furthest behind its share goes next.
    let pick = 0;
    for (let i = 0; i < KINDS.length; i++) {
      current[i]! += mixWeights[i]!;
      if (current[i]! > current[pick]!) pick = i;
    }
    current[pick]! -= mixTotal;
    const work = fire(KINDS[pick]!, counters[pick]!++, due);
    inFlightWork.add(work);
    void work.finally(() => inFlightWork.delete(work));
  }
  const scheduleEnd = performance.now();
  // The last answers (each bounded by the timeout), then the last deliveries.
  await Promise.race([Promise.all(inFlightWork), new Promise((r) => setTimeout(r, timeoutMs * 2 + 1000))]);
  const deadline = performance.now() + DELIVERY_GRACE_MS;
  while (pending.size && performance.now() < deadline) await new Promise((r) => setTimeout(r, 100));
  for (const [body, waiting] of pending) {
    if (waiting.answeredAt !== undefined) record(DELIVERY, waiting.due, null, 'lost', 'no socket event within 5 s of the send');
    pending.delete(body);
  }
  finishing = true;
  sampling = false;
  if (snapshotDir) await snapshot(servers[0]!, join(snapshotDir, `A-minute-${minutes}.heapsnapshot`));
  await sampler;
  await timeline.stop();
  const lastMinute = Math.min(minutes - 1, Math.max(0, minuteOf(scheduleEnd)));
  const measuredSeconds = Math.max(1, (scheduleEnd - measureStart) / 1000);
  const lastSeconds = Math.max(1, Math.min(60, (performance.now() - measureStart) / 1000 - lastMinute * 60));
  if (lastMinute >= reported) {
    console.log(`\nminute ${lastMinute + 1}/${minutes} (with the final answers), load ${load()}`);
    console.table(minuteRows([perMinute[lastMinute]!], lastSeconds));
    console.table(instanceRows(lastMinute, lastSeconds));
  }
  const driver = process.cpuUsage(driverCpu);

  // ---- summary and budgets ----
  const summary = minuteRows(perMinute.slice(0, lastMinute + 1), measuredSeconds);
  console.log(
    `\nSummary: ${round1(measuredSeconds / 60)} min measured at ${rate} requests/s scheduled, 2 instances, PostgreSQL + Redis, loopback; load ${load()} (${cpus().length} cores)`,
  );
  console.table(summary);
  const growth = servers.map((_, i) => {
    const first = memory[0]![i]!;
    const last = memory[lastMinute]![i]!;
    const rss = [mean(first.map((s) => s.rssMb)), mean(last.map((s) => s.rssMb))] as const;
    const heap = [heapOfMinute(first).mb, heapOfMinute(last).mb] as const;
    return { instance: NAMES[i]!, rss, heap, rssGrowth: rss[1] / rss[0] - 1, heapGrowth: heap[1] / heap[0] - 1 };
  });
  console.table(
    growth.map((g) => ({
      instance: g.instance,
      'mean RSS MB minute 1': round1(g.rss[0]),
      [`mean RSS MB minute ${lastMinute + 1}`]: round1(g.rss[1]),
      'RSS growth %': round1(g.rssGrowth * 100),
      'heap MB minute 1': round1(g.heap[0]),
      [`heap MB minute ${lastMinute + 1}`]: round1(g.heap[1]),
      'heap growth %': round1(g.heapGrowth * 100),
    })),
  );
  console.log(
    `driver (this process): ${round1(((driver.user + driver.system) / 1e6 / ((performance.now() - scheduleStart) / 1000)) * 100)}% of a core; ` +
      `latest scheduled send ${round1(maxLag)} ms behind its time (included in the latencies)`,
  );
  console.log('\nJobs seen running (the queue polled every 0.5 s; shorter runs may be missed):');
  console.table(timeline.jobs());
  const stalls = timeline.stalls(NAMES);
  console.log(
    `\nStalls: seconds with a request (by its scheduled time) over ${P99_BUDGET_MS} ms, with what came with them (a second either side; ` +
      `loop = longest event-loop delay, GC = collections over 20 ms, CPU = % of a core; database ms = longest answer to a small ` +
      `query of this process; machine CPU = % of all ${cpus().length} cores; a checkpoint ending up to 5 s after)` +
      (stalls.length ? ':' : ': none'),
  );
  if (stalls.length) console.table(stalls);
  if (failureSamples.size) {
    console.log('errors seen (first kinds, with counts):');
    for (const [key, n] of failureSamples) console.log(`  ${n} x ${key}`);
  }
  const errors = summary.reduce((a, r) => a + r.errors, 0);
  const worst = summary.reduce((a, r) => (r['p99 ms'] > a['p99 ms'] || Number.isNaN(a['p99 ms']) ? r : a));
  const verdict = (met: boolean) => (met ? 'BUDGET MET   ' : 'BUDGET MISSED');
  const memoryOk = growth.every((g) => g.rssGrowth < MEMORY_GROWTH_BUDGET && g.heapGrowth < MEMORY_GROWTH_BUDGET);
  console.log(`\nBudgets (load ${load()} on ${cpus().length} cores${interrupted ? '; run interrupted' : ''}):`);
  console.log(`  ${verdict(errors === 0)} 0 errors: ${errors} (non-2xx/3xx or unexpected status, timeouts, socket errors, lost chat messages)`);
  console.log(
    `  ${verdict(summary.every((r) => r['p99 ms'] < P99_BUDGET_MS))} p99 < ${P99_BUDGET_MS} ms for every kind: worst ${worst.kind} ${worst['p99 ms']} ms`,
  );
  console.log(
    `  ${verdict(memoryOk && lastMinute > 0)} memory growth < ${MEMORY_GROWTH_BUDGET * 100}% from minute 1 to minute ${lastMinute + 1} (mean RSS; heap after full collections): ${growth
      .map(
        (g) =>
          `${g.instance} RSS ${g.rssGrowth >= 0 ? '+' : ''}${round1(g.rssGrowth * 100)}%, heap ${g.heapGrowth >= 0 ? '+' : ''}${round1(g.heapGrowth * 100)}%`,
      )
      .join('; ')}${lastMinute > 0 ? '' : ' (needs 2 minutes or more)'}`,
  );
} finally {
  finishing = true;
  for (const socket of sockets) socket.terminate();
  await Promise.all(servers.map(stop));
  await run.drop();
}
