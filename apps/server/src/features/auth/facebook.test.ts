import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ErrorCode } from '@kunci/contracts/errors';
import { bearer, createTestApp, signIn, type TestApp } from '../../../test/support.ts';

const APP_ID = '1234567890123';
const APP_SECRET = 'fake-facebook-app-secret';

/** Facebook's OAuth and Graph endpoints, faked on loopback: code "good-code" belongs to Facebook user 555001. */
async function fakeFacebook(): Promise<FastifyInstance> {
  const fake = Fastify();
  fake.get('/oauth/access_token', async (request, reply) => {
    const q = request.query as Record<string, string>;
    if (
      q['client_id'] !== APP_ID ||
      q['client_secret'] !== APP_SECRET ||
      q['code'] !== 'good-code' ||
      !q['redirect_uri']?.endsWith('/auth/facebook/callback')
    ) {
      return reply.status(400).send({ error: { message: 'Invalid verification code format.' } });
    }
    return { access_token: 'user-token-555001', token_type: 'bearer' };
  });
  fake.get('/debug_token', async (request) => {
    const q = request.query as Record<string, string>;
    return { data: { app_id: APP_ID, is_valid: q['input_token'] === 'user-token-555001' && q['access_token'] === `${APP_ID}|${APP_SECRET}` } };
  });
  fake.get('/me', async (request, reply) => {
    const q = request.query as Record<string, string>;
    if (q['access_token'] !== 'user-token-555001') return reply.status(401).send({ error: { message: 'Invalid OAuth access token.' } });
    return { id: '555001' };
  });
  await fake.listen({ host: '127.0.0.1', port: 0 });
  return fake;
}

describe('continue with Facebook', () => {
  let fake: FastifyInstance;
  let t: TestApp;
  beforeAll(async () => {
    fake = await fakeFacebook();
    const address = fake.server.address() as { port: number };
    t = await createTestApp({
      env: { FACEBOOK_APP_ID: APP_ID, FACEBOOK_APP_SECRET: APP_SECRET, FACEBOOK_GRAPH_URL: `http://127.0.0.1:${address.port}` },
    });
  });
  afterAll(async () => {
    await t.close();
    await fake.close();
  });

  const verify = (payload: object, headers: Record<string, string> = {}) =>
    t.app.inject({ method: 'POST', url: '/api/pin/facebookconnect/verify', payload, headers });
  const redirectUri = 'http://localhost:3000/auth/facebook/callback';

  it('refuses an unlinked Facebook account, links it for a signed-in user, then signs that user in', async () => {
    const unlinked = await verify({ code: 'good-code', redirectUri });
    expect(unlinked.statusCode).toBe(422);
    expect(unlinked.json().errorCode).toBe(ErrorCode.FACEBOOK_NOT_LINKED);

    const { userId, token, phone } = await signIn(t.app);
    expect((await t.app.inject({ method: 'POST', url: '/api/pin/facebookconnect', payload: { phoneNo: phone } })).json()).toEqual({
      isAuthorised: false,
    });
    const linked = await verify({ code: 'good-code', redirectUri }, bearer(token));
    expect(linked.statusCode).toBe(200);
    expect(linked.json().userId).toBe(userId);
    expect((await t.app.inject({ method: 'POST', url: '/api/pin/facebookconnect', payload: { phoneNo: phone } })).json()).toEqual({
      isAuthorised: true,
    });

    const later = await verify({ code: 'good-code', redirectUri });
    expect(later.statusCode).toBe(200);
    expect(later.json().userId).toBe(userId);
    const sdk = await verify({ accessToken: 'user-token-555001' });
    expect(sdk.json().userId).toBe(userId);
  });

  it('answers 502 when Facebook does not confirm the code or token', async () => {
    const bad = await verify({ code: 'forged', redirectUri });
    expect(bad.statusCode).toBe(502);
    expect(bad.json().errorCode).toBe(ErrorCode.FACEBOOK_FAILED);
    expect((await verify({ accessToken: 'someone-elses-token' })).statusCode).toBe(502);
  });

  it('lists Facebook as a provider only when configured', async () => {
    expect((await t.app.inject({ url: '/api/auth/providers' })).json()).toEqual({
      facebook: { appId: APP_ID, authorizeUrl: 'https://www.facebook.com/v19.0/dialog/oauth' },
    });
    const plain = await createTestApp();
    expect((await plain.app.inject({ url: '/api/auth/providers' })).json()).toEqual({ facebook: null });
    expect((await plain.app.inject({ method: 'POST', url: '/api/pin/facebookconnect/verify', payload: { accessToken: 'x' } })).statusCode).toBe(404);
    await plain.close();
  });
});
