import { and, eq, sql } from 'drizzle-orm';
import WebSocket from 'ws';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ChatConversation, ChatMessage, ServerEvent } from '@kunci/contracts/chat';
import { ErrorCode } from '@kunci/contracts/errors';
import { chatMessages, properties, sessions, users } from '@kunci/db/schema';
import { createSessionsRepository } from '../../lib/sessions.repository.ts';
import { bearer, createTestApp, openTestDatabase, signIn, testRedisUrl, type TestApp, type TestDatabase } from '../../../test/support.ts';

/** A socket client as the web app runs it: keeps each message id once, in id order. */
class Client {
  readonly messages = new Map<number, ChatMessage>();
  readonly events: ServerEvent[] = [];
  private socket!: WebSocket;
  private readonly base: string;
  private readonly token: string;
  constructor(base: string, token: string) {
    this.base = base;
    this.token = token;
  }
  async connect(): Promise<void> {
    const since = Math.max(0, ...this.messages.keys());
    this.socket = new WebSocket(`${this.base.replace('http', 'ws')}/api/chat/ws`, { headers: bearer(this.token) });
    const ready = new Promise<void>((resolve, reject) => {
      this.socket.on('message', (raw) => {
        const event = JSON.parse(raw.toString()) as ServerEvent;
        this.events.push(event);
        if (event.type === 'message') this.messages.set(event.message.id, event.message);
        if (event.type === 'ready') resolve();
      });
      this.socket.on('error', reject);
    });
    await new Promise((resolve) => this.socket.once('open', resolve));
    this.socket.send(JSON.stringify({ type: 'hello', since }));
    await ready;
  }
  typing(conversationId: number) {
    this.socket.send(JSON.stringify({ type: 'typing', conversationId }));
  }
  async close() {
    const closed = new Promise((resolve) => this.socket.once('close', resolve));
    this.socket.close();
    await closed;
  }
  ordered() {
    return [...this.messages.values()].sort((a, b) => a.id - b.id);
  }
  async waitFor(check: () => boolean, what: string) {
    for (let i = 0; i < 200 && !check(); i++) await new Promise((r) => setTimeout(r, 10));
    if (!check()) throw new Error(`timed out waiting for ${what}`);
  }
}

const request = { moveInDate: '2026-12-15', budget: 2500, tenancyDuration: 12, reasonForMoving: 'NEAR_WORK' as const };

describe.each([
  { name: 'one instance, no Redis', redis: false },
  { name: 'two instances sharing PostgreSQL and Redis', redis: true },
])('chat ($name)', ({ redis }) => {
  const skip = redis && !testRedisUrl();
  let a: TestApp;
  let b: TestApp;
  let baseA: string;
  let baseB: string;
  let tenant: { userId: string; token: string };
  let landlord: { userId: string; token: string };
  let stranger: { userId: string; token: string };
  let moderatorToken: string;
  let propertyId: number;
  let database: TestDatabase;

  beforeAll(async () => {
    if (skip) return;
    database = await openTestDatabase();
    a = await createTestApp({
      database,
      redis,
      env: { PIN_RESEND_SECONDS: '0', PIN_MAX_PER_HOUR_PER_PHONE: '1000', PIN_MAX_PER_HOUR_PER_IP: '1000' },
    });
    // The second instance: its own process state, the same database and Redis (or, with no Redis, the same instance).
    b = redis ? await createTestApp({ database, redis, env: { PIN_RESEND_SECONDS: '0' } }) : a;
    baseA = await a.app.listen({ port: 0, host: '127.0.0.1' });
    baseB = redis ? await b.app.listen({ port: 0, host: '127.0.0.1' }) : baseA;
    tenant = await signIn(a.app);
    landlord = await signIn(a.app);
    stranger = await signIn(a.app);
    const m = await signIn(a.app);
    await a.database.db.update(users).set({ role: 'moderator' }).where(eq(users.id, m.userId));
    moderatorToken = await createSessionsRepository(a.database.db).create(m.userId, 'pin', 'web-test', 1);
    const page = (await a.app.inject({ url: '/api/properties/search?loc=bangsar&pageSize=1' })).json() as { content: { id: number }[] };
    propertyId = page.content[0]!.id;
    await a.database.db.update(properties).set({ ownerId: landlord.userId }).where(eq(properties.id, propertyId));
  });
  afterAll(async () => {
    if (skip) return;
    if (b !== a) await b.app.close();
    await a.close();
    // The instances were given the database: it is this suite's to drop.
    await database.drop();
  });

  it.skipIf(skip)('a chat request reaches the landlord on the other instance at once; replies, typing and read marks flow back', async () => {
    const landlordClient = new Client(baseB, landlord.token);
    const tenantClient = new Client(baseA, tenant.token);
    await Promise.all([landlordClient.connect(), tenantClient.connect()]);

    const opened = await a.app.inject({
      method: 'POST',
      url: '/api/chat-conversations',
      payload: { propertyId, ...request, message: 'Hi, is it still available?' },
      headers: bearer(tenant.token),
    });
    expect(opened.statusCode, opened.body).toBe(200);
    const conversation = opened.json() as ChatConversation;
    expect(conversation).toMatchObject({ role: 'TENANT', tenantInfo: { budget: 2500, tenancyDuration: 12, reasonForMoving: 'NEAR_WORK' } });

    await landlordClient.waitFor(() => landlordClient.messages.size === 2, 'the request and the first message');
    expect(landlordClient.ordered().map((m) => m.kind)).toEqual(['SYSTEM', 'TEXT']);
    await landlordClient.waitFor(() => landlordClient.events.some((e) => e.type === 'unread' && e.count === 2), 'the badge at 2');
    const badge = await b.app.inject({ url: '/api/chat-conversations/unread/count', headers: bearer(landlord.token) });
    expect(badge.json()).toEqual({ count: 2 });

    // The same request again opens no second conversation.
    const again = (
      await a.app.inject({ method: 'POST', url: '/api/chat-conversations', payload: { propertyId, ...request }, headers: bearer(tenant.token) })
    ).json() as ChatConversation;
    expect(again.id).toBe(conversation.id);

    landlordClient.typing(conversation.id);
    await tenantClient.waitFor(() => tenantClient.events.some((e) => e.type === 'typing'), 'typing');
    const reply = await b.app.inject({
      method: 'POST',
      url: `/api/chat-conversations/${conversation.id}/messages`,
      payload: { body: 'Yes! When would you like to view?' },
      headers: bearer(landlord.token),
    });
    expect(reply.statusCode).toBe(200);
    await tenantClient.waitFor(() => tenantClient.ordered().at(-1)?.body === 'Yes! When would you like to view?', 'the reply');
    // The reply brings the tenant's badge, after it and counting it.
    const replied = tenantClient.events.findIndex((e) => e.type === 'message' && e.message.body === 'Yes! When would you like to view?');
    await tenantClient.waitFor(() => tenantClient.events.slice(replied).some((e) => e.type === 'unread'), "the tenant's badge");
    expect(tenantClient.events.slice(replied).find((e) => e.type === 'unread')).toEqual({ type: 'unread', count: 1 });

    const lastId = landlordClient.ordered().at(-1)!.id;
    await b.app.inject({
      method: 'POST',
      url: `/api/chat-conversations/${conversation.id}/read`,
      payload: { lastReadId: lastId },
      headers: bearer(landlord.token),
    });
    await tenantClient.waitFor(() => tenantClient.events.some((e) => e.type === 'read'), 'the read mark');
    expect((await b.app.inject({ url: '/api/chat-conversations/unread/count', headers: bearer(landlord.token) })).json()).toEqual({ count: 0 });
    await Promise.all([landlordClient.close(), tenantClient.close()]);
  });

  it.skipIf(skip)('a client that reconnects receives everything it missed, in order, exactly once; a retried send is stored once', async () => {
    const [conversation] = (await a.app.inject({ url: '/api/chat-conversations', headers: bearer(tenant.token) })).json() as ChatConversation[];
    const tenantClient = new Client(baseA, tenant.token);
    await tenantClient.connect();
    const before = tenantClient.ordered().length;
    expect(before).toBeGreaterThanOrEqual(3);
    await tenantClient.close();

    const clientId = crypto.randomUUID();
    for (const body of ['One', 'Two', 'Three']) {
      await b.app.inject({
        method: 'POST',
        url: `/api/chat-conversations/${conversation!.id}/messages`,
        payload: { body },
        headers: bearer(landlord.token),
      });
    }
    const send = () =>
      b.app.inject({
        method: 'POST',
        url: `/api/chat-conversations/${conversation!.id}/messages`,
        payload: { body: 'Four', clientId },
        headers: bearer(landlord.token),
      });
    const [first, retried] = [await send(), await send()];
    expect(retried.json().id).toBe(first.json().id);

    await tenantClient.connect();
    const bodies = tenantClient.ordered().map((m) => m.body);
    expect(bodies.slice(-4)).toEqual(['One', 'Two', 'Three', 'Four']);
    const history = (
      await a.app.inject({ url: `/api/chat-conversations/${conversation!.id}/messages?limit=100`, headers: bearer(tenant.token) })
    ).json();
    expect(tenantClient.ordered().map((m) => m.id)).toEqual(history.content.map((m: ChatMessage) => m.id));
    // History pages backwards.
    const older = (await a.app.inject({ url: `/api/chat-conversations/${conversation!.id}/messages?limit=2`, headers: bearer(tenant.token) })).json();
    expect(older).toMatchObject({ hasMore: true });
    expect(older.content.map((m: ChatMessage) => m.body)).toEqual(['Three', 'Four']);
    await tenantClient.close();
  });

  it.skipIf(skip)('only the two participants read a conversation; moderators once it is reported; blocking stops messages', async () => {
    const [conversation] = (await a.app.inject({ url: '/api/chat-conversations', headers: bearer(tenant.token) })).json() as ChatConversation[];
    const id = conversation!.id;
    for (const url of [`/api/chat-conversations/${id}`, `/api/chat-conversations/${id}/messages`, `/api/chat-conversations/${id}/banner`]) {
      expect((await a.app.inject({ url, headers: bearer(stranger.token) })).statusCode).toBe(403);
      expect((await a.app.inject({ url, headers: bearer(moderatorToken) })).statusCode).toBe(403);
      expect((await a.app.inject({ url })).statusCode).toBe(401);
    }
    const post = (url: string, payload: object, token: string) => a.app.inject({ method: 'POST', url, payload, headers: bearer(token) });
    expect((await post(`/api/chat-conversations/${id}/messages`, { body: 'hello' }, stranger.token)).statusCode).toBe(403);
    expect((await post(`/api/chat-conversations/${id}/report`, { reason: 'DEPOSIT' }, stranger.token)).statusCode).toBe(403);
    expect(
      (await post(`/api/chat-conversations/${id}/report`, { reason: 'DEPOSIT', note: 'Asked for 2 months deposit' }, tenant.token)).statusCode,
    ).toBe(204);
    expect((await a.app.inject({ url: `/api/chat-conversations/${id}/messages`, headers: bearer(moderatorToken) })).statusCode).toBe(200);
    // A stranger's socket gets nothing of it.
    const strangerClient = new Client(baseA, stranger.token);
    await strangerClient.connect();
    expect(strangerClient.messages.size).toBe(0);
    await strangerClient.close();

    expect((await post(`/api/chat-conversations/${id}/block`, {}, tenant.token)).json()).toMatchObject({ blocked: true });
    expect((await post(`/api/chat-conversations/${id}/messages`, { body: 'Deposit please' }, landlord.token)).statusCode).toBe(403);
    await a.app.inject({ method: 'DELETE', url: `/api/chat-conversations/${id}/block`, headers: bearer(tenant.token) });
    expect((await post(`/api/chat-conversations/${id}/messages`, { body: 'Sorry' }, landlord.token)).statusCode).toBe(200);
    // Landlords cannot chat to themselves about their own listing.
    expect((await post('/api/chat-conversations', { propertyId, ...request }, landlord.token)).statusCode).toBe(422);
  });

  it.skipIf(skip)("the badge counts each conversation's messages past its reader's mark, never their own; sending reads the rest", async () => {
    const other = await signIn(a.app);
    const badge = async (token: string) =>
      ((await b.app.inject({ url: '/api/chat-conversations/unread/count', headers: bearer(token) })).json() as { count: number }).count;
    const send = (id: number, body: string, token: string) =>
      a.app.inject({ method: 'POST', url: `/api/chat-conversations/${id}/messages`, payload: { body }, headers: bearer(token) });
    const before = await badge(landlord.token);
    const { id } = (
      await a.app.inject({
        method: 'POST',
        url: '/api/chat-conversations',
        payload: { propertyId, ...request, message: 'Hello' },
        headers: bearer(other.token),
      })
    ).json() as ChatConversation;
    for (const body of ['Still free?', 'From January?']) expect((await send(id, body, other.token)).statusCode).toBe(200);
    // The request (a system message) and three of the tenant's messages, beside what waits in the first conversation.
    expect(await badge(landlord.token)).toBe(before + 4);
    expect(await badge(other.token)).toBe(0);
    expect((await send(id, 'Yes, from January', landlord.token)).statusCode).toBe(200);
    expect(await badge(landlord.token)).toBe(before);
    expect(await badge(other.token)).toBe(1);
    expect((await send(id, 'Great', other.token)).statusCode).toBe(200);
    expect(await badge(landlord.token)).toBe(before + 1);
    expect((await send(2_000_000_000, 'Anyone?', other.token)).statusCode).toBe(404);
  });

  it.skipIf(skip)(
    "a send checks the sender's session in the statement storing it: ended or banned unheard by the instance, it stores nothing (401, 403)",
    async () => {
      const { db } = a.database;
      const sender = await signIn(a.app);
      const opened = await a.app.inject({
        method: 'POST',
        url: '/api/chat-conversations',
        payload: { propertyId, ...request },
        headers: bearer(sender.token),
      });
      const url = `/api/chat-conversations/${(opened.json() as ChatConversation).id}/messages`;
      const send = (body: string, token: string) => a.app.inject({ method: 'POST', url, payload: { body }, headers: bearer(token) });
      const stored = async (body: string) =>
        (
          await db
            .select()
            .from(chatMessages)
            .where(and(eq(chatMessages.senderId, sender.userId), eq(chatMessages.body, body)))
        ).length;
      /** A change the instances never hear of (its notification trigger off): only the database knows. */
      const unheard = async (table: 'sessions' | 'users', change: () => Promise<unknown>) => {
        await db.execute(sql.raw(`alter table ${table} disable trigger ${table}_changed`));
        try {
          await change();
        } finally {
          await db.execute(sql.raw(`alter table ${table} enable trigger ${table}_changed`));
        }
      };
      // The instance keeps the session once it has found it.
      expect((await send('First', sender.token)).statusCode).toBe(200);
      await unheard('sessions', () => db.update(sessions).set({ revokedAt: new Date() }).where(eq(sessions.userId, sender.userId)));
      expect((await send('Signed out', sender.token)).statusCode).toBe(401);
      expect(await stored('Signed out')).toBe(0);

      const token = await createSessionsRepository(db).create(sender.userId, 'pin', 'web-test', 1);
      expect((await send('Second', token)).statusCode).toBe(200);
      await unheard('users', () => db.update(users).set({ status: 'banned' }).where(eq(users.id, sender.userId)));
      const banned = await send('Banned', token);
      expect(banned.statusCode).toBe(403);
      expect(banned.json().errorCode).toBe(ErrorCode.BANNED);
      expect(await stored('Banned')).toBe(0);
    },
  );

  it.skipIf(skip)(
    'messages sent at once by different people are stored together, each checked and answered as alone; badges count the earlier ones',
    async () => {
      const { db } = a.database;
      const landlordClient = new Client(baseB, landlord.token);
      await landlordClient.connect();
      const open = async () => {
        const person = await signIn(a.app);
        const opened = await a.app.inject({
          method: 'POST',
          url: '/api/chat-conversations',
          payload: { propertyId, ...request },
          headers: bearer(person.token),
        });
        return { ...person, id: (opened.json() as ChatConversation).id };
      };
      const [first, second, third, blocked, signedOut, outsider] = await Promise.all(Array.from({ length: 6 }, open));
      const send = (id: number, body: string, token: string) =>
        a.app.inject({ method: 'POST', url: `/api/chat-conversations/${id}/messages`, payload: { body }, headers: bearer(token) });
      // Each sender's session kept by the instance (its send reaches the statement without a query before it).
      for (const person of [first!, second!, third!, blocked!, signedOut!, outsider!])
        expect((await send(person.id, 'Hi', person.token)).statusCode).toBe(200);
      await a.app.inject({ method: 'POST', url: `/api/chat-conversations/${blocked!.id}/block`, headers: bearer(landlord.token) });
      // Revoked where the instance does not hear of it: only the statement's own check can refuse it.
      await db.execute(sql.raw('alter table sessions disable trigger sessions_changed'));
      try {
        await db.update(sessions).set({ revokedAt: new Date() }).where(eq(sessions.userId, signedOut!.userId));
      } finally {
        await db.execute(sql.raw('alter table sessions enable trigger sessions_changed'));
      }
      const badge = async () =>
        ((await b.app.inject({ url: '/api/chat-conversations/unread/count', headers: bearer(landlord.token) })).json() as { count: number }).count;
      const before = await badge();

      const answers = await Promise.all([
        send(first!.id, 'Together 1', first!.token),
        send(second!.id, 'Together 2', second!.token),
        send(third!.id, 'Together 3', third!.token),
        send(blocked!.id, 'Blocked', blocked!.token),
        send(signedOut!.id, 'Signed out', signedOut!.token),
        send(first!.id, 'Not mine', outsider!.token),
        send(2_000_000_000, 'Nowhere', stranger.token),
      ]);
      expect(answers.map((answer) => answer.statusCode)).toEqual([200, 200, 200, 403, 401, 403, 404]);
      expect(answers[3]!.json().errorCode).toBe(ErrorCode.FORBIDDEN);
      const stored = await db
        .select({ body: chatMessages.body, at: sql<string>`${chatMessages.createdAt}::text` })
        .from(chatMessages)
        .where(sql`${chatMessages.body} in ('Together 1', 'Together 2', 'Together 3', 'Blocked', 'Signed out', 'Not mine', 'Nowhere')`);
      expect(stored.map((row) => row.body).sort()).toEqual(['Together 1', 'Together 2', 'Together 3']);
      // One transaction's time (now()) for messages stored together: three statements would show three.
      expect(new Set(stored.map((row) => row.at)).size).toBeLessThan(3);
      // Each message's badge counts the ones stored before it, in the same statement too.
      const sinceTogether = () => {
        const start = landlordClient.events.findIndex((e) => e.type === 'message' && e.message.body.startsWith('Together'));
        return start < 0 ? [] : landlordClient.events.slice(start).flatMap((e) => (e.type === 'unread' ? [e.count] : []));
      };
      await landlordClient.waitFor(() => sinceTogether().length === 3, 'three badges');
      const counts = sinceTogether();
      expect(counts.sort((x, y) => x - y)).toEqual([before + 1, before + 2, before + 3]);
      expect(await badge()).toBe(before + 3);

      // A message the database refuses (here by a trigger the test adds) fails alone; those sent with it are stored.
      await db.execute(
        sql.raw(`create function chat_test_refuse() returns trigger language plpgsql as $$ begin
          if new.body = 'Refused' then raise exception 'refused'; end if; return new; end $$`),
      );
      await db.execute(sql.raw('create trigger chat_test_refuse before insert on chat_messages for each row execute function chat_test_refuse()'));
      let refused;
      try {
        refused = await Promise.all([
          send(first!.id, 'After 1', first!.token),
          send(second!.id, 'Refused', second!.token),
          send(third!.id, 'After 3', third!.token),
        ]);
      } finally {
        await db.execute(sql.raw('drop trigger chat_test_refuse on chat_messages'));
        await db.execute(sql.raw('drop function chat_test_refuse()'));
      }
      expect(refused.map((answer) => answer.statusCode)).toEqual([200, 500, 200]);
      await landlordClient.close();
    },
  );

  it.skipIf(skip)(
    'a socket opened with the cookie from another site, or with Origin: null, is closed with 4401 and the server stays up',
    async () => {
      for (const origin of ['null', 'https://evil.example', '%%not a url']) {
        const socket = new WebSocket(`${baseA.replace('http', 'ws')}/api/chat/ws`, { headers: { cookie: `authToken=${tenant.token}`, origin } });
        const code = await new Promise<number>((resolve, reject) => {
          socket.on('close', (closeCode) => resolve(closeCode));
          socket.on('error', reject);
        });
        expect(code, origin).toBe(4401);
      }
      expect((await a.app.inject({ url: '/api/health' })).statusCode).toBe(200);
    },
  );
});
