import { randomBytes } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import helmet from '@fastify/helmet';

declare module 'fastify' {
  interface FastifyRequest {
    /** A fresh nonce per request: the only inline scripts allowed are the ones the page renders with it. */
    cspNonce: string;
  }
}

export const securityPlugin = fp(async (app: FastifyInstance, options: { production: boolean }) => {
  app.decorateRequest('cspNonce', '');
  app.addHook('onRequest', async (request) => {
    request.cspNonce = randomBytes(16).toString('base64');
  });
  await app.register(helmet, {
    // Pages get a nonce-based policy (set per response below); the API docs page sets its own.
    contentSecurityPolicy: false,
    crossOriginEmbedderPolicy: false,
    hsts: options.production ? { maxAge: 15_552_000, includeSubDomains: true } : false,
    // Not "no-referrer": with it browsers send "Origin: null" on form posts, and our cross-site checks need the origin.
    referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
  });
  app.addHook('onSend', async (request, reply, payload) => {
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
    return payload;
  });
});
