import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { outboxMessages } from '@kunci/db/schema';
import { createTestApp, freshPhone, type TestApp } from '../../../test/support.ts';
import { createMessenger } from '../../plugins/messaging.ts';
import { createOutboxRepository } from '../../plugins/messaging.repository.ts';

describe('the development outbox outside demo mode', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ env: { DEMO_MODE: 'false' } });
  });
  afterAll(() => t.close());

  it('does not exist, even for this machine; messages without a provider are still kept in its table', async () => {
    const phone = freshPhone();
    expect((await t.app.inject({ method: 'POST', url: '/api/pin/request', payload: { phoneNo: phone } })).statusCode).toBe(200);
    const res = await t.app.inject({ url: `/api/dev/outbox?to=${encodeURIComponent(phone)}` });
    expect(res.statusCode).toBe(404);
    expect(res.body).not.toMatch(/\d{6}/);
    expect(await t.database.db.select().from(outboxMessages).where(eq(outboxMessages.to, phone))).toHaveLength(1);
  });
});

describe('the development outbox in demo mode', () => {
  let t: TestApp;
  let phone: string;
  beforeAll(async () => {
    t = await createTestApp({ web: true, env: { DEMO_MODE: 'true' } });
    if (!existsSync(join(t.config.webBuildDir, 'server', 'index.js'))) throw new Error('web build missing: run `npm run build` first');
    phone = freshPhone();
    await t.app.inject({ method: 'POST', url: '/api/pin/request', payload: { phoneNo: phone } });
  });
  afterAll(() => t.close());

  type From = { remoteAddress?: string; headers?: Record<string, string> };
  const read = (options: From = {}) => t.app.inject({ url: `/api/dev/outbox?to=${encodeURIComponent(phone)}`, ...options });

  it('answers requests from this machine', async () => {
    for (const remoteAddress of ['127.0.0.1', '::1', '::ffff:127.0.0.1']) {
      const res = await read({ remoteAddress });
      expect(res.statusCode, remoteAddress).toBe(200);
      expect(res.json()[0].body).toMatch(/PIN is \d{6}/);
      expect(res.json()[0]).toMatchObject({ channel: 'sms', html: null, headers: null });
    }
  });

  it('keeps an email’s HTML part and headers beside its text, and shows them on its page, the HTML in a sandboxed frame', async () => {
    // The app's own messenger without providers, writing to the same outbox.
    const messenger = createMessenger({
      outbox: createOutboxRepository(t.database.db),
      sms: { webhookUrl: undefined, webhookToken: undefined },
      email: { smtpUrl: undefined, from: t.config.email.from },
    });
    const to = `outbox-${Date.now()}@example.my`;
    const html = '<p>Card of <b>Residensi Bangsar</b></p><script>parent.document.title = "ran"</script>';
    const headers = {
      'List-Unsubscribe': '<http://localhost:3000/api/notices/unsubscribe?token=abc>',
      'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
    };
    await messenger.email(to, 'A new home', 'Residensi Bangsar, RM2,300', { html, headers });
    await messenger.email(to, 'Plain only', 'No HTML here');

    const messages = (await t.app.inject({ url: `/api/dev/outbox?to=${encodeURIComponent(to)}` })).json();
    expect(messages).toEqual([
      expect.objectContaining({ subject: 'Plain only', body: 'No HTML here', html: null, headers: null }),
      expect.objectContaining({ subject: 'A new home', body: 'Residensi Bangsar, RM2,300', html, headers }),
    ]);

    const page = (await t.app.inject({ url: `/dev/outbox?to=${encodeURIComponent(to)}` })).body;
    const frames = page.match(/<iframe[^>]*>/g) ?? [];
    expect(frames).toHaveLength(1);
    // No permission in the sandbox: the email's script does not run; its markup is the frame's document, escaped.
    expect(frames[0]).toContain(' sandbox=""');
    expect(frames[0]).toContain('title="HTML part of “A new home”"');
    expect(frames[0]).toContain('srcDoc="&lt;p&gt;Card of &lt;b&gt;Residensi Bangsar&lt;/b&gt;&lt;/p&gt;&lt;script&gt;');
    expect(page).not.toContain('<script>parent.document');
    expect(page).toContain('List-Unsubscribe-Post:</dt> <dd class="inline">List-Unsubscribe=One-Click</dd>');
    expect(page).toContain('&lt;http://localhost:3000/api/notices/unsubscribe?token=abc&gt;');
  });

  it('is not found from another machine, directly or through a proxy on this one', async () => {
    const attempts: From[] = [
      { remoteAddress: '203.0.113.5' },
      { headers: { 'x-forwarded-for': '203.0.113.5' } },
      { headers: { 'x-forwarded-for': '127.0.0.1, 203.0.113.5' } },
      { headers: { forwarded: 'for="[2001:db8::1]:4711"' } },
      { headers: { 'x-real-ip': '203.0.113.5' } },
    ];
    for (const attempt of attempts) {
      const res = await read(attempt);
      expect(res.statusCode, JSON.stringify(attempt)).toBe(404);
      expect(res.body).not.toMatch(/\d{6}/);
    }
  });

  it('shows its page to this machine only', async () => {
    const page = (options: From = {}) => t.app.inject({ url: `/dev/outbox?to=${encodeURIComponent(phone)}`, ...options });
    const local = await page();
    expect(local.statusCode).toBe(200);
    expect(local.body).toMatch(/PIN is \d{6}/);
    const elsewhere: From[] = [{ remoteAddress: '203.0.113.5' }, { headers: { 'x-forwarded-for': '203.0.113.5' } }];
    for (const attempt of elsewhere) {
      const res = await page(attempt);
      expect(res.statusCode, JSON.stringify(attempt)).toBe(404);
      expect(res.body).not.toMatch(/PIN is \d{6}/);
    }
    // The empty form is not shown either where the outbox does not answer.
    expect((await t.app.inject({ url: '/dev/outbox', remoteAddress: '203.0.113.5' })).statusCode).toBe(404);
  });
});

describe('behind a trusted proxy (TRUST_PROXY=true)', () => {
  it('believes the proxy about a visitor from elsewhere, and not a visitor claiming to be this machine', async () => {
    const t = await createTestApp({ env: { DEMO_MODE: 'true', TRUST_PROXY: 'true' } });
    const read = (forwardedFor: string) =>
      t.app.inject({ url: '/api/dev/outbox', headers: { 'x-forwarded-for': forwardedFor } }).then((r) => r.statusCode);
    expect(await read('127.0.0.1')).toBe(200);
    expect(await read('203.0.113.5')).toBe(404);
    expect(await read('127.0.0.1, 203.0.113.5')).toBe(404);
    await t.close();
  });
});
