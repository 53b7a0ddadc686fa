// Chat delivery benchmark: two server instances sharing one PostgreSQL database and Redis, 2,000 WebSocket
// clients (1,000 tenant-landlord pairs; tenants on instance A, landlords on instance B, so every message
// crosses Redis). Tenants send messages over HTTP at a steady rate; each landlord's socket timestamps arrival.
// Prints delivery p50/p95/p99, the send call's own latency and the lost-message count. Asserts nothing.
// Budget (issue 6): delivery p99 <= 50 ms, 0 lost.
import { randomUUID } from 'node:crypto';
import { cpus, loadavg } from 'node:os';
import WebSocket from 'ws';
import { chatConversations, properties, sessions, users } from '@kunci/db/schema';
import { openDatabase } from '@kunci/db/client';
import { eq } from 'drizzle-orm';
import { newToken, tokenHash } from '../apps/server/src/lib/sessions.repository.ts';
import { scratch } from './scratch.ts';
import { ready, startServer, stop } from './server.ts';

const pairs = Number(process.env['BENCH_PAIRS'] ?? 1000);
const rate = Number(process.env['BENCH_RATE'] ?? 100); // messages per second
const seconds = Number(process.env['BENCH_SECONDS'] ?? 20);
const warmup = Number(process.env['BENCH_WARMUP_SECONDS'] ?? 3);
const portA = Number(process.env['BENCH_PORT'] ?? 3299);
const portB = portA + 1;

const run = await scratch('chat');
const dataDir = run.dataDir;
const env = {
  DATABASE_URL: run.databaseUrl,
  REDIS_URL: run.redisUrl,
  REDIS_KEY_PREFIX: run.redisPrefix,
  SEED_DEMO_LISTINGS: '20',
  JOBS_INTERVAL_SECONDS: '0',
};
const servers = [startServer(portA, dataDir, env)];
const sockets: WebSocket[] = [];
try {
  await ready(servers[0]!, `http://127.0.0.1:${portA}`);
  servers.push(startServer(portB, dataDir, env));
  await ready(servers[1]!, `http://127.0.0.1:${portB}`);

  // People, sessions and one conversation per pair, written straight to the database (sign-in is not measured).
  const { db, close } = await openDatabase({ url: run.databaseUrl, poolSize: 4 });
  const [listing] = await db.select({ id: properties.id }).from(properties).where(eq(properties.reviewStatus, 'APPROVED')).limit(1);
  const people = await db
    .insert(users)
    .values(Array.from({ length: pairs * 2 }, (_, i) => ({ phoneNumber: `+6019${String(i).padStart(7, '0')}`, name: `Bench ${i}` })))
    .returning({ id: users.id });
  const tokens = people.map(() => newToken());
  const expiresAt = new Date(Date.now() + 86_400_000);
  for (let i = 0; i < people.length; i += 500) {
    await db
      .insert(sessions)
      .values(people.slice(i, i + 500).map((p, j) => ({ userId: p.id, tokenHash: tokenHash(tokens[i + j]!), method: 'pin' as const, expiresAt })));
  }
  const conversations = await db
    .insert(chatConversations)
    .values(Array.from({ length: pairs }, (_, i) => ({ propertyId: listing!.id, tenantId: people[2 * i]!.id, landlordId: people[2 * i + 1]!.id })))
    .returning({ id: chatConversations.id });
  await close();

  // 2,000 sockets: tenants on A, landlords on B.
  const sentAt = new Map<string, number>();
  const delivered = new Map<string, number>();
  const connectStart = performance.now();
  await Promise.all(
    people.map(
      (_, i) =>
        new Promise<void>((resolve, reject) => {
          const port = i % 2 === 0 ? portA : portB;
          const socket = new WebSocket(`ws://127.0.0.1:${port}/api/chat/ws`, { headers: { authorization: `Bearer ${tokens[i]}` } });
          sockets.push(socket);
          socket.on('open', () => socket.send(JSON.stringify({ type: 'hello' })));
          socket.on('message', (raw) => {
            const event = JSON.parse(raw.toString()) as { type: string; message?: { body: string; senderId: string | null } };
            if (event.type === 'ready') resolve();
            if (event.type === 'message' && i % 2 === 1 && event.message!.senderId !== null) {
              const key = event.message!.body;
              if (!delivered.has(key)) delivered.set(key, performance.now());
            }
          });
          socket.on('error', reject);
        }),
    ),
  );
  const connectMs = performance.now() - connectStart;

  // Steady sending: `rate` messages a second from tenants in turn, for `seconds`, after a warm-up of
  // `warmup` seconds at the same rate whose messages are not counted (JIT, connection pools, first queries).
  const warm = rate * warmup;
  const total = warm + rate * seconds;
  const sendLatency: number[] = [];
  let failed = 0;
  const started = performance.now();
  const inFlight: Promise<void>[] = [];
  for (let n = 0; n < total; n++) {
    const due = started + (n * 1000) / rate;
    const wait = due - performance.now();
    if (wait > 0) await new Promise((r) => setTimeout(r, wait));
    const pair = n % pairs;
    const body = `m-${n}-${randomUUID()}`;
    const t0 = performance.now();
    const counted = n >= warm;
    if (counted) sentAt.set(body, t0);
    inFlight.push(
      fetch(`http://127.0.0.1:${portA}/api/chat-conversations/${conversations[pair]!.id}/messages`, {
        method: 'POST',
        headers: { authorization: `Bearer ${tokens[2 * pair]}`, 'content-type': 'application/json' },
        body: JSON.stringify({ body, clientId: randomUUID() }),
      }).then(async (r) => {
        await r.arrayBuffer();
        if (!counted) return;
        if (r.ok) sendLatency.push(performance.now() - t0);
        else {
          failed++;
          sentAt.delete(body);
        }
      }),
    );
  }
  await Promise.all(inFlight);
  const elapsed = (performance.now() - started) / 1000 - warmup;
  // Let the last deliveries land.
  for (let i = 0; i < 50 && delivered.size < sentAt.size; i++) await new Promise((r) => setTimeout(r, 100));

  const latencies = [...sentAt].filter(([body]) => delivered.has(body)).map(([body, t0]) => delivered.get(body)! - t0);
  const lost = [...sentAt.keys()].filter((body) => !delivered.has(body)).length;
  const pct = (values: number[], p: number) => {
    const sorted = [...values].sort((a, b) => a - b);
    return sorted.length ? Math.round(sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]! * 10) / 10 : NaN;
  };
  console.log(
    `machine: ${cpus().length} cores, load ${loadavg()
      .map((l) => l.toFixed(2))
      .join(' ')}; node ${process.version}`,
  );
  console.table([
    {
      instances: 2,
      clients: sockets.length,
      'connect all (ms)': Math.round(connectMs),
      'sent (ok)': sentAt.size,
      'send errors': failed,
      'msg/s achieved': Math.round(sentAt.size / elapsed),
      delivered: latencies.length,
      lost,
      'delivery p50 ms': pct(latencies, 50),
      'delivery p95 ms': pct(latencies, 95),
      'delivery p99 ms': pct(latencies, 99),
      'delivery max ms': pct(latencies, 100),
      'send call p50 ms': pct(sendLatency, 50),
      'send call p99 ms': pct(sendLatency, 99),
    },
  ]);
  const p99 = pct(latencies, 99);
  console.log(`budget: delivery p99 <= 50 ms and 0 lost -> ${p99 <= 50 && lost === 0 && failed === 0 ? 'met' : 'NOT met'}`);
} finally {
  for (const socket of sockets) socket.terminate();
  await Promise.all(servers.map(stop));
  await run.drop();
}
