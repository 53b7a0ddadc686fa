import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ErrorBody } from '@kunci/contracts/errors';
import { OutboxMessages, OutboxQuery } from '@kunci/contracts/outbox';
import { notFound } from '../../lib/app-error.ts';
import { normalizePhone } from '../../lib/phone.ts';
import type { Messenger } from '../../plugins/messaging.ts';

const LOOPBACK = /^(?:127(?:\.\d{1,3}){3}|::1|::ffff:127(?:\.\d{1,3}){3})$/i;

/** Every address a proxy says the request passed through (X-Forwarded-For, Forwarded's for=, X-Real-IP). */
function forwardedAddresses(request: FastifyRequest): string[] {
  const header = (name: string) => {
    const value = request.headers[name];
    return Array.isArray(value) ? value.join(',') : (value ?? '');
  };
  const forwarded = [...header('forwarded').matchAll(/for=("?)\[?([^\]";,]*)/gi)].map((m) => m[2]!);
  const addresses = [...header('x-forwarded-for').split(','), ...header('x-real-ip').split(','), ...forwarded];
  return addresses.map((a) => a.trim().replace(/^\[|\]$/g, '')).filter(Boolean);
}

/**
 * Whether a request comes from the machine the server runs on: the connection is from a loopback address
 * and no proxy reports an address from elsewhere (a proxy on this machine forwarding a visitor, trusted or
 * not, names the visitor). Pages reach the API in-process with the visitor's address and headers, so the
 * outbox page is held to the same rule.
 */
export function fromThisMachine(request: FastifyRequest): boolean {
  return [request.socket.remoteAddress ?? '', request.ip, ...forwardedAddresses(request)].every((address) => LOOPBACK.test(address));
}

/**
 * The development outbox, newest first. Registered only in demo mode (DEMO_MODE=true), and even then it
 * answers only requests from this machine: anyone else gets the same 404 as on a deployment without it.
 */
export const outboxRoutes: FastifyPluginAsyncZod<{ messenger: Messenger }> = async (app, { messenger }) => {
  app.get(
    '/dev/outbox',
    {
      schema: {
        tags: ['development'],
        summary: 'Messages the development outbox holds (demo mode only, and only to requests from the server’s own machine)',
        querystring: OutboxQuery,
        response: { 200: OutboxMessages, 404: ErrorBody },
      },
      onRequest: async (request) => {
        if (!fromThisMachine(request)) throw notFound({ url: '/dev/outbox', reason: 'outbox read from another machine' });
      },
    },
    async (request) => {
      const to = request.query.to;
      const recipient = to && !to.includes('@') ? (normalizePhone(to) ?? to) : to;
      const rows = await messenger.readOutbox(recipient, request.query.limit);
      return rows.map((r) => ({
        id: r.id,
        channel: r.channel as 'sms' | 'email',
        to: r.to,
        subject: r.subject,
        body: r.body,
        html: r.html,
        headers: r.headers,
        createdAt: r.createdAt.toISOString(),
      }));
    },
  );
};
