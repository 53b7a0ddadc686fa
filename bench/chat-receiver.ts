// The chat benchmark's receiving side, in a worker thread of its own: the landlords' sockets on instance B, which
// note when each message and notice arrives. A message's arrival is timed when its socket's event runs; on the thread
// that also sends 500 requests a second and holds the tenants' sockets, that event waited behind all of it (the
// client's event-loop delay reached a p99 of 30-40 ms), and the wait counted as delivery time. Times are read from
// the monotonic clock all threads share (`clock`), so the sender's and the receiver's compare.
import { parentPort, workerData } from 'node:worker_threads';
import WebSocket from 'ws';
import { measureLag, type Lag } from './loop-lag.ts';

/** Milliseconds on the process's monotonic clock: the same in every thread, unlike performance.now(). */
export const clock = () => Number(process.hrtime.bigint()) / 1e6;

export interface ReceiverData {
  port: number;
  tokens: string[];
  wave: number;
  /** How many messages the run sends (numbered from 0 in their bodies: `m-<number>-...`). */
  messages: number;
}

/** What the main thread asks: open the sockets, measure this thread's loop, report what arrived, close. */
export type ReceiverRequest = { type: 'connect' } | { type: 'lag:start' } | { type: 'lag:stop' } | { type: 'report' } | { type: 'close' };
export type ReceiverAnswer =
  | { type: 'connected' }
  | { type: 'lag'; lag: Lag | undefined }
  | { type: 'report'; delivered: Float64Array; notices: [number, { first: number; count: number }][] }
  | { type: 'closed' };

if (parentPort && workerData) {
  const { port, tokens, wave, messages } = workerData as ReceiverData;
  const parent = parentPort;
  const sockets: WebSocket[] = [];
  /**
   * When each message first arrived, by its number (NaN: not yet). Numbers in one array rather than a map of bodies:
   * a map entry per message survived every scavenge of this thread, and its pauses (up to 60 ms) counted as delivery.
   */
  const delivered = new Float64Array(messages).fill(NaN);
  const notices = new Map<number, { first: number; count: number }>();
  let lag: ReturnType<typeof measureLag> | undefined;

  const connect = (token: string) =>
    new Promise<void>((resolve, reject) => {
      const socket = new WebSocket(`ws://127.0.0.1:${port}/api/chat/ws`, { headers: { authorization: `Bearer ${token}` } });
      sockets.push(socket);
      socket.on('open', () => socket.send(JSON.stringify({ type: 'hello' })));
      socket.on('message', (raw) => {
        const at = clock();
        const event = JSON.parse(raw.toString()) as { type: string; noticeId?: number; message?: { body: string; senderId: string | null } };
        if (event.type === 'ready') resolve();
        if (event.type === 'notice' && event.noticeId) {
          const seen = notices.get(event.noticeId);
          if (seen) seen.count += 1;
          else notices.set(event.noticeId, { first: at, count: 1 });
        }
        if (event.type === 'message' && event.message!.senderId !== null) {
          const body = event.message!.body;
          const number = Number(body.slice(2, body.indexOf('-', 2)));
          if (Number.isNaN(delivered[number]!)) delivered[number] = at;
        }
      });
      socket.on('error', reject);
    });

  const answer = (message: ReceiverAnswer) => parent.postMessage(message);
  parent.on('message', (request: ReceiverRequest) => {
    void (async () => {
      if (request.type === 'connect') {
        for (let i = 0; i < tokens.length; i += wave) await Promise.all(tokens.slice(i, i + wave).map(connect));
        answer({ type: 'connected' });
      } else if (request.type === 'lag:start') {
        lag = measureLag();
        answer({ type: 'lag', lag: undefined });
      } else if (request.type === 'lag:stop') {
        answer({ type: 'lag', lag: lag?.stop() });
      } else if (request.type === 'report') {
        answer({ type: 'report', delivered, notices: [...notices] });
      } else {
        for (const socket of sockets) socket.terminate();
        answer({ type: 'closed' });
        parent.close();
      }
    })();
  });
}
