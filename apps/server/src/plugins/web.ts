import { existsSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import { pathToFileURL } from 'node:url';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fastifyStatic from '@fastify/static';
import { createRequest } from '@remix-run/node-fetch-server';
import type { ServerContext } from '@kunci/contracts/server-context';
import { notFound } from '../lib/app-error.ts';
import { cookie } from '../lib/cookies.ts';
import { AUTH_COOKIE } from './auth.ts';
import { internalCallHeaders } from './rate-limit.ts';

/** What the web app's entry.server exports besides its renderer: the context its loaders read. */
interface WebEntry {
  createLoadContext(server: ServerContext): unknown;
}
type Handler = (request: Request, context: unknown) => Promise<Response>;

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
  options: { buildDir: string; publicUrl: string; managementAppUrl: string; mapTileUrl: string; sessionTtlDays: number; production: boolean },
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
  const build = (await import(pathToFileURL(serverBuild).href)) as { entry: { module: WebEntry } };
  const handle = createRequestHandler(build, options.production ? 'production' : 'development');

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

  async function fetchApi(request: FastifyRequest, path: string, init?: RequestInit): Promise<Response> {
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
    const result = await app.inject({
      method: (init?.method ?? 'GET') as 'GET',
      url: `/api${path}`,
      // Marked as the page's own call: the page was counted against the visitor's limit, its API calls are not.
      headers: { ...headers, 'x-request-id': String(request.id), ...internalCallHeaders() },
      ...(init?.body ? { payload: init.body as string } : {}),
      remoteAddress: request.ip,
    });
    const after = result.headers['retry-after'];
    if ((result.statusCode === 429 || result.statusCode === 503) && after !== undefined) retryAfter.set(request, String(after));
    const responseHeaders = new Headers();
    for (const [name, value] of Object.entries(result.headers)) {
      if (value !== undefined) responseHeaders.set(name, Array.isArray(value) ? value.join(', ') : String(value));
    }
    return new Response(result.statusCode === 204 ? null : result.rawPayload, { status: result.statusCode, headers: responseHeaders });
  }

  async function render(request: FastifyRequest, reply: FastifyReply) {
    // Paths are case-sensitive: `/API/health` is an unknown API path (a JSON 404), not a page.
    if (/^\/(?:api|media)(?:[/?#]|$)/i.test(request.url)) throw notFound({ url: request.url });
    const webRequest = createRequest(request.raw, reply.raw);
    const context = build.entry.module.createLoadContext({
      fetchApi: (path, init) => fetchApi(request, path, init),
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
    const response = await handle(webRequest, context);
    reply.status(response.status);
    for (const [name, value] of response.headers) if (name !== 'set-cookie') reply.header(name, value);
    // A page that could not be made because the API was busy or away says when to come back, as the API did.
    if ((response.status === 429 || response.status === 503) && !response.headers.has('retry-after')) {
      reply.header('retry-after', retryAfter.get(request) ?? (response.status === 429 ? '60' : '30'));
    }
    const cookies = response.headers.getSetCookie();
    if (cookies.length) reply.header('set-cookie', cookies);
    // No body (HEAD, a redirect): nothing is sent, rather than a JSON null.
    return reply.send(response.body ? Readable.fromWeb(response.body as never) : undefined);
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
      handler: render,
    });
  });
}
