import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import rateLimit from '@fastify/rate-limit';
import type { Redis } from 'ioredis';
import { ErrorCode } from '@kunci/contracts/errors';
import { AppError } from '../lib/app-error.ts';

/** Per-IP limits on the API; counted in Redis when configured, so every instance shares one budget. */
export const rateLimitPlugin = fp(
  async (app: FastifyInstance, options: { max: number; windowMs: number; redis: Redis | undefined; prefix: string }) => {
    await app.register(rateLimit, {
      global: true,
      max: options.max,
      timeWindow: options.windowMs,
      nameSpace: `${options.prefix}rl:`,
      ...(options.redis ? { redis: options.redis } : {}),
      // Pages and static assets are not counted; the API is.
      allowList: (request) => !request.url.startsWith('/api/'),
      errorResponseBuilder: () => new AppError(ErrorCode.RATE_LIMITED),
    });
  },
);
