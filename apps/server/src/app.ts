import { randomUUID } from 'node:crypto';
import Fastify, { type FastifyInstance } from 'fastify';
import { serializerCompiler, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Redis } from 'ioredis';
import type { DatabaseHandle } from '@kunci/db/client';
import type { MediaStore } from '@kunci/media/store';
import type { Config } from './config/env.ts';
import { healthRoutes } from './features/health/health.routes.ts';
import { createListingsRepository } from './features/listings/listings.repository.ts';
import { listingsRoutes } from './features/listings/listings.routes.ts';
import { createListingsService } from './features/listings/listings.service.ts';
import { createReferenceRepository } from './features/reference/reference.repository.ts';
import { referenceRoutes } from './features/reference/reference.routes.ts';
import { createReferenceService } from './features/reference/reference.service.ts';
import { errorHandlerPlugin } from './plugins/error-handler.ts';
import { mediaRoutes } from './plugins/media.ts';
import { openapiPlugin } from './plugins/openapi.ts';
import { rateLimitPlugin } from './plugins/rate-limit.ts';
import { securityPlugin } from './plugins/security.ts';
import { webRoutes } from './plugins/web.ts';

export interface AppDependencies {
  config: Config;
  database: DatabaseHandle;
  store: MediaStore;
  redis?: Redis | undefined;
  /** Tests that only exercise the API leave the web app out. */
  web?: boolean;
}

/** Builds the whole application without listening: plugins first, then features, explicitly. */
export async function buildApp({ config, database, store, redis, web = true }: AppDependencies): Promise<FastifyInstance> {
  const app = Fastify({
    logger: {
      level: config.logLevel,
      redact: { paths: ['req.headers.authorization', 'req.headers.cookie', 'res.headers["set-cookie"]'], censor: '[redacted]' },
    },
    genReqId: (request) => {
      const given = request.headers['x-request-id'];
      return typeof given === 'string' && /^[\w-]{8,64}$/.test(given) ? given : randomUUID();
    },
    trustProxy: config.trustProxy,
    return503OnClosing: true,
    forceCloseConnections: 'idle',
    bodyLimit: 1_048_576,
  }).withTypeProvider<ZodTypeProvider>();

  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  app.addHook('onRequest', async (request, reply) => {
    reply.header('x-request-id', request.id);
  });

  await app.register(errorHandlerPlugin);
  await app.register(securityPlugin, { production: config.env === 'production' });
  await app.register(rateLimitPlugin, { ...config.rateLimit, redis });
  await app.register(openapiPlugin);

  const reference = createReferenceService(createReferenceRepository(database.db));
  const listings = createListingsService(createListingsRepository(database.db));

  await app.register(
    async (api) => {
      await api.register(healthRoutes, { database, redis });
      await api.register(referenceRoutes, { service: reference });
      await api.register(listingsRoutes, { service: listings });
    },
    { prefix: '/api' },
  );
  await app.register(mediaRoutes, { store });
  if (web) await app.register(webRoutes, { buildDir: config.webBuildDir, publicUrl: config.publicUrl, production: config.env === 'production' });
  return app;
}
