import { randomBytes, timingSafeEqual } from 'node:crypto';
import type { FastifyBaseLogger, FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import rateLimit, { normalizeIP, type FastifyRateLimitStore } from '@fastify/rate-limit';
import type { Redis } from 'ioredis';
import { ErrorCode } from '@kunci/contracts/errors';
import { HTML_LANG } from '@kunci/i18n/locales';
import { translatorFor } from '@kunci/i18n/messages';
import { parsePath } from '@kunci/i18n/paths';
import { AppError } from '../lib/app-error.ts';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** A server-rendered page (web.ts): counted against the visitor's page budget, not their API budget. */
    page?: boolean;
  }
  interface FastifyRequest {
    /**
     * For a page's in-process API call only: the time (`performance.now()`) its session must be exact as of, which
     * the page gives (web.ts, plugins/auth.ts). Undefined for a call from outside, whatever headers it sends.
     */
    sessionAsOf: number | undefined;
  }
}

/**
 * Page loaders call the API in-process (app.inject) with the visitor's address. Those calls carry this header
 * with a secret made at start, never sent or logged: a client cannot forge it, so only the page counts.
 */
const INTERNAL_HEADER = 'x-internal-call';
const INTERNAL_SECRET = Buffer.from(randomBytes(32).toString('base64url'));
/** Read only beside the secret: from anyone else it would let a call skip the round trip that makes its session exact. */
const SESSION_AS_OF_HEADER = 'x-session-as-of';

/**
 * The headers of an in-process call made by a page, which the API limit does not count; `sessionAsOf` is when its
 * session must be exact as of (request.sessionAsOf).
 */
export function internalCallHeaders(sessionAsOf?: number): Record<string, string> {
  return { [INTERNAL_HEADER]: INTERNAL_SECRET.toString(), ...(sessionAsOf !== undefined && { [SESSION_AS_OF_HEADER]: String(sessionAsOf) }) };
}

function takeInternalMark(request: FastifyRequest): boolean {
  const given = request.headers[INTERNAL_HEADER];
  const asOf = request.headers[SESSION_AS_OF_HEADER];
  delete request.headers[SESSION_AS_OF_HEADER];
  if (given === undefined) return false;
  delete request.headers[INTERNAL_HEADER];
  const bytes = Buffer.from(String(given));
  if (bytes.length !== INTERNAL_SECRET.length || !timingSafeEqual(bytes, INTERNAL_SECRET)) return false;
  if (typeof asOf === 'string' && Number.isFinite(Number(asOf))) request.sessionAsOf = Number(asOf);
  return true;
}

interface Count {
  current: number;
  ttl: number;
}

/** Fixed windows counted in this process; past `size` keys the least recently counted is dropped. */
class MemoryCounts {
  readonly #windows = new Map<string, { count: number; resetAt: number }>();
  readonly #size: number;
  constructor(size: number) {
    this.#size = size;
  }

  incr(key: string, windowMs: number): Count {
    const now = Date.now();
    let entry = this.#windows.get(key);
    if (entry) this.#windows.delete(key);
    if (!entry || entry.resetAt <= now) entry = { count: 0, resetAt: now + windowMs };
    entry.count += 1;
    this.#windows.set(key, entry);
    if (this.#windows.size > this.#size) this.#windows.delete(this.#windows.keys().next().value!);
    return { current: entry.count, ttl: entry.resetAt - now };
  }
}

// One round trip: add a block of counts, start the window on the first (or on a key left without expiry), read what is left.
const INCREMENT = `
local current = redis.call('INCRBY', KEYS[1], ARGV[2])
local ttl = redis.call('PTTL', KEYS[1])
if current == tonumber(ARGV[2]) or ttl < 0 then
  redis.call('PEXPIRE', KEYS[1], ARGV[1])
  ttl = tonumber(ARGV[1])
end
return {current, ttl}`;

/** The largest block of counts an instance takes from Redis at once for one key. */
const LARGEST_BLOCK = 32;
/** A block never holds more than this share of what the key has left in its window (so near the limit it is 1). */
const BLOCK_SHARE_OF_REMAINING = 1 / 8;

/**
 * Counts an instance took from Redis for one key and has not used yet. Its first count went to the request that took
 * the block; the next ones go to the key's next requests here without a round trip.
 */
interface Block {
  resetAt: number;
  /** The key's shared count in Redis right after this block was taken (this block's unused counts included). */
  total: number;
  unused: number;
  size: number;
}

export interface CounterOptions {
  redis: Redis | undefined;
  /** Namespace of the Redis keys. */
  prefix: string;
  /** How long a count may wait for Redis before this request is counted in memory instead. */
  redisTimeoutMs: number;
  /** After Redis failed, how long counts stay in memory before Redis is tried again. */
  redisRetryMs: number;
  log: FastifyBaseLogger;
}

export type Counter = (key: string, windowMs: number, max: number) => Promise<Count>;

/**
 * Counts in Redis when it is configured and answering, so every instance shares one budget; while Redis refuses,
 * is away or stays silent past a short timeout, each instance counts in its own memory (a limit per instance
 * rather than failed or stalled requests) and tries Redis again a few seconds later.
 *
 * A client that keeps calling does not cost a Redis round trip per request: each time the instance asks Redis it
 * takes a block of counts (1, then twice the last block, up to LARGEST_BLOCK, and never more than an eighth of what
 * the key has left, so 1 near the limit) and spends it on the key's next requests. Counts taken and not spent stay
 * counted until the window ends: a client can be refused slightly early when it uses two instances, never let
 * through past the limit.
 */
export function createCounter(options: CounterOptions): Counter {
  const memory = new MemoryCounts(10_000);
  const blocks = new Map<string, Block>();
  /** Per key, the block being taken from Redis (settles, never fails, when it is taken or not). */
  const inFlight = new Map<string, Promise<void>>();
  let retryAt = 0;
  let inMemory = false;
  const fallBack = (reason: string, error?: unknown) => {
    retryAt = Date.now() + options.redisRetryMs;
    if (!inMemory) options.log.warn({ err: error, reason }, 'rate limits counted in memory: Redis is not answering');
    inMemory = true;
  };

  async function fromRedis(redis: Redis, key: string, windowMs: number, size: number): Promise<Count> {
    let timer: NodeJS.Timeout | undefined;
    const call = redis.eval(INCREMENT, 1, `${options.prefix}${key}`, windowMs, size) as Promise<[number, number]>;
    const late = new Promise<never>((_resolve, reject) => {
      timer = setTimeout(() => reject(new Error(`no answer within ${options.redisTimeoutMs} ms`)), options.redisTimeoutMs);
    });
    // A call abandoned by the timeout may still fail later: that is already handled.
    call.catch(() => {});
    try {
      const [current, ttl] = await Promise.race([call, late]);
      return { current, ttl };
    } finally {
      clearTimeout(timer);
    }
  }

  function spend(key: string, now: number): Count | undefined {
    const block = blocks.get(key);
    if (!block || block.unused === 0 || block.resetAt <= now) return undefined;
    block.unused -= 1;
    return { current: block.total - block.unused, ttl: block.resetAt - now };
  }

  async function take(redis: Redis, key: string, windowMs: number, max: number, now: number): Promise<Count> {
    const last = blocks.get(key);
    const sameWindow = last !== undefined && last.resetAt > now;
    const remaining = max - (sameWindow ? last.total : 0);
    const size = Math.max(1, Math.min(last ? last.size * 2 : 1, LARGEST_BLOCK, Math.floor(remaining * BLOCK_SHARE_OF_REMAINING)));
    const { current, ttl } = await fromRedis(redis, key, windowMs, size);
    blocks.delete(key);
    blocks.set(key, { resetAt: Date.now() + ttl, total: current, unused: size - 1, size });
    if (blocks.size > 10_000) blocks.delete(blocks.keys().next().value!);
    return { current: current - (size - 1), ttl };
  }

  return async (key, windowMs, max) => {
    const { redis } = options;
    while (redis && Date.now() >= retryAt) {
      if (redis.status !== 'ready') {
        fallBack(`connection ${redis.status}`);
        break;
      }
      const now = Date.now();
      const spent = spend(key, now);
      if (spent) return spent;
      // One block taken at a time per key: a burst of calls waits for it and spends it, instead of each taking a block
      // and leaving the one before unspent (counted, never used: the client refused early).
      const taking = inFlight.get(key);
      if (taking) {
        await taking;
        continue;
      }
      const taken = take(redis, key, windowMs, max, now);
      inFlight.set(
        key,
        taken.then(
          () => undefined,
          () => undefined,
        ),
      );
      try {
        const count = await taken;
        if (inMemory) options.log.info('rate limits counted in Redis again');
        inMemory = false;
        return count;
      } catch (error) {
        fallBack('command failed', error);
      } finally {
        inFlight.delete(key);
      }
    }
    return memory.incr(key, windowMs);
  };
}

/** The store @fastify/rate-limit counts with (its own Redis store waits for Redis and fails with it). */
function storeFor(count: Counter) {
  return class FallbackStore implements FastifyRateLimitStore {
    incr(key: string, callback: (error: Error | null, result?: Count) => void, timeWindow: number, max: number): void {
      count(key, timeWindow, max).then(
        (result) => callback(null, result),
        (error: unknown) => callback(error as Error),
      );
    }
    child(): FastifyRateLimitStore {
      return this;
    }
  };
}

/** A small page in the visitor's language (from the path's prefix): no loader runs for a visitor over the limit. */
function tooManyPagesHtml(url: string): string {
  const { lang } = parsePath(url.split('?')[0]!);
  const t = translatorFor(lang);
  const escape = (text: string) => text.replace(/[&<>"]/g, (c) => `&#${c.charCodeAt(0)};`);
  const title = escape(t('error.rateLimited.title'));
  return (
    `<!doctype html><html lang="${HTML_LANG[lang]}"><head><meta charset="utf-8">` +
    `<meta name="viewport" content="width=device-width, initial-scale=1"><meta name="robots" content="noindex">` +
    `<title>${title}</title></head><body style="font-family:system-ui,sans-serif;max-width:36rem;margin:4rem auto;padding:0 1rem">` +
    `<h1>${title}</h1><p>${escape(t('error.rateLimited.body'))}</p></body></html>`
  );
}

export interface RateLimitOptions {
  /** API calls per client address per window. */
  max: number;
  /** Pages (and page form posts) per client address per window. */
  pageMax: number;
  windowMs: number;
  redis: Redis | undefined;
  prefix: string;
  redisTimeoutMs?: number;
  redisRetryMs?: number;
}

/**
 * Per-address limits: one budget for the API, a more generous one for pages. Calls a page's loaders make
 * in-process count against neither (the page was counted). Assets and media are not counted.
 */
export const rateLimitPlugin = fp(async (app: FastifyInstance, options: RateLimitOptions) => {
  const count = createCounter({
    redis: options.redis,
    prefix: `${options.prefix}rl:`,
    redisTimeoutMs: options.redisTimeoutMs ?? 150,
    redisRetryMs: options.redisRetryMs ?? 5_000,
    log: app.log,
  });
  await app.register(rateLimit, { global: false, store: storeFor(count), skipOnError: true, timeWindow: options.windowMs });
  const apiLimit = app.createRateLimit({ max: options.max, timeWindow: options.windowMs });
  const pageLimit = app.createRateLimit({
    max: options.pageMax,
    timeWindow: options.windowMs,
    keyGenerator: (request) => `page:${normalizeIP(request.ip)}`,
  });

  app.decorateRequest('sessionAsOf', undefined);
  app.addHook('onRequest', async (request, reply) => {
    if (takeInternalMark(request)) return;
    // A client that hung up before its request was read has no address left to count (and nobody to answer).
    if (request.ip === undefined) return;
    const api = request.url.startsWith('/api/');
    if (!api && !request.routeOptions.config.page) return;
    const result = await (api ? apiLimit : pageLimit)(request);
    if (result.isAllowed) return;
    if (api)
      reply
        .header('x-ratelimit-limit', result.max)
        .header('x-ratelimit-remaining', result.remaining)
        .header('x-ratelimit-reset', result.ttlInSeconds);
    if (!result.isExceeded) return;
    if (api) throw new AppError(ErrorCode.RATE_LIMITED, { retryAfterMs: result.ttl });
    return reply
      .code(429)
      .header('retry-after', Math.max(1, result.ttlInSeconds))
      .header('cache-control', 'no-store')
      .type('text/html; charset=utf-8')
      .send(tooManyPagesHtml(request.url));
  });
});
