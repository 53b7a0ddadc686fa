import { randomBytes } from 'node:crypto';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';

declare module 'fastify' {
  interface FastifyRequest {
    /** A fresh nonce per request: the only inline scripts allowed are the ones the page renders with it. */
    readonly cspNonce: string;
  }
}

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

export const securityPlugin = fp(async (app: FastifyInstance, options: { production: boolean }) => {
  const headers = securityHeaders(options.production);
  // Made when a page first asks for it: API answers never need one.
  const nonces = new WeakMap<FastifyRequest, string>();
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
      reply.header(
        'content-security-policy',
        [
          "default-src 'self'",
          `script-src 'self' 'nonce-${request.cspNonce}'`,
          "style-src 'self' 'unsafe-inline'",
          "img-src 'self' data: blob: https:",
          "connect-src 'self' ws: wss:",
          "font-src 'self'",
          "frame-ancestors 'self'",
          "base-uri 'self'",
          "form-action 'self'",
          "object-src 'none'",
        ].join('; '),
      );
    }
    done(null, payload);
  });
});
