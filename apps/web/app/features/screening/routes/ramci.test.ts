import { describe, expect, it } from 'vitest';
import { routeContext, testUser } from '../../../lib/route-testing.ts';
import { action } from './ramci.tsx';

type Args = Parameters<typeof action>[0];
const posted = (body: FormData | URLSearchParams) => new Request('http://localhost:3000/ramci/zero-deposit', { method: 'POST', body });

describe('the credit check page: its forms', () => {
  it('sends the details trimmed with one answer per question', async () => {
    const { context, calls } = routeContext({ user: testUser(), api: { 'POST /ramci/submit': { state: 'PENDING' } } });
    const body = new URLSearchParams({
      intent: 'submit',
      name: ' Aisyah ',
      nric: '950101101234',
      email: 'a@b.my',
      phone: '0123456789',
      q_1: 'b',
      q_2: 'd',
    });
    expect(await action({ request: posted(body), context, params: {} } as unknown as Args)).toEqual({ intent: 'submit', error: null, fields: {} });
    expect(calls[0]!.body).toEqual({
      name: 'Aisyah',
      nric: '950101101234',
      email: 'a@b.my',
      phone: '0123456789',
      securityQuestions: [
        { questionId: '1', answerId: 'b' },
        { questionId: '2', answerId: 'd' },
      ],
    });
  });

  it('refuses a consent without the back of the IC before calling the API', async () => {
    const { context, calls } = routeContext({ user: testUser() });
    const body = new FormData();
    body.set('intent', 'consent');
    body.set('nric', '950101101234');
    body.set('icFront', new File([new Uint8Array([0xff, 0xd8, 0xff])], 'front.jpg', { type: 'image/jpeg' }));
    expect(await action({ request: posted(body), context, params: {} } as unknown as Args)).toMatchObject({
      data: { intent: 'consent', error: null, fields: { icBack: 'screening.ic.invalid' } },
      init: { status: 400 },
    });
    expect(calls).toEqual([]);
  });
});
