import { resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { z } from 'zod';
import { BUSINESS } from '@kunci/contracts/business';

export const REPO_ROOT = fileURLToPath(new URL('../../../../', import.meta.url));

const boolean = z.enum(['true', 'false', '1', '0']).transform((v) => v === 'true' || v === '1');
const url = (protocols: string[]) =>
  z.url().refine((value) => protocols.some((p) => value.startsWith(`${p}:`)), `must start with ${protocols.join(': or ')}:`);

/** Every setting the server reads. This module is the only reader of process.env. */
const EnvSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  HOST: z.string().min(1).default('0.0.0.0'),
  PORT: z.coerce.number().int().min(0).max(65_535).default(3000),
  PUBLIC_URL: url(['http', 'https']).optional(),
  DATA_DIR: z.string().min(1).default(resolve(REPO_ROOT, '.data')),
  DATABASE_URL: url(['postgres', 'postgresql']).optional(),
  DATABASE_POOL_SIZE: z.coerce.number().int().min(1).max(200).default(10),
  DATABASE_TIMEOUT_MS: z.coerce.number().int().min(0).max(600_000).default(2000),
  REDIS_URL: url(['redis', 'rediss']).optional(),
  REDIS_KEY_PREFIX: z
    .string()
    .regex(/^[\w:.-]{1,40}$/)
    .default('kunci:'),
  MEDIA_DIR: z.string().min(1).optional(),
  WEB_BUILD_DIR: z.string().min(1).default(resolve(REPO_ROOT, 'apps/web/build')),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  RATE_LIMIT_MAX: z.coerce.number().int().min(1).default(600),
  RATE_LIMIT_WINDOW_MS: z.coerce.number().int().min(1000).default(60_000),
  RATE_LIMIT_PAGE_MAX: z.coerce.number().int().min(1).default(1200),
  SEED_DEMO_LISTINGS: z.coerce.number().int().min(0).max(1_000_000).default(600),
  S3_ENDPOINT: z.url().optional(),
  S3_REGION: z.string().min(1).default('us-east-1'),
  S3_BUCKET: z.string().min(3).max(63).optional(),
  S3_ACCESS_KEY_ID: z.string().min(1).optional(),
  S3_SECRET_ACCESS_KEY: z.string().min(1).optional(),
  S3_FORCE_PATH_STYLE: z.enum(['true', 'false']).default('true'),
  MAP_TILE_URL: url(['https', 'http']).default('https://tile.openstreetmap.org/{z}/{x}/{y}.png'),
  LISTING_LIFETIME_DAYS: z.coerce.number().int().min(1).max(3650).default(BUSINESS.listing.lifetimeDays),
  LISTING_EXPIRY_NOTICE_DAYS: z.coerce.number().int().min(0).max(60).default(3),
  JOBS_INTERVAL_SECONDS: z.coerce.number().int().min(0).max(86_400).default(600),
  JOBS_POLL_INTERVAL_MS: z.coerce.number().int().min(50).max(600_000).default(2000),
  JOBS_CONCURRENCY: z.coerce.number().int().min(1).max(16).default(2),
  CHAT_SESSION_CHECK_SECONDS: z.coerce.number().int().min(1).max(3600).default(30),
  TRUST_PROXY: boolean.default(false),
  SHUTDOWN_TIMEOUT_MS: z.coerce.number().int().min(0).default(10_000),
  AUTH_SECRET: z.string().min(32, 'must be at least 32 characters').optional(),
  PRIVATE_DATA_KEY: z
    .string()
    .regex(/^[0-9a-fA-F]{64}$/, 'must be 64 hex characters (a 256-bit key)')
    .optional(),
  SESSION_TTL_DAYS: z.coerce.number().int().min(1).max(365).default(30),
  PIN_TTL_SECONDS: z.coerce.number().int().min(30).max(3600).default(300),
  PIN_RESEND_SECONDS: z.coerce.number().int().min(0).max(3600).default(60),
  PIN_MAX_PER_HOUR_PER_PHONE: z.coerce.number().int().min(1).default(5),
  PIN_MAX_PER_HOUR_PER_IP: z.coerce.number().int().min(1).default(20),
  LOGIN_MAX_FAILURES: z.coerce.number().int().min(1).max(50).default(5),
  LOGIN_MAX_FAILURES_PER_IP: z.coerce.number().int().min(1).default(20),
  LOCK_MINUTES: z.coerce
    .number()
    .int()
    .min(1)
    .max(24 * 60)
    .default(15),
  DEMO_MODE: boolean.default(false),
  SMS_WEBHOOK_URL: url(['http', 'https']).optional(),
  SMS_WEBHOOK_TOKEN: z.string().min(1).optional(),
  SMTP_URL: url(['smtp', 'smtps']).optional(),
  EMAIL_FROM: z.string().min(3).default('Kunci <no-reply@kunci.my>'),
  /** Web push (VAPID keys, e.g. from `npx web-push generate-vapid-keys`); unset, push is not offered. */
  VAPID_PUBLIC_KEY: z
    .string()
    .regex(/^[A-Za-z0-9_-]{80,100}$/, 'must be a base64url VAPID public key')
    .optional(),
  VAPID_PRIVATE_KEY: z
    .string()
    .regex(/^[A-Za-z0-9_-]{40,50}$/, 'must be a base64url VAPID private key')
    .optional(),
  VAPID_SUBJECT: z
    .string()
    .regex(/^(mailto:|https:)/, 'must be a mailto: or https: URL')
    .default('mailto:support@kunci.my'),
  MANAGEMENT_APP_URL: url(['http', 'https']).optional(),
  FACEBOOK_APP_ID: z
    .string()
    .regex(/^\d{5,20}$/, 'must be the numeric app id')
    .optional(),
  FACEBOOK_APP_SECRET: z.string().min(16).optional(),
  FACEBOOK_GRAPH_URL: url(['http', 'https']).default('https://graph.facebook.com/v19.0'),
  FACEBOOK_DIALOG_URL: url(['http', 'https']).default('https://www.facebook.com/v19.0/dialog/oauth'),
  PAYMENT_GATEWAY: z.enum(['simulator', 'stripe']).default('simulator'),
  PAYMENT_SIMULATOR_SECRET: z.string().min(32, 'must be at least 32 characters').optional(),
  PAYMENT_SIMULATOR_CHAOS: z.coerce.number().min(0).max(1).default(0.25),
  PAYMENT_SIMULATOR_SEED: z.coerce.number().int().min(0).optional(),
  STRIPE_SECRET_KEY: z
    .string()
    .regex(/^(sk|rk)_(test|live)_\w+$/, 'must be a Stripe secret key (sk_test_..., sk_live_...)')
    .optional(),
  STRIPE_WEBHOOK_SECRET: z
    .string()
    .regex(/^whsec_\w+$/, 'must be a webhook signing secret (whsec_...)')
    .optional(),
  STRIPE_API_URL: url(['http', 'https']).optional(),
});

export type Env = z.infer<typeof EnvSchema>;

export interface Config {
  env: Env['NODE_ENV'];
  host: string;
  port: number;
  publicUrl: string;
  dataDir: string;
  databaseUrl: string | undefined;
  databasePoolSize: number;
  /** Longest wait for a PostgreSQL connection and longest statement, in ms (0: none); past it a call answers 503. */
  databaseTimeoutMs: number;
  redisUrl: string | undefined;
  /** Namespaces every Redis key, so deployments (or test runs) sharing a Redis never see each other's counters. */
  redisKeyPrefix: string;
  mediaDir: string;
  /** An S3-compatible media store, when S3_ENDPOINT and its bucket and keys are set; local disk otherwise. */
  s3: { endpoint: string; region: string; bucket: string; accessKeyId: string; secretAccessKey: string; forcePathStyle: boolean } | undefined;
  webBuildDir: string;
  logLevel: Env['LOG_LEVEL'];
  /** API calls and pages per client address per window (a page's own in-process API calls are not counted). */
  rateLimit: { max: number; pageMax: number; windowMs: number };
  /** Leaflet's tile URL template; the pages' CSP allows images from its host. */
  mapTileUrl: string;
  seedDemoListings: number;
  /** Listings live this many days from approval; owners are told this many days ahead; jobs run this often (0: never). */
  listings: { lifetimeDays: number; expiryNoticeDays: number };
  jobsIntervalSeconds: number;
  /** The job queue's runner (off when jobsIntervalSeconds is 0): wait between polls when nothing is due, jobs at once. */
  jobs: { pollIntervalMs: number; concurrency: number };
  /**
   * How often each instance checks that its open chat sockets' sessions are still signed in (signed out, revoked by a
   * password change, expired, or the account banned or restricted): a socket whose session ended is closed.
   */
  chatSessionCheckSeconds: number;
  trustProxy: boolean;
  shutdownTimeoutMs: number;
  /**
   * Seals personal data at rest (screening documents, IC photos, NRIC numbers) with AES-256-GCM; when unset, one key
   * is generated and kept in the database (shared by all instances), as the auth secret is.
   */
  privateDataKey: string | undefined;
  auth: {
    /** Keys PIN hashes; when unset, one secret is generated and kept in the database (shared by all instances). */
    secret: string | undefined;
    sessionTtlDays: number;
    pinTtlSeconds: number;
    pinResendSeconds: number;
    pinMaxPerHourPerPhone: number;
    pinMaxPerHourPerIp: number;
    /** Wrong PINs (or passwords) for one number before that number's PIN (or password) sign-in is locked. */
    maxFailures: number;
    /** Wrong PINs and passwords from one address, whatever the numbers, before that address is refused for a while. */
    maxFailuresPerIp: number;
    lockMinutes: number;
  };
  /**
   * A local demo: channels without a provider keep their messages in the development outbox, readable
   * from this machine only. Off, the outbox cannot be read, and production needs real SMS and email.
   */
  demoMode: boolean;
  /** Real providers; each one left unset keeps the development outbox for that channel. */
  sms: { webhookUrl: string | undefined; webhookToken: string | undefined };
  email: { smtpUrl: string | undefined; from: string };
  /** Web push, when both VAPID keys are set (the option is hidden otherwise). */
  push: { publicKey: string; privateKey: string; subject: string } | undefined;
  /** Where logout hands off to (the property-management app's refresh page); default Kunci's own /refresh. */
  managementAppUrl: string;
  /** "Continue with Facebook", when both the app id and secret are set. */
  facebook: { appId: string; appSecret: string; graphUrl: string; dialogUrl: string } | undefined;
  /**
   * Payments: the built-in simulator (default; its webhook key derives from the auth secret unless set, `chaos` is
   * the chance of a webhook sent twice or out of order, `seed` makes that chance repeatable) or Stripe.
   */
  payments: {
    gateway: 'simulator' | 'stripe';
    simulator: { secret: string | undefined; chaos: number; seed: number | undefined };
    stripe: { secretKey: string; webhookSecret: string; apiUrl: string | undefined } | undefined;
  };
}

export class EnvError extends Error {
  readonly issues: string[];
  constructor(issues: string[]) {
    super(`Invalid environment:\n${issues.map((i) => `  - ${i}`).join('\n')}`);
    this.issues = issues;
  }
}

/** Parses the environment; throws EnvError naming every bad variable at once. */
export function loadConfig(source: Record<string, string | undefined> = process.env): Config {
  // An empty variable means "not set", as in most deployment tools.
  const cleaned = Object.fromEntries(Object.entries(source).filter(([, v]) => v !== undefined && v !== ''));
  const parsed = EnvSchema.safeParse(cleaned);
  if (!parsed.success) {
    throw new EnvError(
      parsed.error.issues.map((issue) => `${issue.path.join('.')}: ${issue.message} (got ${JSON.stringify(cleaned[String(issue.path[0])] ?? null)})`),
    );
  }
  const env = parsed.data;
  if (Boolean(env.FACEBOOK_APP_ID) !== Boolean(env.FACEBOOK_APP_SECRET)) {
    throw new EnvError([`${env.FACEBOOK_APP_ID ? 'FACEBOOK_APP_SECRET' : 'FACEBOOK_APP_ID'}: required when the other Facebook variable is set`]);
  }
  const s3Parts = {
    S3_ENDPOINT: env.S3_ENDPOINT,
    S3_BUCKET: env.S3_BUCKET,
    S3_ACCESS_KEY_ID: env.S3_ACCESS_KEY_ID,
    S3_SECRET_ACCESS_KEY: env.S3_SECRET_ACCESS_KEY,
  };
  const s3Missing = Object.entries(s3Parts).filter(([, v]) => !v);
  if (s3Missing.length && s3Missing.length < 4) throw new EnvError(s3Missing.map(([k]) => `${k}: required when another S3_ variable is set`));
  // Without a provider, PINs would only reach the outbox: a production server must not run so unless the
  // operator asks for a demo.
  if (env.NODE_ENV === 'production' && !env.DEMO_MODE) {
    const missing = [env.SMS_WEBHOOK_URL ? undefined : 'SMS_WEBHOOK_URL', env.SMTP_URL ? undefined : 'SMTP_URL'].filter((v) => v !== undefined);
    if (missing.length)
      throw new EnvError(
        missing.map(
          (name) => `${name}: required in production (real SMS and email), or set DEMO_MODE=true for a local demo whose messages stay in the outbox`,
        ),
      );
    // Nor take payments on the simulator, whose pay page accepts a test card and moves no money.
    if (env.PAYMENT_GATEWAY === 'simulator')
      throw new EnvError([
        'PAYMENT_GATEWAY: the payment simulator moves no real money; set PAYMENT_GATEWAY=stripe with STRIPE_SECRET_KEY and STRIPE_WEBHOOK_SECRET in production, or DEMO_MODE=true for a local demo',
      ]);
  }
  if (env.PAYMENT_GATEWAY === 'stripe') {
    const missing = [env.STRIPE_SECRET_KEY ? undefined : 'STRIPE_SECRET_KEY', env.STRIPE_WEBHOOK_SECRET ? undefined : 'STRIPE_WEBHOOK_SECRET'];
    const named = missing.filter((v) => v !== undefined);
    if (named.length) throw new EnvError(named.map((name) => `${name}: required when PAYMENT_GATEWAY=stripe`));
  }
  const dataDir = resolve(env.DATA_DIR);
  return {
    env: env.NODE_ENV,
    host: env.HOST,
    port: env.PORT,
    publicUrl: (env.PUBLIC_URL ?? `http://localhost:${env.PORT}`).replace(/\/$/, ''),
    dataDir,
    databaseUrl: env.DATABASE_URL,
    databasePoolSize: env.DATABASE_POOL_SIZE,
    databaseTimeoutMs: env.DATABASE_TIMEOUT_MS,
    redisUrl: env.REDIS_URL,
    redisKeyPrefix: env.REDIS_KEY_PREFIX,
    mediaDir: resolve(env.MEDIA_DIR ?? resolve(dataDir, 'media')),
    s3:
      env.S3_ENDPOINT && env.S3_BUCKET && env.S3_ACCESS_KEY_ID && env.S3_SECRET_ACCESS_KEY
        ? {
            endpoint: env.S3_ENDPOINT,
            region: env.S3_REGION,
            bucket: env.S3_BUCKET,
            accessKeyId: env.S3_ACCESS_KEY_ID,
            secretAccessKey: env.S3_SECRET_ACCESS_KEY,
            forcePathStyle: env.S3_FORCE_PATH_STYLE === 'true',
          }
        : undefined,
    webBuildDir: resolve(env.WEB_BUILD_DIR),
    logLevel: env.LOG_LEVEL,
    rateLimit: { max: env.RATE_LIMIT_MAX, pageMax: env.RATE_LIMIT_PAGE_MAX, windowMs: env.RATE_LIMIT_WINDOW_MS },
    mapTileUrl: env.MAP_TILE_URL,
    seedDemoListings: env.SEED_DEMO_LISTINGS,
    listings: { lifetimeDays: env.LISTING_LIFETIME_DAYS, expiryNoticeDays: env.LISTING_EXPIRY_NOTICE_DAYS },
    jobsIntervalSeconds: env.JOBS_INTERVAL_SECONDS,
    jobs: { pollIntervalMs: env.JOBS_POLL_INTERVAL_MS, concurrency: env.JOBS_CONCURRENCY },
    chatSessionCheckSeconds: env.CHAT_SESSION_CHECK_SECONDS,
    trustProxy: env.TRUST_PROXY,
    shutdownTimeoutMs: env.SHUTDOWN_TIMEOUT_MS,
    privateDataKey: env.PRIVATE_DATA_KEY?.toLowerCase(),
    auth: {
      secret: env.AUTH_SECRET,
      sessionTtlDays: env.SESSION_TTL_DAYS,
      pinTtlSeconds: env.PIN_TTL_SECONDS,
      pinResendSeconds: env.PIN_RESEND_SECONDS,
      pinMaxPerHourPerPhone: env.PIN_MAX_PER_HOUR_PER_PHONE,
      pinMaxPerHourPerIp: env.PIN_MAX_PER_HOUR_PER_IP,
      maxFailures: env.LOGIN_MAX_FAILURES,
      maxFailuresPerIp: env.LOGIN_MAX_FAILURES_PER_IP,
      lockMinutes: env.LOCK_MINUTES,
    },
    demoMode: env.DEMO_MODE,
    sms: { webhookUrl: env.SMS_WEBHOOK_URL, webhookToken: env.SMS_WEBHOOK_TOKEN },
    email: { smtpUrl: env.SMTP_URL, from: env.EMAIL_FROM },
    push:
      env.VAPID_PUBLIC_KEY && env.VAPID_PRIVATE_KEY
        ? { publicKey: env.VAPID_PUBLIC_KEY, privateKey: env.VAPID_PRIVATE_KEY, subject: env.VAPID_SUBJECT }
        : undefined,
    facebook:
      env.FACEBOOK_APP_ID && env.FACEBOOK_APP_SECRET
        ? {
            appId: env.FACEBOOK_APP_ID,
            appSecret: env.FACEBOOK_APP_SECRET,
            graphUrl: env.FACEBOOK_GRAPH_URL.replace(/\/$/, ''),
            dialogUrl: env.FACEBOOK_DIALOG_URL,
          }
        : undefined,
    payments: {
      gateway: env.PAYMENT_GATEWAY,
      simulator: { secret: env.PAYMENT_SIMULATOR_SECRET, chaos: env.PAYMENT_SIMULATOR_CHAOS, seed: env.PAYMENT_SIMULATOR_SEED },
      stripe:
        env.PAYMENT_GATEWAY === 'stripe' && env.STRIPE_SECRET_KEY && env.STRIPE_WEBHOOK_SECRET
          ? { secretKey: env.STRIPE_SECRET_KEY, webhookSecret: env.STRIPE_WEBHOOK_SECRET, apiUrl: env.STRIPE_API_URL?.replace(/\/$/, '') }
          : undefined,
    },
    managementAppUrl: env.MANAGEMENT_APP_URL ?? `${(env.PUBLIC_URL ?? `http://localhost:${env.PORT}`).replace(/\/$/, '')}/refresh`,
  };
}
