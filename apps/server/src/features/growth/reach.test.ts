import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, users } from '@kunci/db/schema';
import { bearer, createTestApp, signIn, type TestApp } from '../../../test/support.ts';
import { outbox } from '../../../test/outbox.ts';

describe('feedback, testimonials and the newsletter', () => {
  let t: TestApp;
  let tenant: Record<string, string>;
  let editor: Record<string, string>;

  beforeAll(async () => {
    t = await createTestApp();
    const a = await signIn(t.app);
    await t.database.db.update(users).set({ name: 'Siti Nurhaliza' }).where(eq(users.id, a.userId));
    tenant = bearer(a.token);
    const e = await signIn(t.app);
    await t.database.db.update(users).set({ role: 'editor', name: 'Editor Lim' }).where(eq(users.id, e.userId));
    editor = bearer(e.token);
  });
  afterAll(() => t.close());

  const send = (body: object, headers = tenant) => t.app.inject({ method: 'POST', url: '/api/users/feedbacks', payload: body, headers });
  const testimonials = async (query = '', language = 'en') =>
    (await t.app.inject({ url: `/api/users/feedbacks/public${query}`, headers: { 'x-language': language } })).json() as {
      content: { id: number; name: string; role: string; message: string }[];
    };

  it('feedback waits for an editor; approved, it shows as a testimonial by first name; rejected, never', async () => {
    const good = await send({ role: 'TENANT', rating: 5, message: 'Moved in without a deposit in a week, the landlord was verified.' });
    expect(good.statusCode).toBe(201);
    const { id } = good.json() as { id: number };
    const bad = (await send({ role: 'LANDLORD', rating: 1, message: 'Not for the public page, please, just for you.' })).json() as { id: number };
    expect((await testimonials()).content).toEqual([]);

    const queue = (await t.app.inject({ url: '/api/admin/growth/feedbacks', headers: editor })).json() as { content: { id: number }[] };
    expect(queue.content.map((f) => f.id)).toEqual([id, bad.id]);
    expect((await t.app.inject({ method: 'POST', url: `/api/admin/growth/feedbacks/${id}/approve`, headers: editor })).statusCode).toBe(204);
    expect((await t.app.inject({ method: 'POST', url: `/api/admin/growth/feedbacks/${bad.id}/reject`, headers: editor })).statusCode).toBe(204);
    expect((await t.app.inject({ method: 'POST', url: `/api/admin/growth/feedbacks/${id}/reject`, headers: editor })).statusCode).toBe(404);

    const shown = await testimonials('?role=TENANT');
    expect(shown.content).toEqual([expect.objectContaining({ id, name: 'Siti', role: 'TENANT', rating: 5 })]);
    expect((await testimonials('?role=LANDLORD')).content).toEqual([]);
    const trail = await t.database.db.select().from(auditLog).where(eq(auditLog.targetType, 'feedback'));
    expect(trail.map((r) => r.action).sort()).toEqual(['feedback.approve', 'feedback.reject']);
  });

  it('refuses bad feedback with field messages, and anonymous or non-editor callers', async () => {
    const short = await t.app.inject({
      method: 'POST',
      url: '/api/users/feedbacks',
      payload: { role: 'TENANT', rating: 6, message: 'short' },
      headers: { ...tenant, 'x-language': 'ms' },
    });
    expect(short.statusCode).toBe(422);
    expect(JSON.stringify(short.json())).toContain('sekurang-kurangnya 20 aksara');
    expect((short.json() as { fields: { path: string }[] }).fields.map((f) => f.path).sort()).toEqual(['body.message', 'body.rating']);
    expect((await send({ role: 'TENANT', rating: 4, message: 'x'.repeat(30) }, {})).statusCode).toBe(401);
    expect((await t.app.inject({ url: '/api/admin/growth/feedbacks', headers: tenant })).statusCode).toBe(403);
    expect((await t.app.inject({ url: '/api/users/feedbacks/public?limit=100' })).statusCode).toBe(422);
  });

  it('the newsletter is double opt-in: a signed link confirms, another unsubscribes; forged links do nothing', async () => {
    const subscribe = (email: string, language = 'en') =>
      t.app.inject({ method: 'POST', url: '/api/email-collection', payload: { email }, headers: { 'x-language': language } });
    const first = await subscribe('Mei.Ling@Example.com', 'zh');
    expect(first.statusCode).toBe(200);
    expect(first.json()).toMatchObject({ status: 'CHECK_EMAIL' });
    // Asking again at once sends no second email, and the answer is the same.
    expect((await subscribe('mei.ling@example.com')).json()).toMatchObject({ status: 'CHECK_EMAIL' });
    const mail = await outbox(t.app, 'mei.ling@example.com');
    expect(mail).toHaveLength(1);
    expect(mail[0]!.subject).toBe('请确认订阅 Kunci 电子报');
    const confirm = /[?&]confirm=([^\s&]+)/.exec(mail[0]!.body)![1]!;
    const unsubscribe = /[?&]unsubscribe=([^\s&]+)/.exec(mail[0]!.body)![1]!;
    expect(mail[0]!.body).toContain(`${t.config.publicUrl}/zh/newsletter?confirm=`);

    const post = (path: string, token: string) => t.app.inject({ method: 'POST', url: `/api/email-collection/${path}`, payload: { token } });
    expect((await post('confirm', unsubscribe)).statusCode).toBe(404);
    expect((await post('confirm', `${confirm.split('.')[0]}.${'A'.repeat(32)}`)).statusCode).toBe(404);
    expect((await post('confirm', 'nope')).statusCode).toBe(422);
    expect((await post('confirm', decodeURIComponent(confirm))).json()).toEqual({ status: 'CONFIRMED', email: 'mei.ling@example.com' });
    // Confirmed: signing up again sends nothing.
    await subscribe('mei.ling@example.com');
    expect(await outbox(t.app, 'mei.ling@example.com')).toHaveLength(1);

    expect((await post('unsubscribe', decodeURIComponent(unsubscribe))).json()).toEqual({ status: 'UNSUBSCRIBED', email: 'mei.ling@example.com' });
    // The old confirmation link does not subscribe again.
    expect((await post('confirm', decodeURIComponent(confirm))).statusCode).toBe(410);
    expect((await subscribe('not-an-email')).statusCode).toBe(422);
  });
});
