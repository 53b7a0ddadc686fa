import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Redis } from 'ioredis';
import { HealthResponse, ReadyResponse, type ReadyResponse as Ready } from '@kunci/contracts/health';
import type { DatabaseHandle } from '@kunci/db/client';

async function timed(check: () => Promise<unknown>): Promise<{ ok: boolean; latencyMs: number; error?: string }> {
  const started = performance.now();
  try {
    await check();
    return { ok: true, latencyMs: Math.round((performance.now() - started) * 100) / 100 };
  } catch (error) {
    return { ok: false, latencyMs: Math.round(performance.now() - started), error: error instanceof Error ? error.message : String(error) };
  }
}

export const healthRoutes: FastifyPluginAsyncZod<{ database: DatabaseHandle; redis: Redis | undefined }> = async (app, { database, redis }) => {
  app.get('/health', { schema: { tags: ['health'], summary: 'Liveness: the process answers', response: { 200: HealthResponse } } }, async () => ({
    status: 'ok' as const,
  }));

  app.get(
    '/ready',
    {
      schema: {
        tags: ['health'],
        summary: 'Readiness: 200 while the database answers (degraded when Redis does not), 503 when it does not',
        response: { 200: ReadyResponse, 503: ReadyResponse },
      },
    },
    async (_request, reply) => {
      const [db, shared] = await Promise.all([timed(() => database.ping()), redis && timed(() => redis.ping())]);
      const checks: Ready['checks'] = { database: { ...db, driver: database.driver } };
      if (shared) checks.redis = shared;
      // Without Redis the instance still serves (counters and chat fall back to its memory): degraded, not out.
      const status = !db.ok ? 'unavailable' : checks.redis?.ok === false ? 'degraded' : 'ready';
      return reply.status(db.ok ? 200 : 503).send({ status, checks });
    },
  );
};
