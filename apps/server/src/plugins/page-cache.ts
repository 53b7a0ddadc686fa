import { createHash } from 'node:crypto';
import { promisify } from 'node:util';
import { brotliCompress, constants as zlib, gzip } from 'node:zlib';
import type { FastifyBaseLogger } from 'fastify';
import type { Redis } from 'ioredis';
import { redisReady } from './redis.ts';

const brotli = promisify(brotliCompress);
const gzipAsync = promisify(gzip);

/**
 * What everything that changes what public pages show calls once its change is committed: every page
 * tagged with one of `tags` is made again on its next request (docs/decisions/0013-page-cache.md).
 * Tags in use: `listings` (any listing's state, price, text, photos, approval or expiry: home, results and
 * listing pages) and `content` (the information pages).
 */
export interface PageCacheInvalidation {
  invalidate(tags: readonly string[]): Promise<void>;
  /**
   * An answer that is the same for everyone (popular areas): made once, and again only when one of `tags` is
   * invalidated (on any instance) or the longest age passes. Concurrent callers share one making; a failure is not kept.
   */
  remember<T>(key: string, tags: readonly string[], make: () => Promise<T>): Promise<T>;
}

/** A page as it is kept: the bytes once per encoding, compressed once, and what is needed to answer with them. */
export interface PageEntry {
  status: number;
  /** The page's own headers (content type, links); never a cookie, a length, an encoding or a cache policy. */
  headers: Record<string, string>;
  body: Buffer;
  br: Buffer;
  gzip: Buffer;
  etag: string;
  /** The CSP sources that allow exactly the page's inline scripts ('sha256-...'), in place of a per-request nonce. */
  scriptSources: string;
  tags: string[];
  /** Each tag's version when the page was made: a later invalidation of any of them makes the entry stale. */
  versions: number[];
  createdAt: number;
}

export interface PageCache extends PageCacheInvalidation {
  get(key: string): Promise<PageEntry | undefined>;
  set(key: string, entry: PageEntry): Promise<void>;
  /** The current version of each tag (for an entry or a remembered API answer made now). */
  versions(tags: readonly string[]): number[];
  /** The versions of every tag now: for a page whose tags are known only once it is made. */
  snapshot(): (tags: readonly string[]) => number[];
  /** Whether something made at `versions` of `tags`, `createdAt`, is still current. */
  fresh(tags: readonly string[], versions: readonly number[], createdAt: number): boolean;
  /** Runs `make` once per key at a time: concurrent misses of one page share one rendering. */
  once<T>(key: string, make: () => Promise<T>): Promise<T>;
  close(): void;
}

export interface PageCacheOptions {
  redis?: Redis | undefined;
  prefix?: string;
  log?: FastifyBaseLogger;
  /** The longest a page is kept whatever happens (what is not tagged, e.g. similar homes, refreshes this often). */
  maxAgeMs?: number;
  /** The memory's size limit (least recently used pages go first). */
  maxBytes?: number;
  /** How often an instance reads the tag versions other instances wrote to Redis. */
  pollMs?: number;
}

/** An inline script's CSP source: the SHA-256 of its text, exactly as written between its tags. */
export function scriptSources(html: string): string {
  const sources = new Set<string>();
  for (const [, attributes = '', text = ''] of html.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script>/gi)) {
    if (/\bsrc\s*=/i.test(attributes)) continue;
    const type = /\btype\s*=\s*["']?([^"'\s>]+)/i.exec(attributes)?.[1]?.toLowerCase();
    // Data blocks (JSON, JSON-LD) are never run, so the policy does not need to name them. Any other script is, or
    // may become, code: the web app holds its module script under a type of its own and runs the same text later.
    if (type && /[/+]json$/.test(type)) continue;
    sources.add(`'sha256-${createHash('sha256').update(text, 'utf8').digest('base64')}'`);
  }
  return [...sources].join(' ');
}

/** Makes an entry from a rendered page: compressed once here, whatever number of visitors it then serves. */
export async function makeEntry(
  page: { status: number; headers: Record<string, string>; body: Buffer },
  tags: string[],
  versions: number[],
): Promise<PageEntry> {
  const [br, gz] = await Promise.all([
    brotli(page.body, {
      params: { [zlib.BROTLI_PARAM_QUALITY]: 9, [zlib.BROTLI_PARAM_MODE]: zlib.BROTLI_MODE_TEXT, [zlib.BROTLI_PARAM_SIZE_HINT]: page.body.length },
    }),
    gzipAsync(page.body, { level: 9 }),
  ]);
  return {
    ...page,
    br,
    gzip: gz,
    etag: `W/"${createHash('sha256').update(page.body).digest('base64url').slice(0, 27)}"`,
    scriptSources: scriptSources(page.body.toString('utf8')),
    tags,
    versions,
    createdAt: Date.now(),
  };
}

function size(entry: PageEntry): number {
  return entry.body.length + entry.br.length + entry.gzip.length + 1024;
}

/** An entry as bytes for Redis: its JSON description's length (4 bytes), the description, then the three bodies. */
function encode(entry: PageEntry): Buffer {
  const { body, br, gzip: gz, ...meta } = entry;
  const head = Buffer.from(JSON.stringify({ ...meta, lengths: [body.length, br.length, gz.length] }));
  const length = Buffer.alloc(4);
  length.writeUInt32BE(head.length);
  return Buffer.concat([length, head, body, br, gz]);
}

function decode(bytes: Buffer): PageEntry {
  const headLength = bytes.readUInt32BE(0);
  const { lengths, ...meta } = JSON.parse(bytes.subarray(4, 4 + headLength).toString()) as Omit<PageEntry, 'body' | 'br' | 'gzip'> & {
    lengths: [number, number, number];
  };
  let at = 4 + headLength;
  const [body, br, gz] = lengths.map((n) => bytes.subarray(at, (at += n)));
  return { ...meta, body: body!, br: br!, gzip: gz! };
}

/**
 * The shared cache of public pages: in Redis when one is configured (every instance serves what any of them
 * made, and an invalidation on one reaches the others within `pollMs`), and in this instance's memory (the pages it
 * served last, so a busy page is not fetched from Redis on every request).
 * Tags are versioned: invalidating a tag bumps its version, and an entry made at an older version is stale.
 */
export function createPageCache(options: PageCacheOptions = {}): PageCache {
  const { redis, prefix = '', log } = options;
  const maxAgeMs = options.maxAgeMs ?? 60_000;
  const maxBytes = options.maxBytes ?? 64 * 1024 * 1024;
  const tagVersions = new Map<string, number>();
  const memory = new Map<string, PageEntry>();
  let memoryBytes = 0;
  const inFlight = new Map<string, Promise<unknown>>();
  const tagKey = (tag: string) => `${prefix}pages:tag:${tag}`;
  const pageKey = (key: string) => `${prefix}pages:page:${createHash('sha256').update(key).digest('base64url')}`;

  let poll: ReturnType<typeof setInterval> | undefined;
  if (redis) {
    poll = setInterval(() => {
      const tags = [...tagVersions.keys()];
      if (!tags.length || !redisReady(redis)) return;
      redis
        .mget(tags.map(tagKey))
        .then((values) => values.forEach((value, index) => tagVersions.set(tags[index]!, Number(value ?? 0))))
        .catch(() => undefined);
    }, options.pollMs ?? 1000);
    poll.unref();
  }

  function versions(tags: readonly string[]): number[] {
    return tags.map((tag) => {
      if (!tagVersions.has(tag)) tagVersions.set(tag, 0);
      return tagVersions.get(tag)!;
    });
  }

  function fresh(tags: readonly string[], made: readonly number[], createdAt: number): boolean {
    if (Date.now() - createdAt > maxAgeMs) return false;
    const now = versions(tags);
    return now.every((version, index) => version === made[index]);
  }

  function remember(key: string, entry: PageEntry) {
    const old = memory.get(key);
    if (old) {
      memoryBytes -= size(old);
      memory.delete(key);
    }
    memory.set(key, entry);
    memoryBytes += size(entry);
    // Least recently used first; a stale page is never served again (get drops it), so it goes too: the memory
    // held is the pages of the last maxAgeMs, not maxBytes of pages that can only be thrown away.
    for (const [oldest, value] of memory) {
      if (memoryBytes <= maxBytes && fresh(value.tags, value.versions, value.createdAt)) break;
      memory.delete(oldest);
      memoryBytes -= size(value);
    }
  }

  const remembered = new Map<string, { value: Promise<unknown>; tags: readonly string[]; versions: number[]; createdAt: number }>();
  const REMEMBERED_MAX = 256;

  return {
    versions,
    fresh,
    remember<T>(key: string, tags: readonly string[], make: () => Promise<T>): Promise<T> {
      const known = remembered.get(key);
      if (known && fresh(known.tags, known.versions, known.createdAt)) return known.value as Promise<T>;
      // Versions read before making: a change committed meanwhile leaves the answer stale.
      const entry = { value: make() as Promise<unknown>, tags, versions: versions(tags), createdAt: Date.now() };
      remembered.delete(key);
      remembered.set(key, entry);
      if (remembered.size > REMEMBERED_MAX) remembered.delete(remembered.keys().next().value!);
      entry.value.catch(() => {
        if (remembered.get(key) === entry) remembered.delete(key);
      });
      return entry.value as Promise<T>;
    },
    snapshot() {
      const copy = new Map(tagVersions);
      return (tags) => tags.map((tag) => copy.get(tag) ?? 0);
    },

    async invalidate(tags) {
      for (const tag of tags) tagVersions.set(tag, (tagVersions.get(tag) ?? 0) + 1);
      if (!redis || !redisReady(redis)) return;
      try {
        const pipeline = redis.pipeline();
        for (const tag of tags) pipeline.incr(tagKey(tag));
        const results = (await pipeline.exec()) ?? [];
        results.forEach(([error, value], index) => {
          if (!error) tagVersions.set(tags[index]!, Math.max(Number(value), tagVersions.get(tags[index]!) ?? 0));
        });
      } catch (error) {
        // Pages on other instances still turn over within maxAgeMs; this instance's are already stale.
        log?.warn({ err: error, tags }, 'page cache: invalidation did not reach Redis');
      }
    },

    async get(key) {
      const local = memory.get(key);
      if (local) {
        if (fresh(local.tags, local.versions, local.createdAt)) {
          // Recently used pages stay longest.
          memory.delete(key);
          memory.set(key, local);
          return local;
        }
        memory.delete(key);
        memoryBytes -= size(local);
      }
      if (!redis || !redisReady(redis)) return undefined;
      const bytes = await redis.getBuffer(pageKey(key)).catch(() => null);
      if (!bytes) return undefined;
      const entry = decode(bytes);
      if (!fresh(entry.tags, entry.versions, entry.createdAt)) return undefined;
      // Held here too: the next visitors of this page on this instance do not fetch it again.
      remember(key, entry);
      return entry;
    },

    async set(key, entry) {
      remember(key, entry);
      if (redis && redisReady(redis)) await redis.set(pageKey(key), encode(entry), 'PX', maxAgeMs).catch(() => undefined);
    },

    once<T>(key: string, make: () => Promise<T>): Promise<T> {
      const running = inFlight.get(key) as Promise<T> | undefined;
      if (running) return running;
      const started = make().finally(() => inFlight.delete(key));
      inFlight.set(key, started);
      return started;
    },

    close() {
      if (poll) clearInterval(poll);
      remembered.clear();
      memory.clear();
      memoryBytes = 0;
    },
  };
}

declare module 'fastify' {
  interface FastifyInstance {
    /** Public pages kept for signed-out visitors; features that change what they show call `invalidate`. */
    pageCache: PageCacheInvalidation;
  }
}

/** API routes whose POSTs only read (searches, suggestions, a view counted): they change no page. */
const READING_ROUTES = new Set([
  '/api/properties/search',
  '/api/properties/similar',
  '/api/properties/search/name/autocomplete',
  '/api/properties/recommend/smart',
  '/api/properties/:id/actionLog',
  '/api/properties/:id/presignedUrl/:file',
]);
/** Where listings, their photos and videos, buildings and their photos are written. */
const LISTING_WRITES = /^\/api\/(?:properties|moderation\/properties|landmarks|stock-images|users\/:id\/properties)(?:\/|$)/;

/**
 * Whether a successful API call changed something listing pages, results or the home page show (a listing's
 * creation, edit, price, photos, approval, activation, extension, withdrawal; a building's directory entry).
 * Checked as the answer is sent, after the change is committed: the next page request sees it.
 */
export function changesListings(method: string, routeUrl: string | undefined, status: number): boolean {
  if (method === 'GET' || method === 'HEAD' || method === 'OPTIONS' || status >= 400 || !routeUrl) return false;
  return LISTING_WRITES.test(routeUrl) && !READING_ROUTES.has(routeUrl);
}
