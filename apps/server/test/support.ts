import type { FastifyInstance } from 'fastify';
import { expect, inject } from 'vitest';
import { LocalDiskStore, type MediaStore } from '@kunci/media/store';
import { openTestDatabase, type TestDatabase } from '../../../test/database.ts';
import { TEST_ROOT } from '../../../test/template.ts';
import { buildApp } from '../src/app.ts';
import { loadConfig, type Config } from '../src/config/env.ts';
import { createRedis } from '../src/plugins/redis.ts';
import { outbox, sixDigitCode } from './outbox.ts';

export { openTestDatabase, type TestDatabase };

const RUN = `${process.pid}-${Date.now().toString(36)}`;
const prefixes = new Map<string, string>();

/**
 * One Redis namespace per test file, shared by the apps one file builds (as instances of one deployment share
 * theirs): counters left by earlier runs, or by the other files a worker runs in the same process (`isolate: false`),
 * never count in this file's limits. The file is vitest's, read when the config is made.
 */
function redisKeyPrefix(): string {
  const file = expect.getState().testPath ?? '';
  let prefix = prefixes.get(file);
  if (!prefix) prefixes.set(file, (prefix = `kunci-test-${RUN}-${prefixes.size}:`));
  return prefix;
}

export function testConfig(overrides: Record<string, string> = {}): Config {
  return loadConfig({
    NODE_ENV: 'test',
    REDIS_KEY_PREFIX: redisKeyPrefix(),
    LOG_LEVEL: 'silent',
    DATA_DIR: TEST_ROOT,
    MEDIA_DIR: inject('template').mediaDir,
    SEED_DEMO_LISTINGS: '0',
    JOBS_INTERVAL_SECONDS: '0',
    // Tests read PINs from the development outbox.
    DEMO_MODE: 'true',
    ...overrides,
  });
}

export function testRedisUrl(): string | undefined {
  return process.env['TEST_REDIS_URL'];
}

export interface TestApp {
  app: FastifyInstance;
  database: TestDatabase;
  config: Config;
  close(): Promise<void>;
}

/** The real application on a private database copy, for app.inject. */
export async function createTestApp(
  options: {
    web?: boolean;
    env?: Record<string, string>;
    database?: TestDatabase;
    redis?: boolean;
    logStream?: { write(line: string): void };
    store?: MediaStore;
  } = {},
): Promise<TestApp> {
  const database = options.database ?? (await openTestDatabase());
  const config = testConfig(options.env);
  const redisUrl = options.redis ? testRedisUrl() : undefined;
  // The client the server runs with (its time limits, no offline queue), connected before the app counts on it.
  const redis = redisUrl ? createRedis(redisUrl) : undefined;
  await redis?.connect();
  const app = await buildApp({
    config,
    database,
    store: options.store ?? new LocalDiskStore(config.mediaDir),
    redis,
    web: options.web ?? false,
    logStream: options.logStream,
  });
  await app.ready();
  return {
    app,
    database,
    config,
    close: async () => {
      await app.close();
      await redis?.quit();
      if (!options.database) await database.drop();
    },
  };
}

/** Reads the newest PIN (or code) the development outbox sent to a number or an email address. */
export async function latestPin(app: FastifyInstance, phone: string): Promise<string> {
  const pin = sixDigitCode((await outbox(app, phone))[0]?.body);
  if (!pin) throw new Error(`no PIN in the outbox for ${phone}`);
  return pin;
}

let phoneCounter = Math.floor(Math.random() * 1_000_000);
/** A fresh valid Malaysian mobile number: +6012 and seven digits. */
export function freshPhone(): string {
  phoneCounter = (phoneCounter + 1) % 10_000_000;
  return `+6012${String(phoneCounter).padStart(7, '0')}`;
}

/** Signs in by PIN through the API and returns the session. */
export async function signIn(app: FastifyInstance, phone = freshPhone()): Promise<{ userId: string; token: string; phone: string }> {
  const requested = await app.inject({ method: 'POST', url: '/api/pin/request', payload: { phoneNo: phone } });
  if (requested.statusCode !== 200) throw new Error(`pin/request ${requested.statusCode}: ${requested.body}`);
  const pin = await latestPin(app, phone);
  const verified = await app.inject({ method: 'POST', url: '/api/pin/verify', payload: { phoneNo: phone, pin } });
  if (verified.statusCode !== 200) throw new Error(`pin/verify ${verified.statusCode}: ${verified.body}`);
  return { ...(verified.json() as { userId: string; token: string }), phone };
}

export const bearer = (token: string) => ({ authorization: `Bearer ${token}` });
