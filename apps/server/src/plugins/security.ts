import { randomBytes } from 'node:crypto';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import type { Config } from '../config/env.ts';
import { cookie } from '../lib/cookies.ts';
import { AUTH_COOKIE } from './auth.ts';

declare module 'fastify' {
  interface FastifyRequest {
    /** A fresh nonce per request: the only inline scripts allowed are the ones the page renders with it. */
    readonly cspNonce: string;
    /** Set for a page served from the page cache: its inline scripts' hashes stand in for the nonce. */
    cspScriptSources: string | undefined;
  }
}

/**
 * Powerful features no page of ours uses are off for us and for anything we embed. Geolocation stays ours alone
 * (the map steps may offer "use my location"); fullscreen stays ours for the video player.
 */
const PERMISSIONS_POLICY = [
  'accelerometer=()',
  'camera=()',
  'display-capture=()',
  'fullscreen=(self)',
  'geolocation=(self)',
  'gyroscope=()',
  'hid=()',
  'idle-detection=()',
  'magnetometer=()',
  'microphone=()',
  'midi=()',
  'payment=()',
  'publickey-credentials-get=()',
  'serial=()',
  'usb=()',
  'xr-spatial-tracking=()',
].join(', ');

/**
 * The headers every answer carries: helmet's defaults, set at once from one object (helmet's chain of
 * middlewares cost a third of a small API call), with our choices: no policy here (pages get a nonce-based one
 * below, the API docs page sets its own), no cross-origin embedder policy, HSTS only in production, and a
 * referrer policy that keeps the origin (with "no-referrer" browsers send "Origin: null" on form posts, and our
 * cross-site checks need it).
 */
export function securityHeaders(production: boolean): Record<string, string> {
  return {
    'cross-origin-opener-policy': 'same-origin',
    'cross-origin-resource-policy': 'same-origin',
    'origin-agent-cluster': '?1',
    'permissions-policy': PERMISSIONS_POLICY,
    'referrer-policy': 'strict-origin-when-cross-origin',
    ...(production ? { 'strict-transport-security': 'max-age=15552000; includeSubDomains' } : {}),
    'x-content-type-options': 'nosniff',
    'x-dns-prefetch-control': 'off',
    'x-download-options': 'noopen',
    'x-frame-options': 'SAMEORIGIN',
    'x-permitted-cross-domain-policies': 'none',
    'x-xss-protection': '0',
  };
}

/** Where media live when they are on an S3-compatible bucket (browsers upload to it straight). */
export function mediaOrigin(s3: Config['s3']): string | undefined {
  if (!s3) return undefined;
  const endpoint = new URL(s3.endpoint);
  return s3.forcePathStyle ? endpoint.origin : `${endpoint.protocol}//${s3.bucket}.${endpoint.host}`;
}

/** The origin of a tile URL template, its placeholders ({s} subdomains) as a wildcard. */
export function tileOrigin(template: string): string {
  const [, scheme, host] = /^(https?):\/\/([^/?#]+)/i.exec(template) ?? [];
  return `${scheme!.toLowerCase()}://${host!.replace(/\{[^}]*\}/g, '*')}`;
}

const PLAIN_HOST = /^(?:[a-z0-9.-]+|\[[0-9a-f:.]+\])(?::\d{1,5})?$/i;

/**
 * A page's policy: scripts only with the request's nonce (or, for a page from the page cache, only the inline
 * scripts it holds, by their hashes); images from us, the media bucket and the map tiles
 * (data: for Leaflet's blank tile); connections to us (the chat socket on our own host only) and the media
 * bucket (presigned uploads).
 */
function pagePolicy(scripts: string, images: string, connect: string, ownHosts: string[]): string {
  const sockets = ownHosts.flatMap((host) => [`ws://${host}`, `wss://${host}`]).join(' ');
  return [
    "default-src 'self'",
    `script-src 'self' ${scripts}`,
    "style-src 'self' 'unsafe-inline'",
    `img-src 'self' data: ${images}`,
    `connect-src 'self' ${sockets}${connect}`,
    "font-src 'self'",
    "frame-ancestors 'self'",
    "base-uri 'self'",
    "form-action 'self'",
    "object-src 'none'",
  ].join('; ');
}

export const securityPlugin = fp(
  async (app: FastifyInstance, options: { production: boolean; publicUrl: string; s3: Config['s3']; mapTileUrl: string }) => {
    const headers = securityHeaders(options.production);
    const media = mediaOrigin(options.s3);
    const images = [tileOrigin(options.mapTileUrl), media].filter(Boolean).join(' ');
    const connect = media ? ` ${media}` : '';
    const publicHost = new URL(options.publicUrl).host;
    // Made when a page first asks for it: API answers never need one.
    const nonces = new WeakMap<FastifyRequest, string>();
    app.decorateRequest('cspScriptSources', undefined);
    app.decorateRequest('cspNonce', {
      getter(this: FastifyRequest) {
        let nonce = nonces.get(this);
        if (!nonce) nonces.set(this, (nonce = randomBytes(16).toString('base64')));
        return nonce;
      },
    });
    // Callback-style hooks: these run on every answer, and an async hook costs a promise each time.
    app.addHook('onRequest', (_request, reply, done) => {
      reply.headers(headers);
      done();
    });
    app.addHook('onSend', (request, reply, payload, done) => {
      const type = String(reply.getHeader('content-type') ?? '');
      if (type.startsWith('text/html') && !reply.getHeader('content-security-policy') && !request.url.startsWith('/api/docs')) {
        // The host the browser used (a plain host name only), besides the public one: the socket goes back to it.
        const hosts = PLAIN_HOST.test(request.host) && request.host !== publicHost ? [publicHost, request.host] : [publicHost];
        reply.header('content-security-policy', pagePolicy(request.cspScriptSources ?? `'nonce-${request.cspNonce}'`, images, connect, hosts));
      }
      // Answers for a signed-in caller, and any answer that sets a cookie, are never kept by a browser or a proxy.
      const personal =
        reply.hasHeader('set-cookie') ||
        ((request.url.startsWith('/api/') || request.routeOptions.config.page === true) &&
          (request.headers.authorization !== undefined || cookie(request, AUTH_COOKIE) !== undefined));
      if (personal) reply.header('cache-control', 'no-store');
      done(null, payload);
    });
  },
);
