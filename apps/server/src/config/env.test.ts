import { spawnSync } from 'node:child_process';
import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { EnvError, loadConfig } from './env.ts';

const stripe = { PAYMENT_GATEWAY: 'stripe', STRIPE_SECRET_KEY: 'sk_test_123', STRIPE_WEBHOOK_SECRET: 'whsec_123' };

describe('loadConfig', () => {
  it('works with nothing set (embedded defaults)', () => {
    const config = loadConfig({});
    expect(config.port).toBe(3000);
    expect(config.databaseUrl).toBeUndefined();
    expect(config.redisUrl).toBeUndefined();
    expect(config.publicUrl).toBe('http://localhost:3000');
    expect(config.mediaDir).toBe(resolve(config.dataDir, 'media'));
  });

  it('names every bad variable at once', () => {
    let error: unknown;
    try {
      loadConfig({ PORT: 'abc', DATABASE_URL: 'mysql://x', LOG_LEVEL: 'loud' });
    } catch (e) {
      error = e;
    }
    expect(error).toBeInstanceOf(EnvError);
    const issues = (error as EnvError).issues.join('\n');
    expect(issues).toMatch(/^PORT:/m);
    expect(issues).toMatch(/^DATABASE_URL:/m);
    expect(issues).toMatch(/^LOG_LEVEL:/m);
  });

  it('refuses production without real SMS and email unless demo mode is on, naming the variables', () => {
    let error: unknown;
    try {
      loadConfig({ NODE_ENV: 'production' });
    } catch (e) {
      error = e;
    }
    expect(error).toBeInstanceOf(EnvError);
    expect((error as EnvError).issues.map((issue) => issue.split(':')[0])).toEqual(['SMS_WEBHOOK_URL', 'SMTP_URL']);
    expect((error as EnvError).message).toContain('DEMO_MODE=true');
    expect(() => loadConfig({ NODE_ENV: 'production', SMS_WEBHOOK_URL: 'https://sms.example/send' })).toThrow(/SMTP_URL/);
    const real = loadConfig({ NODE_ENV: 'production', SMS_WEBHOOK_URL: 'https://sms.example/send', SMTP_URL: 'smtps://u:p@smtp.example', ...stripe });
    expect(real.demoMode).toBe(false);
    expect(loadConfig({ NODE_ENV: 'production', DEMO_MODE: 'true' }).demoMode).toBe(true);
    // Development and tests keep working without providers; the outbox is still closed unless asked for.
    expect(loadConfig({}).demoMode).toBe(false);
  });

  it('refuses the payment simulator in production unless demo mode is on, in one line naming the settings', () => {
    const providers = { NODE_ENV: 'production', SMS_WEBHOOK_URL: 'https://sms.example/send', SMTP_URL: 'smtps://u:p@smtp.example' };
    for (const source of [providers, { ...providers, PAYMENT_GATEWAY: 'simulator' }]) {
      let error: unknown;
      try {
        loadConfig(source);
      } catch (e) {
        error = e;
      }
      expect(error).toBeInstanceOf(EnvError);
      const issues = (error as EnvError).issues;
      expect(issues).toHaveLength(1);
      expect(issues[0]).toMatch(/^PAYMENT_GATEWAY: .*PAYMENT_GATEWAY=stripe.*STRIPE_SECRET_KEY.*STRIPE_WEBHOOK_SECRET.*DEMO_MODE=true/);
      expect(issues[0]).not.toContain('\n');
    }
    expect(loadConfig({ ...providers, ...stripe }).payments.gateway).toBe('stripe');
    expect(() => loadConfig({ ...providers, PAYMENT_GATEWAY: 'stripe' })).toThrow(/STRIPE_SECRET_KEY/);
    // A local demo and development keep the simulator.
    expect(loadConfig({ ...providers, DEMO_MODE: 'true' }).payments.gateway).toBe('simulator');
    expect(loadConfig({}).payments.gateway).toBe('simulator');
  });

  it('treats an empty variable as unset', () => {
    expect(loadConfig({ REDIS_URL: '' }).redisUrl).toBeUndefined();
  });

  it('uses the S3 store only with all of its variables, and names the missing ones', () => {
    expect(loadConfig({}).s3).toBeUndefined();
    const s3 = { S3_ENDPOINT: 'http://127.0.0.1:9000', S3_BUCKET: 'media', S3_ACCESS_KEY_ID: 'key', S3_SECRET_ACCESS_KEY: 'secret' };
    expect(loadConfig(s3).s3).toMatchObject({ endpoint: 'http://127.0.0.1:9000', bucket: 'media', region: 'us-east-1', forcePathStyle: true });
    expect(() => loadConfig({ S3_ENDPOINT: 'http://127.0.0.1:9000' })).toThrow(EnvError);
    try {
      loadConfig({ S3_ENDPOINT: 'http://127.0.0.1:9000', S3_BUCKET: 'media' });
    } catch (error) {
      expect((error as EnvError).issues).toEqual([
        'S3_ACCESS_KEY_ID: required when another S3_ variable is set',
        'S3_SECRET_ACCESS_KEY: required when another S3_ variable is set',
      ]);
    }
  });
});

describe('server start-up', () => {
  it('refuses to start with a bad variable and says which', () => {
    const result = spawnSync(process.execPath, [resolve(import.meta.dirname, '../server.ts')], {
      env: { PATH: process.env['PATH'] ?? '', PORT: 'abc' },
      encoding: 'utf8',
      timeout: 60_000,
    });
    expect(result.status).toBe(1);
    expect(result.stderr).toContain('PORT');
    expect(result.stderr).toContain('Kunci cannot start');
  });

  it('refuses a production start with no SMS or email provider and no demo mode, in one message without a stack trace', () => {
    const result = spawnSync(process.execPath, [resolve(import.meta.dirname, '../server.ts')], {
      env: { PATH: process.env['PATH'] ?? '', NODE_ENV: 'production', PORT: '0' },
      encoding: 'utf8',
      timeout: 60_000,
    });
    expect(result.status).toBe(1);
    expect(result.stderr).toContain('Kunci cannot start');
    expect(result.stderr).toContain('SMS_WEBHOOK_URL');
    expect(result.stderr).toContain('SMTP_URL');
    expect(result.stderr).toContain('DEMO_MODE');
    expect(result.stderr).not.toMatch(/^\s+at /m);
  });

  it('refuses a production start on the payment simulator without demo mode, naming PAYMENT_GATEWAY, STRIPE_* and DEMO_MODE', () => {
    const result = spawnSync(process.execPath, [resolve(import.meta.dirname, '../server.ts')], {
      env: {
        PATH: process.env['PATH'] ?? '',
        NODE_ENV: 'production',
        PORT: '0',
        SMS_WEBHOOK_URL: 'https://sms.example/send',
        SMTP_URL: 'smtps://u:p@smtp.example',
      },
      encoding: 'utf8',
      timeout: 60_000,
    });
    expect(result.status).toBe(1);
    expect(result.stderr).toContain('Kunci cannot start');
    expect(result.stderr).toMatch(/PAYMENT_GATEWAY: .*STRIPE_SECRET_KEY.*DEMO_MODE=true/);
    expect(result.stderr).not.toMatch(/^\s+at /m);
  });
});
