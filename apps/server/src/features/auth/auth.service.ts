import { createHmac, randomBytes, randomInt, timingSafeEqual } from 'node:crypto';
import { hash, verify } from '@node-rs/argon2';
import { ErrorCode } from '@kunci/contracts/errors';
import { fromStoredLanguage, toStoredLanguage, type Language } from '@kunci/i18n/locales';
import { translatorFor } from '@kunci/i18n/messages';
import type { Config } from '../../config/env.ts';
import { AppError } from '../../lib/app-error.ts';
import type { ActiveSession, SessionsRepository } from '../../lib/sessions.repository.ts';
import type { CounterStore } from '../../plugins/counters.ts';
import type { Messenger } from '../../plugins/messaging.ts';
import type { AuthRepository } from './auth.repository.ts';
import { normalizePhone } from '../../lib/phone.ts';

/** The sign-in settings of the configuration, with the PIN-hashing key resolved. */
export type AuthSettings = Omit<Config['auth'], 'secret'> & { secret: string };

export interface Caller {
  ip: string;
  deviceId: string | undefined;
  lang: Language;
}

const HOUR_MS = 3_600_000;
/** What a sign-in attempt proves: each has its own failure count and lock. */
type Credential = 'pin' | 'password';
/** A PIN sign-in this recent proves the owner well enough to replace a forgotten password. */
const RECENT_PIN_MS = 15 * 60_000;

export type FacebookSettings = NonNullable<Config['facebook']>;

export function createAuthService(deps: {
  repository: AuthRepository;
  sessions: SessionsRepository;
  counters: CounterStore;
  messenger: Messenger;
  settings: AuthSettings;
  facebook?: FacebookSettings | undefined;
}) {
  const { repository, sessions, counters, messenger, settings, facebook } = deps;

  /** Asks Facebook's Graph API who an OAuth code or access token belongs to. */
  async function facebookIdentity(input: { code: string; redirectUri: string } | { accessToken: string }): Promise<string> {
    if (!facebook) throw new AppError(ErrorCode.NOT_FOUND);
    const graph = async (path: string, query: Record<string, string>) => {
      const url = new URL(`${facebook.graphUrl}${path}`);
      for (const [key, value] of Object.entries(query)) url.searchParams.set(key, value);
      const response = await fetch(url, { signal: AbortSignal.timeout(10_000) }).catch(() => undefined);
      if (!response?.ok) throw new AppError(ErrorCode.FACEBOOK_FAILED, { path, status: response?.status });
      return (await response.json()) as Record<string, unknown>;
    };
    let accessToken: string;
    if ('code' in input) {
      const exchanged = await graph('/oauth/access_token', {
        client_id: facebook.appId,
        client_secret: facebook.appSecret,
        redirect_uri: input.redirectUri,
        code: input.code,
      });
      accessToken = String(exchanged['access_token'] ?? '');
    } else {
      // A token from the browser SDK must have been issued to our app.
      const debug = await graph('/debug_token', { input_token: input.accessToken, access_token: `${facebook.appId}|${facebook.appSecret}` });
      const data = debug['data'] as { app_id?: string; is_valid?: boolean } | undefined;
      if (!data?.is_valid || data.app_id !== facebook.appId) throw new AppError(ErrorCode.FACEBOOK_FAILED, { reason: 'token not for this app' });
      accessToken = input.accessToken;
    }
    const me = await graph('/me', { fields: 'id', access_token: accessToken });
    const id = typeof me['id'] === 'string' ? me['id'] : '';
    if (!/^\d{1,30}$/.test(id)) throw new AppError(ErrorCode.FACEBOOK_FAILED, { reason: 'no id' });
    return id;
  }
  const lockWindowMs = settings.lockMinutes * 60_000;

  const phoneOrFail = (input: string) => {
    const phone = normalizePhone(input);
    if (!phone) throw new AppError(ErrorCode.INVALID_PHONE, undefined, [{ path: 'body.phoneNo', message: 'field.phone' }]);
    return phone;
  };
  const pinHash = (phone: string, pin: string) => createHmac('sha256', settings.secret).update(`${phone}:${pin}`).digest();

  /**
   * An address that failed too often lately, whatever numbers it tried, is refused (429) until its window
   * ends: guessing across many numbers stays below each number's own limit.
   */
  async function assertAddressAllowed(caller: Caller) {
    const key = `fail:ip:${caller.ip}`;
    if ((await counters.get(key)) >= settings.maxFailuresPerIp) {
      throw await waitError('failures per ip', key, 'auth.wait.failuresFromAddress');
    }
  }

  /**
   * PIN sign-in and password sign-in lock separately: anyone can type wrong passwords for a number, and
   * that must not keep its owner from signing in with a PIN sent to their own phone.
   */
  async function assertNotLocked(phone: string, kind: Credential) {
    if ((await counters.get(`lock:${kind}:${phone}`)) > 0) throw await lockedError(phone, kind);
  }

  /** A locked sign-in says for how long it stays paused (the lock's time left, a whole minute at least). */
  async function lockedError(phone: string, kind: Credential) {
    const minutes = Math.max(1, Math.ceil((await counters.ttl(`lock:${kind}:${phone}`)) / 60_000));
    return new AppError(ErrorCode.ACCOUNT_LOCKED, { phone: phone.slice(0, 5), kind }, undefined, 'auth.wait.locked', { minutes });
  }

  /**
   * "Too many" refusals say how long to wait, in the caller's language: a bare "wait a moment" left people asking for
   * PINs again and again, each refused (Retry-After says the same to programs).
   */
  async function waitError(
    cap: string,
    key: string,
    messageKey: 'auth.wait.failuresFromAddress' | 'auth.wait.pinsFromAddress' | 'auth.wait.pinsForNumber',
  ) {
    const retryAfterMs = await counters.ttl(key);
    return new AppError(ErrorCode.RATE_LIMITED, { cap, retryAfterMs }, undefined, messageKey, {
      minutes: Math.max(1, Math.ceil(retryAfterMs / 60_000)),
    });
  }

  /**
   * Counts a wrong PIN or password against the number and the address; the number's last allowed one locks
   * that kind of sign-in for a while (shared through Redis) and tells the owner by SMS, once per lock.
   */
  async function failed(
    phone: string,
    user: { id: string; language: string } | undefined,
    code: ErrorCode,
    kind: Credential,
    caller: Caller,
  ): Promise<never> {
    const who = { userId: user?.id, phoneNumber: phone, ip: caller.ip, deviceId: caller.deviceId };
    await repository.audit(kind === 'pin' ? 'pin_failed' : 'password_failed', who);
    await counters.hit(`fail:ip:${caller.ip}`, lockWindowMs);
    const failures = await counters.hit(`fail:${kind}:${phone}`, lockWindowMs);
    if (failures < settings.maxFailures) throw new AppError(code);
    // Concurrent failures may all reach the limit: only the one that starts the lock reports it.
    const firstOfLock = (await counters.hit(`lock:${kind}:${phone}`, lockWindowMs)) === 1;
    await counters.reset(`fail:${kind}:${phone}`);
    if (kind === 'pin') await repository.expirePins(phone);
    if (firstOfLock) {
      await repository.audit('locked', who);
      if (user) {
        const t = translatorFor(fromStoredLanguage(user.language));
        const text = t(kind === 'pin' ? 'sms.lockedPin' : 'sms.lockedPassword', { minutes: settings.lockMinutes });
        // The refusal matters more than the notice: a gateway failure is recorded, not passed on.
        await messenger.sms(phone, text).catch(() => repository.audit('lock_notice_failed', who));
      }
    }
    throw await lockedError(phone, kind);
  }

  async function signIn(user: { id: string; status: string }, phone: string, method: ActiveSession['method'], caller: Caller) {
    if (user.status !== 'active') {
      await repository.audit('banned_refused', { userId: user.id, phoneNumber: phone, ip: caller.ip, deviceId: caller.deviceId });
      throw new AppError(ErrorCode.BANNED, { userId: user.id });
    }
    if (method !== 'facebook') await counters.reset(`fail:${method}:${phone}`);
    await repository.signedIn(user.id);
    const token = await sessions.create(user.id, method, caller.deviceId, settings.sessionTtlDays);
    await repository.audit(method === 'pin' ? 'pin_verified' : 'password_login', {
      userId: user.id,
      phoneNumber: phone,
      ip: caller.ip,
      deviceId: caller.deviceId,
    });
    return { userId: user.id, token };
  }

  async function sendPin(phone: string, purpose: 'login' | 'reset', caller: Caller) {
    const user = await repository.findUserByPhone(phone);
    await assertNotLocked(phone, 'pin');
    // The address first: a request it refuses must not spend the number's cooldown or hourly allowance, or
    // one address could keep an owner from getting their PIN.
    if ((await counters.hit(`pin:h:ip:${caller.ip}`, HOUR_MS)) > settings.pinMaxPerHourPerIp)
      throw await waitError('ip', `pin:h:ip:${caller.ip}`, 'auth.wait.pinsFromAddress');
    const cooldownMs = settings.pinResendSeconds * 1000;
    if (cooldownMs > 0 && (await counters.hit(`pin:cool:${phone}`, cooldownMs)) > 1) {
      const retryAfterMs = await counters.ttl(`pin:cool:${phone}`);
      const seconds = Math.max(1, Math.ceil(retryAfterMs / 1000));
      throw new AppError(ErrorCode.RATE_LIMITED, { retryAfterMs }, undefined, 'auth.wait.pinCooldown', { seconds });
    }
    if ((await counters.hit(`pin:h:phone:${phone}`, HOUR_MS)) > settings.pinMaxPerHourPerPhone)
      throw await waitError('phone', `pin:h:phone:${phone}`, 'auth.wait.pinsForNumber');

    const pin = String(randomInt(0, 1_000_000)).padStart(6, '0');
    await repository.replacePin(phone, purpose, pinHash(phone, pin).toString('hex'), settings.pinTtlSeconds);
    const t = translatorFor(user ? fromStoredLanguage(user.language) : caller.lang);
    const minutes = Math.round(settings.pinTtlSeconds / 60);
    await messenger.sms(phone, t(purpose === 'reset' ? 'sms.reset' : 'sms.pin', { pin, minutes }));
    await repository.audit(purpose === 'reset' ? 'reset_requested' : 'pin_requested', {
      userId: user?.id,
      phoneNumber: phone,
      ip: caller.ip,
      deviceId: caller.deviceId,
    });
    return { phoneNo: phone };
  }

  return {
    normalize: phoneOrFail,

    requestPin: (phoneInput: string, caller: Caller) => sendPin(phoneOrFail(phoneInput), 'login', caller),

    /**
     * Checks and normalizes a number, nothing more. The sign-in forms need no more (a new number signs up
     * with its first PIN; wrong passwords and locks are told when they happen), and anything more would
     * tell anyone who asks whether a number has an account, a password or a lock.
     */
    preCheck(phoneInput: string) {
      return { phoneNo: phoneOrFail(phoneInput) };
    },

    async verifyPin(phoneInput: string, pin: string, caller: Caller) {
      const phone = phoneOrFail(phoneInput);
      await assertAddressAllowed(caller);
      const existing = await repository.findUserByPhone(phone);
      await assertNotLocked(phone, 'pin');
      const active = await repository.latestActivePin(phone);
      const expected = active ? Buffer.from(active.pinHash, 'hex') : undefined;
      const given = pinHash(phone, pin);
      if (!active || !expected || expected.length !== given.length || !timingSafeEqual(expected, given)) {
        return failed(phone, existing, ErrorCode.WRONG_PIN, 'pin', caller);
      }
      if (!(await repository.consumePin(active.id))) return failed(phone, existing, ErrorCode.WRONG_PIN, 'pin', caller);
      const user = existing ?? (await repository.findOrCreateUser(phone, toStoredLanguage(caller.lang)));
      return signIn(user, phone, 'pin', caller);
    },

    async loginWithPassword(phoneInput: string, password: string, caller: Caller) {
      const phone = phoneOrFail(phoneInput);
      await assertAddressAllowed(caller);
      const user = await repository.findUserByPhone(phone);
      await assertNotLocked(phone, 'password');
      // Unknown numbers and accounts without a password answer exactly like a wrong password.
      const ok = user?.passwordHash ? await verify(user.passwordHash, password) : false;
      if (!user || !ok) return failed(phone, user, ErrorCode.WRONG_PASSWORD, 'password', caller);
      return signIn(user, phone, 'password', caller);
    },

    /** Whether the account of a number has Facebook connected (spec: pin/facebookconnect returns isAuthorised). */
    async facebookAuthorised(phoneInput: string) {
      const user = await repository.findUserByPhone(phoneOrFail(phoneInput));
      return { isAuthorised: Boolean(user?.facebookId) };
    },

    /**
     * Signs in the Kunci account linked to a Facebook identity. A signed-in caller without a link gets
     * their Facebook account linked instead; anyone else must first sign in with their phone number.
     */
    async facebookVerify(input: { code: string; redirectUri: string } | { accessToken: string }, session: ActiveSession | null, caller: Caller) {
      const facebookId = await facebookIdentity(input);
      const linked = await repository.findUserByFacebookId(facebookId);
      if (linked) {
        const result = await signIn(linked, linked.phoneNumber, 'facebook', caller);
        await repository.audit('facebook_login', { userId: linked.id, phoneNumber: linked.phoneNumber, ip: caller.ip, deviceId: caller.deviceId });
        return result;
      }
      if (!session) throw new AppError(ErrorCode.FACEBOOK_NOT_LINKED);
      await repository.linkFacebook(session.user.id, facebookId);
      await repository.audit('facebook_linked', {
        userId: session.user.id,
        phoneNumber: session.user.phoneNumber,
        ip: caller.ip,
        deviceId: caller.deviceId,
      });
      return signIn(session.user, session.user.phoneNumber, 'facebook', caller);
    },

    providers: () => ({
      facebook: facebook ? { appId: facebook.appId, authorizeUrl: facebook.dialogUrl } : null,
    }),

    async logout(session: ActiveSession, caller: Caller) {
      await sessions.revoke(session.id);
      await repository.audit('logout', { userId: session.user.id, phoneNumber: session.user.phoneNumber, ip: caller.ip, deviceId: caller.deviceId });
    },

    /** Sends a PIN to reset a forgotten password; 422 when the number is invalid or has no account. */
    async resetByPhone(phoneInput: string, caller: Caller) {
      const phone = phoneOrFail(phoneInput);
      if (!(await repository.findUserByPhone(phone)))
        throw new AppError(ErrorCode.VALIDATION, undefined, [{ path: 'params.phone', message: 'field.noAccount' }]);
      await sendPin(phone, 'reset', caller);
      return { phoneNo: phone, sent: true as const };
    },

    async setPassword(session: ActiveSession, password: string, currentPassword: string | undefined, caller: Caller) {
      const user = session.user;
      const recentPin = session.method === 'pin' && Date.now() - session.createdAt.getTime() < RECENT_PIN_MS;
      if (user.passwordHash && !recentPin) {
        if (!currentPassword) throw new AppError(ErrorCode.PASSWORD_REQUIRED);
        await assertNotLocked(user.phoneNumber, 'password');
        if (!(await verify(user.passwordHash, currentPassword))) return failed(user.phoneNumber, user, ErrorCode.WRONG_PASSWORD, 'password', caller);
      }
      await repository.setPasswordHash(user.id, await hash(password));
      // Whoever knew the old password (or holds a stolen session) is signed out everywhere but here; the
      // guesses at the old password no longer count against the new one.
      await sessions.revokeOthers(user.id, session.id);
      await counters.reset(`fail:password:${user.phoneNumber}`);
      await counters.reset(`lock:password:${user.phoneNumber}`);
      await repository.audit('password_set', { userId: user.id, phoneNumber: user.phoneNumber, ip: caller.ip, deviceId: caller.deviceId });
    },
  };
}
export type AuthService = ReturnType<typeof createAuthService>;

export function generateSecret(): string {
  return randomBytes(48).toString('base64url');
}
