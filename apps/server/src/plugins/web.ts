import { existsSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { promisify } from 'node:util';
import { brotliCompress, constants as zlibConstants, gzip, zstdCompress } from 'node:zlib';
import type { FastifyInstance, FastifyReply, FastifyRequest, LightMyRequestResponse } from 'fastify';
import fastifyStatic from '@fastify/static';
import { createRequest } from '@remix-run/node-fetch-server';
import { globalRegistry } from 'zod';
import { PAGE_CACHE_HEADER, type ServerContext } from '@kunci/contracts/server-context';
import { LANGUAGES } from '@kunci/i18n/locales';
import { parsePath } from '@kunci/i18n/paths';
import { ErrorCode } from '@kunci/contracts/errors';
import { AppError, notFound } from '../lib/app-error.ts';
import { cookie } from '../lib/cookies.ts';
import { AUTH_COOKIE } from './auth.ts';
import { makeEntry, type PageCache, type PageEntry } from './page-cache.ts';
import { routesByLanguage, type BuildRoute } from './routes-by-language.ts';
import { internalCallHeaders } from './rate-limit.ts';
import { pageApiCalls, type ApiAnswer } from './page-api.ts';

/** What the web app's entry.server exports besides its renderer: the context its loaders read. */
/** What the web app's cache checks read of a request (its lib/session.server.ts RequestHead); a Fetch Request is one. */
interface RequestHead {
  method: string;
  url: string;
  headers: Pick<Headers, 'get' | 'has'>;
}

interface WebEntry {
  createLoadContext(server: ServerContext): unknown;
  /** Whether the request is a signed-out visitor's that may get the page everyone gets (docs/decisions/0013-page-cache.md). */
  sharedPage(request: RequestHead): boolean;
  /** The cookies a page would set for this visitor (language, device id), for a page served from the cache. */
  visitorCookies(request: RequestHead, context: unknown): string[];
  /** A rendered page's bytes, as the entry made them (the same as its Response's body, without reading it). */
  pageBody(response: Response): Buffer | undefined;
}

/**
 * A page request's method, address and headers as the cache checks read them, straight from Node's request: a kept
 * page is answered without building a Fetch Request (its headers copied and validated, an abort signal wired to the
 * response), which cost about a tenth of such an answer. Only a page that is made gets a real Request.
 */
function requestHead(request: FastifyRequest, origin: string): RequestHead {
  const { headers } = request;
  const get = (name: string) => {
    const value = headers[name.toLowerCase()];
    return value === undefined ? null : Array.isArray(value) ? value.join(', ') : value;
  };
  return { method: request.method, url: new URL(request.url, origin).href, headers: { get, has: (name) => get(name) !== null } };
}
/**
 * Kept pages: browsers check back every time (ETag), a shared cache in front may keep them 2 s and serve them up to
 * 3 s more while it fetches them again: a change reaches every visitor within 5 s, as it reaches the origin at once.
 */
const SHARED_CACHE_CONTROL = 'public, max-age=0, s-maxage=2, stale-while-revalidate=3';

/** The page's headers that are the same for everyone (not its cookies, length, encoding or caching). */
function keptHeaders(headers: Headers): Record<string, string> {
  const kept: Record<string, string> = {};
  for (const [name, value] of headers) {
    if (!['set-cookie', 'content-length', 'content-encoding', 'cache-control', 'etag', PAGE_CACHE_HEADER].includes(name)) kept[name] = value;
  }
  return kept;
}

/** Whether an Accept-Encoding takes the encoding (and not at q=0). */
function accepts(header: string, encoding: string): boolean {
  const match = new RegExp(`(?:^|,)\\s*${encoding}\\s*(?:;\\s*q=([0-9.]+))?\\s*(?:,|$)`, 'i').exec(header);
  return Boolean(match) && (match![1] === undefined || Number(match![1]) > 0);
}
type Handler = (request: Request, context: unknown) => Promise<Response>;

/**
 * How hard answers made for one request are compressed (pages for a signed-in visitor, API answers): brotli's
 * quality 4 costs a few milliseconds for a page of 200 KB and sends it in about a fifth. Kept pages are compressed
 * once, harder (page-cache.ts).
 */
export const ANSWER_BROTLI_QUALITY = 4;
/**
 * Zstandard, which Chrome, Edge and Firefox accept: at level 2 a signed-in results page of 150 KB goes in 32 KB for
 * 0.45 ms of CPU, where brotli's quality 4 takes 2.1 ms for 30 KB. Clients that accept it get it first.
 */
export const ANSWER_ZSTD_LEVEL = 2;
/** Answers smaller than this go as they are: compressing them gains less than its headers cost. */
export const COMPRESS_THRESHOLD = 1024;
const brotli = promisify(brotliCompress);
const gzipped = promisify(gzip);
const zstd = promisify(zstdCompress);

/**
 * A page made for one request, compressed as its client takes it: in one go, off the main thread, the encoder told
 * the size (the compression plugin compresses a body this large as a stream, in many small steps).
 */
async function encodePage(acceptEncoding: string, body: Buffer): Promise<{ body: Buffer; encoding?: 'zstd' | 'br' | 'gzip' }> {
  if (body.length < COMPRESS_THRESHOLD) return { body };
  if (accepts(acceptEncoding, 'zstd'))
    return { body: await zstd(body, { params: { [zlibConstants.ZSTD_c_compressionLevel]: ANSWER_ZSTD_LEVEL } }), encoding: 'zstd' };
  if (accepts(acceptEncoding, 'br')) {
    const params = { [zlibConstants.BROTLI_PARAM_QUALITY]: ANSWER_BROTLI_QUALITY, [zlibConstants.BROTLI_PARAM_SIZE_HINT]: body.length };
    return { body: await brotli(body, { params }), encoding: 'br' };
  }
  if (accepts(acceptEncoding, 'gzip')) return { body: await gzipped(body), encoding: 'gzip' };
  return { body };
}

/**
 * The pages being made, for a shutdown: closing the app refuses in-process API calls at once, so a page still being
 * made (its loaders calling the API) would fail, and a page whose visitor had gone would query a database already
 * closed. `drain()` stops taking new pages (503 with Retry-After) and resolves once the pages being made are made;
 * the app is closed after it (server.ts).
 */
export function trackPages() {
  const pending = new Set<Promise<unknown>>();
  let draining = false;
  return {
    get draining() {
      return draining;
    },
    track<T>(work: Promise<T>): Promise<T> {
      pending.add(work);
      const forget = () => pending.delete(work);
      work.then(forget, forget);
      return work;
    },
    async drain(): Promise<void> {
      draining = true;
      while (pending.size) await Promise.allSettled([...pending]);
    },
  };
}
export type PagesInFlight = ReturnType<typeof trackPages>;
/** When a page refused during a shutdown may be asked for again (another instance takes it meanwhile). */
const DRAINING_RETRY_AFTER_MS = 5_000;

/** What the server reads of the web build: its entry, its route table and the browser's manifest of it. */
interface WebBuild {
  entry: { module: WebEntry };
  routes: Record<string, BuildRoute>;
  assets: { routes: Record<string, unknown> };
  routeDiscovery?: { manifestPath?: string };
}

const FORWARDED_HEADERS = [
  'cookie',
  'authorization',
  'accept-language',
  'x-language',
  'x-device-id',
  'x-visitor-id',
  'x-search-session-id',
  'user-agent',
  // What a proxy says about the visitor's address: calls limited to this machine (the demo outbox) see it too.
  'x-forwarded-for',
  'forwarded',
  'x-real-ip',
];

/**
 * Serves the server-rendered web app on the same origin as the API. Loaders reach the API in-process
 * (app.inject): no socket, no second port, the same validation and authorization as a browser's call.
 */
export async function webRoutes(
  app: FastifyInstance,
  options: {
    buildDir: string;
    publicUrl: string;
    managementAppUrl: string;
    mapTileUrl: string;
    sessionTtlDays: number;
    production: boolean;
    pageCache?: PageCache;
    /** The pages being made, drained by a shutdown before the app closes. */
    pages: PagesInFlight;
  },
) {
  const serverBuild = join(options.buildDir, 'server', 'index.js');
  if (!existsSync(serverBuild)) {
    app.log.warn({ serverBuild }, 'web build not found: pages are not served (run `npm run build`)');
    return;
  }
  // Resolve react-router from the web app, so the handler and the build share one copy of it.
  const requireFromWeb = createRequire(join(options.buildDir, '..', 'package.json'));
  const { createRequestHandler } = (await import(pathToFileURL(requireFromWeb.resolve('react-router')).href)) as {
    createRequestHandler: (build: unknown, mode?: string) => Handler;
  };
  const build = await keepingApiSchemaIds(async () => (await import(pathToFileURL(serverBuild).href)) as WebBuild);
  const mode = options.production ? 'production' : 'development';
  const wholeTable = createRequestHandler(build, mode);
  // Pages are made by their language's handler, which knows only that language's routes (routes-by-language.ts); the
  // route manifest the browser asks for as it discovers links answers from the whole table (a link may lead to
  // another language).
  const tables = routesByLanguage(build.routes);
  const byLanguage =
    tables &&
    new Map(
      LANGUAGES.map((lang) => {
        const routes = tables[lang];
        const assets = { ...build.assets, routes: Object.fromEntries(Object.keys(routes).map((id) => [id, build.assets.routes[id]])) };
        return [lang, createRequestHandler({ ...build, routes, assets }, mode)];
      }),
    );
  const manifestPath = build.routeDiscovery?.manifestPath ?? '/__manifest';
  const handle: Handler = (request, context) => {
    const { pathname } = new URL(request.url);
    const handler = (pathname !== manifestPath && byLanguage?.get(parsePath(pathname).lang)) || wholeTable;
    return handler(request, context);
  };
  const web = build.entry.module;
  const { pageCache } = options;
  const origin = new URL(options.publicUrl).origin;

  await app.register(fastifyStatic, {
    root: join(options.buildDir, 'client'),
    wildcard: false,
    index: false,
    // The build writes .br and .gz beside each asset: they are sent as they are, never routed on their own.
    preCompressed: true,
    globIgnore: ['**/*.br', '**/*.gz'],
    setHeaders: (res, path) => {
      if (path.includes(`${join('client', 'assets')}`)) res.header('cache-control', 'public, max-age=31536000, immutable');
      else res.header('cache-control', 'public, max-age=3600');
    },
  });

  // The API's Retry-After of a call that answered 429 or 503 while a page was made, for the page's own answer.
  const retryAfter = new WeakMap<FastifyRequest, string>();
  /**
   * For each page being made, when (`performance.now()`) its in-process calls' sessions must be exact as of: when the
   * page arrived, then when its last call that may have changed something answered (a sign-out or a profile change
   * made by a form shows in the loaders after it; GET and HEAD change no session or user). Its calls share one
   * round trip to the session cache's listening connection sent after that, not one each (lib/session-cache.ts).
   */
  const sessionAsOf = new WeakMap<FastifyRequest, number>();

  async function callApi(request: FastifyRequest, path: string, init?: RequestInit): Promise<ApiAnswer> {
    const headers: Record<string, string> = {};
    for (const name of FORWARDED_HEADERS) {
      const value = request.headers[name];
      if (typeof value === 'string') headers[name] = value;
    }
    // Loaders act for the visitor with their token as a bearer credential (not as a cookie write).
    const token = cookie(request, AUTH_COOKIE);
    if (token && !headers['authorization']) headers['authorization'] = `Bearer ${token}`;
    // The browser's device id (the spec's xDeviceId cookie) goes along as X-Device-ID, as API clients send it.
    const device = cookie(request, 'xDeviceId');
    if (device && !headers['x-device-id']) headers['x-device-id'] = device;
    new Headers(init?.headers).forEach((value, name) => {
      headers[name] = value;
    });
    const method = (init?.method ?? 'GET').toUpperCase();
    let result: LightMyRequestResponse;
    try {
      result = await app.inject({
        method: method as 'GET',
        url: `/api${path}`,
        // Marked as the page's own call: the page was counted against the visitor's limit, its API calls are not.
        headers: { ...headers, 'x-request-id': String(request.id), ...internalCallHeaders(sessionAsOf.get(request) ?? performance.now()) },
        ...(init?.body ? { payload: init.body as string } : {}),
        remoteAddress: request.ip,
      });
    } finally {
      if (method !== 'GET' && method !== 'HEAD') sessionAsOf.set(request, performance.now());
    }
    const after = result.headers['retry-after'];
    if ((result.statusCode === 429 || result.statusCode === 503) && after !== undefined) retryAfter.set(request, String(after));
    // Not the whole result: it also holds the call's request and response objects and two more copies of the body.
    return { statusCode: result.statusCode, headers: result.headers, rawPayload: result.rawPayload };
  }

  /** An API call of a page: answers everyone shares are made once per change of what they show, not per page. */
  const pageApi = pageApiCalls({ call: callApi, ...(pageCache && { pageCache }) });

  interface RenderedPage {
    status: number;
    headers: Headers;
    cookies: string[];
    body: Buffer | undefined;
  }

  async function renderPage(request: FastifyRequest, webRequest: Request): Promise<RenderedPage> {
    const context = loadContext(request);
    const response = await handle(webRequest, context);
    const cookies = response.headers.getSetCookie();
    // The whole page, then one write: compressed in one go (a stream went out in many small compressed writes).
    // The entry's own bytes when this is its Response (reading the body copies it through a stream); a Response made
    // elsewhere (a redirect, a route's own answer) is read.
    const body = build.entry.module.pageBody(response) ?? (response.body ? Buffer.from(await response.arrayBuffer()) : undefined);
    return { status: response.status, headers: response.headers, cookies, body };
  }

  function loadContext(request: FastifyRequest) {
    return build.entry.module.createLoadContext({
      fetchApi: (path, init) => pageApi(request, path, init),
      nonce: request.cspNonce,
      publicUrl: options.publicUrl,
      managementAppUrl: options.managementAppUrl,
      mapTileUrl: options.mapTileUrl,
      sessionTtlDays: options.sessionTtlDays,
      // Sign-in cookies never travel over plain http on a deployment, whatever PUBLIC_URL says. Browsers
      // accept Secure cookies from http://localhost and http://127.0.0.1 (trustworthy origins), so a local
      // production start still signs in.
      secureCookies: options.production || options.publicUrl.startsWith('https:'),
    });
  }

  async function sendPage(request: FastifyRequest, reply: FastifyReply, page: RenderedPage) {
    reply.status(page.status);
    for (const [name, value] of page.headers) if (name !== 'set-cookie' && name !== PAGE_CACHE_HEADER) reply.header(name, value);
    // A page that could not be made because the API was busy or away says when to come back, as the API did.
    if ((page.status === 429 || page.status === 503) && !page.headers.has('retry-after')) {
      reply.header('retry-after', retryAfter.get(request) ?? (page.status === 429 ? '60' : '30'));
    }
    if (page.cookies.length) reply.header('set-cookie', page.cookies);
    // No body (HEAD, a redirect): nothing is sent, rather than a JSON null.
    if (!page.body) return reply.send(undefined);
    const { body, encoding } = await encodePage(String(request.headers['accept-encoding'] ?? ''), page.body);
    reply.header('vary', page.headers.has('vary') ? `${page.headers.get('vary')}, Accept-Encoding` : 'Accept-Encoding');
    if (encoding) reply.header('content-encoding', encoding);
    return reply.send(body);
  }

  /** A kept page: its bytes in the encoding the client takes, its ETag, and a policy naming its inline scripts. */
  function sendEntry(request: FastifyRequest, reply: FastifyReply, entry: PageEntry, cookies: string[], state: 'hit' | 'miss') {
    request.cspScriptSources = entry.scriptSources;
    reply.status(entry.status).headers(entry.headers);
    reply.header('etag', entry.etag);
    reply.header('cache-control', SHARED_CACHE_CONTROL);
    // The page's own Vary (the home page varies with the language cookie) and the encoding.
    reply.header('vary', entry.headers['vary'] ? `${entry.headers['vary']}, Accept-Encoding` : 'Accept-Encoding');
    reply.header('x-page-cache', state);
    if (cookies.length) reply.header('set-cookie', cookies);
    const match = request.headers['if-none-match'];
    if (match && match.split(',').some((tag) => tag.trim() === entry.etag || tag.trim() === '*')) return reply.status(304).send();
    const accept = String(request.headers['accept-encoding'] ?? '');
    const [body, encoding] = accepts(accept, 'br') ? [entry.br, 'br'] : accepts(accept, 'gzip') ? [entry.gzip, 'gzip'] : [entry.body, undefined];
    if (encoding) reply.header('content-encoding', encoding);
    reply.header('content-length', body.length);
    return reply.send(request.method === 'HEAD' ? undefined : body);
  }

  async function render(request: FastifyRequest, reply: FastifyReply) {
    // Paths are case-sensitive: `/API/health` is an unknown API path (a JSON 404), not a page.
    if (/^\/(?:api|media)(?:[/?#]|$)/i.test(request.url)) throw notFound({ url: request.url });
    // Signed-out visitors' public pages are the same for everyone: made once, kept compressed, served to all.
    const head = pageCache && (request.method === 'GET' || request.method === 'HEAD') ? requestHead(request, origin) : undefined;
    if (!pageCache || !head || !web.sharedPage(head))
      return sendPage(request, reply, await renderPage(request, createRequest(request.raw, reply.raw)));
    const key = request.url;
    const kept = await pageCache.get(key);
    if (kept) return sendEntry(request, reply, kept, web.visitorCookies(head, loadContext(request)), 'hit');
    const webRequest = createRequest(request.raw, reply.raw);
    if (request.method === 'HEAD') return sendPage(request, reply, await renderPage(request, webRequest));
    let mine: RenderedPage | undefined;
    const entry = await pageCache.once(key, async () => {
      // Versions read before rendering: a change committed while the page was made leaves it stale.
      const before = pageCache.snapshot();
      mine = await renderPage(request, webRequest);
      const tags = mine.headers.get(PAGE_CACHE_HEADER)?.split(/\s+/).filter(Boolean) ?? [];
      if (mine.status !== 200 || !tags.length || !mine.body) return undefined;
      const made = await makeEntry({ status: 200, headers: keptHeaders(mine.headers), body: mine.body }, tags, before(tags));
      await pageCache.set(key, made);
      return made;
    });
    if (mine) return entry ? sendEntry(request, reply, entry, mine.cookies, 'miss') : sendPage(request, reply, mine);
    // Waited for another request's rendering of this page.
    if (entry) return sendEntry(request, reply, entry, web.visitorCookies(head, loadContext(request)), 'hit');
    return sendPage(request, reply, await renderPage(request, webRequest));
  }

  // Page requests and form posts: the body stays unread for the web handler to parse itself.
  await app.register(async (pages) => {
    pages.removeAllContentTypeParsers();
    pages.addContentTypeParser('*', (_request, _payload, done) => done(null));
    pages.route({
      method: ['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE'],
      url: '/*',
      schema: { hide: true },
      // Counted against the visitor's page limit (rate-limit.ts).
      config: { page: true },
      handler: (request, reply) => {
        if (options.pages.draining) throw new AppError(ErrorCode.UNAVAILABLE, { draining: true, retryAfterMs: DRAINING_RETRY_AFTER_MS });
        sessionAsOf.set(request, performance.now());
        return options.pages.track(render(request, reply));
      },
    });
  });
}

/**
 * Loads the page renderer's bundle without letting it take over the schema ids of the API. The bundle holds its own
 * copy of the contracts it uses, and each copy registers its schemas in zod's one global registry under the same ids
 * as the server's (the last registration of an id wins). The OpenAPI document is made from that registry's ids; with
 * the bundle's copies there, a server schema that refers to another by id would meet two schemas of that id and the
 * document could not be made (`GET /api/docs/json` answered 500). The ids are put back as the API registered them.
 */
async function keepingApiSchemaIds<T>(load: () => Promise<T>): Promise<T> {
  const registry = globalRegistry as unknown as { _idmap: Map<string, unknown> };
  const apiIds = new Map(registry._idmap);
  try {
    return await load();
  } finally {
    registry._idmap = apiIds;
  }
}
