import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ErrorCode } from '@kunci/contracts/errors';
import { authEvents, pins, sessions, users } from '@kunci/db/schema';
import { DEMO_ACCOUNTS, ensureDemoAccounts } from '../../cli/demo-accounts.ts';
import { bearer, createTestApp, freshPhone, latestPin, openTestDatabase, signIn, testRedisUrl, type TestApp } from '../../../test/support.ts';
import { outbox } from '../../../test/outbox.ts';

const post = (t: TestApp, url: string, payload?: object, headers: Record<string, string> = {}) =>
  t.app.inject({ method: 'POST', url, payload, headers });

describe('phone and PIN sign-in', () => {
  let t: TestApp;
  const logs: string[] = [];
  beforeAll(async () => {
    t = await createTestApp({ env: { LOG_LEVEL: 'info' }, logStream: { write: (line) => logs.push(line) } });
  });
  afterAll(() => t.close());

  it('normalizes the number: a leading + added, Malaysia by default', async () => {
    for (const [input, expected] of [
      ['0123456789', '+60123456789'],
      ['60123456789', '+60123456789'],
      ['+60 12-345 6789', '+60123456789'],
      ['+6591234567', '+6591234567'],
    ]) {
      const res = await post(t, '/api/pin/pre-check', { phoneNo: input });
      expect(res.statusCode, input).toBe(200);
      expect(res.json().phoneNo, input).toBe(expected);
    }
    const requested = await post(t, '/api/pin/request', { phoneNo: '0123456788' });
    expect(requested.json()).toEqual({ phoneNo: '+60123456788' });
    const [message] = await outbox(t.app, '0123456788');
    expect(message).toMatchObject({ channel: 'sms', to: '+60123456788' });
    expect(message?.body).toMatch(/Your Kunci PIN is \d{6}\./);
  });

  it('refuses an invalid number with 422 "Invalid mobile number", in the caller’s language', async () => {
    const res = await post(t, '/api/pin/request', { phoneNo: '0100' + '0' }, { 'accept-language': 'ms' });
    expect(res.statusCode).toBe(422);
    expect(res.json()).toMatchObject({ errorCode: ErrorCode.INVALID_PHONE, message: 'Nombor telefon bimbit tidak sah' });
    expect((await post(t, '/api/pin/request', { phoneNo: '12345678901234' })).json().message).toBe('Invalid mobile number');
  });

  it('signs a new number up, and the PIN works once', async () => {
    const phone = freshPhone();
    expect((await post(t, '/api/pin/pre-check', { phoneNo: phone })).json()).toEqual({ phoneNo: phone });
    await post(t, '/api/pin/request', { phoneNo: phone });
    const pin = await latestPin(t.app, phone);
    const res = await post(t, '/api/pin/verify', { phoneNo: phone, pin });
    expect(res.statusCode).toBe(200);
    const { userId, token } = res.json();
    expect(token).toMatch(/^[\w-]{40,}$/);
    const me = await t.app.inject({ url: '/api/users/profile', headers: bearer(token) });
    expect(me.json()).toMatchObject({ id: userId, phoneNumber: phone, phoneNo: phone, name: 'guest', passwordSet: false, language: 'EN' });
    const again = await post(t, '/api/pin/verify', { phoneNo: phone, pin });
    expect(again.statusCode).toBe(401);
    expect(again.json().errorCode).toBe(ErrorCode.WRONG_PIN);
    // Registered now, and the pre-check answers exactly as before: it tells no one whether a number has an account.
    expect((await post(t, '/api/pin/pre-check', { phoneNo: phone })).json()).toEqual({ phoneNo: phone });
  });

  it('keeps no PIN or token readable in the database or the logs', async () => {
    const phone = freshPhone();
    await post(t, '/api/pin/request', { phoneNo: phone });
    const pin = await latestPin(t.app, phone);
    const { token } = (await post(t, '/api/pin/verify', { phoneNo: phone, pin })).json();
    await t.app.inject({ url: `/api/users/profile?token=${token}`, headers: bearer(token) });
    const dump = JSON.stringify([
      await t.database.db.select().from(pins).where(eq(pins.phoneNumber, phone)),
      await t.database.db.select().from(sessions),
      await t.database.db.select().from(authEvents),
      await t.database.db.select().from(users).where(eq(users.phoneNumber, phone)),
    ]);
    expect(dump).not.toContain(token);
    expect(dump).not.toContain(`"${pin}"`);
    expect(dump).not.toMatch(new RegExp(`[^0-9a-f]${pin}[^0-9a-f]`));
    const logged = logs.join('');
    expect(logged).toContain('/api/users/profile?token=[redacted]');
    expect(logged).not.toContain(token);
    expect(logged).not.toContain(pin);
  });

  it('enforces a resend cooldown with Retry-After', async () => {
    const phone = freshPhone();
    expect((await post(t, '/api/pin/request', { phoneNo: phone })).statusCode).toBe(200);
    const res = await post(t, '/api/pin/request', { phoneNo: phone });
    expect(res.statusCode).toBe(429);
    expect(res.json().errorCode).toBe(ErrorCode.RATE_LIMITED);
    expect(Number(res.headers['retry-after'])).toBeGreaterThan(0);
    // The refusal says how long, in the caller's language: the PIN sent still works.
    const seconds = Number(res.headers['retry-after']);
    expect(res.json().message).toBe(
      `We sent a PIN to this number moments ago and it still works. You can ask for a new one in ${seconds} second${seconds === 1 ? '' : 's'}.`,
    );
    const malay = await post(t, '/api/pin/request', { phoneNo: phone }, { 'x-language': 'ms' });
    expect(malay.json().message).toMatch(/^Kami telah menghantar PIN .* dalam \d+ saat\.$/);
    const chinese = await post(t, '/api/pin/request', { phoneNo: phone }, { 'x-language': 'zh' });
    expect(chinese.json().message).toMatch(/您可在 \d+ 秒后申请新的验证码。$/);
  });

  it('locks the account after five wrong PINs; even the right PIN is refused then', async () => {
    const phone = freshPhone();
    await post(t, '/api/pin/request', { phoneNo: phone });
    const pin = await latestPin(t.app, phone);
    const wrong = pin === '000000' ? '111111' : '000000';
    const answers = [];
    for (let i = 0; i < 6; i++) answers.push((await post(t, '/api/pin/verify', { phoneNo: phone, pin: wrong })).json().errorCode);
    expect(answers).toEqual([10020, 10020, 10020, 10020, ErrorCode.ACCOUNT_LOCKED, ErrorCode.ACCOUNT_LOCKED]);
    // How long the pause lasts (the lock's time left, LOCK_MINUTES at most), in the caller's language.
    const locked = await post(t, '/api/pin/verify', { phoneNo: phone, pin: wrong }, { 'x-language': 'ms' });
    expect(locked.json().message).toBe(
      `Terlalu banyak percubaan yang salah. Log masuk dengan cara ini digantung selama ${t.config.auth.lockMinutes} minit lagi.`,
    );
    expect((await post(t, '/api/pin/verify', { phoneNo: phone, pin })).statusCode).toBe(423);
    expect((await post(t, '/api/pin/request', { phoneNo: phone })).statusCode).toBe(423);
    expect((await post(t, '/api/pin/pre-check', { phoneNo: phone })).json()).toEqual({ phoneNo: phone });
    const events = await t.database.db.select({ event: authEvents.event }).from(authEvents).where(eq(authEvents.phoneNumber, phone));
    expect(events.map((e) => e.event)).toContain('locked');
  });
});

describe('hourly caps', () => {
  it('caps PINs per number per hour', async () => {
    const t = await createTestApp({ env: { PIN_RESEND_SECONDS: '0', PIN_MAX_PER_HOUR_PER_PHONE: '3' } });
    const phone = freshPhone();
    const codes = [];
    for (let i = 0; i < 3; i++) codes.push((await post(t, '/api/pin/request', { phoneNo: phone })).statusCode);
    const capped = await post(t, '/api/pin/request', { phoneNo: phone });
    expect([...codes, capped.statusCode]).toEqual([200, 200, 200, 429]);
    // The number's hour started with its first PIN: about an hour to wait, said in minutes and sent as Retry-After.
    expect(Number(capped.headers['retry-after'])).toBeGreaterThan(3500);
    expect(capped.json().message).toBe('Too many PINs were asked for this number. Please try again in 60 minutes.');
    await t.close();
  });

  it('caps PINs per IP per hour', async () => {
    const t = await createTestApp({ env: { PIN_RESEND_SECONDS: '0', PIN_MAX_PER_HOUR_PER_IP: '2' } });
    const codes = [];
    for (let i = 0; i < 3; i++)
      codes.push(
        (await t.app.inject({ method: 'POST', url: '/api/pin/request', payload: { phoneNo: freshPhone() }, remoteAddress: '10.7.7.7' })).statusCode,
      );
    expect(codes).toEqual([200, 200, 429]);
    const chinese = await t.app.inject({
      method: 'POST',
      url: '/api/pin/request',
      payload: { phoneNo: freshPhone() },
      remoteAddress: '10.7.7.7',
      headers: { 'x-language': 'zh' },
    });
    expect(chinese.json().message).toBe('您所在的网络申请验证码的次数过多，请在 60 分钟后再试。');
    await t.close();
  });
});

describe('passwords, sessions and bans', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ env: { PIN_RESEND_SECONDS: '0' } });
  });
  afterAll(() => t.close());

  it('sets a password after a PIN sign-in, then signs in with it (argon2id)', async () => {
    const { userId, token, phone } = await signIn(t.app);
    expect((await post(t, `/api/users/${userId}/reset-password`, { password: 'short' }, bearer(token))).statusCode).toBe(422);
    expect((await post(t, `/api/users/${userId}/reset-password`, { password: 'kunci-rumah-2026' }, bearer(token))).statusCode).toBe(204);
    const [row] = await t.database.db.select({ hash: users.passwordHash }).from(users).where(eq(users.id, userId));
    expect(row!.hash).toMatch(/^\$argon2id\$/);
    const login = await post(t, '/api/login', { phoneNo: phone.replace('+60', '0'), password: 'kunci-rumah-2026' });
    expect(login.statusCode).toBe(200);
    expect(login.json().userId).toBe(userId);
    const wrong = await post(t, '/api/login', { phoneNo: phone, password: 'nope-nope-nope' });
    expect(wrong.statusCode).toBe(401);
    expect(wrong.json().errorCode).toBe(ErrorCode.WRONG_PASSWORD);
    // A password session must give the current password to change it.
    const passwordToken = login.json().token;
    expect((await post(t, `/api/users/${userId}/reset-password`, { password: 'another-one-2026' }, bearer(passwordToken))).json().errorCode).toBe(
      ErrorCode.PASSWORD_REQUIRED,
    );
    expect(
      (
        await post(
          t,
          `/api/users/${userId}/reset-password`,
          { password: 'another-one-2026', currentPassword: 'kunci-rumah-2026' },
          bearer(passwordToken),
        )
      ).statusCode,
    ).toBe(204);
  });

  it('answers an unknown number like a wrong password', async () => {
    const res = await post(t, '/api/login', { phoneNo: freshPhone(), password: 'whatever-123' });
    expect(res.statusCode).toBe(401);
    expect(res.json().errorCode).toBe(ErrorCode.WRONG_PASSWORD);
  });

  it('revokes the token on logout', async () => {
    const { token } = await signIn(t.app);
    expect((await t.app.inject({ url: '/api/users/profile', headers: bearer(token) })).statusCode).toBe(200);
    expect((await post(t, '/api/logout', undefined, bearer(token))).statusCode).toBe(204);
    const after = await t.app.inject({ url: '/api/users/profile', headers: bearer(token) });
    expect(after.statusCode).toBe(401);
    expect(after.json().errorCode).toBe(ErrorCode.UNAUTHORIZED);
  });

  it('refuses banned users with 403 10100 on sign-in and on every call', async () => {
    const { userId, token, phone } = await signIn(t.app);
    await t.database.db.update(users).set({ status: 'banned' }).where(eq(users.id, userId));
    const call = await t.app.inject({ url: '/api/areas', headers: bearer(token) });
    expect(call.statusCode).toBe(403);
    expect(call.json().errorCode).toBe(ErrorCode.BANNED);
    await post(t, '/api/pin/request', { phoneNo: phone });
    const again = await post(t, '/api/pin/verify', { phoneNo: phone, pin: await latestPin(t.app, phone) });
    expect(again.statusCode).toBe(403);
    expect(again.json().errorCode).toBe(ErrorCode.BANNED);
  });

  it('resets a forgotten password by phone', async () => {
    expect((await post(t, `/api/users/reset-password/by-phone/${encodeURIComponent('+60 1')}`)).statusCode).toBe(422);
    expect((await post(t, `/api/users/reset-password/by-phone/${encodeURIComponent(freshPhone())}`)).statusCode).toBe(422);
    const { phone } = await signIn(t.app);
    const res = await post(t, `/api/users/reset-password/by-phone/${encodeURIComponent(phone)}`);
    expect(res.statusCode).toBe(200);
    const [message] = await outbox(t.app, phone);
    expect(message?.body).toContain('reset your password');
  });

  it('refuses cookie-authenticated writes from another site', async () => {
    const { token, userId } = await signIn(t.app);
    const cookie = `authToken=${token}`;
    const evil = await t.app.inject({
      method: 'PUT',
      url: `/api/users/${userId}`,
      payload: { name: 'Mallory' },
      headers: { cookie, origin: 'https://evil.example' },
    });
    expect(evil.statusCode).toBe(403);
    const own = await t.app.inject({
      method: 'PUT',
      url: `/api/users/${userId}`,
      payload: { name: 'Aisyah' },
      headers: { cookie, origin: t.config.publicUrl },
    });
    expect(own.statusCode).toBe(200);
    expect((await t.app.inject({ url: '/api/users/profile', headers: { cookie } })).json().name).toBe('Aisyah');
  });

  it('sends the PIN in the user’s stored language', async () => {
    const { userId, token, phone } = await signIn(t.app);
    await t.app.inject({ method: 'PUT', url: `/api/users/${userId}`, payload: { language: 'MY' }, headers: bearer(token) });
    await post(t, '/api/pin/request', { phoneNo: phone });
    const [message] = await outbox(t.app, phone);
    expect(message?.body).toMatch(/^PIN Kunci anda ialah \d{6}/);
  });
});

describe('failure limits per number and per address', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ env: { PIN_RESEND_SECONDS: '0', PIN_MAX_PER_HOUR_PER_PHONE: '50', PIN_MAX_PER_HOUR_PER_IP: '1000' } });
  });
  afterAll(() => t.close());

  const from = (address: string, url: string, payload: object) => t.app.inject({ method: 'POST', url, payload, remoteAddress: address });
  const sms = async (phone: string) => (await outbox(t.app, phone, 200)).map((m) => m.body);

  it('five wrong passwords for the demo tenant lock password sign-in only: the tenant still signs in by PIN, and is told once', async () => {
    await ensureDemoAccounts(t.database.db);
    const tenant = DEMO_ACCOUNTS[0];
    const attempts = [];
    for (let i = 0; i < 6; i++)
      attempts.push((await from('198.51.100.7', '/api/login', { phoneNo: tenant.phoneNumber, password: `guess-${i}` })).statusCode);
    expect(attempts).toEqual([401, 401, 401, 401, 423, 423]);
    // The right password waits for the lock to end...
    expect((await from('192.0.2.10', '/api/login', { phoneNo: tenant.phoneNumber, password: tenant.password })).statusCode).toBe(423);
    // ...but a PIN to the tenant's own phone is sent and signs them in.
    expect((await from('192.0.2.10', '/api/pin/request', { phoneNo: tenant.phoneNumber })).statusCode).toBe(200);
    const pin = await latestPin(t.app, tenant.phoneNumber);
    const signedIn = await from('192.0.2.10', '/api/pin/verify', { phoneNo: tenant.phoneNumber, pin });
    expect(signedIn.statusCode).toBe(200);
    const notices = (await sms(tenant.phoneNumber)).filter((body) => body.includes('wrong passwords'));
    expect(notices).toEqual([
      'Kunci: too many wrong passwords were tried for your account, so signing in with a password is paused for 15 minutes. You can still sign in with a PIN sent to this phone. If it was not you, consider changing your password.',
    ]);
  });

  it('tells the owner of a number locked by wrong PINs once, in their language; the password still works', async () => {
    const { userId, token, phone } = await signIn(t.app);
    await t.app.inject({ method: 'PUT', url: `/api/users/${userId}`, payload: { language: 'ZH' }, headers: bearer(token) });
    await post(t, `/api/users/${userId}/reset-password`, { password: 'kunci-rumah-2026' }, bearer(token));
    const codes = [];
    for (let i = 0; i < 7; i++) codes.push((await from('198.51.100.8', '/api/pin/verify', { phoneNo: phone, pin: '000000' })).statusCode);
    expect(codes).toEqual([401, 401, 401, 401, 423, 423, 423]);
    expect((await from('192.0.2.11', '/api/pin/request', { phoneNo: phone })).statusCode).toBe(423);
    const notices = (await sms(phone)).filter((body) => body.includes('验证码登录已暂停'));
    expect(notices).toHaveLength(1);
    expect(notices[0]).toContain('15 分钟');
    expect((await from('192.0.2.11', '/api/login', { phoneNo: phone, password: 'kunci-rumah-2026' })).statusCode).toBe(200);
  });

  it('refuses an address after its limit of wrong PINs, however many numbers it spreads them over', async () => {
    const phones = Array.from({ length: 20 }, () => freshPhone());
    const codes: number[] = [];
    for (const phone of phones)
      for (let i = 0; i < 4; i++) codes.push((await from('203.0.113.66', '/api/pin/verify', { phoneNo: phone, pin: '000000' })).statusCode);
    expect(codes).toHaveLength(80);
    expect(codes.slice(0, 20)).toEqual(Array(20).fill(401));
    expect(codes.slice(20)).toEqual(Array(60).fill(429));
    const refused = await from('203.0.113.66', '/api/login', { phoneNo: phones[0]!, password: 'anything-at-all' });
    expect(refused.statusCode).toBe(429);
    expect(refused.json().errorCode).toBe(ErrorCode.RATE_LIMITED);
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    // The numbers themselves are not locked: their owners sign in from their own addresses.
    expect((await from('192.0.2.12', '/api/pin/request', { phoneNo: phones[5]! })).statusCode).toBe(200);
    const pin = await latestPin(t.app, phones[5]!);
    expect((await from('192.0.2.12', '/api/pin/verify', { phoneNo: phones[5]!, pin })).statusCode).toBe(200);
  });
});

describe('PIN caps in order', () => {
  it('a request refused by the address cap spends none of the number’s allowance', async () => {
    const t = await createTestApp({ env: { PIN_RESEND_SECONDS: '0', PIN_MAX_PER_HOUR_PER_IP: '2', PIN_MAX_PER_HOUR_PER_PHONE: '2' } });
    const victim = freshPhone();
    const request = (address: string, phoneNo: string) =>
      t.app.inject({ method: 'POST', url: '/api/pin/request', payload: { phoneNo }, remoteAddress: address }).then((r) => r.statusCode);
    const attacker = [await request('198.51.100.9', freshPhone()), await request('198.51.100.9', freshPhone())];
    for (let i = 0; i < 5; i++) attacker.push(await request('198.51.100.9', victim));
    expect(attacker).toEqual([200, 200, 429, 429, 429, 429, 429]);
    expect([await request('192.0.2.13', victim), await request('192.0.2.13', victim)]).toEqual([200, 200]);
    await t.close();
  });
});

describe('sessions when the password changes', () => {
  it('setting or resetting the password ends the user’s other sessions and keeps the current one', async () => {
    const t = await createTestApp({ env: { PIN_RESEND_SECONDS: '0' } });
    const profile = (token: string) => t.app.inject({ url: '/api/users/profile', headers: bearer(token) }).then((r) => r.statusCode);
    const first = await signIn(t.app);
    const second = await signIn(t.app, first.phone);
    expect((await post(t, `/api/users/${first.userId}/reset-password`, { password: 'kunci-rumah-2026' }, bearer(first.token))).statusCode).toBe(204);
    expect([await profile(first.token), await profile(second.token)]).toEqual([200, 401]);

    // Forgot it: a reset PIN signs in on another device, the new password ends every other session.
    const byPassword = (await post(t, '/api/login', { phoneNo: first.phone, password: 'kunci-rumah-2026' })).json().token as string;
    await post(t, `/api/users/reset-password/by-phone/${encodeURIComponent(first.phone)}`);
    const reset = (await post(t, '/api/pin/verify', { phoneNo: first.phone, pin: await latestPin(t.app, first.phone) })).json().token as string;
    expect((await post(t, `/api/users/${first.userId}/reset-password`, { password: 'another-rumah-2026' }, bearer(reset))).statusCode).toBe(204);
    expect([await profile(first.token), await profile(byPassword), await profile(reset)]).toEqual([401, 401, 200]);
    await t.close();
  });
});

describe.runIf(testRedisUrl())('across two instances sharing PostgreSQL or PGlite and Redis', () => {
  it('counts wrong PINs on both and locks on both', async () => {
    const database = await openTestDatabase();
    const a = await createTestApp({ database, redis: true });
    const b = await createTestApp({ database, redis: true });
    const phone = freshPhone();
    await post(a, '/api/pin/request', { phoneNo: phone });
    const pin = await latestPin(a.app, phone);
    const wrong = pin === '000000' ? '111111' : '000000';
    const codes = [];
    for (let i = 0; i < 6; i++) codes.push((await post(i % 2 ? b : a, '/api/pin/verify', { phoneNo: phone, pin: wrong })).statusCode);
    expect(codes).toEqual([401, 401, 401, 401, 423, 423]);
    expect((await post(b, '/api/pin/verify', { phoneNo: phone, pin })).statusCode).toBe(423);
    // The resend cooldown is shared too.
    const other = freshPhone();
    expect((await post(a, '/api/pin/request', { phoneNo: other })).statusCode).toBe(200);
    expect((await post(b, '/api/pin/request', { phoneNo: other })).statusCode).toBe(429);
    await a.app.close();
    await b.app.close();
    await database.drop();
  });
});
