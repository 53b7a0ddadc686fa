import { randomUUID } from 'node:crypto';
import { constants as zlibConstants } from 'node:zlib';
import compress from '@fastify/compress';
import Fastify, { type FastifyInstance } from 'fastify';
import { serializerCompiler, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Redis } from 'ioredis';
import type { DatabaseHandle } from '@kunci/db/client';
import type { MediaStore } from '@kunci/media/store';
import type { Config } from './config/env.ts';
import { createAuthRepository } from './features/auth/auth.repository.ts';
import { authRoutes } from './features/auth/auth.routes.ts';
import { createAuthService, generateSecret } from './features/auth/auth.service.ts';
import { healthRoutes } from './features/health/health.routes.ts';
import { createDashboardRepository } from './features/dashboard/dashboard.repository.ts';
import { dashboardRoutes } from './features/dashboard/dashboard.routes.ts';
import { createDashboardService } from './features/dashboard/dashboard.service.ts';
import { favouritesRoutes } from './features/favourites/favourites.routes.ts';
import websocket from '@fastify/websocket';
import { createChatHub } from './features/chat/chat-hub.ts';
import { createChatRepository } from './features/chat/chat.repository.ts';
import { chatRoutes } from './features/chat/chat.routes.ts';
import { createChatService } from './features/chat/chat.service.ts';
import { createFavouritesRepository } from './features/favourites/favourites.repository.ts';
import { createFavouritesService } from './features/favourites/favourites.service.ts';
import { createListingsRepository } from './features/listings/listings.repository.ts';
import { listingsRoutes } from './features/listings/listings.routes.ts';
import { createListingsService } from './features/listings/listings.service.ts';
import { createListingManagementRepository } from './features/listing-management/listing-management.repository.ts';
import { createListingManagementService } from './features/listing-management/listing-management.service.ts';
import { listingManagementRoutes } from './features/listing-management/listing-management.routes.ts';
import { runListingJobs, runReviewNotices } from './features/listing-management/listing-jobs.ts';
import { NOTICE_INTERVAL_SECONDS, runChatJobs, runChatNotices } from './features/chat/chat-jobs.ts';
import { createAppointmentsRepository } from './features/chat/appointments.repository.ts';
import { createAppointmentsService } from './features/chat/appointments.service.ts';
import { createUploads } from './lib/uploads.ts';
import { outboxRoutes } from './features/outbox/outbox.routes.ts';
import { createProfileExtrasRepository } from './features/profile-extras/profile-extras.repository.ts';
import { profileExtrasRoutes } from './features/profile-extras/profile-extras.routes.ts';
import { createProfileExtrasService } from './features/profile-extras/profile-extras.service.ts';
import { createReferenceRepository } from './features/reference/reference.repository.ts';
import { referenceRoutes } from './features/reference/reference.routes.ts';
import { createReferenceService } from './features/reference/reference.service.ts';
import { createUsersRepository } from './features/users/users.repository.ts';
import { usersRoutes } from './features/users/users.routes.ts';
import { createUsersService } from './features/users/users.service.ts';
import { redactUrl, serializeError } from './lib/log-redaction.ts';
import { createSessionsRepository } from './lib/sessions.repository.ts';
import { authPlugin } from './plugins/auth.ts';
import { createCounterStore } from './plugins/counters.ts';
import { clientErrorHandler, errorHandlerPlugin, frameworkErrors } from './plugins/error-handler.ts';
import { textInputPlugin } from './plugins/text-input.ts';
import { createMessenger } from './plugins/messaging.ts';
import { mediaRoutes } from './plugins/media.ts';
import { openapiPlugin } from './plugins/openapi.ts';
import { rateLimitPlugin } from './plugins/rate-limit.ts';
import { watchRedis } from './plugins/redis.ts';
import { securityPlugin } from './plugins/security.ts';
import { webRoutes } from './plugins/web.ts';

export interface AppDependencies {
  config: Config;
  database: DatabaseHandle;
  store: MediaStore;
  redis?: Redis | undefined;
  /** Tests that only exercise the API leave the web app out. */
  web?: boolean;
  /** Where logs go (default stdout); tests read them to prove no secret is logged. */
  logStream?: { write(line: string): void };
}

/** Builds the whole application without listening: plugins first, then features, explicitly. */
export async function buildApp({ config, database, store, redis, web = true, logStream }: AppDependencies): Promise<FastifyInstance> {
  const app = Fastify({
    logger: {
      level: config.logLevel,
      ...(logStream ? { stream: logStream } : {}),
      redact: { paths: ['req.headers.authorization', 'req.headers.cookie', 'res.headers["set-cookie"]'], censor: '[redacted]' },
      serializers: {
        // A sign-in link carries its token in the query, a database error the values of its query: never log them.
        err: serializeError,
        req: (request: { method: string; url: string; ip?: string }) => ({
          method: request.method,
          url: redactUrl(request.url),
          remoteAddress: request.ip,
        }),
      },
    },
    genReqId: (request) => {
      const given = request.headers['x-request-id'];
      return typeof given === 'string' && /^[\w-]{8,64}$/.test(given) ? given : randomUUID();
    },
    trustProxy: config.trustProxy,
    return503OnClosing: true,
    forceCloseConnections: 'idle',
    bodyLimit: 1_048_576,
    // Malformed URLs and requests Node refuses (oversized headers) answer in the API's error shape too.
    frameworkErrors,
    clientErrorHandler,
  }).withTypeProvider<ZodTypeProvider>();

  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  app.addHook('onRequest', (request, reply, done) => {
    reply.header('x-request-id', request.id);
    done();
  });

  await app.register(errorHandlerPlugin);
  await app.register(textInputPlugin);
  // Pages, API answers and assets go compressed (gzip or brotli, as the client accepts); small ones as they are.
  await app.register(compress, {
    global: true,
    threshold: 1024,
    encodings: ['br', 'gzip'],
    brotliOptions: { params: { [zlibConstants.BROTLI_PARAM_QUALITY]: 4 } },
  });
  await app.register(securityPlugin, {
    production: config.env === 'production',
    publicUrl: config.publicUrl,
    s3: config.s3,
    mapTileUrl: config.mapTileUrl,
  });
  await app.register(rateLimitPlugin, { ...config.rateLimit, redis, prefix: config.redisKeyPrefix });
  await app.register(openapiPlugin);

  const { db } = database;
  const sessions = createSessionsRepository(db);
  await app.register(authPlugin, { sessions, publicUrl: config.publicUrl });

  if (redis) watchRedis(redis, app.log);
  const counters = createCounterStore(redis, config.redisKeyPrefix);
  const messenger = createMessenger({ db, sms: config.sms, email: config.email });
  if (config.demoMode) app.log.warn('demo mode: messages without a provider go to the development outbox, readable from this machine only');
  const authRepository = createAuthRepository(db);
  const secret = config.auth.secret ?? (await authRepository.sharedSecret(generateSecret));
  const auth = createAuthService({
    repository: authRepository,
    sessions,
    counters,
    messenger,
    settings: { ...config.auth, secret },
    facebook: config.facebook,
  });
  const users = createUsersService(createUsersRepository(db), store);
  const profileExtras = createProfileExtrasService({ repository: createProfileExtrasRepository(db), messenger, counters, secret });
  const reference = createReferenceService(createReferenceRepository(db));
  const listings = createListingsService(createListingsRepository(db));
  const listingManagement = createListingManagementService({
    repository: createListingManagementRepository(db),
    store,
    secret,
    publicUrl: config.publicUrl,
    lifetimeDays: config.listings.lifetimeDays,
  });

  const favourites = createFavouritesService(createFavouritesRepository(db), config.publicUrl);
  const chatHub = await createChatHub(redis, config.redisKeyPrefix);
  app.addHook('onClose', async () => chatHub.close());
  const chatRepository = createChatRepository(db);
  const chat = createChatService(chatRepository, chatHub, { store, uploads: createUploads({ db, store, secret, publicUrl: config.publicUrl }) });
  const appointments = createAppointmentsService({ repository: createAppointmentsRepository(db), chatRepository, chat });
  await app.register(websocket, { options: { maxPayload: 64 * 1024 } });

  await app.register(
    async (api) => {
      await api.register(healthRoutes, { database, redis });
      await api.register(referenceRoutes, { service: reference });
      await api.register(listingsRoutes, { service: listings });
      await api.register(listingManagementRoutes, { service: listingManagement });
      await api.register(favouritesRoutes, { service: favourites });
      await api.register(chatRoutes, { service: chat, appointments, hub: chatHub, publicUrl: config.publicUrl });
      await api.register(authRoutes, { service: auth, facebook: Boolean(config.facebook) });
      await api.register(usersRoutes, { service: users });
      await api.register(profileExtrasRoutes, { service: profileExtras });
      await api.register(dashboardRoutes, { service: createDashboardService(createDashboardRepository(db)) });
      if (config.demoMode) await api.register(outboxRoutes, { messenger });
    },
    { prefix: '/api' },
  );
  await app.register(mediaRoutes, { store });
  if (config.jobsIntervalSeconds > 0) {
    const run = () =>
      Promise.all([
        runListingJobs(listingManagement, messenger, { expiryNoticeDays: config.listings.expiryNoticeDays, log: app.log })
          .then((done) => (done.expired || done.warned || done.cleaned ? app.log.info(done, 'listing jobs') : undefined))
          .catch((error: unknown) => app.log.error({ err: error }, 'listing jobs failed')),
        runChatJobs(chat, appointments, messenger, { publicUrl: config.publicUrl, log: app.log })
          .then((done) => (done.reminded ? app.log.info(done, 'chat jobs') : undefined))
          .catch((error: unknown) => app.log.error({ err: error }, 'chat jobs failed')),
      ]);
    const timer = setInterval(run, config.jobsIntervalSeconds * 1000);
    timer.unref();
    // Notices go out within a minute (see NOTICE_INTERVAL_SECONDS); a slow run is not overlapped by the next.
    let noticing = false;
    const notices = async () => {
      if (noticing) return;
      noticing = true;
      await Promise.all([
        runChatNotices(chat, messenger, { publicUrl: config.publicUrl, log: app.log })
          .then((done) => (done.notified ? app.log.info(done, 'chat notices') : undefined))
          .catch((error: unknown) => app.log.error({ err: error }, 'chat notices failed')),
        runReviewNotices(listingManagement, messenger, { publicUrl: config.publicUrl, log: app.log })
          .then((done) => (done.told ? app.log.info(done, 'review notices') : undefined))
          .catch((error: unknown) => app.log.error({ err: error }, 'review notices failed')),
      ]).finally(() => (noticing = false));
    };
    const noticeTimer = setInterval(() => void notices(), Math.min(config.jobsIntervalSeconds, NOTICE_INTERVAL_SECONDS) * 1000);
    noticeTimer.unref();
    app.addHook('onReady', async () => void run());
    app.addHook('onClose', async () => {
      clearInterval(timer);
      clearInterval(noticeTimer);
    });
  }
  if (web) {
    await app.register(webRoutes, {
      buildDir: config.webBuildDir,
      publicUrl: config.publicUrl,
      managementAppUrl: config.managementAppUrl,
      mapTileUrl: config.mapTileUrl,
      sessionTtlDays: config.auth.sessionTtlDays,
      production: config.env === 'production',
    });
  }
  return app;
}
