// The soak benchmark's second-by-second record, to tell what a stall (a second whose requests answer slowly) came
// with: each instance's event-loop delay and long garbage collections (sent by the probe in each server), the jobs
// of the queue running then, PostgreSQL's autovacuum workers and checkpoints, and the CPU of the machine and of each
// instance. Only the seconds over the budget are printed, grouped into episodes.
import { readFileSync } from 'node:fs';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import pg from 'pg';

const CLOCK_TICKS = 100; // Linux USER_HZ
const POLL_MS = 500;

/** What the probe in a server reports: the longest event-loop delay of each second, and collections over 20 ms. */
export interface LoopReport {
  /** [epoch ms at the second's end, longest delay in ms] */
  loop: [number, number][];
  /** [epoch ms at the start, duration ms, 'major' | 'minor' | other kind] */
  pauses: [number, number, string][];
}

interface Second {
  requests: number;
  slow: number;
  worstMs: number;
  loopMs: number[];
  /** This process's own longest event-loop delay: a stall of the load generator delays every request. */
  driverLoopMs: number;
  gcMs: number[];
  cpu: number[];
  machineCpu: number;
  jobs: Set<string>;
  /** The longest answer to this poller's own small queries (jobs, activity): the database's stalls, by themselves. */
  dbMs: number;
  vacuum: Set<string>;
  checkpoint: boolean;
}

function cpuSeconds(pid: number): number {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return (Number(fields[11]) + Number(fields[12])) / CLOCK_TICKS;
  } catch {
    return NaN;
  }
}
/** Busy and total jiffies of the whole machine. */
function machineTicks(): [number, number] {
  const fields = readFileSync('/proc/stat', 'utf8').split('\n')[0]!.trim().split(/\s+/).slice(1).map(Number);
  const idle = fields[3]! + (fields[4] ?? 0);
  const total = fields.reduce((a, b) => a + b, 0);
  return [total - idle, total];
}

export function createTimeline(options: { databaseUrl: string; adminDatabaseUrl: string; pids: number[]; budgetMs: number }) {
  const instances = options.pids.length;
  const seconds: Second[] = [];
  /** Epoch ms of second 0 (the start of the measurement). */
  let origin = Infinity;
  const at = (epochMs: number) => Math.floor((epochMs - origin) / 1000);
  function second(index: number): Second | undefined {
    if (!Number.isFinite(index) || index < 0 || index > 7 * 24 * 3600) return undefined;
    for (let i = seconds.length; i <= index; i++)
      seconds.push({
        requests: 0,
        slow: 0,
        worstMs: 0,
        loopMs: Array.from({ length: instances }, () => 0),
        driverLoopMs: 0,
        gcMs: Array.from({ length: instances }, () => 0),
        cpu: Array.from({ length: instances }, () => NaN),
        machineCpu: NaN,
        jobs: new Set(),
        dbMs: 0,
        vacuum: new Set(),
        checkpoint: false,
      });
    return seconds[index];
  }
  const jobRuns = new Map<string, { polls: number; seen: number }>();

  // The run's own database tells which jobs are running; the server-wide views tell about autovacuum (any database,
  // since other databases on the server compete for the same disk and CPU) and checkpoints.
  const own = new pg.Client({ connectionString: options.databaseUrl });
  const admin = new pg.Client({ connectionString: options.adminDatabaseUrl });
  let polling = true;
  let poller: Promise<void> = Promise.resolve();

  const driverDelay = monitorEventLoopDelay({ resolution: 10 });
  async function poll() {
    driverDelay.enable();
    let checkpoints: number | undefined;
    let machine = machineTicks();
    let cpu = options.pids.map(cpuSeconds);
    let last = Date.now();
    let running = new Set<string>();
    while (polling) {
      await new Promise((r) => setTimeout(r, POLL_MS));
      const now = Date.now();
      const slot = second(at(now));
      const nextMachine = machineTicks();
      const nextCpu = options.pids.map(cpuSeconds);
      const elapsed = (now - last) / 1000;
      if (slot) slot.driverLoopMs = Math.max(slot.driverLoopMs, driverDelay.max / 1e6);
      driverDelay.reset();
      try {
        const asked = performance.now();
        const [jobs, vacuum, bgwriter] = await Promise.all([
          own.query<{ name: string }>(`select name from jobs where state = 'running'`),
          admin.query<{ what: string }>(
            `select datname || ': ' || coalesce(query, '') as what from pg_stat_activity where backend_type = 'autovacuum worker'`,
          ),
          admin.query<{ n: string }>(`select checkpoints_timed + checkpoints_req as n from pg_stat_bgwriter`).catch(() => ({ rows: [] })),
        ]);
        const dbMs = performance.now() - asked;
        const names = new Set(jobs.rows.map((r) => r.name));
        for (const name of names) {
          const known = jobRuns.get(name) ?? { polls: 0, seen: 0 };
          known.polls++;
          if (!running.has(name)) known.seen++;
          jobRuns.set(name, known);
        }
        running = names;
        const n = bgwriter.rows[0] ? Number(bgwriter.rows[0].n) : undefined;
        if (slot) {
          slot.dbMs = Math.max(slot.dbMs, dbMs);
          for (const name of names) slot.jobs.add(name);
          for (const row of vacuum.rows) slot.vacuum.add(row.what.replace(/^(\S+: )autovacuum: /, '$1').slice(0, 60));
          if (checkpoints !== undefined && n !== undefined && n !== checkpoints) slot.checkpoint = true;
          slot.machineCpu = Math.round(((nextMachine[0] - machine[0]) / Math.max(1, nextMachine[1] - machine[1])) * 100);
          slot.cpu = nextCpu.map((c, i) => Math.round(((c - cpu[i]!) / elapsed) * 100));
        }
        checkpoints = n;
      } catch {
        // A poll that failed (the database is busy or going away at the end) leaves its second without these figures.
      }
      machine = nextMachine;
      cpu = nextCpu;
      last = now;
    }
  }

  return {
    async start(originEpochMs: number) {
      origin = originEpochMs;
      await own.connect();
      await admin.connect();
      poller = poll();
    },
    /** A request (or delivery) scheduled at `dueEpochMs` that took `latencyMs`. */
    request(dueEpochMs: number, latencyMs: number) {
      const slot = second(at(dueEpochMs));
      if (!slot) return;
      slot.requests++;
      if (latencyMs >= options.budgetMs) slot.slow++;
      slot.worstMs = Math.max(slot.worstMs, latencyMs);
    },
    probe(instance: number, report: LoopReport) {
      for (const [epoch, ms] of report.loop) {
        const slot = second(at(epoch - 1));
        if (slot) slot.loopMs[instance] = Math.max(slot.loopMs[instance]!, ms);
      }
      for (const [epoch, ms] of report.pauses) {
        const slot = second(at(epoch));
        if (slot) slot.gcMs[instance]! += ms;
      }
    },
    /** The longest event-loop delay of each instance in seconds [from, to). */
    loopMax(from: number, to: number): number[] {
      return Array.from({ length: instances }, (_, i) => Math.round(Math.max(0, ...seconds.slice(from, to).map((s) => s.loopMs[i]!))));
    },
    async stop() {
      polling = false;
      await poller;
      driverDelay.disable();
      await Promise.all([own.end(), admin.end()]).catch(() => undefined);
    },
    /** Jobs seen running (polled every half second: a run shorter than that may be missed). */
    jobs() {
      return [...jobRuns].map(([name, { polls, seen }]) => ({ job: name, 'runs seen': seen, 'seconds seen running': (polls * POLL_MS) / 1000 }));
    },
    /**
     * Episodes of seconds with a request over the budget (seconds apart by at most 2 join one episode), with what
     * each came with.
     */
    stalls(names: string[]) {
      const episodes: { from: number; to: number }[] = [];
      seconds.forEach((s, i) => {
        if (!s.slow) return;
        const last = episodes.at(-1);
        if (last && i - last.to <= 2) last.to = i;
        else episodes.push({ from: i, to: i });
      });
      const clock = (s: number) => `${Math.floor(s / 60)}:${String(s % 60).padStart(2, '0')}`;
      return episodes.map(({ from, to }) => {
        const span = seconds.slice(from, to + 1);
        const ended = seconds.findIndex((s, i) => s.checkpoint && i >= from - 1 && i <= to + 5);
        const around = seconds.slice(Math.max(0, from - 1), to + 2);
        const union = (pick: (s: Second) => Set<string>) => [...new Set(around.flatMap((s) => [...pick(s)]))].join(', ');
        return {
          at: `${clock(from)}${to > from ? `-${clock(to)}` : ''}`,
          'slow / requests': `${span.reduce((a, s) => a + s.slow, 0)} / ${span.reduce((a, s) => a + s.requests, 0)}`,
          'worst ms': Math.round(Math.max(...span.map((s) => s.worstMs))),
          ...Object.fromEntries(
            names.flatMap((name, i) => [
              [`${name} loop ms`, Math.round(Math.max(...around.map((s) => s.loopMs[i]!)))],
              [`${name} GC ms`, Math.round(around.reduce((a, s) => a + s.gcMs[i]!, 0))],
              [`${name} CPU %`, Math.max(...around.map((s) => (Number.isNaN(s.cpu[i]!) ? 0 : s.cpu[i]!)))],
            ]),
          ),
          'database ms': Math.round(Math.max(...around.map((s) => s.dbMs))),
          'driver loop ms': Math.round(Math.max(...around.map((s) => s.driverLoopMs))),
          'machine CPU %': Math.max(...around.map((s) => (Number.isNaN(s.machineCpu) ? 0 : s.machineCpu))),
          jobs: union((s) => s.jobs),
          autovacuum: union((s) => s.vacuum),
          // A checkpoint is seen when it ends, after its writes and their sync.
          checkpoint: ended >= 0 ? `ended at ${clock(ended)}` : '',
        };
      });
    },
  };
}
