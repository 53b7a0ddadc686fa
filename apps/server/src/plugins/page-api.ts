import type { LightMyRequestResponse } from 'fastify';
import type { ApiResponse } from '@kunci/contracts/server-context';
import type { PageCache } from './page-cache.ts';

/** An in-process API call's answer, only what a page reads of it: an answer kept for later holds nothing else. */
export type ApiAnswer = Pick<LightMyRequestResponse, 'statusCode' | 'headers' | 'rawPayload'>;

/** What the answers pages share about listings (areas, popular areas, searches) count: made again when one changes. */
const LISTING_TAGS = ['listings'];
/** Testimonials are content: made again when an editor approves or rejects one. */
const CONTENT_TAGS = ['content'];

/**
 * The answers of the in-process API a page may reuse for everyone: public and the same for every visitor (a search
 * depends on its query only, similar homes on the listing in X-Source-Ref), with the tags that make them again when
 * what they show changes (a listing; an approved testimonial, for the content tag).
 */
export const SHARED_CALLS: ReadonlyMap<string, readonly string[]> = new Map([
  ['GET /areas', LISTING_TAGS],
  ['GET /property-types', LISTING_TAGS],
  ['POST /recommended/popular/areas', LISTING_TAGS],
  ['POST /properties/similar', LISTING_TAGS],
  ['GET /properties/search', LISTING_TAGS],
  ['GET /reels', LISTING_TAGS],
  ['GET /reels/areas', LISTING_TAGS],
  ['GET /users/feedbacks/public', CONTENT_TAGS],
]);

/** Answers remembered at most, counted as their JSON and its parsed objects. */
const SHARED_CALLS_BYTES = 32 * 1024 * 1024;
/**
 * What V8 holds for parsed JSON, per byte of the JSON, with room to spare: heap growth over 200 parsed copies was 1.0
 * for a page of search results, 2.3 for the areas and 2.4 for the property types.
 */
const PARSED_BYTES_PER_BYTE = 3;

/** Parsed JSON made read-only all the way down: one answer object is read by many pages at once. */
export function deepFreeze<T>(value: T): T {
  if (value && typeof value === 'object' && !Object.isFrozen(value)) {
    Object.freeze(value);
    for (const item of Object.values(value)) deepFreeze(item);
  }
  return value;
}

/**
 * An API answer as the page's fetch gets it: its status, its body and the headers the web app's client reads (the
 * body's type; when to come back after a 429 or 503). Not a Response: making one per call (its headers checked one by
 * one, its body a stream read back) cost a page more than parsing the body.
 */
export function toAnswer(result: ApiAnswer, parsed?: () => unknown): ApiResponse {
  const headers = result.headers;
  return {
    ok: result.statusCode >= 200 && result.statusCode < 300,
    status: result.statusCode,
    headers: {
      get: (name) => {
        const value = headers[name.toLowerCase()];
        return value === undefined ? null : Array.isArray(value) ? value.join(', ') : String(value);
      },
    },
    // As a Response's json(): the body parsed when asked (rejects on an empty or non-JSON body).
    json: async () => (parsed ? parsed() : JSON.parse(result.rawPayload.toString('utf8'))),
  };
}

interface SharedCall {
  answer: Promise<ApiAnswer>;
  /** The answer's body parsed once, frozen, for every page that reads it (a loader copies what it changes). */
  parsed?: unknown;
  tags: readonly string[];
  versions: number[];
  createdAt: number;
  bytes: number;
}

/**
 * A page's API calls: `call` makes each one in-process, except the calls in SHARED_CALLS when there is a page cache,
 * made once per change of their tags and kept: at most SHARED_CALLS_BYTES of answers, oldest out first, none past the
 * page cache's longest age. A kept answer's body is parsed by the first page that reads it and frozen; every page
 * after reads the same objects.
 */
export function pageApiCalls<Visitor>(options: {
  call: (visitor: Visitor, path: string, init?: RequestInit) => Promise<ApiAnswer>;
  pageCache?: PageCache;
  maxBytes?: number;
}): (visitor: Visitor, path: string, init?: RequestInit) => Promise<ApiResponse> {
  const { call, pageCache, maxBytes = SHARED_CALLS_BYTES } = options;
  const sharedCalls = new Map<string, SharedCall>();
  let sharedBytes = 0;

  const forget = (key: string) => {
    const known = sharedCalls.get(key);
    if (!known) return;
    sharedBytes -= known.bytes;
    sharedCalls.delete(key);
  };
  const shared = (entry: SharedCall, result: ApiAnswer) =>
    toAnswer(result, () => (entry.parsed ??= deepFreeze(JSON.parse(result.rawPayload.toString('utf8')))));

  return async (visitor, path, init) => {
    const method = (init?.method ?? 'GET').toUpperCase();
    const tags = SHARED_CALLS.get(`${method} ${path.split('?')[0]}`);
    if (!pageCache || !tags) return toAnswer(await call(visitor, path, init));
    // What the call sends decides its answer: the path and query, the body and its own headers (language, listing).
    const sent = [...new Headers(init?.headers)].map(([name, value]) => `${name}=${value}`).join('&');
    const key = `${method} ${path} ${String(init?.body ?? '')} ${sent}`;
    const known = sharedCalls.get(key);
    if (known && pageCache.fresh(known.tags, known.versions, known.createdAt)) return shared(known, await known.answer);
    forget(key);
    const versions = pageCache.versions(tags);
    const answer = call(visitor, path, init);
    const entry: SharedCall = { answer, tags, versions, createdAt: Date.now(), bytes: 0 };
    sharedCalls.set(key, entry);
    let result: ApiAnswer;
    try {
      result = await answer;
    } catch (error) {
      if (sharedCalls.get(key) === entry) sharedCalls.delete(key);
      throw error;
    }
    if (sharedCalls.get(key) === entry) {
      if (result.statusCode !== 200) sharedCalls.delete(key);
      else {
        entry.bytes = result.rawPayload.length * (1 + PARSED_BYTES_PER_BYTE) + key.length;
        sharedBytes += entry.bytes;
        // Oldest first (an answer made again goes to the end): past its age or a change of its tags an answer is
        // never served again, so it goes too, and the memory held is what the last minute's pages used.
        for (const [oldest, value] of sharedCalls) {
          if (sharedBytes <= maxBytes && pageCache.fresh(value.tags, value.versions, value.createdAt)) break;
          forget(oldest);
        }
      }
    }
    return shared(entry, result);
  };
}
