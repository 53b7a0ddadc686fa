import { eq } from 'drizzle-orm';
import WebSocket from 'ws';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SOCKET_CLOSE_SIGNED_OUT } from '@kunci/contracts/chat';
import { users } from '@kunci/db/schema';
import { createSessionsRepository } from '../../lib/sessions.repository.ts';
import { bearer, createTestApp, signIn, type TestApp } from '../../../test/support.ts';

/** A chat socket past its hello (attached to the hub), and how it closed once it does. */
async function openSocket(base: string, token: string) {
  const socket = new WebSocket(`${base.replace('http', 'ws')}/api/chat/ws`, { headers: bearer(token) });
  const closed = new Promise<number>((resolve) => socket.once('close', (code) => resolve(code)));
  const ready = new Promise<void>((resolve) =>
    socket.on('message', (raw) => {
      if ((JSON.parse(raw.toString()) as { type: string }).type === 'ready') resolve();
    }),
  );
  await new Promise((resolve) => socket.once('open', resolve));
  socket.send(JSON.stringify({ type: 'hello' }));
  await ready;
  return { socket, closed };
}

/** Whether a promise settles within `ms`. */
const within = <T>(promise: Promise<T>, ms: number) =>
  Promise.race([promise, new Promise<'open'>((resolve) => setTimeout(() => resolve('open'), ms))]);

describe('chat sockets whose session ends', () => {
  let t: TestApp;
  let base: string;
  beforeAll(async () => {
    // Checked every second here (30 s by default).
    t = await createTestApp({ env: { CHAT_SESSION_CHECK_SECONDS: '1', PIN_RESEND_SECONDS: '0' } });
    base = await t.app.listen({ port: 0, host: '127.0.0.1' });
  });
  afterAll(() => t.close());

  it('close at the next check once signed out elsewhere, revoked or banned; the person’s other sessions keep theirs', async () => {
    const first = await signIn(t.app);
    const sessions = createSessionsRepository(t.database.db);
    const [userRow] = await t.database.db.select().from(users).where(eq(users.id, first.userId));
    const secondToken = await sessions.create(first.userId, 'password', 'second-device', 1);
    const thirdToken = await sessions.create(first.userId, 'password', 'third-device', 1);
    const a = await openSocket(base, first.token);
    const b = await openSocket(base, secondToken);
    const c = await openSocket(base, thirdToken);

    // Signed out with the first session (another tab): its socket closes, the other two stay.
    expect((await t.app.inject({ method: 'POST', url: '/api/logout', headers: bearer(first.token) })).statusCode).toBe(204);
    expect(await within(a.closed, 5000)).toBe(SOCKET_CLOSE_SIGNED_OUT);
    expect(await within(b.closed, 1500)).toBe('open');

    // The second session revoked (as a password change from the third does): only its socket closes.
    const second = await sessions.findActive(secondToken);
    await sessions.revoke(second!.id);
    expect(await within(b.closed, 5000)).toBe(SOCKET_CLOSE_SIGNED_OUT);
    expect(await within(c.closed, 1500)).toBe('open');

    // The account banned: its last socket closes too.
    await t.database.db.update(users).set({ status: 'banned' }).where(eq(users.id, userRow!.id));
    expect(await within(c.closed, 5000)).toBe(SOCKET_CLOSE_SIGNED_OUT);
  });
});
