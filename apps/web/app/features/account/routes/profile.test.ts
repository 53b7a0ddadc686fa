import { describe, expect, it } from 'vitest';
import { refusal, routeContext, testUser, thrown } from '../../../lib/route-testing.ts';
import { action } from './profile.tsx';

type Args = Parameters<typeof action>[0];

function post(fields: Record<string, string>, path = '/profile'): Request {
  return new Request(`http://localhost:3000${path}`, { method: 'POST', body: new URLSearchParams(fields) });
}
const details = { intent: 'save', name: 'Aisyah', email: '', language: 'EN', userType: '1', rentalRole: 'TENANT' };

async function act(request: Request, setup: Parameters<typeof routeContext>[0]) {
  const { context, calls } = routeContext(setup);
  const result = await action({ request, context, params: {} } as unknown as Args);
  // A refusal comes back as data(result, { status: 400 }), a success as the result itself.
  const answer = result as { data?: unknown; init?: { status?: number } } & Record<string, unknown>;
  return 'init' in answer
    ? { status: answer.init?.status, body: answer.data as Record<string, unknown>, calls }
    : { status: 200, body: answer, calls };
}

describe('profile action: one Save for every part', () => {
  it('saves each part that was filled in, through its own endpoint, one after another', async () => {
    const { status, body, calls } = await act(
      post({ ...details, salary: '5200', password: 'new-secret-1', currentPassword: 'old-secret', q_1: 'A' }),
      {
        user: testUser(),
        api: {
          'PUT /users/u1': testUser(),
          'POST /v3/user/u1/profile': {},
          'POST /users/u1/reset-password': {},
          'POST /v3/user/psychometric-qa/u1': {},
        },
      },
    );
    expect(status).toBe(200);
    expect(body).toMatchObject({ intent: 'save', ok: true });
    expect(calls.map((c) => `${c.method} ${c.path}`)).toEqual([
      'PUT /users/u1',
      'POST /v3/user/u1/profile',
      'POST /users/u1/reset-password',
      'POST /v3/user/psychometric-qa/u1',
    ]);
    expect(calls[0]!.body).toEqual({ name: 'Aisyah', email: null, language: 'EN', userType: 1, rentalRole: 'TENANT' });
    expect(calls[1]!.body).toEqual({ userAttributes: { monthly_salary: 5200 } });
    expect(calls[2]!.body).toEqual({ password: 'new-secret-1', currentPassword: 'old-secret' });
    expect(calls[3]!.body).toEqual({ 1: 'A' });
  });

  it('leaves an empty salary and password as they are', async () => {
    const { calls } = await act(post({ ...details, salary: '', password: '' }), { user: testUser(), api: { 'PUT /users/u1': testUser() } });
    expect(calls.map((c) => c.path)).toEqual(['/users/u1']);
  });

  it('reports a refused part beside its field and keeps the parts that were saved', async () => {
    const { status, body } = await act(post({ ...details, salary: '99999999' }), {
      user: testUser(),
      api: {
        'PUT /users/u1': testUser(),
        'POST /v3/user/u1/profile': refusal(400, 'Too high', [{ path: 'userAttributes.monthly_salary', message: 'Too high' }]),
      },
    });
    expect(status).toBe(400);
    expect(body).toMatchObject({ ok: false, fields: { salary: 'Too high' }, parts: {}, savedSome: true });
  });

  it('puts a wrong current password beside the current password, or beside the new one when none is set yet', async () => {
    const api = {
      'PUT /users/u1': refusal(400, 'Bad name', [{ path: 'name', message: 'Bad name' }]),
      'POST /users/u1/reset-password': refusal(400, 'Wrong password'),
    };
    const withPassword = await act(post({ ...details, password: 'new-secret-1' }), { user: testUser({ passwordSet: true }), api });
    expect(withPassword.body).toMatchObject({ fields: { name: 'Bad name', currentPassword: 'Wrong password' }, savedSome: false });
    const without = await act(post({ ...details, password: 'new-secret-1' }), { user: testUser({ passwordSet: false }), api });
    expect(without.body).toMatchObject({ fields: { name: 'Bad name', password: 'Wrong password' } });
  });

  it('reports a questionnaire refusal that names no field as the part', async () => {
    const { body } = await act(post({ ...details, q_1: 'Z' }), {
      user: testUser(),
      api: { 'PUT /users/u1': testUser(), 'POST /v3/user/psychometric-qa/u1': refusal(400, 'Answer every question') },
    });
    expect(body).toMatchObject({ ok: false, fields: {}, parts: { psychometric: 'Answer every question' }, savedSome: true });
  });

  it('lets a server failure through instead of reporting it as the visitor’s mistake', async () => {
    await expect(act(post(details), { user: testUser(), api: { 'PUT /users/u1': refusal(503, 'Unavailable') } })).rejects.toMatchObject({
      status: 503,
    });
  });

  it('answers a refused work-email code request with the API’s message and the address', async () => {
    const { status, body } = await act(post({ intent: 'work-email-request', email: ' me@example.com ' }), {
      user: testUser(),
      api: { 'POST /v3/user/work-email-verification/request-otp/u1': refusal(400, 'Not a work address') },
    });
    expect(status).toBe(400);
    expect(body).toEqual({ intent: 'work-email-request', ok: false, error: 'Not a work address', email: 'me@example.com' });
  });

  it('sends a signed-out visitor to sign in and back, in their language', async () => {
    const response = await thrown(() => act(post(details, '/my/profile'), { user: null }));
    expect(response.status).toBe(302);
    expect(response.headers.get('location')).toMatch(/^\/my\/.*origin=%2Fmy%2Fprofile/);
  });
});
