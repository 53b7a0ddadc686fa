import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { chatMessages, pins, properties } from '@kunci/db/schema';
import { bearer, createTestApp, signIn, type TestApp } from '../../test/support.ts';
import { redactText, redactUrl, serializeError } from './log-redaction.ts';

const SECRET_TEXT = 'my flat is at 12 Jalan Rahsia';
const PHONE = '+60198765432';

describe('logs of failed requests', () => {
  let t: TestApp;
  const logs: string[] = [];
  beforeAll(async () => {
    t = await createTestApp({ env: { LOG_LEVEL: 'info' }, logStream: { write: (line) => logs.push(line) } });
  });
  afterAll(() => t.close());

  it('hold one line per request, written when it is answered, with its status and time', async () => {
    logs.length = 0;
    const answered = await t.app.inject({ url: '/api/health' });
    type Line = { msg: string; req?: { method: string; url: string }; res?: { statusCode: number }; responseTime?: number };
    const lines = logs.map((line) => JSON.parse(line) as Line).filter((line) => line.req?.url === '/api/health' || line.res);
    expect(lines).toEqual([
      expect.objectContaining({
        msg: 'request answered',
        req: expect.objectContaining({ method: 'GET', url: '/api/health' }),
        res: { statusCode: answered.statusCode },
      }),
    ]);
    expect(lines[0]!.responseTime).toBeGreaterThanOrEqual(0);
  });

  it('say which query failed but never the chat text or phone number it carried', async () => {
    const tenant = await signIn(t.app);
    const landlord = await signIn(t.app);
    const live = (await t.app.inject({ url: '/api/properties/search?loc=bangsar&pageSize=1' })).json() as { content: { id: number }[] };
    const propertyId = live.content[0]!.id;
    await t.database.db.update(properties).set({ ownerId: landlord.userId }).where(eq(properties.id, propertyId));
    const opened = await t.app.inject({
      method: 'POST',
      url: '/api/chat-conversations',
      payload: { propertyId, moveInDate: '2026-12-15', budget: 2500, tenancyDuration: 12, reasonForMoving: 'NEAR_WORK' },
      headers: bearer(tenant.token),
    });
    expect(opened.statusCode, opened.body).toBe(200);
    const conversationId = (opened.json() as { id: number }).id;

    // The database refuses these rows: the failing statements carry the text and the number as parameters, and
    // PostgreSQL's error repeats the row in its detail.
    await t.database.db.execute(sql`alter table ${chatMessages} add constraint test_no_rahsia check (body not like '%Rahsia%')`);
    await t.database.db.execute(sql`alter table ${pins} add constraint test_no_0198 check (phone_number not like '+60198%')`);
    logs.length = 0;

    const message = await t.app.inject({
      method: 'POST',
      url: `/api/chat-conversations/${conversationId}/messages`,
      payload: { body: SECRET_TEXT },
      headers: bearer(tenant.token),
    });
    expect(message.statusCode).toBe(500);
    const pin = await t.app.inject({ method: 'POST', url: '/api/pin/request', payload: { phoneNo: PHONE } });
    expect(pin.statusCode).toBe(500);
    await t.app.inject({ url: `/api/dev/outbox?to=${encodeURIComponent(PHONE)}` });
    await t.app.inject({ method: 'POST', url: `/api/users/reset-password/by-phone/${encodeURIComponent(PHONE)}` });

    const text = logs.join('');
    const errors = logs
      .map((line) => JSON.parse(line) as { level: number; err?: { message: string; cause?: { code?: string } } })
      .filter((l) => l.level >= 50);
    // Both failures are logged, with what an operator needs: the SQL and PostgreSQL's error code.
    expect(errors.length).toBeGreaterThanOrEqual(2);
    expect(text).toContain('insert into');
    expect(text).toContain('23514');
    expect(text).toContain('[redacted]');
    for (const secret of ['Rahsia', '198765432', '0198765432']) expect(text).not.toContain(secret);
  });
});

describe('redaction', () => {
  it('keeps the SQL of a failed query and drops its parameters and the detail', () => {
    const cause = Object.assign(new Error('new row for relation "chat_messages" violates check constraint "x"'), {
      code: '23514',
      detail: `Failing row contains (1, ${SECRET_TEXT}).`,
      table: 'chat_messages',
    });
    const error = new Error(`Failed query: insert into "chat_messages" ("body") values ($1)\nparams: ${SECRET_TEXT},${PHONE}`, { cause });
    const logged = JSON.stringify(serializeError(error));
    expect(logged).toContain('insert into \\"chat_messages\\"');
    expect(logged).toContain('23514');
    expect(logged).not.toContain('Rahsia');
    expect(logged).not.toContain('198765432');
  });

  it('drops values PostgreSQL quotes in its messages and phone numbers anywhere', () => {
    expect(redactText('invalid input syntax for type uuid: "+60198765432"')).toBe('invalid input syntax for type uuid: "[redacted]"');
    expect(redactUrl('/api/dev/outbox?to=%2B60198765432&limit=5')).toBe('/api/dev/outbox?to=[redacted]&limit=5');
    expect(redactUrl('/api/users/reset-password/by-phone/0198765432')).toBe('/api/users/reset-password/by-phone/[redacted]');
    expect(redactUrl('/login?token=abc&next=/')).toBe('/login?token=[redacted]&next=/');
  });
});
