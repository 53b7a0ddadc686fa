import { describe, expect, it } from 'vitest';
import { routeContext, testUser, thrown, type FakeApi } from '../../../lib/route-testing.ts';
import { action, loader } from './referral-rewards.tsx';

type ActionArgs = Parameters<typeof action>[0];
type LoaderArgs = Parameters<typeof loader>[0];

const DETAILS = { referralId: 7, bank: 'MAYBANK', bankName: 'Maybank', accountHolder: 'Aisyah binti Rahman', accountNumber: '114233005678' };
const pinNeeded = () => Response.json({ errorCode: 11470, message: 'Confirm with your PIN first.' }, { status: 428 });

function setup(api: FakeApi, role: 'operations' | 'moderator' = 'operations') {
  const { context, calls } = routeContext({ user: testUser({ role }), api });
  const submit = (fields: Record<string, string>) => {
    const form = new FormData();
    for (const [key, value] of Object.entries(fields)) form.set(key, value);
    return action({
      request: new Request('http://localhost:3000/admin/referral-rewards', { method: 'POST', body: form }),
      context,
      params: {},
    } as unknown as ActionArgs);
  };
  return { context, calls, submit };
}

describe('/admin/referral-rewards: operations pay referral rewards', () => {
  it('asks for a PIN before showing a full account, then confirms it and shows the account', async () => {
    let confirmed = false;
    const { calls, submit } = setup({
      'POST /admin/growth/referral-rewards/7/bank-details': () => (confirmed ? DETAILS : pinNeeded()),
      'POST /admin/confirm/pin': { phoneNo: '012-345 6789' },
      'POST /admin/confirm': () => {
        confirmed = true;
        return { confirmedAt: new Date().toISOString() };
      },
    });
    const asked = await submit({ intent: 'show', id: '7', name: 'Aisyah Rahman' });
    expect(asked).toMatchObject({
      data: { ok: false, needsPin: true, phoneNo: '012-345 6789', resubmit: { intent: 'show', id: '7', name: 'Aisyah Rahman' } },
    });
    expect(JSON.stringify(asked)).not.toContain('114233005678');

    const shown = await submit({ intent: 'show', id: '7', name: 'Aisyah Rahman', pin: '123456' });
    expect(shown).toMatchObject({ ok: true, id: 7, value: { shown: DETAILS } });
    expect(calls.map((call) => `${call.method} ${call.path}`)).toEqual([
      'POST /admin/growth/referral-rewards/7/bank-details',
      'POST /admin/confirm/pin',
      'POST /admin/confirm',
      'POST /admin/growth/referral-rewards/7/bank-details',
    ]);
    expect(calls[2]!.body).toEqual({ pin: '123456' });
  });

  it('marks a reward paid only after the PIN, without reading the account', async () => {
    let confirmed = false;
    const { calls, submit } = setup({
      'POST /admin/growth/referral-rewards/7/paid': () => (confirmed ? new Response(null, { status: 204 }) : pinNeeded()),
      'POST /admin/confirm/pin': { phoneNo: '012-345 6789' },
      'POST /admin/confirm': () => {
        confirmed = true;
        return { confirmedAt: new Date().toISOString() };
      },
    });
    expect(await submit({ intent: 'paid', id: '7', name: 'Aisyah Rahman' })).toMatchObject({ data: { needsPin: true } });
    expect(await submit({ intent: 'paid', id: '7', name: 'Aisyah Rahman', pin: '123456' })).toMatchObject({
      ok: true,
      value: { shown: null, name: 'Aisyah Rahman' },
    });
    expect(calls.some((call) => call.path.endsWith('/bank-details'))).toBe(false);
  });

  it('is for operations: other staff get a 403 page', async () => {
    const { context } = setup({}, 'moderator');
    const response = await thrown(() =>
      loader({ request: new Request('http://localhost:3000/admin/referral-rewards'), context, params: {} } as unknown as LoaderArgs),
    );
    expect(response.status).toBe(403);
  });
});
