// How late a process's event loop runs its callbacks while a benchmark measures: on a machine whose cores are all
// busy, a latency measured through an event loop includes the time that loop waited, so a benchmark prints each
// process's delay beside its figures. A probe loaded into a server (`--import`, with an IPC channel) starts
// perf_hooks' monitorEventLoopDelay on `lag:start` and answers `lag:stop` with the delay's percentiles; `loopLag`
// measures the benchmark's own process the same way. The histogram holds the time between two runs of a 10 ms timer;
// the delay is what passes 10 ms. Beside it, the garbage collector's pauses over the same span (perf_hooks' gc
// entries): a scavenge stops the thread, and under load its pause is a latency every request in flight shares.
import type { ChildProcess } from 'node:child_process';
import { PerformanceObserver, constants, monitorEventLoopDelay, type Histogram } from 'node:perf_hooks';

/** The garbage collector's pauses in ms over the measured span: scavenges (young generation) and full collections. */
export interface Pauses {
  scavenges: number;
  scavengeP50: number;
  scavengeMax: number;
  full: number;
  fullMax: number;
  /** All pauses added up. */
  total: number;
}

/** Event-loop delay in ms over the measured span, and the GC pauses in it. */
export interface Lag {
  p50: number;
  p99: number;
  max: number;
  gc: Pauses;
}

const RESOLUTION_MS = 10;
const ms = (ns: number) => Math.max(0, Math.round((ns / 1e6 - RESOLUTION_MS) * 10) / 10);
const summary = (histogram: Histogram, gc: Pauses): Lag => ({
  p50: ms(histogram.percentile(50)),
  p99: ms(histogram.percentile(99)),
  max: ms(histogram.max),
  gc,
});

/** Sums up GC pauses (`kind` is perf_hooks' NODE_PERFORMANCE_GC_*: 1 minor, 4 major, 8 incremental, 16 weak callbacks). */
export function pauses(entries: readonly { kind: number; ms: number }[], minorKind: number, majorKind: number): Pauses {
  const round = (x: number) => Math.round(x * 10) / 10;
  const minor = entries
    .filter((e) => e.kind === minorKind)
    .map((e) => e.ms)
    .sort((a, b) => a - b);
  // Incremental marking's steps and weak callbacks count in the total only.
  const full = entries.filter((e) => e.kind === majorKind).map((e) => e.ms);
  return {
    scavenges: minor.length,
    scavengeP50: round(minor[Math.floor(minor.length / 2)] ?? 0),
    scavengeMax: round(minor.at(-1) ?? 0),
    full: full.length,
    fullMax: round(Math.max(0, ...full)),
    total: round(entries.reduce((sum, e) => sum + e.ms, 0)),
  };
}

/** Records this thread's GC pauses until `stop`. */
function watchGc(): { stop(): Pauses } {
  const entries: { kind: number; ms: number }[] = [];
  const observer = new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) entries.push({ kind: (entry as unknown as { detail: { kind: number } }).detail.kind, ms: entry.duration });
  });
  observer.observe({ entryTypes: ['gc'] });
  return {
    stop() {
      observer.disconnect();
      return pauses(entries, constants.NODE_PERFORMANCE_GC_MINOR, constants.NODE_PERFORMANCE_GC_MAJOR);
    },
  };
}

/** The probe: `lag:start` and `lag:stop` on the IPC channel, answered with `{ lag }` (10 ms resolution, as Node's default). */
export const LAG_PROBE = `data:text/javascript,${encodeURIComponent(`
import { PerformanceObserver, monitorEventLoopDelay } from 'node:perf_hooks';
let histogram, observer, entries;
const ms = (ns) => Math.max(0, Math.round((ns / 1e6 - 10) * 10) / 10);
process.on('message', (m) => {
  if (!process.send) return;
  if (m === 'lag:start') {
    histogram = monitorEventLoopDelay({ resolution: 10 });
    histogram.enable();
    entries = [];
    observer = new PerformanceObserver((list) => { for (const e of list.getEntries()) entries.push({ kind: e.detail.kind, ms: e.duration }); });
    observer.observe({ entryTypes: ['gc'] });
    process.send({ lag: 'started' });
  } else if (m === 'lag:stop' && histogram) {
    histogram.disable();
    observer.disconnect();
    process.send({ lag: { p50: ms(histogram.percentile(50)), p99: ms(histogram.percentile(99)), max: ms(histogram.max) }, gc: entries });
  }
});
if (process.channel) process.channel.unref();
`)}`;

function ask(server: ChildProcess, message: string): Promise<unknown> {
  return new Promise((resolve, reject) => {
    const onMessage = (m: unknown) => {
      if (m && typeof m === 'object' && 'lag' in m) {
        server.off('message', onMessage);
        const { lag, gc } = m as { lag: Omit<Lag, 'gc'> | 'started'; gc?: { kind: number; ms: number }[] };
        resolve(lag === 'started' ? lag : { ...lag, gc: pauses(gc ?? [], constants.NODE_PERFORMANCE_GC_MINOR, constants.NODE_PERFORMANCE_GC_MAJOR) });
      }
    };
    server.on('message', onMessage);
    if (!server.send(message)) reject(new Error('the server has no IPC channel (start it with the probe and ipc: true)'));
  });
}

/** Starts measuring this thread's event loop; `stop` answers its delay. */
export function measureLag(): { stop(): Lag } {
  const histogram = monitorEventLoopDelay({ resolution: RESOLUTION_MS });
  histogram.enable();
  const gc = watchGc();
  return {
    stop() {
      histogram.disable();
      return summary(histogram, gc.stop());
    },
  };
}

/** Starts measuring this thread and the servers (loaded with LAG_PROBE); `stop` answers this thread's lag first. */
export async function loopLag(servers: ChildProcess[]): Promise<{ stop(): Promise<Lag[]> }> {
  await Promise.all(servers.map((server) => ask(server, 'lag:start')));
  const own = measureLag();
  return {
    async stop() {
      const mine = own.stop();
      const theirs = (await Promise.all(servers.map((server) => ask(server, 'lag:stop')))) as Lag[];
      return [mine, ...theirs];
    },
  };
}
