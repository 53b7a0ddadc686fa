import { z } from 'zod';

export const HealthResponse = z.object({ status: z.literal('ok') });

export const ReadyCheck = z.object({ ok: z.boolean(), latencyMs: z.number(), error: z.string().optional() });
export const ReadyResponse = z.object({
  status: z.enum(['ready', 'unavailable']),
  checks: z.object({ database: ReadyCheck.extend({ driver: z.enum(['pglite', 'postgres']) }), redis: ReadyCheck.optional() }),
});
export type ReadyResponse = z.infer<typeof ReadyResponse>;
