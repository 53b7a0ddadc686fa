import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ErrorCode } from '@kunci/contracts/errors';
import { emailVerifications, users } from '@kunci/db/schema';
import { bearer, createTestApp, latestPin, signIn, type TestApp } from '../../../test/support.ts';

describe('work email verification', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  const codeSentTo = (email: string) => latestPin(t.app, email);

  it('emails a code to a company address and stores it as company_email once verified', async () => {
    const { userId, token } = await signIn(t.app);
    const sent = await t.app.inject({
      method: 'POST',
      url: `/api/v3/user/work-email-verification/request-otp/${userId}`,
      payload: { email: 'Aina@Petronas.com.my' },
      headers: bearer(token),
    });
    expect(sent.statusCode).toBe(200);
    const code = await codeSentTo('aina@petronas.com.my');
    const [stored] = await t.database.db.select().from(emailVerifications).where(eq(emailVerifications.userId, userId));
    expect(JSON.stringify(stored)).not.toContain(code);
    const wrong = await t.app.inject({
      method: 'POST',
      url: `/api/v3/user/work-email-verification/verify/${userId}`,
      payload: { email: 'aina@petronas.com.my', code: code === '000000' ? '111111' : '000000' },
      headers: bearer(token),
    });
    expect(wrong.statusCode).toBe(422);
    expect(wrong.json().errorCode).toBe(ErrorCode.CODE_INVALID);
    const ok = await t.app.inject({
      method: 'POST',
      url: `/api/v3/user/work-email-verification/verify/${userId}`,
      payload: { email: 'aina@petronas.com.my', code },
      headers: bearer(token),
    });
    expect(ok.json()).toEqual({ email: 'aina@petronas.com.my', verified: true });
    const profile = await t.app.inject({ url: `/api/v3/user/${userId}/profile`, headers: bearer(token) });
    expect(profile.json().userAttributes.company_email).toBe('aina@petronas.com.my');
    const reused = await t.app.inject({
      method: 'POST',
      url: `/api/v3/user/work-email-verification/verify/${userId}`,
      payload: { email: 'aina@petronas.com.my', code },
      headers: bearer(token),
    });
    expect(reused.statusCode).toBe(422);
  });

  it('refuses personal mailboxes', async () => {
    const { userId, token } = await signIn(t.app);
    const res = await t.app.inject({
      method: 'POST',
      url: `/api/v3/user/work-email-verification/request-otp/${userId}`,
      payload: { email: 'me@gmail.com' },
      headers: bearer(token),
    });
    expect(res.statusCode).toBe(422);
    expect(res.json().errorCode).toBe(ErrorCode.WORK_EMAIL_REQUIRED);
  });

  it('stops guessing after five wrong codes', async () => {
    const { userId, token } = await signIn(t.app);
    await t.app.inject({
      method: 'POST',
      url: `/api/v3/user/work-email-verification/request-otp/${userId}`,
      payload: { email: 'x@maybank.com' },
      headers: bearer(token),
    });
    const code = await codeSentTo('x@maybank.com');
    const wrong = code === '000000' ? '111111' : '000000';
    for (let i = 0; i < 5; i++)
      await t.app.inject({
        method: 'POST',
        url: `/api/v3/user/work-email-verification/verify/${userId}`,
        payload: { email: 'x@maybank.com', code: wrong },
        headers: bearer(token),
      });
    const res = await t.app.inject({
      method: 'POST',
      url: `/api/v3/user/work-email-verification/verify/${userId}`,
      payload: { email: 'x@maybank.com', code },
      headers: bearer(token),
    });
    expect(res.statusCode).toBe(422);
  });
});

describe('psychometric questionnaire', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it('lists the questions, stores every answer and the result', async () => {
    const { userId, token } = await signIn(t.app);
    const empty = (await t.app.inject({ url: `/api/v3/user/psychometric-qa/${userId}`, headers: bearer(token) })).json();
    expect(empty.questions.map((q: { id: string }) => q.id)).toEqual(['tidy', 'noise', 'guests', 'schedule', 'smoking', 'cooking']);
    expect(empty.answers).toBeNull();
    const answers = { tidy: 'tidy', noise: 'lively', guests: 'often', schedule: 'evening', smoking: 'no', cooking: 'daily' };
    const saved = await t.app.inject({ method: 'POST', url: `/api/v3/user/psychometric-qa/${userId}`, payload: answers, headers: bearer(token) });
    expect(saved.statusCode).toBe(200);
    expect(saved.json()).toMatchObject({ answers, result: 'SOCIAL_HOUSEMATE' });
    const quiet = await t.app.inject({
      method: 'POST',
      url: `/api/v3/user/psychometric-qa/${userId}`,
      payload: { ...answers, noise: 'quiet', guests: 'rarely' },
      headers: bearer(token),
    });
    expect(quiet.json().result).toBe('QUIET_HOMEBODY');
  });

  it('refuses a missing answer or an unknown option', async () => {
    const { userId, token } = await signIn(t.app);
    const partial = await t.app.inject({
      method: 'POST',
      url: `/api/v3/user/psychometric-qa/${userId}`,
      payload: { tidy: 'tidy' },
      headers: bearer(token),
    });
    expect(partial.statusCode).toBe(422);
    const odd = await t.app.inject({
      method: 'POST',
      url: `/api/v3/user/psychometric-qa/${userId}`,
      payload: { tidy: 'messy', noise: 'quiet', guests: 'rarely', schedule: 'day', smoking: 'no', cooking: 'daily' },
      headers: bearer(token),
    });
    expect(odd.statusCode).toBe(422);
    expect(odd.json().fields[0].path).toBe('body.tidy');
  });

  it('records tracking attributes for the user', async () => {
    const { userId, token } = await signIn(t.app);
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/users/track',
      payload: { id: userId, attr: { utm_source: 'facebook', gclid: 'abc' } },
      headers: bearer(token),
    });
    expect(res.statusCode).toBe(204);
    const odd = await t.app.inject({
      method: 'POST',
      url: '/api/users/track',
      payload: { id: userId, attr: { password: 'x' } },
      headers: bearer(token),
    });
    expect(odd.statusCode).toBe(422);
    expect((await t.database.db.select().from(users).where(eq(users.id, userId))).length).toBe(1);
  });
});
