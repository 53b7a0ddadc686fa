import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, createTestApp, signIn, type TestApp } from '../../../test/support.ts';

const masked = (phone: string) => `${phone.slice(0, 5)}•••${phone.slice(-4)}`;
const cookiesOf = (res: { headers: Record<string, unknown> }) => [res.headers['set-cookie'] ?? []].flat().map(String);
const form = (fields: Record<string, string>) => new URLSearchParams(fields).toString();

/** A sign-in link (`?token=&id=` on a page) signs in only after the visitor confirms the account it names. */
describe('sign-in links', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ web: true, env: { PUBLIC_URL: 'http://kunci.test' } });
    if (!existsSync(join(t.config.webBuildDir, 'server', 'index.js'))) throw new Error('web build missing: run `npm run build` first');
  });
  afterAll(() => t.close());

  const page = (url: string, cookie = '') => t.app.inject({ url, headers: cookie ? { cookie } : {} });
  const confirm = (cookie: string, fields: Record<string, string>, origin = 'http://kunci.test') =>
    t.app.inject({
      method: 'POST',
      url: '/login/link',
      headers: { cookie, origin, host: 'kunci.test', 'content-type': 'application/x-www-form-urlencoded' },
      payload: form(fields),
    });

  it('holds the token, strips it from the URL and asks, naming the account by its masked number', async () => {
    const { userId, token, phone } = await signIn(t.app);
    const res = await page(`/rent/bangsar?id=${userId}&token=${token}&deviceId=web-x&isNewUser=true&q=bang`);
    expect(res.statusCode).toBe(302);
    expect(res.headers.location).toBe('/login/link?origin=%2Frent%2Fbangsar%3Fq%3Dbang');
    const cookies = cookiesOf(res);
    expect(cookies.join('\n')).not.toContain('authToken=');
    const held = cookies.find((c) => c.startsWith('signInLink='))!;
    expect(held).toContain('HttpOnly');

    const asked = await page(res.headers.location!, held.split(';')[0]!);
    expect(asked.statusCode).toBe(200);
    expect(asked.body).toContain(`Continue as ${masked(phone)}`);
    expect(asked.body).not.toContain(phone);
    expect(cookiesOf(asked).join('\n')).not.toContain('authToken=');

    const done = await confirm(held.split(';')[0]!, { intent: 'continue', origin: '/rent/bangsar?q=bang' });
    expect(done.statusCode).toBe(302);
    expect(done.headers.location).toBe('/rent/bangsar?q=bang');
    const set = cookiesOf(done).join('\n');
    expect(set).toContain(`authToken=${token}`);
    expect(set).toContain(`id=${userId}`);
    expect(set).toMatch(/signInLink=; Path=\/; Max-Age=0/);
  });

  it('drops a token that signs no one in', async () => {
    const { userId } = await signIn(t.app);
    const forged = await page(`/rent/bangsar?id=${userId}&token=not-a-real-token`);
    expect(forged.statusCode).toBe(302);
    expect(forged.headers.location).toBe('/rent/bangsar');
    expect(cookiesOf(forged).join('\n')).not.toMatch(/authToken=|signInLink=/);
  });

  it('says so to a visitor signed in as someone else, and ends that session if they continue', async () => {
    const visitor = await signIn(t.app);
    const sender = await signIn(t.app);
    const held = cookiesOf(await page(`/?id=${sender.userId}&token=${sender.token}`))
      .find((c) => c.startsWith('signInLink='))!
      .split(';')[0]!;
    const both = `authToken=${visitor.token}; id=${visitor.userId}; ${held}`;
    const asked = await page('/my/login/link', both);
    expect(asked.statusCode).toBe(200);
    expect(asked.body).toContain(`Anda sedang log masuk sebagai ${masked(visitor.phone)}`);
    expect(asked.body).toContain(`Teruskan sebagai ${masked(sender.phone)}`);

    // "Not my account" leaves the visitor as they were.
    const cancelled = await confirm(both, { intent: 'cancel', origin: '' });
    expect(cookiesOf(cancelled).join('\n')).not.toContain('authToken=');
    expect((await t.app.inject({ url: '/api/users/profile', headers: bearer(visitor.token) })).statusCode).toBe(200);

    const switched = await confirm(both, { intent: 'continue', origin: '' });
    expect(switched.statusCode).toBe(302);
    expect(cookiesOf(switched).join('\n')).toContain(`authToken=${sender.token}`);
    expect((await t.app.inject({ url: '/api/users/profile', headers: bearer(visitor.token) })).statusCode).toBe(401);
  });

  it('goes straight on when the visitor is already that account', async () => {
    const me = await signIn(t.app);
    const held = cookiesOf(await page(`/zh?id=${me.userId}&token=${me.token}`))
      .find((c) => c.startsWith('signInLink='))!
      .split(';')[0]!;
    const res = await page('/zh/login/link?origin=%2Fzh%2Fdashboard', `authToken=${me.token}; id=${me.userId}; ${held}`);
    expect(res.statusCode).toBe(302);
    expect(res.headers.location).toBe('/zh/dashboard');
  });

  it('signs no one in from another site’s form, or without a held link', async () => {
    const { userId, token } = await signIn(t.app);
    const held = cookiesOf(await page(`/?id=${userId}&token=${token}`))
      .find((c) => c.startsWith('signInLink='))!
      .split(';')[0]!;
    // Refused before any cookie is written (403 from the page shell or 400 from the router's own origin check).
    const evil = await confirm(held, { intent: 'continue', origin: '' }, 'https://evil.example');
    expect([400, 403]).toContain(evil.statusCode);
    expect(cookiesOf(evil).join('\n')).not.toContain('authToken=');
    const none = await confirm('', { intent: 'continue', origin: '' });
    expect(none.statusCode).toBe(302);
    expect(cookiesOf(none).join('\n')).not.toContain('authToken=');
    const expired = await page('/zh/login/link');
    expect(expired.statusCode).toBe(200);
    expect(expired.body).toContain('此登录链接已失效');
  });
});

describe('sign-in cookies in production', () => {
  it('are Secure even when PUBLIC_URL is plain http', async () => {
    const t = await createTestApp({ web: true, env: { NODE_ENV: 'production', PUBLIC_URL: 'http://127.0.0.1:3000' } });
    try {
      const { userId, token } = await signIn(t.app);
      const held = cookiesOf(await t.app.inject({ url: `/?id=${userId}&token=${token}` })).find((c) => c.startsWith('signInLink='))!;
      expect(held).toContain('; Secure');
      const done = await t.app.inject({
        method: 'POST',
        url: '/login/link',
        headers: {
          cookie: held.split(';')[0]!,
          origin: 'http://127.0.0.1:3000',
          host: '127.0.0.1:3000',
          'content-type': 'application/x-www-form-urlencoded',
        },
        payload: form({ intent: 'continue', origin: '' }),
      });
      const session = cookiesOf(done).filter((c) => c.startsWith('authToken=') || c.startsWith('id='));
      expect(session).toHaveLength(2);
      for (const cookie of session) expect(cookie).toContain('; Secure');
    } finally {
      await t.close();
    }
  });
});
