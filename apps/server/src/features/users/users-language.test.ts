import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, createTestApp, freshPhone, latestPin, type TestApp } from '../../../test/support.ts';

/**
 * The language stored in a profile (SMS, email, the language of the next sign-in) is the user's choice: pages
 * viewed in another language and later sign-ins leave it alone. Needs the web build (`npm run build`).
 */
describe('a user’s stored language', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ web: true, env: { PIN_RESEND_SECONDS: '0' } });
    if (!existsSync(join(t.config.webBuildDir, 'server', 'index.js'))) throw new Error('web build missing: run `npm run build` first');
  });
  afterAll(() => t.close());

  const signInAs = async (phone: string, language: string) => {
    await t.app.inject({ method: 'POST', url: '/api/pin/request', payload: { phoneNo: phone }, headers: { 'x-language': language } });
    const pin = await latestPin(t.app, phone);
    const res = await t.app.inject({ method: 'POST', url: '/api/pin/verify', payload: { phoneNo: phone, pin }, headers: { 'x-language': language } });
    return res.json() as { userId: string; token: string };
  };
  const stored = async (token: string) => (await t.app.inject({ url: '/api/users/profile', headers: bearer(token) })).json().language as string;

  it('is the language of the page a new user first signs in on, and later sign-ins keep it', async () => {
    const phone = freshPhone();
    const first = await signInAs(phone, 'ms');
    expect(await stored(first.token)).toBe('MY');
    const again = await signInAs(phone, 'zh');
    expect(await stored(again.token)).toBe('MY');
  });

  it('stays what the profile says while the user browses pages in other languages', async () => {
    const { userId, token } = await signInAs(freshPhone(), 'en');
    const chosen = await t.app.inject({ method: 'PUT', url: `/api/users/${userId}`, payload: { language: 'MY' }, headers: bearer(token) });
    expect(chosen.json().language).toBe('MY');
    const cookie = `authToken=${token}; id=${userId}`;
    for (const url of ['/zh', '/rent/bangsar', '/zh/dashboard/profile', '/dashboard']) {
      const res = await t.app.inject({ url, headers: { cookie } });
      expect(res.statusCode, url).toBe(200);
    }
    expect(await stored(token)).toBe('MY');
  });
});
