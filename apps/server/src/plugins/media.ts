import { extname } from 'node:path';
import type { FastifyInstance } from 'fastify';
import type { MediaStore } from '@kunci/media/store';
import { notFound } from '../lib/app-error.ts';

const TYPES: Record<string, string> = {
  '.webp': 'image/webp',
  '.jpg': 'image/jpeg',
  '.jpeg': 'image/jpeg',
  '.png': 'image/png',
  '.mp4': 'video/mp4',
  '.webm': 'video/webm',
};

/**
 * Serves published media from the store. Keys are never reused, so responses are cached for a year. They are public
 * (a listing's photos, as a media bucket would serve them), so other origins may embed them: the alert emails' cards
 * show a listing's photo from here in a mail client's page, and the outbox shows those emails in a sandboxed frame,
 * whose origin is opaque. Every other answer keeps the same-origin resource policy.
 */
export async function mediaRoutes(app: FastifyInstance, { store }: { store: MediaStore }) {
  app.get('/media/*', { schema: { hide: true } }, async (request, reply) => {
    const key = (request.params as { '*': string })['*'];
    const type = TYPES[extname(key).toLowerCase()];
    if (!type || key.includes('..')) throw notFound({ key });
    const file = await store.get(key).catch(() => null);
    if (!file) throw notFound({ key });
    return reply
      .type(type)
      .header('content-length', file.size)
      .header('cache-control', 'public, max-age=31536000, immutable')
      .header('x-content-type-options', 'nosniff')
      .header('cross-origin-resource-policy', 'cross-origin')
      .send(file.body);
  });
}
