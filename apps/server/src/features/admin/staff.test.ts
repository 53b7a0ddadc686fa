import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, users } from '@kunci/db/schema';
import { BUSINESS } from '@kunci/contracts/business';
import { createAuditLogRepository } from '../../lib/audit-log.repository.ts';
import { recentlyConfirmed } from '../../lib/staff.ts';
import { bearer, createTestApp, latestPin, signIn, type TestApp } from '../../../test/support.ts';

describe('staff confirmation and the audit log', () => {
  let t: TestApp;
  let staff: { userId: string; token: string; phone: string };
  beforeAll(async () => {
    t = await createTestApp({ env: { PIN_RESEND_SECONDS: '0' } });
    staff = await signIn(t.app);
    await t.database.db.update(users).set({ role: 'operations', name: 'Ops Aminah' }).where(eq(users.id, staff.userId));
  });
  afterAll(() => t.close());

  it('asks a staff session for a PIN sent by SMS, then counts it confirmed', async () => {
    const headers = bearer(staff.token);
    const before = (await t.app.inject({ url: '/api/admin/me', headers })).json();
    expect(before).toMatchObject({ role: 'operations', name: 'Ops Aminah', confirmedAt: null, confirmationNeeded: true });

    expect((await t.app.inject({ method: 'POST', url: '/api/admin/confirm/pin', headers })).statusCode).toBe(200);
    const pin = await latestPin(t.app, staff.phone);
    const wrong = String((Number(pin) + 1) % 1_000_000).padStart(6, '0');
    expect((await t.app.inject({ method: 'POST', url: '/api/admin/confirm', payload: { pin: wrong }, headers })).json().errorCode).toBe(10020);
    const confirmed = await t.app.inject({ method: 'POST', url: '/api/admin/confirm', payload: { pin }, headers });
    expect(confirmed.statusCode).toBe(200);
    // A PIN works once.
    expect((await t.app.inject({ method: 'POST', url: '/api/admin/confirm', payload: { pin }, headers })).statusCode).toBe(401);

    const after = (await t.app.inject({ url: '/api/admin/me', headers })).json();
    expect(after.confirmationNeeded).toBe(false);
    expect(after.confirmedAt).toBe(confirmed.json().confirmedAt);
  });

  it('stops a PIN after too many wrong tries', async () => {
    const headers = bearer(staff.token);
    await t.app.inject({ method: 'POST', url: '/api/admin/confirm/pin', headers });
    const pin = await latestPin(t.app, staff.phone);
    const wrong = String((Number(pin) + 1) % 1_000_000).padStart(6, '0');
    for (let i = 0; i < BUSINESS.staff.pinAttempts; i++)
      await t.app.inject({ method: 'POST', url: '/api/admin/confirm', payload: { pin: wrong }, headers });
    expect((await t.app.inject({ method: 'POST', url: '/api/admin/confirm', payload: { pin }, headers })).statusCode).toBe(401);
  });

  it('counts a confirmation for the configured minutes only', () => {
    const now = Date.now();
    const minutes = BUSINESS.staff.reconfirmMinutes;
    expect(recentlyConfirmed(new Date(now - (minutes * 60_000 - 1000)), now)).toBe(true);
    expect(recentlyConfirmed(new Date(now - (minutes * 60_000 + 1000)), now)).toBe(false);
    expect(recentlyConfirmed(null, now)).toBe(false);
  });

  it('keeps the audit log append-only: the database refuses UPDATE, DELETE and TRUNCATE', async () => {
    const db = t.database.db;
    await createAuditLogRepository(db).record({
      actor: { id: staff.userId, name: 'Ops Aminah', role: 'operations' },
      action: 'test.record',
      targetType: 'user',
      targetId: staff.userId,
      before: { status: 'active' },
      after: { status: 'banned' },
    });
    const [row] = await db.select().from(auditLog).where(eq(auditLog.action, 'test.record'));
    expect(row).toMatchObject({ actorName: 'Ops Aminah', before: { status: 'active' }, after: { status: 'banned' } });
    await expect(db.update(auditLog).set({ reason: 'rewritten' }).where(eq(auditLog.id, row!.id))).rejects.toThrow();
    await expect(db.delete(auditLog).where(eq(auditLog.id, row!.id))).rejects.toThrow();
    await expect(db.execute(sql`truncate audit_log`)).rejects.toThrow();
    const [still] = await db.select().from(auditLog).where(eq(auditLog.id, row!.id));
    expect(still!.reason).toBeNull();
  });
});
