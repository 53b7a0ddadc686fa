import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ErrorCode } from '@kunci/contracts/errors';
import type { OwnerListingFull } from '@kunci/contracts/listing-management';
import { idempotencyKeys, properties } from '@kunci/db/schema';
import { ms } from '@kunci/i18n/messages/ms';
import { LocalDiskStore } from '@kunci/media/store';
import { bearer, createTestApp, signIn, type TestApp } from '../../../test/support.ts';
import { runListingJobs } from './listing-jobs.ts';
import { createListingManagementRepository } from './listing-management.repository.ts';
import { createListingManagementService } from './listing-management.service.ts';
import { condoInput } from './test-helpers.ts';

describe('POST /api/properties with an Idempotency-Key', () => {
  let t: TestApp;

  beforeAll(async () => {
    t = await createTestApp({ env: { PIN_RESEND_SECONDS: '0', PIN_MAX_PER_HOUR_PER_PHONE: '1000', PIN_MAX_PER_HOUR_PER_IP: '1000' } });
  });
  afterAll(() => t.close());

  const create = (headers: Record<string, string>, key: string | undefined, payload: object = condoInput()) =>
    t.app.inject({ method: 'POST', url: '/api/properties', payload, headers: { ...headers, ...(key ? { 'idempotency-key': key } : {}) } });
  const listingsOf = async (userId: string) => (await t.database.db.select().from(properties).where(eq(properties.ownerId, userId))).length;

  it('a retried create answers with the first listing instead of making another', async () => {
    const { userId, token } = await signIn(t.app);
    const first = await create(bearer(token), 'draft-7f3a9c2e');
    expect(first.statusCode, first.body).toBe(201);
    expect(first.headers['idempotent-replayed']).toBeUndefined();
    const again = await create(bearer(token), 'draft-7f3a9c2e');
    expect(again.statusCode).toBe(201);
    expect(again.headers['idempotent-replayed']).toBe('true');
    expect((again.json() as OwnerListingFull).id).toBe((first.json() as OwnerListingFull).id);
    expect(await listingsOf(userId)).toBe(1);
    // Without a key, or with another, a create is a new listing.
    expect((await create(bearer(token), 'draft-other-key')).statusCode).toBe(201);
    expect((await create(bearer(token), undefined)).statusCode).toBe(201);
    expect(await listingsOf(userId)).toBe(3);
  });

  it('the same key with a different request is refused, in the caller’s language', async () => {
    const { userId, token } = await signIn(t.app);
    expect((await create(bearer(token), 'key-reused-0001')).statusCode).toBe(201);
    const changed = await create({ ...bearer(token), 'x-language': 'ms' }, 'key-reused-0001', condoInput({ price: 2600 }));
    expect(changed.statusCode).toBe(422);
    expect(changed.json()).toEqual({ errorCode: ErrorCode.IDEMPOTENCY_KEY_REUSED, message: ms['errors.11434'] });
    expect(await listingsOf(userId)).toBe(1);
  });

  it('keys belong to their user: another user with the same key gets their own listing', async () => {
    const a = await signIn(t.app);
    const b = await signIn(t.app);
    const mine = (await create(bearer(a.token), 'shared-key-123')).json() as OwnerListingFull;
    const theirs = await create(bearer(b.token), 'shared-key-123');
    expect(theirs.statusCode).toBe(201);
    expect((theirs.json() as OwnerListingFull).id).not.toBe(mine.id);
    expect((theirs.json() as OwnerListingFull).ownerId).toBe(b.userId);
  });

  it('the header is documented in the API description', async () => {
    const doc = (await t.app.inject({ url: '/api/docs/json' })).json() as {
      paths: Record<string, { post?: { parameters?: { in: string; name: string; required: boolean }[] } }>;
    };
    expect(doc.paths['/api/properties']?.post?.parameters).toContainEqual(
      expect.objectContaining({ in: 'header', name: 'idempotency-key', required: false }),
    );
  });

  it('a malformed key is refused before anything is created', async () => {
    const { userId, token } = await signIn(t.app);
    for (const key of ['short', 'has spaces in it', 'x'.repeat(129), 'semi;colon-key']) {
      const refused = await create(bearer(token), key);
      expect(refused.statusCode, key).toBe(422);
      expect(refused.json()).toMatchObject({ errorCode: ErrorCode.VALIDATION, fields: [{ path: 'headers.idempotency-key' }] });
    }
    expect(await listingsOf(userId)).toBe(0);
  });

  it('requests sent at once with one key create exactly one listing, and all of them get it', async () => {
    const { userId, token } = await signIn(t.app);
    const answers = await Promise.all(Array.from({ length: 6 }, () => create(bearer(token), 'double-tap-key-42')));
    expect(answers.map((a) => a.statusCode)).toEqual(Array(6).fill(201));
    expect(new Set(answers.map((a) => (a.json() as OwnerListingFull).id)).size).toBe(1);
    expect(answers.filter((a) => a.headers['idempotent-replayed'] === 'true')).toHaveLength(5);
    expect(await listingsOf(userId)).toBe(1);
  });

  it('a key is remembered for a day: after that it makes a new listing, and the jobs forget it', async () => {
    const { userId, token } = await signIn(t.app);
    const first = (await create(bearer(token), 'yesterdays-key')).json() as OwnerListingFull;
    const age = async (hours: number) =>
      t.database.db
        .update(idempotencyKeys)
        .set({ createdAt: sql`now() - make_interval(hours => ${hours})` })
        .where(eq(idempotencyKeys.userId, userId));
    await age(23);
    expect(((await create(bearer(token), 'yesterdays-key')).json() as OwnerListingFull).id).toBe(first.id);
    await age(25);
    const later = await create(bearer(token), 'yesterdays-key', condoInput({ price: 2500 }));
    expect(later.statusCode).toBe(201);
    expect((later.json() as OwnerListingFull).id).not.toBe(first.id);
    await age(25);
    const service = createListingManagementService({
      repository: createListingManagementRepository(t.database.db),
      store: new LocalDiskStore(t.config.mediaDir),
      secret: 'test-secret-test-secret-test-secret',
      publicUrl: 'http://kunci.test',
    });
    await runListingJobs(service, { send: async () => null }, { expiryNoticeDays: 3 });
    expect(await t.database.db.select().from(idempotencyKeys).where(eq(idempotencyKeys.userId, userId))).toEqual([]);
  });
});
