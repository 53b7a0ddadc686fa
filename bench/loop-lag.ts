// How late a process's event loop runs its callbacks while a benchmark measures: on a machine whose cores are all
// busy, a latency measured through an event loop includes the time that loop waited, so a benchmark prints each
// process's delay beside its figures. A probe loaded into a server (`--import`, with an IPC channel) starts
// perf_hooks' monitorEventLoopDelay on `lag:start` and answers `lag:stop` with the delay's percentiles; `loopLag`
// measures the benchmark's own process the same way. The histogram holds the time between two runs of a 10 ms timer;
// the delay is what passes 10 ms.
import type { ChildProcess } from 'node:child_process';
import { monitorEventLoopDelay, type Histogram } from 'node:perf_hooks';

/** Event-loop delay in ms over the measured span. */
export interface Lag {
  p50: number;
  p99: number;
  max: number;
}

const RESOLUTION_MS = 10;
const ms = (ns: number) => Math.max(0, Math.round((ns / 1e6 - RESOLUTION_MS) * 10) / 10);
const summary = (histogram: Histogram): Lag => ({
  p50: ms(histogram.percentile(50)),
  p99: ms(histogram.percentile(99)),
  max: ms(histogram.max),
});

/** The probe: `lag:start` and `lag:stop` on the IPC channel, answered with `{ lag }` (10 ms resolution, as Node's default). */
export const LAG_PROBE = `data:text/javascript,${encodeURIComponent(`
import { monitorEventLoopDelay } from 'node:perf_hooks';
let histogram;
const ms = (ns) => Math.max(0, Math.round((ns / 1e6 - 10) * 10) / 10);
process.on('message', (m) => {
  if (!process.send) return;
  if (m === 'lag:start') {
    histogram = monitorEventLoopDelay({ resolution: 10 });
    histogram.enable();
    process.send({ lag: 'started' });
  } else if (m === 'lag:stop' && histogram) {
    histogram.disable();
    process.send({ lag: { p50: ms(histogram.percentile(50)), p99: ms(histogram.percentile(99)), max: ms(histogram.max) } });
  }
});
if (process.channel) process.channel.unref();
`)}`;

function ask(server: ChildProcess, message: string): Promise<unknown> {
  return new Promise((resolve, reject) => {
    const onMessage = (m: unknown) => {
      if (m && typeof m === 'object' && 'lag' in m) {
        server.off('message', onMessage);
        resolve((m as { lag: unknown }).lag);
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
  return {
    stop() {
      histogram.disable();
      return summary(histogram);
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
