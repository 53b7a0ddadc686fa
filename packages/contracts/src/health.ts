import { z } from 'zod';

export const HealthResponse = z.object({ status: z.literal('ok') });

export const ReadyCheck = z.object({ ok: z.boolean(), latencyMs: z.number(), error: z.string().optional() });
/**
 * `ready`: everything answers. `degraded`: the database answers but Redis does not; the instance still serves
 * (counters and chat fall back to its own memory), so it answers 200 and a load balancer keeps it.
 * `unavailable`: the database does not answer; 503, so a load balancer takes the instance out.
 */
export const ReadyResponse = z.object({
  status: z.enum(['ready', 'degraded', 'unavailable']),
  checks: z.object({ database: ReadyCheck.extend({ driver: z.enum(['pglite', 'postgres']) }), redis: ReadyCheck.optional() }),
});
export type ReadyResponse = z.infer<typeof ReadyResponse>;
