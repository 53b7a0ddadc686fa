// Chat delivery benchmark: two server instances sharing one PostgreSQL database and Redis, 10,000 WebSocket
// clients (5,000 tenant-landlord pairs; tenants on instance A, landlords on instance B, so every message
// crosses Redis). Tenants send messages over HTTP at a steady rate (500 a second); each landlord's socket
// timestamps arrival. The sockets carry the notification centre's notices too: while the messages flow, notices
// are stored for landlords with their in-app delivery job, as `notifications.send` stores them, and both
// instances' job queues deliver them through the same hub (each must arrive once).
// Prints delivery p50/p95/p99, the send call's own latency, the lost-message count, the notices' delivery and
// each instance's memory per socket (resident memory added by its sockets). Asserts nothing.
// Budget (issue 22): delivery p99 <= 50 ms, 0 lost, with 10,000 sockets and 500 messages a second.
// Also prints where the time goes per sent message while the counted messages flow: PostgreSQL's CPU (its backends
// serving this run's database, the notices' writes included) and, with BENCH_PROFILE=<folder> each
// instance's main-thread CPU by category (bench/cpu.ts's probe; profiles written to the folder).
// The landlords' sockets live in a worker thread (bench/chat-receiver.ts) that times arrivals on a loop of its own;
// the client's event-loop delay (this thread's and the receiver's) is printed beside each instance's.
// Run: npm run bench -- chat (or npm run chat -w @kunci/bench); BENCH_PAIRS, BENCH_RATE, BENCH_SECONDS scale it down.
import { randomUUID } from 'node:crypto';
import { mkdirSync, readFileSync } from 'node:fs';
import { Worker } from 'node:worker_threads';
import { Agent, request } from 'node:http';
import { cpus, loadavg } from 'node:os';
import { join, resolve } from 'node:path';
import WebSocket from 'ws';
import { chatConversations, jobs, notices, properties, sessions, users } from '@kunci/db/schema';
import { openDatabase } from '@kunci/db/client';
import { eq, sql } from 'drizzle-orm';
import { Redis } from 'ioredis';
import { JOBS_CHANNEL } from '../apps/server/src/lib/jobs/jobs.repository.ts';
import { newToken, tokenHash } from '../apps/server/src/lib/sessions.repository.ts';
import { clock, type ReceiverAnswer, type ReceiverData, type ReceiverRequest } from './chat-receiver.ts';
import { CPU_PROBE, breakdown, profiled, topFunctions, type Measured } from './cpu.ts';
import { LAG_PROBE, loopLag, type Lag } from './loop-lag.ts';
import { scratch } from './scratch.ts';
import { ready, startServer, stop } from './server.ts';

/** A process's GC pauses as columns of the figures by process. */
const gcColumns = ({ gc }: Lag) => ({
  scavenges: gc.scavenges,
  'p50 ms ': gc.scavengeP50,
  'max ms ': gc.scavengeMax,
  'full GCs': gc.full,
  'GC ms': gc.total,
});

const pairs = Number(process.env['BENCH_PAIRS'] ?? 5000);
const rate = Number(process.env['BENCH_RATE'] ?? 500); // messages per second
const noticeRate = Number(process.env['BENCH_NOTICE_RATE'] ?? 20); // notices per second, beside the messages
const connectWave = Number(process.env['BENCH_CONNECT_WAVE'] ?? 200); // sockets opened at once
const seconds = Number(process.env['BENCH_SECONDS'] ?? 20);
const warmup = Number(process.env['BENCH_WARMUP_SECONDS'] ?? 3);
const portA = Number(process.env['BENCH_PORT'] ?? 3299);
const portB = portA + 1;
const profileDir = process.env['BENCH_PROFILE'] ? resolve(process.env['BENCH_PROFILE']) : undefined;
if (profileDir) mkdirSync(profileDir, { recursive: true });

const run = await scratch('chat');
const dataDir = run.dataDir;
const env = {
  DATABASE_URL: run.databaseUrl,
  REDIS_URL: run.redisUrl,
  REDIS_KEY_PREFIX: run.redisPrefix,
  SEED_DEMO_LISTINGS: '20',
  // The job queue runs on both instances: it delivers the notices (and the recurring jobs run as in service).
  JOBS_INTERVAL_SECONDS: '60',
};

/**
 * Sends share at most BENCH_SEND_CONNECTIONS connections to A (1,000); a send beyond them waits in this process, as
 * behind a proxy, and its wait counts in its latency. A connection per waiting send, beside the 10,000 sockets,
 * would pass the process's file limit when the server falls behind.
 */
const agent = new Agent({ keepAlive: true, maxSockets: Number(process.env['BENCH_SEND_CONNECTIONS'] ?? 1000) });
/** POSTs JSON to instance A; answers the status. */
const post = (path: string, token: string, json: string) =>
  new Promise<number>((resolve, reject) => {
    const sent = request(
      {
        host: '127.0.0.1',
        port: portA,
        path,
        method: 'POST',
        agent,
        headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json', 'content-length': Buffer.byteLength(json) },
      },
      (response) => {
        response.resume();
        response.on('end', () => resolve(response.statusCode ?? 0));
      },
    );
    sent.on('error', reject);
    sent.end(json);
  });

/** Resident memory of a process, in bytes (Linux). */
const rss = (pid: number | undefined) => {
  const line = readFileSync(`/proc/${pid}/status`, 'utf8').match(/^VmRSS:\s+(\d+) kB/m);
  return line ? Number(line[1]) * 1024 : NaN;
};
/** CPU time of a process so far, in ms (Linux: user + system clock ticks of /proc/<pid>/stat, 100 a second). */
const cpuMs = (pid: number) => {
  try {
    const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
    return (Number(fields[11]) + Number(fields[12])) * 10;
  } catch {
    return 0; // ended since
  }
};
/** The machine's busy CPU time so far, in ms, all cores and processes (Linux: /proc/stat, 100 ticks a second). */
const machineBusyMs = () => {
  const [user, nice, system, , , irq, softirq, steal] = readFileSync('/proc/stat', 'utf8').split('\n')[0]!.trim().split(/\s+/).slice(1).map(Number);
  return (user! + nice! + system! + irq! + softirq! + steal!) * 10;
};
// Every instance carries the event-loop delay probe; the CPU profiler's only with BENCH_PROFILE.
const serve = (port: number) =>
  startServer(port, dataDir, env, { execArgv: ['--import', LAG_PROBE, ...(profileDir ? ['--import', CPU_PROBE] : [])], ipc: true });
const servers = [serve(portA)];
const sockets: WebSocket[] = [];
let receiver: Worker | undefined;
let receiverEnded = false;
/**
 * Asks the receiving thread and answers its first answer of that kind; fails if the thread fails or ends first (a
 * socket refused while connecting ends it), rather than waiting for ever.
 */
const ask = <T extends ReceiverAnswer['type']>(request: ReceiverRequest, answer: T) =>
  new Promise<Extract<ReceiverAnswer, { type: T }>>((resolve, reject) => {
    const done = () => {
      receiver!.off('message', onMessage);
      receiver!.off('error', onError);
      receiver!.off('exit', onExit);
    };
    const onMessage = (message: ReceiverAnswer) => {
      if (message.type !== answer) return;
      done();
      resolve(message as Extract<ReceiverAnswer, { type: T }>);
    };
    const onError = (error: Error) => {
      done();
      reject(error);
    };
    const onExit = (code: number) => {
      done();
      if (answer === 'closed') resolve({ type: 'closed' } as Extract<ReceiverAnswer, { type: T }>);
      else reject(new Error(`the receiving thread ended (${code}) before answering ${request.type}`));
    };
    receiver!.on('message', onMessage);
    receiver!.on('error', onError);
    receiver!.on('exit', onExit);
    receiver!.postMessage(request);
  });
try {
  await ready(servers[0]!, `http://127.0.0.1:${portA}`);
  servers.push(serve(portB));
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
  /** CPU so far of PostgreSQL's backends serving this run's database, by process. */
  const databaseCpu = async () => {
    const { rows } = (await db.execute(sql`select pid from pg_stat_activity where datname = current_database()`)) as unknown as {
      rows: { pid: number }[];
    };
    return new Map(rows.map(({ pid }) => [pid, cpuMs(pid)]));
  };
  // 10,000 sockets: tenants on A, landlords on B. Each instance's memory is read before and after its sockets.
  await new Promise((r) => setTimeout(r, 2000));
  const memoryBefore = servers.map((server) => rss(server.pid));
  // Times on the monotonic clock the receiving thread reads too (chat-receiver.ts), by message number (NaN: not sent,
  // or not arrived). Arrays of numbers rather than a map of message bodies and a promise kept per send: what the client
  // keeps for every message survived each of its scavenges, whose pauses (17-60 ms) counted as delivery time.
  const warm = rate * warmup;
  const total = warm + rate * seconds;
  const sentAt = new Float64Array(total).fill(NaN);
  let delivered: Float64Array = new Float64Array(total).fill(NaN);
  const noticeSentAt = new Map<number, number>();
  let noticeArrivals = new Map<number, { first: number; count: number }>();
  const connectStart = performance.now();
  /** A tenant's socket on A: it receives its own messages back, which nothing here measures. */
  const connect = (i: number) =>
    new Promise<void>((resolve, reject) => {
      const socket = new WebSocket(`ws://127.0.0.1:${portA}/api/chat/ws`, { headers: { authorization: `Bearer ${tokens[i]}` } });
      sockets.push(socket);
      socket.on('open', () => socket.send(JSON.stringify({ type: 'hello' })));
      socket.on('message', (raw) => {
        if ((JSON.parse(raw.toString()) as { type: string }).type === 'ready') resolve();
      });
      socket.on('error', reject);
    });
  // The landlords' sockets on B, opened by the receiving thread while this one opens the tenants'.
  const receiverData: ReceiverData = {
    port: portB,
    tokens: tokens.filter((_, i) => i % 2 === 1),
    wave: Math.max(1, connectWave / 2),
    messages: total,
  };
  receiver = new Worker(new URL('./chat-receiver.ts', import.meta.url), { workerData: receiverData });
  receiver.once('exit', () => (receiverEnded = true));
  const landlordsConnected = ask({ type: 'connect' }, 'connected');
  // In waves, as people arrive over time rather than all in one instant (each hello reads the database): half a
  // wave of tenants here, half of landlords there.
  const tenants = people.map((_, i) => i).filter((i) => i % 2 === 0);
  for (let i = 0; i < tenants.length; i += receiverData.wave) await Promise.all(tenants.slice(i, i + receiverData.wave).map(connect));
  await landlordsConnected;
  const connectMs = performance.now() - connectStart;
  await new Promise((r) => setTimeout(r, 2000));
  const memoryAfter = servers.map((server) => rss(server.pid));
  const perInstance = pairs;
  /** What the receiving thread has seen arrive so far. */
  const collect = async () => {
    const report = await ask({ type: 'report' }, 'report');
    delivered = report.delivered;
    noticeArrivals = new Map(report.notices);
  };

  /**
   * Notices for landlords, beside the messages: the row and its in-app delivery job in one transaction, as
   * `notifications.send` writes them (features/notifications/notifications.service.ts); either instance's queue
   * runs the job and publishes on the hub, which reaches the landlord's socket on B.
   */
  let noticesStopped = false;
  let noticeFailures = 0;
  const noticeLoop = (async () => {
    const noticeStart = performance.now();
    for (let n = 0; !noticesStopped && noticeRate > 0; n++) {
      const wait = noticeStart + (n * 1000) / noticeRate - performance.now();
      if (wait > 0) await new Promise((r) => setTimeout(r, wait));
      const landlord = people[2 * (n % pairs) + 1]!.id;
      try {
        const t0 = clock();
        const id = await db.transaction(async (tx) => {
          const [row] = await tx
            .insert(notices)
            .values({ userId: landlord, type: 'chat.messages', link: { route: 'chat' }, params: { from: 'Bench', listing: 'Bench', count: 1 } })
            .returning({ id: notices.id });
          await tx.insert(jobs).values({
            name: 'notifications.deliver',
            payload: { noticeId: row!.id, channel: 'inApp' },
            key: `notice:${row!.id}:inApp`,
            maxAttempts: 6,
          });
          // As the queue's enqueue does: the listening queues hear of the job as the transaction commits.
          await tx.execute(sql`select pg_notify(${JOBS_CHANNEL}, '')`);
          return row!.id;
        });
        noticeSentAt.set(id, t0);
      } catch {
        noticeFailures++;
      }
    }
  })();

  // Steady sending: `rate` messages a second from tenants in turn, for `seconds`, after a warm-up of
  // `warmup` seconds at the same rate whose messages are not counted (JIT, connection pools, first queries).
  const sendLatency: number[] = [];
  let failed = 0;
  /** Failed sends by HTTP status (503: the instance could not reach the database in time). */
  const failures = new Map<number, number>();
  const started = performance.now();
  const startedOnClock = clock();
  /** The wall-clock time of the first counted second, to match the figures by second with the servers' and PostgreSQL's logs. */
  const countedFrom = new Date(Date.now() + warmup * 1000);
  /** Sends not yet answered, and what resolves once the last has been (a count, not a promise kept per send). */
  let unanswered = 0;
  let allAnswered: (() => void) | undefined;
  let n = 0;
  const sendUntil = async (end: number) => {
    for (; n < end; n++) {
      const due = started + (n * 1000) / rate;
      const wait = due - performance.now();
      if (wait > 0) await new Promise((r) => setTimeout(r, wait));
      const pair = n % pairs;
      const body = `m-${n}-${randomUUID()}`;
      const t0 = clock();
      const counted = n >= warm;
      const number = n;
      if (counted) sentAt[number] = t0;
      unanswered++;
      post(`/api/chat-conversations/${conversations[pair]!.id}/messages`, tokens[2 * pair]!, JSON.stringify({ body, clientId: randomUUID() }))
        .then((status) => {
          if (!counted) return;
          if (status >= 200 && status < 300) sendLatency.push(clock() - t0);
          else {
            failed++;
            failures.set(status, (failures.get(status) ?? 0) + 1);
            sentAt[number] = NaN;
          }
        })
        .finally(() => {
          if (--unanswered === 0) allAnswered?.();
        });
    }
  };
  // Every process's CPU and event-loop delay over the counted messages: the client and both instances share the
  // machine's cores with PostgreSQL and Redis, and a loaded core delays every figure measured through it.
  const redisPid = await (async () => {
    const probe = new Redis(run.redisUrl);
    try {
      return Number((await probe.info('server')).match(/^process_id:(\d+)/m)?.[1]);
    } finally {
      probe.disconnect();
    }
  })();
  await sendUntil(warm);
  // The counted messages: PostgreSQL's backends and (BENCH_PROFILE) both instances measured while they flow. Sending
  // goes on while the probes start: a pause here (a query, the probes' answers, the profilers starting) sent the
  // messages due meanwhile in one burst, and the first counted seconds' p99 read 1-6 s in some runs.
  const sending = (async () => {
    await sendUntil(total);
    if (unanswered) await new Promise<void>((resolve) => (allAnswered = resolve));
  })();
  const clientCpuBefore = process.cpuUsage();
  const machineBefore = machineBusyMs();
  const processCpuBefore = [...servers.map((server) => cpuMs(server.pid!)), cpuMs(redisPid)];
  const [databaseBefore, lag] = await Promise.all([databaseCpu(), loopLag(servers), ask({ type: 'lag:start' }, 'lag')]);
  const profiles = profileDir ? servers.map((_, i) => join(profileDir, `chat-${i === 0 ? 'A' : 'B'}.cpuprofile`)) : [];
  const measured: Measured[] = [];
  if (profileDir) {
    let onB: Measured | undefined;
    measured.push(await profiled(servers[0]!, profiles[0]!, async () => void (onB = await profiled(servers[1]!, profiles[1]!, () => sending))));
    measured.push(onB!);
  } else await sending;
  const lags: Lag[] = await lag.stop();
  const receiverLag = (await ask({ type: 'lag:stop' }, 'lag')).lag!;
  const clientCpu = process.cpuUsage(clientCpuBefore);
  const machineMs = machineBusyMs() - machineBefore;
  const processCpu = [...servers.map((server) => cpuMs(server.pid!)), cpuMs(redisPid)].map((ms, i) => ms - processCpuBefore[i]!);
  const databaseAfter = await databaseCpu();
  const elapsed = (performance.now() - started) / 1000 - warmup;
  noticesStopped = true;
  await noticeLoop;
  // Let the last deliveries land.
  await collect();
  const missing = () => sentAt.some((t0, i) => !Number.isNaN(t0) && Number.isNaN(delivered[i]!));
  for (let i = 0; i < 50 && missing(); i++) {
    await new Promise((r) => setTimeout(r, 100));
    await collect();
  }
  for (let i = 0; i < 100 && [...noticeSentAt.keys()].some((id) => !noticeArrivals.has(id)); i++) {
    await new Promise((r) => setTimeout(r, 100));
    await collect();
  }
  await close();

  /** The counted messages sent (answered 2xx): their number and when they were sent. */
  const sent = [...sentAt].flatMap((t0, i) => (Number.isNaN(t0) ? [] : [[i, t0] as const]));
  const latencies = sent.filter(([i]) => !Number.isNaN(delivered[i]!)).map(([i, t0]) => delivered[i]! - t0);
  const lost = sent.length - latencies.length;
  const pct = (values: number[], p: number) => {
    const sorted = [...values].sort((a, b) => a - b);
    return sorted.length ? Math.round(sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]! * 10) / 10 : NaN;
  };
  console.log(
    `machine: ${cpus().length} cores, load ${loadavg()
      .map((l) => l.toFixed(2))
      .join(' ')}; node ${process.version}`,
  );
  // Where the tail sits in time: a stall of every process shows as a run of late seconds, a slow few as spread.
  const bySecond: number[][] = [];
  for (const [i, t0] of sent) {
    const arrived = delivered[i]!;
    if (!Number.isNaN(arrived)) (bySecond[Math.floor((t0 - startedOnClock) / 1000) - warmup] ??= []).push(arrived - t0);
  }
  console.log(`counted seconds from ${countedFrom.toISOString()}`);
  console.log(`delivery p99 by second sent (ms): ${Array.from(bySecond, (second) => (second ? Math.round(pct(second, 99)) : '-')).join(' ')}`);
  const noticeLatencies = [...noticeSentAt].filter(([id]) => noticeArrivals.has(id)).map(([id, t0]) => noticeArrivals.get(id)!.first - t0);
  const noticesLost = [...noticeSentAt.keys()].filter((id) => !noticeArrivals.has(id)).length;
  const noticesTwice = [...noticeSentAt.keys()].filter((id) => (noticeArrivals.get(id)?.count ?? 0) > 1).length;
  console.table([
    {
      instances: 2,
      clients: pairs * 2,
      'connect all (ms)': Math.round(connectMs),
      'sent (ok)': sent.length,
      'send errors': failed,
      'msg/s achieved': Math.round(sent.length / elapsed),
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
  console.table([
    {
      'notices stored': noticeSentAt.size,
      'store errors': noticeFailures,
      delivered: noticeLatencies.length,
      lost: noticesLost,
      'delivered twice': noticesTwice,
      'delivery p50 ms': pct(noticeLatencies, 50),
      'delivery p99 ms': pct(noticeLatencies, 99),
    },
  ]);
  if (failures.size) console.log(`send errors by status: ${[...failures].map(([status, count]) => `${status} x ${count}`).join(', ')}`);
  console.log('notices: delivered by the job queue, taken as their transaction commits (NOTIFY), then through the hub.');
  console.table(
    servers.map((server, i) => ({
      instance: i === 0 ? 'A (tenants)' : 'B (landlords)',
      sockets: perInstance,
      'RSS before MB': Math.round(memoryBefore[i]! / 2 ** 20),
      'RSS with sockets MB': Math.round(memoryAfter[i]! / 2 ** 20),
      'KB per socket': Math.round(((memoryAfter[i]! - memoryBefore[i]!) / perInstance / 1024) * 10) / 10,
      'RSS at end MB': Math.round(rss(server.pid) / 2 ** 20),
    })),
  );
  // Per message attempted in the counted seconds (sent or refused), the notices' share included.
  const attempted = total - warm;
  const databaseMs = [...databaseAfter].reduce((sum, [pid, ms]) => sum + ms - (databaseBefore.get(pid) ?? 0), 0);
  const perMessage = (ms: number) => Math.round((ms / attempted) * 100) / 100;
  console.log(
    `while the counted messages flowed (${elapsed.toFixed(1)} s): CPU per message, event-loop delay (monitorEventLoopDelay, 10 ms resolution) and GC pauses (scavenges: count, p50, max; full collections; all pauses added up) by process:`,
  );
  console.table([
    {
      process: 'client, sending thread (CPU: both threads)',
      'CPU ms/msg': perMessage((clientCpu.user + clientCpu.system) / 1000),
      'loop delay p50 ms': lags[0]!.p50,
      'p99 ms': lags[0]!.p99,
      'max ms': lags[0]!.max,
      ...gcColumns(lags[0]!),
    },
    {
      process: "client, receiving thread (landlords' sockets)",
      'CPU ms/msg': undefined,
      'loop delay p50 ms': receiverLag.p50,
      'p99 ms': receiverLag.p99,
      'max ms': receiverLag.max,
      ...gcColumns(receiverLag),
    },
    ...servers.map((_, i) => ({
      process: i === 0 ? 'instance A (sends)' : 'instance B (delivers)',
      'CPU ms/msg': perMessage(processCpu[i]!),
      'loop delay p50 ms': lags[i + 1]!.p50,
      'p99 ms': lags[i + 1]!.p99,
      'max ms': lags[i + 1]!.max,
      ...gcColumns(lags[i + 1]!),
    })),
    { process: "PostgreSQL (this run's backends)", 'CPU ms/msg': perMessage(databaseMs) },
    { process: 'Redis', 'CPU ms/msg': perMessage(processCpu[2]!) },
  ]);
  const oursMs = (clientCpu.user + clientCpu.system) / 1000 + processCpu.reduce((a, b) => a + b, 0) + databaseMs;
  const share = (ms: number) => `${((ms / elapsed / 1000) * 100).toFixed(0)}%`;
  console.log(
    `of one core, on average: these processes ${share(oursMs)}, the whole machine ${share(machineMs)} (others: ${share(Math.max(0, machineMs - oursMs))}; ${cpus().length} cores)`,
  );
  console.log(
    `CPU per message over the counted ${attempted} (ms): PostgreSQL's backends ${(databaseMs / attempted).toFixed(2)}` +
      (measured.length
        ? measured
            .map(
              (m, i) =>
                `, instance ${i === 0 ? 'A' : 'B'} main thread ${(m.threadUs / 1000 / attempted).toFixed(2)} (process ${(m.processUs / 1000 / attempted).toFixed(2)})`,
            )
            .join('')
        : ''),
  );
  if (measured.length) {
    console.log("instances' main thread per message by category (ms; bench/cpu.ts says what each holds):");
    console.table(Object.fromEntries(measured.map((m, i) => [i === 0 ? 'A (sends)' : 'B (delivers)', breakdown(m.file, attempted, m.threadUs)])));
    console.log(`A's busiest functions (profiles in ${profileDir}):`);
    console.table(topFunctions(measured[0]!.file, 25));
  }
  const p99 = pct(latencies, 99);
  console.log(
    `budget: delivery p99 <= 50 ms and 0 lost -> ${p99 <= 50 && lost === 0 && failed === 0 && noticesLost === 0 && noticesTwice === 0 ? 'met' : 'NOT met'}`,
  );
} finally {
  for (const socket of sockets) socket.terminate();
  if (receiver && !receiverEnded) await ask({ type: 'close' }, 'closed').catch(() => undefined);
  agent.destroy();
  await Promise.all(servers.map(stop));
  await run.drop();
}
