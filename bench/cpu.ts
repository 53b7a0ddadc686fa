// Where a server's main-thread CPU goes per request. A probe loaded into the server (`--import`, with an IPC
// channel) starts V8's sampling profiler and notes the main thread's CPU time when asked, and on the next question
// stops both and writes the profile (.cpuprofile, the same format `node --cpu-prof` writes, readable in Chrome's
// DevTools) to a file. `breakdown` then sorts the samples into what the issue names: React rendering, the router
// (route matching apart), loader-data serialization, the in-process API, the database client, compression, our own
// code, garbage collection. The short names, as printed:
//   react: React rendering (react-dom, react); router: React Router's request handling and loaders' plumbing;
//   match: route matching; serialize: loader data encoded for the page (turbo-stream); api: the in-process API's
//   Fastify lifecycle, zod, logging (app.inject); db: the database client (pg, Drizzle); zlib: compression on this
//   thread; web code / server code: our own functions; gc: garbage collection; v8/native: what V8 does not
//   attribute; node: Node's internals (streams, buffers, timers) not called from any of the above.
import { readFileSync } from 'node:fs';
import type { ChildProcess } from 'node:child_process';

/** The probe: `profile:start` and `profile:stop:<file>` on the IPC channel, answered with `{ profiled }`. */
export const CPU_PROBE = `data:text/javascript,${encodeURIComponent(`
import { Session } from 'node:inspector/promises';
import { writeFileSync } from 'node:fs';
const session = new Session();
session.connect();
let started;
process.on('message', async (m) => {
  if (typeof m !== 'string' || !process.send) return;
  if (m === 'profile:start') {
    await session.post('Profiler.enable');
    await session.post('Profiler.setSamplingInterval', { interval: 200 });
    await session.post('Profiler.start');
    started = { thread: process.threadCpuUsage(), process: process.cpuUsage(), at: performance.now() };
    process.send({ profiled: 'started' });
  } else if (m.startsWith('profile:stop:')) {
    const thread = process.threadCpuUsage(started.thread);
    const all = process.cpuUsage(started.process);
    const wall = performance.now() - started.at;
    const { profile } = await session.post('Profiler.stop');
    writeFileSync(m.slice('profile:stop:'.length), JSON.stringify(profile));
    process.send({ profiled: 'stopped', threadUs: thread.user + thread.system, processUs: all.user + all.system, wallMs: wall });
  }
});
if (process.channel) process.channel.unref();
`)}`;

interface Answer {
  profiled: 'started' | 'stopped';
  threadUs?: number;
  processUs?: number;
  wallMs?: number;
}

function ask(server: ChildProcess, message: string): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const onMessage = (m: unknown) => {
      if (m && typeof m === 'object' && 'profiled' in m) {
        server.off('message', onMessage);
        resolve(m as Answer);
      }
    };
    server.on('message', onMessage);
    if (!server.send(message)) reject(new Error('the server has no IPC channel (start it with the probe and ipc: true)'));
  });
}

export interface Measured {
  /** Main-thread CPU (user + system) during the run, from the thread's own clock. */
  threadUs: number;
  /** The whole process's CPU: the main thread, V8's GC helpers, libuv's pool (asynchronous zlib, crypto). */
  processUs: number;
  wallMs: number;
  /** The profile file. */
  file: string;
}

/** Runs `work` while the server is profiled; the profile goes to `file`. */
export async function profiled(server: ChildProcess, file: string, work: () => Promise<void>): Promise<Measured> {
  await ask(server, 'profile:start');
  await work();
  const stopped = await ask(server, `profile:stop:${file}`);
  return { threadUs: stopped.threadUs!, processUs: stopped.processUs!, wallMs: stopped.wallMs!, file };
}

interface ProfileNode {
  id: number;
  callFrame: { functionName: string; url: string };
  children?: number[];
}
interface Profile {
  nodes: ProfileNode[];
  samples: number[];
  timeDeltas: number[];
}

const MATCHING = new Set(['matchRoutes', 'matchRoutesImpl', 'flattenRoutes', 'rankRouteBranches', 'matchRouteBranch', 'matchPath', 'compilePath']);
const SERIALIZING = /^(?:encode|flatten|stringify|unflatten|decode|encodeViaTurboStream|toReadableStream)$/;

/** What a frame belongs to, or undefined to look at its caller (native code, Node's internals, anonymous glue). */
function category(frame: ProfileNode['callFrame']): string | undefined {
  const { url, functionName } = frame;
  if (functionName === '(garbage collector)') return 'gc';
  if (functionName === '(program)') return 'v8/native';
  if (functionName === '(idle)' || functionName === '(root)') return 'idle';
  if (MATCHING.has(functionName) && url.includes('react-router')) return 'match';
  if (url.includes('zlib')) return 'zlib';
  if (url.includes('/react-dom/') || url.includes('/react/') || url.includes('/scheduler/')) return 'react';
  if (url.includes('turbo-stream') || (url.includes('react-router') && SERIALIZING.test(functionName))) return 'serialize';
  if (url.includes('/react-router/') || url.includes('/@react-router/') || url.includes('/@remix-run/')) return 'router';
  if (/\/node_modules\/(?:pg|pg-[a-z-]+|postgres-[a-z-]+|drizzle-orm|@electric-sql)\//.test(url)) return 'db';
  if (/\/node_modules\/(?:ioredis|@ioredis|redis-[a-z-]+)\//.test(url)) return 'redis';
  if (
    /\/node_modules\/(?:fastify|@fastify|light-my-request|find-my-way|avvio|fast-json-stringify|fast-uri|ajv|zod|fastify-type-provider-zod|pino|abstract-logging|process-warning|secure-json-parse|toad-cache)/.test(
      url,
    )
  )
    return 'api';
  if (url.includes('/apps/web/build/server/')) return 'web code';
  if (url.includes('/apps/server/src/') || url.includes('/packages/')) return 'server code';
  if (url.includes('node:crypto') || url.includes('internal/crypto')) return 'crypto';
  if (url.includes('/node_modules/')) return 'libs';
  return undefined;
}

/**
 * The main thread's CPU per request (`threadUs` over `requests`, in ms) shared among the categories in proportion to
 * their samples. Samples are counted, not timed: on a busy machine the gaps between samples include time the thread
 * was waiting for a core, which its CPU clock does not count. Samples in the event loop's wait ('idle') are left out.
 */
export function breakdown(file: string, requests: number, threadUs: number): Record<string, number> {
  const profile = JSON.parse(readFileSync(file, 'utf8')) as Profile;
  const byId = new Map(profile.nodes.map((node) => [node.id, node]));
  const parent = new Map<number, number>();
  for (const node of profile.nodes) for (const child of node.children ?? []) parent.set(child, node.id);
  const memo = new Map<number, string>();
  const categoryOf = (id: number): string => {
    const known = memo.get(id);
    if (known) return known;
    let at: number | undefined = id;
    let found: string | undefined;
    while (at !== undefined && !found) {
      found = category(byId.get(at)!.callFrame);
      at = parent.get(at);
    }
    const result = found ?? 'node';
    memo.set(id, result);
    return result;
  };
  const counts: Record<string, number> = {};
  for (const id of profile.samples) {
    const name = categoryOf(id);
    counts[name] = (counts[name] ?? 0) + 1;
  }
  delete counts['idle'];
  const busy = Object.values(counts).reduce((a, b) => a + b, 0) || 1;
  const perRequestMs = threadUs / 1000 / requests;
  return Object.fromEntries(
    Object.entries(counts)
      .sort((a, b) => b[1] - a[1])
      .map(([name, n]) => [name, Math.round((n / busy) * perRequestMs * 100) / 100]),
  );
}

/** The functions with the most samples of their own (for a closer look at one profile): name, file, share in %. */
export function topFunctions(file: string, count = 30): { fn: string; url: string; '%': number }[] {
  const profile = JSON.parse(readFileSync(file, 'utf8')) as Profile;
  const byId = new Map(profile.nodes.map((node) => [node.id, node]));
  const own = new Map<string, number>();
  let busy = 0;
  for (const id of profile.samples) {
    const { functionName, url } = byId.get(id)!.callFrame;
    if (functionName === '(idle)') continue;
    busy++;
    const key = `${functionName || '(anonymous)'}\t${url.replace(/^.*node_modules\//, '').replace(/^file:\/\/.*\/(apps|packages)\//, '$1/')}`;
    own.set(key, (own.get(key) ?? 0) + 1);
  }
  return [...own]
    .sort((a, b) => b[1] - a[1])
    .slice(0, count)
    .map(([key, n]) => {
      const [fn, url] = key.split('\t');
      return { fn: fn!, url: url!, '%': Math.round((n / busy) * 1000) / 10 };
    });
}
