import { createElement } from 'react';
import { describe, expect, it } from 'vitest';
import { LANGUAGES, type Language } from '@kunci/i18n/locales';
import { CATALOGUES } from '@kunci/i18n/messages';
import { refusal, renderPage, routeContext, type FakeApi } from '../../../lib/route-testing.ts';
import Login, { action } from './login.tsx';

type Args = Parameters<typeof action>[0];

function post(fields: Record<string, string>): Request {
  return new Request('http://localhost:3000/login', { method: 'POST', body: new URLSearchParams(fields) });
}

async function act(fields: Record<string, string>, api: FakeApi) {
  const { context } = routeContext({ api });
  const result = await action({ request: post(fields), context, params: {} } as unknown as Args);
  const answer = result as { data?: unknown; init?: { status?: number } } & Record<string, unknown>;
  return 'init' in answer ? { status: answer.init?.status, body: answer.data as Record<string, unknown> } : { status: 200, body: answer };
}

function tooSoon(seconds: number): Response {
  const refused = refusal(429, 'Too many requests. Please try again later.');
  return new Response(refused.body, { status: 429, headers: { 'content-type': 'application/json', 'retry-after': String(seconds) } });
}

describe('login action: asking for a new PIN too soon', () => {
  it('keeps the visitor on the PIN step with the seconds until a resend, not an error on the phone step', async () => {
    const { status, body } = await act(
      { intent: 'request-pin', phoneNo: '0123456789', resend: '1', mode: 'pin' },
      { 'POST /pin/request': tooSoon(42) },
    );
    expect(status).toBe(429);
    expect(body).toEqual({ step: 'pin', phoneNo: '0123456789', cooldown: { seconds: 42 } });
  });

  it('does the same for a new PIN while resetting the password', async () => {
    const { body } = await act(
      { intent: 'forgot', phoneNo: '0123456789', resend: '1', mode: 'forgot' },
      { 'POST /users/reset-password/by-phone/0123456789': tooSoon(17) },
    );
    expect(body).toMatchObject({ step: 'pin', cooldown: { seconds: 17 } });
  });

  it('still shows a refused first request on the phone step', async () => {
    const { status, body } = await act({ intent: 'request-pin', phoneNo: '0123456789', mode: 'pin' }, { 'POST /pin/request': tooSoon(42) });
    expect(status).toBe(400);
    expect(body).toMatchObject({ step: 'phone', error: { message: 'Too many requests. Please try again later.' } });
  });
});

describe('login page: the subtitle describes the way of signing in shown', () => {
  const render = async (lang: Language, mode: 'pin' | 'password' | 'forgot') => {
    const loaderData = { mode, origin: '', rid: '', outbox: false, facebook: false, errorCode: null };
    return renderPage(createElement(Login, { loaderData } as unknown as Parameters<typeof Login>[0]), { lang, url: 'http://localhost:3000/login' });
  };

  it.each(LANGUAGES)('%s: the password form does not promise a PIN by SMS; the PIN form does', async (lang) => {
    const html = await render(lang, 'password');
    expect(html).toContain(CATALOGUES[lang]['auth.login.subtitlePassword']);
    expect(html).not.toContain(CATALOGUES[lang]['auth.login.subtitle']);
    expect(await render(lang, 'pin')).toContain(CATALOGUES[lang]['auth.login.subtitle']);
  });
});
