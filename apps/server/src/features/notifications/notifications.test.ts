import { createECDH, randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { eq, sql } from 'drizzle-orm';
import webPush from 'web-push';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { NOTICE_GROUPS, type NoticeList, type NoticePreferences } from '@kunci/contracts/notifications';
import { chatConversations, chatMessages, noticeDeliveries, outboxMessages, properties, users } from '@kunci/db/schema';
import { bearer, createTestApp, signIn, type TestApp } from '../../../test/support.ts';
import { chatUnanswered } from './landlord-notices.ts';
import { createLandlordResponseRepository } from './landlord-response.repository.ts';
import { createLandlordResponseService } from './landlord-response.service.ts';
import { readUnsubscribeToken, renderEmail } from './notice-render.ts';
import { defineNotice, noticeTypes, type NoticeType } from '../../lib/notices.ts';
import { NOTICE_GROUPS as NOTICE_GROUPS_OF_TYPES } from './notice-groups.ts';
import { createNotificationsRepository } from './notifications.repository.ts';

/** A notice type of this test, worded as a saved-search alert (features define theirs beside them). */
const savedSearchMatch = defineNotice<{ search: string; listing: string; price: string; area: string }>({
  type: 'test.alert',
  label: 'notifications.saved.notice.matchLabel',
  title: 'notifications.saved.notice.matchTitle',
  body: 'notifications.saved.notice.matchBody',
  channels: { email: true, push: true },
});

/** Runs every due job (deliveries) until none is left. */
async function drain(t: TestApp) {
  while ((await t.app.jobs.runOnce()) > 0);
}

const outbox = (t: TestApp, to: string) => t.database.db.select().from(outboxMessages).where(eq(outboxMessages.to, to)).orderBy(outboxMessages.id);

describe('notification centre', () => {
  let t: TestApp;
  let tenant: { userId: string; phone: string; headers: Record<string, string>; email: string };
  let other: { userId: string; headers: Record<string, string> };

  const match = (recipientId: string, key?: string) =>
    t.app.notifications.send({
      type: savedSearchMatch,
      recipientId,
      link: { route: 'details', params: { id: 42 } },
      params: { search: 'Bangsar condos', listing: 'Residensi Bangsar', price: 'RM2,300', area: 'Bangsar' },
      items: [{ title: 'Residensi Bangsar', subtitle: 'RM2,300 a month · 2 bedrooms · Bangsar', link: { route: 'details', params: { id: 42 } } }],
      ...(key ? { key } : {}),
    });

  beforeAll(async () => {
    t = await createTestApp({ env: { PIN_RESEND_SECONDS: '0', PIN_MAX_PER_HOUR_PER_PHONE: '1000', PIN_MAX_PER_HOUR_PER_IP: '1000' } });
    const a = await signIn(t.app);
    const b = await signIn(t.app);
    const email = `tenant-${Date.now()}@example.my`;
    await t.database.db.update(users).set({ email, language: 'MY' }).where(eq(users.id, a.userId));
    tenant = { userId: a.userId, phone: a.phone, headers: bearer(a.token), email };
    other = { userId: b.userId, headers: bearer(b.token) };
  });
  afterAll(() => t.close());
  beforeEach(async () => {
    await t.database.db.execute(sql`delete from notices`);
    await t.database.db.execute(sql`delete from notice_preferences`);
    await t.database.db.execute(sql`delete from jobs`);
  });

  it('lists a notice in the reader’s language with its link and cards, counts it unread, and marks it read', async () => {
    await match(tenant.userId);
    const inMalay = (await t.app.inject({ url: '/api/notices', headers: { ...tenant.headers, 'x-language': 'ms' } })).json() as NoticeList;
    expect(inMalay.unread).toBe(1);
    expect(inMalay.content).toEqual([
      expect.objectContaining({
        type: 'test.alert',
        title: 'Rumah baharu untuk “Bangsar condos”',
        body: 'Residensi Bangsar di Bangsar, RM2,300 sebulan, sepadan dengan carian tersimpan anda “Bangsar condos”.',
        url: '/my/iklan/42',
        items: [{ title: 'Residensi Bangsar', subtitle: 'RM2,300 a month · 2 bedrooms · Bangsar', url: '/my/iklan/42', imageUrl: null }],
        read: false,
      }),
    ]);
    const inChinese = (await t.app.inject({ url: '/api/notices', headers: { ...tenant.headers, 'x-language': 'zh' } })).json() as NoticeList;
    expect(inChinese.content[0]).toMatchObject({ title: '“Bangsar condos”有新房源', url: '/zh/guanggao/42' });

    // Someone else sees none of it and cannot mark it read.
    expect(((await t.app.inject({ url: '/api/notices', headers: other.headers })).json() as NoticeList).content).toEqual([]);
    const id = inMalay.content[0]!.id;
    await t.app.inject({ method: 'POST', url: '/api/notices/read', headers: other.headers, payload: { ids: [id] } });
    expect((await t.app.inject({ url: '/api/notices/unread', headers: tenant.headers })).json()).toEqual({ unread: 1 });

    const read = await t.app.inject({ method: 'POST', url: '/api/notices/read', headers: tenant.headers, payload: { ids: [id] } });
    expect(read.json()).toEqual({ unread: 0 });
    expect(((await t.app.inject({ url: '/api/notices', headers: tenant.headers })).json() as NoticeList).content[0]!.read).toBe(true);
  });

  it('emails a notice once in the recipient’s stored language, with its card, List-Unsubscribe and a working unsubscribe link', async () => {
    const before = (await outbox(t, tenant.email)).length;
    await match(tenant.userId);
    await drain(t);
    const emails = (await outbox(t, tenant.email)).slice(before);
    expect(emails).toHaveLength(1);
    const [email] = emails;
    expect(email!.subject).toBe('Rumah baharu untuk “Bangsar condos”');
    expect(email!.body).toContain('Residensi Bangsar\nRM2,300 a month · 2 bedrooms · Bangsar\nhttp://localhost:3000/my/iklan/42');
    const link = /Hentikan e-mel ini: (\S+)/.exec(email!.body)?.[1];
    expect(link).toMatch(/^http:\/\/localhost:3000\/my\/unsubscribe\?token=/);
    // The outbox keeps what a mail client gets besides the text: the HTML part with the card, and the headers.
    expect(email!.html).toContain('<html lang="ms">');
    expect(email!.html).toContain('>Residensi Bangsar</a>');
    const token = new URL(link!).searchParams.get('token')!;
    expect(email!.headers).toEqual({
      'List-Unsubscribe': `<http://localhost:3000/api/notices/unsubscribe?token=${token}>`,
      'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
    });

    expect(readUnsubscribeToken('x'.repeat(40), token)).toBeUndefined();
    const oneClick = new URL(/^<(.+)>$/.exec(email!.headers!['List-Unsubscribe']!)![1]!);
    const emailPreference = async () =>
      ((await t.app.inject({ url: '/api/notices/preferences', headers: tenant.headers })).json() as NoticePreferences).types.find(
        (p) => p.type === 'test.alert',
      )?.channels;

    // Opened in a browser (a mail client without one-click), the header's address sends the person to the page in
    // the email's language, with the same token; the page tells what would stop. Neither turns anything off.
    const opened = await t.app.inject({ url: oneClick.pathname + oneClick.search, headers: { 'accept-language': 'zh' } });
    expect(opened.statusCode).toBe(303);
    expect(opened.headers.location).toBe(`/my/unsubscribe?token=${token}`);
    const target = await t.app.inject({ url: `/api/notices/unsubscribe/target?token=${token}`, headers: { 'x-language': 'en' } });
    expect(target.json()).toEqual({ type: 'test.alert', channel: 'email', label: 'New homes for my saved searches' });
    expect(await emailPreference()).toEqual({ email: true });
    // A token that is not ours still reaches the page (which says so), in the browser's language.
    const bad = await t.app.inject({ url: '/api/notices/unsubscribe?token=nonsense', headers: { 'x-language': 'zh' } });
    expect([bad.statusCode, bad.headers.location]).toEqual([303, '/zh/unsubscribe?token=nonsense']);
    expect((await t.app.inject({ url: '/api/notices/unsubscribe/target?token=bm90LWEtdG9rZW4.c2lnbmF0dXJl' })).statusCode).toBe(404);

    // The header's address takes the one-click POST (RFC 8058).
    const done = await t.app.inject({
      method: 'POST',
      url: oneClick.pathname + oneClick.search,
      headers: { 'content-type': 'application/x-www-form-urlencoded', 'x-language': 'ms' },
      payload: 'List-Unsubscribe=One-Click',
    });
    expect(done.statusCode).toBe(200);
    expect(done.json()).toEqual({ type: 'test.alert', channel: 'email', label: 'Rumah baharu untuk carian tersimpan saya' });
    const prefs = (await t.app.inject({ url: '/api/notices/preferences', headers: tenant.headers })).json() as NoticePreferences;
    expect(prefs.types.find((p) => p.type === 'test.alert')?.channels).toEqual({ email: false });

    // Now the next one stays in-app only.
    await match(tenant.userId);
    await drain(t);
    expect((await outbox(t, tenant.email)).slice(before)).toHaveLength(1);
    expect(((await t.app.inject({ url: '/api/notices', headers: tenant.headers })).json() as NoticeList).content).toHaveLength(2);

    // A token whose signature was changed does nothing.
    const forged = `${token.split('.')[0]}.${'A'.repeat(43)}`;
    expect((await t.app.inject({ method: 'POST', url: `/api/notices/unsubscribe?token=${forged}` })).statusCode).toBe(404);
  });

  it('renders the HTML part and the RFC 8058 headers of the email', () => {
    const row = {
      id: 7,
      userId: tenant.userId,
      type: 'test.alert',
      link: { route: 'details', params: { id: 42 } },
      params: { search: 'A <b> search', listing: 'Residensi', price: 'RM2,300', area: 'Bangsar' },
      items: [{ title: 'Residensi & Co', link: { route: 'details', params: { id: 42 } }, imageUrl: 'https://cdn.example/x.webp' }],
      key: null,
      readAt: null,
      createdAt: new Date(),
    };
    const email = renderEmail(savedSearchMatch as unknown as NoticeType, row, 'en', {
      publicUrl: 'https://kunci.my',
      unsubscribeUrl: 'https://kunci.my/unsubscribe?token=abc',
      oneClickUrl: 'https://kunci.my/api/notices/unsubscribe?token=abc',
    });
    expect(email.extra.headers).toEqual({
      'List-Unsubscribe': '<https://kunci.my/api/notices/unsubscribe?token=abc>',
      'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
    });
    expect(email.extra.html).toContain('<html lang="en">');
    expect(email.extra.html).toContain('New home for “A &lt;b&gt; search”');
    expect(email.extra.html).toContain(
      '<a href="https://kunci.my/details/42" style="color:#111827;font-weight:600;text-decoration:none">Residensi &amp; Co</a>',
    );
    expect(email.extra.html).toContain('<img src="https://cdn.example/x.webp"');
    expect(email.extra.html).toContain('href="https://kunci.my/unsubscribe?token=abc"');
    // The email wears the site's green (the web app's Tailwind brand-700), not another colour of its own.
    const theme = readFileSync(new URL('../../../../web/app/app.css', import.meta.url), 'utf8');
    const brand = /--color-brand-700:\s*(#[0-9a-f]{6})/i.exec(theme)![1]!;
    expect(email.extra.html).toContain(`background:${brand};`);
    expect(email.extra.html).toContain(`color:${brand};font-weight:700">Kunci`);
    expect(
      email.extra.html.match(/#[0-9a-f]{6}/gi)?.filter((c) => !['#ffffff', '#111827', '#4b5563', '#6b7280', '#e5e7eb', '#f3f4f6', brand].includes(c)),
    ).toEqual([]);
  });

  it('keeps the lines of a notice of several lines apart in the HTML part, as in the text (a deal step and what follows)', () => {
    const lines = defineNotice<{ subject: string; text: string }>({
      type: 'test.lines',
      label: 'notifications.text',
      title: 'notifications.subject',
      body: 'notifications.text',
      channels: { email: true },
    });
    const row = {
      id: 8,
      userId: tenant.userId,
      type: 'test.lines',
      link: { route: 'deal', query: { id: 'x' } },
      params: { subject: 'Your rental deal', text: 'The home is <booked>.\nUpload your documents within 5 days.' },
      items: [],
      key: null,
      readAt: null,
      createdAt: new Date(),
    };
    const email = renderEmail(lines as unknown as NoticeType, row, 'en', {
      publicUrl: 'https://kunci.my',
      unsubscribeUrl: 'https://kunci.my/unsubscribe?token=abc',
      oneClickUrl: 'https://kunci.my/api/notices/unsubscribe?token=abc',
    });
    expect(email.text).toContain('The home is <booked>.\nUpload your documents within 5 days.');
    expect(email.extra.html).toContain('The home is &lt;booked&gt;.<br>Upload your documents within 5 days.');
  });

  it('puts every notice type of the app under a heading, in the page’s order, and marks the landlords’ own', async () => {
    const prefs = (await t.app.inject({ url: '/api/notices/preferences', headers: tenant.headers })).json() as NoticePreferences;
    // Every type a feature defines has its place (a new type without one fails here).
    const unplaced = noticeTypes()
      .map((definition) => definition.type)
      .filter((type) => !type.startsWith('test.') && !NOTICE_GROUPS_OF_TYPES[type]);
    expect(unplaced).toEqual([]);
    const order = prefs.types.map((row) => NOTICE_GROUPS.indexOf(row.group!));
    expect(order).toEqual([...order].sort((a, b) => a - b));
    expect(prefs.types.find((row) => row.type === 'listings.approved')).toMatchObject({ group: 'listings', landlord: true });
    expect(prefs.types.find((row) => row.type === 'chat.messages')).toMatchObject({ group: 'chat', landlord: false });
    // Someone with no listing is told apart (the page folds the landlords' types), and the rows are all still there.
    expect(prefs.landlord).toBe(false);
    expect(prefs.types.length).toBe(noticeTypes().length);
  });

  it('honours each channel’s preference: SMS for an urgent type unless turned off, email off without touching SMS', async () => {
    const reminder = () =>
      t.app.notifications.send({
        type: chatUnanswered,
        recipientId: tenant.userId,
        link: { route: 'chat', query: { chatId: 3 } },
        params: { tenant: 'Aisyah', listing: 'Residensi Bangsar', hours: 12 },
      });
    const sms = async () => (await outbox(t, tenant.phone)).filter((m) => m.channel === 'sms' && m.body.includes('Aisyah'));
    const before = (await sms()).length;
    await reminder();
    await drain(t);
    expect((await sms()).slice(before).map((m) => m.body)).toEqual([
      'Aisyah bertanya tentang Residensi Bangsar 12 jam yang lalu dan masih menunggu balasan anda di Kunci. http://localhost:3000/my/dashboard/chat?chatId=3',
    ]);
    // This type offers no email: the preferences list SMS only (push is hidden: no VAPID keys here).
    const prefs = (await t.app.inject({ url: '/api/notices/preferences', headers: tenant.headers })).json() as NoticePreferences;
    expect(prefs.push).toEqual({ publicKey: null, subscriptions: 0 });
    expect(prefs.types.find((p) => p.type === 'chat.unanswered')?.channels).toEqual({ sms: true });
    const refused = await t.app.inject({
      method: 'PUT',
      url: '/api/notices/preferences',
      headers: tenant.headers,
      payload: { type: 'chat.unanswered', channel: 'email', enabled: true },
    });
    expect(refused.statusCode).toBe(404);

    const off = await t.app.inject({
      method: 'PUT',
      url: '/api/notices/preferences',
      headers: tenant.headers,
      payload: { type: 'chat.unanswered', channel: 'sms', enabled: false },
    });
    expect((off.json() as NoticePreferences).types.find((p) => p.type === 'chat.unanswered')?.channels).toEqual({ sms: false });
    await reminder();
    await drain(t);
    expect((await sms()).slice(before)).toHaveLength(1);
    // Still in the list.
    expect(((await t.app.inject({ url: '/api/notices', headers: tenant.headers })).json() as NoticeList).content).toHaveLength(2);
  });

  it('stores a notice sent twice under one key once, and delivers each channel once even when its delivery runs twice at once', async () => {
    const before = (await outbox(t, tenant.email)).length;
    const first = await match(tenant.userId, 'test:twice');
    expect(await match(tenant.userId, 'test:twice')).toBeNull();
    // Two instances running the same delivery at the same moment (as after a lease ran out): one email.
    await Promise.all([t.app.notifications.deliver(first!.id, 'email'), t.app.notifications.deliver(first!.id, 'email')]);
    await drain(t);
    expect((await outbox(t, tenant.email)).slice(before)).toHaveLength(1);
    expect(await t.database.db.select().from(noticeDeliveries).where(eq(noticeDeliveries.noticeId, first!.id))).toEqual([
      expect.objectContaining({ channel: 'email', sentAt: expect.any(Date), attempts: 1 }),
    ]);
  });

  it('works out a landlord’s response rate and typical reply time, and reminds them once of a request unanswered for 12 hours', async () => {
    const landlord = await signIn(t.app);
    const asker = await signIn(t.app);
    await t.database.db.update(users).set({ name: 'Aisyah' }).where(eq(users.id, asker.userId));
    // Each request is about a listing of its own (one conversation per listing and tenant).
    const listings = await t.database.db.select({ id: properties.id, name: properties.name }).from(properties).limit(4);
    const now = Date.now();
    const request = async (hoursAgo: number, replyAfterMinutes?: number) => {
      const createdAt = new Date(now - hoursAgo * 3600_000);
      const listing = listings.pop()!;
      const [conversation] = await t.database.db
        .insert(chatConversations)
        .values({ propertyId: listing.id, tenantId: asker.userId, landlordId: landlord.userId, openedBy: 'TENANT', createdAt })
        .returning({ id: chatConversations.id });
      await t.database.db
        .insert(chatMessages)
        .values({ conversationId: conversation!.id, senderId: asker.userId, kind: 'TEXT', body: 'Hi', createdAt });
      if (replyAfterMinutes !== undefined)
        await t.database.db.insert(chatMessages).values({
          conversationId: conversation!.id,
          senderId: landlord.userId,
          kind: 'TEXT',
          body: 'Hello',
          createdAt: new Date(createdAt.getTime() + replyAfterMinutes * 60_000),
        });
      return conversation!.id;
    };
    const waitingListing = listings.at(-1)!.name;
    const waiting = await request(13);
    await request(20, 30);
    const recent = await request(2);
    await request(24 * 40); // outside the 30 days

    expect((await t.app.inject({ url: `/api/landlords/${landlord.userId}/response` })).json()).toEqual({
      requests: 3,
      answered: 1,
      // Of the two due an answer (the one of 2 hours ago is not yet): one answered.
      rate: 50,
      typicalMinutes: 30,
      windowDays: 30,
    });

    let clock = new Date(now);
    const reminders = createLandlordResponseService({
      repository: createLandlordResponseRepository(t.database.db),
      notices: t.app.notifications,
      log: t.app.log,
      clock: () => clock,
    });
    const sms = async () =>
      (await outbox(t, landlord.phone)).filter((m) => m.channel === 'sms' && m.body.includes('is still waiting for your reply')).map((m) => m.body);
    expect(await reminders.remindUnanswered()).toEqual({ reminded: 1 });
    expect(await reminders.remindUnanswered()).toEqual({ reminded: 0 });
    await drain(t);
    expect(await sms()).toEqual([
      `Aisyah asked about ${waitingListing} 13 hours ago and is still waiting for your reply on Kunci. http://localhost:3000/dashboard/chat?chatId=${waiting}`,
    ]);
    // Eleven hours later the recent one has waited 13 hours too.
    clock = new Date(now + 11 * 3600_000);
    expect(await reminders.remindUnanswered()).toEqual({ reminded: 1 });
    await drain(t);
    expect((await sms()).at(-1)).toContain(`chatId=${recent}`);
    expect(await sms()).toHaveLength(2);
  });

  it('retries a failed send through the job queue, and sends it once it works', async () => {
    const repository = createNotificationsRepository(t.database.db);
    const sent = await match(tenant.userId);
    // A claim held by an instance that is sending right now: this run sends nothing, and says so by not throwing.
    await repository.claimDelivery(sent!.id, 'email', new Date(), new Date(Date.now() + 60_000));
    await t.app.notifications.deliver(sent!.id, 'email');
    expect((await repository.deliveries(sent!.id))[0]).toMatchObject({ sentAt: null });
    // It failed there: the claim is given back, and the next delivery sends it.
    await repository.release(sent!.id, 'email', 'SMTP timeout');
    await t.app.notifications.deliver(sent!.id, 'email');
    expect((await repository.deliveries(sent!.id))[0]).toMatchObject({ sentAt: expect.any(Date), attempts: 2 });
  });
});

describe('web push', () => {
  let t: TestApp;
  let pushService: Server;
  let received: { path: string; headers: Record<string, string | string[] | undefined>; bytes: number }[];
  let answer = 201;
  const keys = webPush.generateVAPIDKeys();

  beforeAll(async () => {
    received = [];
    // The browser's push service, faked at the network edge: it records what it is sent and answers `answer`.
    pushService = createServer((request, response) => {
      const chunks: Buffer[] = [];
      request.on('data', (chunk: Buffer) => chunks.push(chunk));
      request.on('end', () => {
        received.push({ path: request.url ?? '', headers: request.headers, bytes: Buffer.concat(chunks).length });
        response.statusCode = answer;
        response.end();
      });
    });
    await new Promise<void>((resolve) => pushService.listen(0, '127.0.0.1', resolve));
    t = await createTestApp({
      env: { VAPID_PUBLIC_KEY: keys.publicKey, VAPID_PRIVATE_KEY: keys.privateKey, PIN_RESEND_SECONDS: '0', PIN_MAX_PER_HOUR_PER_PHONE: '1000' },
    });
  });
  afterAll(async () => {
    await t.close();
    pushService.close();
  });

  it('offers push with the public key, sends an encrypted message signed with VAPID, and forgets a subscription the service says is gone', async () => {
    const me = await signIn(t.app);
    const headers = bearer(me.token);
    const prefs = (await t.app.inject({ url: '/api/notices/preferences', headers })).json() as NoticePreferences;
    expect(prefs.push.publicKey).toBe(keys.publicKey);
    expect(prefs.types.find((p) => p.type === 'test.alert')?.channels).toEqual({ email: true, push: true });

    // A browser's subscription: a P-256 public key and a 16-byte auth secret, as browsers make them.
    const endpoint = `http://127.0.0.1:${(pushService.address() as AddressInfo).port}/push/abc`;
    const ecdh = createECDH('prime256v1');
    ecdh.generateKeys();
    const p256dh = ecdh.getPublicKey('base64url');
    const auth = randomBytes(16).toString('base64url');
    const refused = await t.app.inject({
      method: 'POST',
      url: '/api/notices/push-subscriptions',
      headers,
      payload: { endpoint: 'https://attacker.example/collect', keys: { p256dh, auth } },
    });
    expect(refused.statusCode).toBe(422);
    const subscribed = await t.app.inject({
      method: 'POST',
      url: '/api/notices/push-subscriptions',
      headers,
      payload: { endpoint, keys: { p256dh, auth } },
    });
    expect(subscribed.statusCode).toBe(201);

    await t.app.notifications.send({
      type: savedSearchMatch,
      recipientId: me.userId,
      link: { route: 'details', params: { id: 42 } },
      params: { search: 'Bangsar', listing: 'Residensi', price: 'RM2,300', area: 'Bangsar' },
    });
    await drain(t);
    expect(received).toHaveLength(1);
    expect(received[0]).toMatchObject({ path: '/push/abc', headers: { 'content-encoding': 'aes128gcm', ttl: '86400' } });
    expect(String(received[0]!.headers['authorization'])).toMatch(/^vapid t=.+, k=/);
    expect(received[0]!.bytes).toBeGreaterThan(100);

    answer = 410;
    await t.app.notifications.send({
      type: savedSearchMatch,
      recipientId: me.userId,
      link: { route: 'details', params: { id: 43 } },
      params: { search: 'Bangsar', listing: 'Residensi 2', price: 'RM2,400', area: 'Bangsar' },
    });
    await drain(t);
    expect(received).toHaveLength(2);
    expect(((await t.app.inject({ url: '/api/notices/preferences', headers })).json() as NoticePreferences).push.subscriptions).toBe(0);
  });
});
