import { randomUUID } from 'node:crypto';
import { constants as zlibConstants } from 'node:zlib';
import compress from '@fastify/compress';
import Fastify, { LogController, type FastifyInstance } from 'fastify';
import { serializerCompiler, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Redis } from 'ioredis';
import type { DatabaseHandle } from '@kunci/db/client';
import type { MediaStore } from '@kunci/media/store';
import type { Config } from './config/env.ts';
import { createAuthRepository } from './features/auth/auth.repository.ts';
import { authRoutes } from './features/auth/auth.routes.ts';
import { createAuthService, generateSecret } from './features/auth/auth.service.ts';
import { createStaffRepository } from './features/admin/staff.repository.ts';
import { staffPlugin } from './features/admin/staff.plugin.ts';
import { staffRoutes } from './features/admin/staff.routes.ts';
import { registerAdminJobs } from './features/admin/admin-jobs.ts';
import { createAdminRepository } from './features/admin/admin.repository.ts';
import { adminRoutes } from './features/admin/admin.routes.ts';
import { createAdminService } from './features/admin/admin.service.ts';
import { createAdminDealsRepository } from './features/admin/admin-deals.repository.ts';
import { adminDealsRoutes } from './features/admin/admin-deals.routes.ts';
import { createAdminDealsService } from './features/admin/admin-deals.service.ts';
import { reportsRoutes } from './features/admin/reports.routes.ts';
import { createStaffService } from './features/admin/staff.service.ts';
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
import { createContentRepository } from './features/content/content.repository.ts';
import { contentRoutes } from './features/content/content.routes.ts';
import { createContentService } from './features/content/content.service.ts';
import { createHomeOwnershipRepository } from './features/content/home-ownership.repository.ts';
import { createHomeOwnershipService } from './features/content/home-ownership.service.ts';
import { registerDealJobs } from './features/deals/deal-jobs.ts';
import { createDealsRepository } from './features/deals/deals.repository.ts';
import { dealsRoutes } from './features/deals/deals.routes.ts';
import { createAgreementsRepository } from './features/agreements/agreements.repository.ts';
import { agreementsRoutes } from './features/agreements/agreements.routes.ts';
import { createAgreementsService } from './features/agreements/agreements.service.ts';
import { createDealsService } from './features/deals/deals.service.ts';
import { createSimulatorBureau } from './features/screening/credit-bureau.ts';
import { createSealer, generateDataKey } from './features/screening/private-files.ts';
import { createScreeningRepository } from './features/screening/screening.repository.ts';
import { screeningRoutes } from './features/screening/screening.routes.ts';
import { createScreeningService, type ScreeningService } from './features/screening/screening.service.ts';
import { registerCollectionJobs, scheduleCollection } from './features/services/collection/collection-jobs.ts';
import { createCollectionRepository } from './features/services/collection/collection.repository.ts';
import { collectionRoutes } from './features/services/collection/collection.routes.ts';
import { createCollectionService } from './features/services/collection/collection.service.ts';
import { createHomerunnerRepository } from './features/services/homerunner/homerunner.repository.ts';
import { homerunnerRoutes } from './features/services/homerunner/homerunner.routes.ts';
import { createHomerunnerService } from './features/services/homerunner/homerunner.service.ts';
import { registerProtectionJobs, scheduleProtection } from './features/services/protection/protection-jobs.ts';
import { createProtectionRepository } from './features/services/protection/protection.repository.ts';
import { protectionRoutes } from './features/services/protection/protection.routes.ts';
import { createProtectionService } from './features/services/protection/protection.service.ts';
import { shareJobKinds } from './lib/jobs/shared-kinds.ts';
import { PAYMENT_JOBS } from '@kunci/contracts/payments';
import { createFavouritesRepository } from './features/favourites/favourites.repository.ts';
import { createAttributionRepository } from './features/growth/attribution.repository.ts';
import { attributionRoutes } from './features/growth/attribution.routes.ts';
import { createAttributionService } from './features/growth/attribution.service.ts';
import { createReferralPayoutsRepository } from './features/growth/referral-payouts.repository.ts';
import { referralPayoutsRoutes } from './features/growth/referral-payouts.routes.ts';
import { createReferralPayoutsService } from './features/growth/referral-payouts.service.ts';
import { createPriceCheckerRepository } from './features/growth/price-checker.repository.ts';
import { priceCheckerRoutes } from './features/growth/price-checker.routes.ts';
import { createPriceCheckerService } from './features/growth/price-checker.service.ts';
import { priceWidgetRoutes } from './features/growth/price-widget.routes.ts';
import { createPromotionsRepository } from './features/growth/promotions.repository.ts';
import { promotionsRoutes } from './features/growth/promotions.routes.ts';
import { createPromotionsService } from './features/growth/promotions.service.ts';
import { createReferralsRepository } from './features/growth/referrals.repository.ts';
import { referralsRoutes } from './features/growth/referrals.routes.ts';
import { createReferralsService } from './features/growth/referrals.service.ts';
import { createReachRepository } from './features/growth/reach.repository.ts';
import { reachRoutes } from './features/growth/reach.routes.ts';
import { createReachService } from './features/growth/reach.service.ts';
import { createReelsRepository } from './features/reels/reels.repository.ts';
import { reelsRoutes } from './features/reels/reels.routes.ts';
import { createReelsService } from './features/reels/reels.service.ts';
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
import { createJobQueue, registerJobPruning, type JobQueue } from './lib/jobs/jobs.service.ts';
import { JOBS_CHANNEL } from './lib/jobs/jobs.repository.ts';
import { createNotificationsRepository } from './features/notifications/notifications.repository.ts';
import { createLandlordResponseRepository } from './features/notifications/landlord-response.repository.ts';
import { createLandlordResponseService, type LandlordResponseService } from './features/notifications/landlord-response.service.ts';
import { notificationsRoutes } from './features/notifications/notifications.routes.ts';
import { createNotificationsService, type NotificationsService } from './features/notifications/notifications.service.ts';
import { createSavedSearchesRepository } from './features/saved-searches/saved-searches.repository.ts';
import { savedSearchesRoutes } from './features/saved-searches/saved-searches.routes.ts';
import { createSavedSearchesService, DIGEST_INTERVAL_SECONDS, type SavedSearchesService } from './features/saved-searches/saved-searches.service.ts';
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
import { cacheSessions, SESSIONS_CHANNEL } from './lib/session-cache.ts';
import { createSessionsRepository } from './lib/sessions.repository.ts';
import { authPlugin } from './plugins/auth.ts';
import { createCounterStore } from './plugins/counters.ts';
import { clientErrorHandler, errorHandlerPlugin, frameworkErrors } from './plugins/error-handler.ts';
import { textInputPlugin } from './plugins/text-input.ts';
import { createMessenger } from './plugins/messaging.ts';
import { createOutboxRepository } from './plugins/messaging.repository.ts';
import { paymentsPages } from './features/payments/payments.pages.ts';
import { createPaymentsRepository } from './features/payments/payments.repository.ts';
import { paymentsRoutes } from './features/payments/payments.routes.ts';
import { createPaymentsService, type PaymentsService } from './features/payments/payments.service.ts';
import { createSimulatorGateway, registerSimulatorDeliveries, SIGNATURE_HEADER, simulatorSecret } from './features/payments/simulator.ts';
import { createStripeGateway } from './features/payments/stripe.ts';
import { mediaRoutes } from './plugins/media.ts';
import { changesListings, createPageCache } from './plugins/page-cache.ts';
import { openapiPlugin } from './plugins/openapi.ts';
import { rateLimitPlugin } from './plugins/rate-limit.ts';
import { watchRedis } from './plugins/redis.ts';
import { securityPlugin } from './plugins/security.ts';
import { ANSWER_BROTLI_QUALITY, COMPRESS_THRESHOLD, trackPages, webRoutes } from './plugins/web.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** The durable job queue; features get it as a dependency, tests reach it here. */
    jobs: JobQueue;
    /** Payments (issue 16): other features get it as a dependency, tests reach it here. */
    payments: PaymentsService;
    /** Screening (issue 17): back-office pages call its signedRead, readLog, icPhotos and justification reviews. */
    screening: ScreeningService;
    /** The notification centre (issue 22): every feature sends its notices through it (docs/decisions/0012). */
    notifications: NotificationsService;
    /** Saved searches and their alerts (issue 22); tests run matching and digests through it. */
    savedSearches: SavedSearchesService;
    /** Landlords' response figures and the unanswered-request reminders (issue 22). */
    landlordResponses: LandlordResponseService;
    /** Stops taking new pages and resolves once the pages being made are made: a shutdown calls it before close(). */
    drainPages(): Promise<void>;
  }
}

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
    // The pages' plugin imports the web server build, megabytes of modules: on a busy machine (a CI run beside other
    // work) that took longer than Fastify's default 10 s, and start-up failed instead of being slow.
    pluginTimeout: 60_000,
    forceCloseConnections: 'idle',
    // One log line per request, when it is answered (below), instead of Fastify's two (on arrival and on answering).
    logController: new LogController({ disableRequestLogging: true }),
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
  app.addHook('onResponse', (request, reply, done) => {
    request.log.info(
      { req: request, res: { statusCode: reply.statusCode }, responseTime: Math.round(reply.elapsedTime * 10) / 10 },
      'request answered',
    );
    done();
  });

  await app.register(errorHandlerPlugin);
  await app.register(textInputPlugin);
  // Pages, API answers and assets go compressed (zstd at its default level, brotli or gzip, as the client accepts, in
  // that order: zstd costs the least CPU for about brotli's size); small ones as they are.
  await app.register(compress, {
    global: true,
    threshold: COMPRESS_THRESHOLD,
    encodings: ['zstd', 'br', 'gzip'],
    brotliOptions: { params: { [zlibConstants.BROTLI_PARAM_QUALITY]: ANSWER_BROTLI_QUALITY } },
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
  // Sessions found are kept, exactly: the database tells every instance whose changed (lib/session-cache.ts).
  const sessions = await cacheSessions(createSessionsRepository(db), (onNotify) => database.listen(SESSIONS_CHANNEL, onNotify));
  app.addHook('onClose', async () => sessions.close());
  await app.register(authPlugin, { sessions, publicUrl: config.publicUrl });

  if (redis) watchRedis(redis, app.log);
  // Public pages kept for signed-out visitors (docs/decisions/0013-page-cache.md): a committed listing change makes
  // them again; other changes call app.pageCache.invalidate(tags) themselves.
  const pageCache = createPageCache({ redis, prefix: config.redisKeyPrefix, log: app.log });
  app.decorate('pageCache', pageCache);
  app.addHook('onClose', async () => pageCache.close());
  app.addHook('onSend', (request, reply, payload, done) => {
    if (changesListings(request.method, request.routeOptions.url, reply.statusCode)) void pageCache.invalidate(['listings']);
    done(null, payload);
  });
  const counters = createCounterStore(redis, config.redisKeyPrefix);
  const messenger = createMessenger({ outbox: createOutboxRepository(db), sms: config.sms, email: config.email });
  if (config.demoMode) app.log.warn('demo mode: messages without a provider go to the development outbox, readable from this machine only');
  // Deadlines, retries and notices (docs/decisions/0007-job-queue.md). Jobs can be enqueued on every instance;
  // only those with JOBS_INTERVAL_SECONDS above 0 run them.
  const jobs = createJobQueue({ database: db, log: app.log, listen: (onNotify) => database.listen(JOBS_CHANNEL, onNotify), ...config.jobs });
  app.decorate('jobs', jobs);
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
  // Staff sessions carry when they last confirmed with a PIN (sensitive back-office actions need it recent).
  const staff = createStaffService({ repository: createStaffRepository(db), messenger, secret });
  await app.register(staffPlugin, { service: staff });
  // The back office: reports, users, listings, buildings, the audit log; reporters hear outcomes through the job queue.
  const adminRepository = createAdminRepository(db, jobs);
  const admin = createAdminService(adminRepository);
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
    // Saved-search alerts: an approved listing is matched by a job queued before the approval and made due once it
    // has committed.
    onApproving: (propertyId) => savedSearches.approving(propertyId),
    onApproved: (propertyId) => savedSearches.approved(propertyId),
  });

  const favourites = createFavouritesService(createFavouritesRepository(db), config.publicUrl);
  const chatHub = await createChatHub(redis, config.redisKeyPrefix);
  app.addHook('onClose', async () => chatHub.close());
  const chatRepository = createChatRepository(db);
  const chatUploads = createUploads({ repository: chatRepository.uploads, store, secret, publicUrl: config.publicUrl });
  const chat = createChatService(chatRepository, chatHub, { store, uploads: chatUploads });
  // One notification centre: in-app (live through the chat hub), email, SMS and web push, delivered by the job queue.
  const notifications = createNotificationsService({
    repository: (transaction) => createNotificationsRepository(transaction ?? db),
    jobs,
    hub: chatHub,
    messenger,
    secret,
    publicUrl: config.publicUrl,
    push: config.push,
    // Outside production a push service faked on this machine is accepted (tests, local trials).
    localPush: config.env !== 'production',
    log: app.log,
  });
  app.decorate('notifications', notifications);
  registerAdminJobs(jobs, adminRepository, notifications);
  const savedSearches = createSavedSearchesService({
    repository: createSavedSearchesRepository(db),
    notifications,
    jobs,
    publicUrl: config.publicUrl,
    log: app.log,
  });
  app.decorate('savedSearches', savedSearches);
  const landlordResponses = createLandlordResponseService({ repository: createLandlordResponseRepository(db), notices: notifications, log: app.log });
  app.decorate('landlordResponses', landlordResponses);
  // Payments: the simulator unless Stripe is configured; its webhooks come back through our own endpoint.
  const paymentSecret = simulatorSecret(config.payments.simulator.secret, secret);
  const gateway = config.payments.stripe
    ? createStripeGateway(config.payments.stripe)
    : createSimulatorGateway({
        secret: paymentSecret,
        publicUrl: config.publicUrl,
        jobs,
        chaos: config.payments.simulator.chaos,
        seed: config.payments.simulator.seed,
      });
  if (gateway.name === 'simulator') {
    if (config.env === 'production' && !config.demoMode)
      app.log.warn('payments run on the built-in simulator: set PAYMENT_GATEWAY=stripe to take real money');
    registerSimulatorDeliveries(jobs, paymentSecret, async (body, signature) => {
      const answer = await app.inject({
        method: 'POST',
        url: '/api/payments/webhooks/simulator',
        payload: body,
        headers: { 'content-type': 'application/json', [SIGNATURE_HEADER]: signature },
      });
      return answer.statusCode;
    });
  }
  const payments = createPaymentsService({ repository: createPaymentsRepository(db), gateway, jobs, publicUrl: config.publicUrl });
  app.decorate('payments', payments);
  // Deals use payments through their own port; deadlines, refunds and notices run on the job queue.
  const deals = createDealsService({ repository: createDealsRepository(db), jobs, payments, secret });
  // Screening: documents, IC photos and NRICs sealed with the private data key (generated and kept in the database
  // when PRIVATE_DATA_KEY is unset); the credit bureau's built-in simulator; verdicts through the deal rules.
  const screeningRepository = createScreeningRepository(db);
  const privateData = createSealer(config.privateDataKey ?? (await screeningRepository.sharedDataKey(generateDataKey)));
  const screening = createScreeningService({
    repository: screeningRepository,
    store,
    sealer: privateData,
    bureau: createSimulatorBureau(),
    deals: { verdict: deals.screeningVerdict, view: (id, caller) => deals.get(id, caller) },
    comparableRents: async (listing) => {
      const spread = await listingManagement.prices.statistics({
        landmarkLabelId: listing.landmarkId,
        areaSlug: listing.areaSlug ?? undefined,
        type: listing.type,
        bedroom: listing.bedroom,
      });
      return { median: spread.median, count: spread.count };
    },
    notices: notifications,
    secret,
  });
  app.decorate('screening', screening);
  // The deal console: screening's signed reads and verdicts, payments' refunds, each staff action audited.
  const adminDeals = createAdminDealsService(createAdminDealsRepository(db), {
    signedRead: (documentId, staffId) => screening.signedRead('DEAL_DOCUMENT', documentId, { userId: staffId, staff: true }),
    verify: (dealId, staffId, body) => screening.verify(dealId, { userId: staffId, staff: true }, body),
    refund: (input) => payments.refund(input),
  });
  // Deals and rental collection both hear of payment outcomes, each of the purposes it owns.
  const paymentOutcomes = shareJobKinds(jobs, [PAYMENT_JOBS.settled, PAYMENT_JOBS.failed]);
  registerDealJobs(paymentOutcomes, deals, notifications);
  // The tenancy agreement of a deal: the parties' numbers and the signed PDF sealed with the private data key.
  const agreements = createAgreementsService({
    repository: createAgreementsRepository(db),
    deals,
    messenger,
    notices: notifications,
    store,
    sealer: privateData,
    secret,
  });
  const collection = createCollectionService({ repository: createCollectionRepository(db), jobs, payments, secret, publicUrl: config.publicUrl });
  registerCollectionJobs(paymentOutcomes, collection, notifications, { publicUrl: config.publicUrl, log: app.log });
  // Landlord protection: policies paid through payments, claims' files sealed with the private data key.
  const protection = createProtectionService({
    repository: createProtectionRepository(db),
    payments,
    notices: notifications,
    store,
    sealer: privateData,
  });
  registerProtectionJobs(paymentOutcomes, protection, app.log);
  const appointments = createAppointmentsService({ repository: createAppointmentsRepository(db), chat });
  const priceChecker = createPriceCheckerService(createPriceCheckerRepository(db));
  const referrals = createReferralsService(createReferralsRepository(db), config.publicUrl);
  const attribution = createAttributionService(createAttributionRepository(db), counters);
  const referralPayouts = createReferralPayoutsService({ repository: createReferralPayoutsRepository(db), sealer: privateData });
  await app.register(websocket, { options: { maxPayload: 64 * 1024 } });

  await app.register(
    async (api) => {
      await api.register(healthRoutes, { database, redis });
      await api.register(referenceRoutes, { service: reference });
      await api.register(listingsRoutes, { service: listings });
      await api.register(listingManagementRoutes, { service: listingManagement });
      await api.register(favouritesRoutes, { service: favourites });
      await api.register(chatRoutes, {
        service: chat,
        appointments,
        hub: chatHub,
        publicUrl: config.publicUrl,
        sessions,
        sessionCheckMs: config.chatSessionCheckSeconds * 1000,
      });
      await api.register(authRoutes, { service: auth, facebook: Boolean(config.facebook) });
      await api.register(usersRoutes, { service: users });
      await api.register(staffRoutes, { service: staff });
      await api.register(adminRoutes, { service: admin });
      await api.register(reportsRoutes, { service: admin });
      await api.register(adminDealsRoutes, { service: adminDeals });
      await api.register(profileExtrasRoutes, { service: profileExtras });
      await api.register(paymentsRoutes, { service: payments, gateway: gateway.name });
      await api.register(dealsRoutes, { service: deals });
      await api.register(agreementsRoutes, { service: agreements });
      await api.register(screeningRoutes, { service: screening });
      await api.register(notificationsRoutes, { service: notifications, responses: landlordResponses });
      await api.register(savedSearchesRoutes, { service: savedSearches });
      await api.register(dashboardRoutes, { service: createDashboardService(createDashboardRepository(db)) });
      await api.register(contentRoutes, {
        service: createContentService(createContentRepository(db), store),
        homes: createHomeOwnershipService(createHomeOwnershipRepository(db)),
        pageCache,
      });
      await api.register(collectionRoutes, { service: collection });
      await api.register(homerunnerRoutes, {
        service: createHomerunnerService({ repository: createHomerunnerRepository(db), notices: notifications, pageCache }),
      });
      await api.register(protectionRoutes, { service: protection });
      await api.register(priceCheckerRoutes, { service: priceChecker });
      await api.register(promotionsRoutes, { service: createPromotionsService(createPromotionsRepository(db)) });
      await api.register(referralsRoutes, { service: referrals });
      await api.register(attributionRoutes, { service: attribution });
      await api.register(referralPayoutsRoutes, { service: referralPayouts });
      await api.register(reelsRoutes, { service: createReelsService(createReelsRepository(db)) });
      await api.register(reachRoutes, {
        service: createReachService({ repository: createReachRepository(db), messenger, secret, publicUrl: config.publicUrl }),
        pageCache,
      });
      if (config.demoMode) await api.register(outboxRoutes, { messenger });
    },
    { prefix: '/api' },
  );
  await app.register(mediaRoutes, { store });
  await app.register(priceWidgetRoutes, { service: priceChecker, publicUrl: config.publicUrl });
  await app.register(paymentsPages, { service: payments, sessions, simulator: gateway.name === 'simulator' });
  if (config.jobsIntervalSeconds > 0) {
    // Recurring jobs: each run by one instance at a time, once per interval across all of them (a failed run is
    // logged by the queue and waits for the next). Notices go out within a minute (see NOTICE_INTERVAL_SECONDS).
    const noticeSeconds = Math.min(config.jobsIntervalSeconds, NOTICE_INTERVAL_SECONDS);
    jobs.every('listings.maintenance', config.jobsIntervalSeconds, async () => {
      const done = await runListingJobs(listingManagement, notifications, { expiryNoticeDays: config.listings.expiryNoticeDays });
      if (done.expired) await pageCache.invalidate(['listings']);
      if (done.expired || done.warned || done.cleaned) app.log.info(done, 'listing jobs');
    });
    jobs.every('chat.reminders', config.jobsIntervalSeconds, async () => {
      const done = await runChatJobs(appointments, notifications);
      if (done.reminded) app.log.info(done, 'chat jobs');
    });
    jobs.every('chat.notices', noticeSeconds, async () => {
      const done = await runChatNotices(chat, notifications, { log: app.log });
      if (done.notified) app.log.info(done, 'chat notices');
    });
    jobs.every('listings.review-notices', noticeSeconds, async () => {
      const done = await runReviewNotices(listingManagement, notifications);
      if (done.told) app.log.info(done, 'review notices');
    });
    scheduleCollection(jobs, config.jobsIntervalSeconds);
    scheduleProtection(jobs, config.jobsIntervalSeconds);
    // A tenant waiting 12 hours for a landlord's reply: the landlord is reminded (SMS, push), once per request.
    jobs.every('chat.unanswered-reminders', Math.min(config.jobsIntervalSeconds, DIGEST_INTERVAL_SECONDS), async () => {
      await landlordResponses.remindUnanswered();
    });
    // Listings of landlords who never answer rank last in search relevance (features/listings/listings.repository.ts).
    jobs.every('listings.silent-owners', config.jobsIntervalSeconds, async () => {
      const { lowered, lifted } = await landlordResponses.rankSilentLandlords();
      if (lowered || lifted) await pageCache.invalidate(['listings']);
    });
    jobs.every('saved-searches.digests', Math.min(config.jobsIntervalSeconds, DIGEST_INTERVAL_SECONDS), async () => {
      const done = await savedSearches.runDigests();
      if (done.sent) app.log.info(done, 'saved-search digests');
    });
    // Referrals qualify from the deals' own event log when a referee's deal becomes ACTIVE; unpaid rewards expire.
    jobs.every('referrals.rewards', config.jobsIntervalSeconds, async () => {
      const { qualified } = await referrals.qualify();
      const { lapsed, expired } = await referrals.housekeeping();
      if (qualified || lapsed || expired) app.log.info({ qualified, lapsed, expired }, 'referral jobs');
    });
    // A user's first deal keeps the attribution of their latest touch before it.
    jobs.every('attribution.first-deals', config.jobsIntervalSeconds, async () => {
      const stored = await attribution.recordFirstDeals();
      if (stored) app.log.info({ stored }, 'first-deal attributions');
    });
    registerJobPruning(jobs, db);
    app.addHook('onReady', async () => jobs.start());
    // In-flight jobs finish before the database closes.
    app.addHook('onClose', async () => jobs.stop());
  }
  // Pages being made finish before the app closes (server.ts drains them first).
  const pages = trackPages();
  app.decorate('drainPages', () => pages.drain());
  if (web) {
    await app.register(webRoutes, {
      buildDir: config.webBuildDir,
      publicUrl: config.publicUrl,
      managementAppUrl: config.managementAppUrl,
      mapTileUrl: config.mapTileUrl,
      sessionTtlDays: config.auth.sessionTtlDays,
      production: config.env === 'production',
      pageCache,
      pages,
    });
  }
  return app;
}
