import { describe, expect, it } from 'vitest';
import { refusal, routeContext, testUser, thrown } from '../../../lib/route-testing.ts';
import { loader } from './refer.tsx';

type Args = Parameters<typeof loader>[0];
const run = (path: string, context: Args['context'], params: Record<string, string> = {}, cookie?: string) =>
  loader({ request: new Request(`http://localhost:3000${path}`, { headers: cookie ? { cookie } : {} }), context, params } as unknown as Args);

describe('/refer: the referral landing', () => {
  it('/refer/{rid} keeps the code in the ajreferral cookie and signs up back to /refer?isNewUser=true', async () => {
    const { context } = routeContext();
    const answer = (await run('/my/refer/k7m2q9xa?source=whatsapp', context, { rid: 'k7m2q9xa' })) as unknown as {
      data: { signUp: string };
      init: { headers: Record<string, string> };
    };
    expect(answer.init.headers['set-cookie']).toMatch(/^ajreferral=K7M2Q9XA; Path=\/; Max-Age=2592000; HttpOnly; SameSite=Lax$/);
    const signUp = new URL(answer.data.signUp, 'http://localhost:3000');
    expect(signUp.pathname).toBe('/my/register');
    expect(signUp.searchParams.get('origin')).toBe('/my/refer?isNewUser=true&source=whatsapp');
  });

  it('/refer without isNewUser goes to /more/landlord', async () => {
    const { context } = routeContext();
    expect((await thrown(() => run('/zh/refer', context))).headers.get('location')).toBe('/zh/more/landlord');
  });

  it('after sign-up it records the referral from the cookie and lands on /more/refer, clearing the cookie', async () => {
    const { context, calls } = routeContext({
      user: testUser(),
      api: { 'POST /referrals': { status: 'PENDING', referrerName: 'Aisyah' } },
    });
    const response = await thrown(() => run('/refer?isNewUser=true&source=whatsapp', context, {}, 'ajreferral=K7M2Q9XA'));
    expect(response.headers.get('location')).toBe('/more/refer?joined=Aisyah');
    expect(response.headers.get('set-cookie')).toMatch(/^ajreferral=; Path=\/; Max-Age=0/);
    expect(calls).toEqual([{ method: 'POST', path: '/referrals', body: { referralCode: 'K7M2Q9XA', source: 'whatsapp' } }]);
  });

  it('an account that is not new still lands on /more/refer, without the welcome', async () => {
    const { context } = routeContext({ user: testUser(), api: { 'POST /referrals': refusal(422, 'not new') } });
    const response = await thrown(() => run('/refer?isNewUser=true', context, {}, 'ajreferral=K7M2Q9XA'));
    expect(response.headers.get('location')).toBe('/more/refer');
  });

  it('a signed-out visitor is sent to log in first, coming back here', async () => {
    const { context } = routeContext();
    const response = await thrown(() => run('/refer?isNewUser=true', context));
    expect(response.headers.get('location')).toMatch(/^\/login\?origin=%2Frefer%3FisNewUser%3Dtrue/);
  });
});
