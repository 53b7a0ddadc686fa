import { describe, expect, it } from 'vitest';
import { ApiError, createApi } from './api.ts';
import { clientRefusal, explainedRefusal, explainedRefusalWithStatus, readForm, submitForm } from './form-action.server.ts';
import { refusal } from './route-testing.ts';

const posted = (fields: Record<string, string>) =>
  new Request('http://localhost:3000/more/contact', { method: 'POST', body: new URLSearchParams(fields) });
/** The API's client answering every call with `answer`, as a route's action would call it. */
const apiAnswering = (answer: Response) => createApi(async () => answer.clone());
const refused = (status: number) =>
  apiAnswering(refusal(status, 'Check the form', [{ path: 'body.phoneNo', message: 'Enter a Malaysian mobile number' }]));

describe('a posted form read by a route action', () => {
  it("gives the button's intent and the fields trimmed, and the form itself for the rest", async () => {
    const { form, intent, text } = await readForm(posted({ intent: 'consent', nric: ' 950101-10-1234 ' }));
    expect([intent, text('nric'), text('missing'), form.get('nric')]).toEqual(['consent', '950101-10-1234', '', ' 950101-10-1234 ']);
    expect((await readForm(posted({}))).intent).toBe('');
  });
});

describe('a form sent to the API from a route action', () => {
  it('hands the fields over trimmed (a missing one as empty) and answers ok with what the call gave', async () => {
    const seen: string[] = [];
    const answer = await submitForm(posted({ name: '  Aisyah ', phoneNo: '0123456789 ' }), async (text) => {
      seen.push(text('name'), text('phoneNo'), text('email'));
      return { message: 'Thanks' };
    });
    expect(seen).toEqual(['Aisyah', '0123456789', '']);
    expect(answer).toEqual({ ok: true, message: 'Thanks' });
  });

  it("answers a refusal as the form's error and its fields' errors, with the API's status", async () => {
    const answer = await submitForm(posted({}), () => refused(429).sendContactMessage({}));
    expect(answer).toMatchObject({
      data: { ok: false, error: 'Check the form', fields: { phoneNo: 'Enter a Malaysian mobile number' } },
      init: { status: 429 },
    });
  });

  it('answers a refusal with the status the page gives every refusal, when it gives one', async () => {
    const answer = await submitForm(posted({}), () => refused(429).sendContactMessage({}), 400);
    expect(answer).toMatchObject({ data: { ok: false, error: 'Check the form' }, init: { status: 400 } });
  });

  it('throws a failure the API does not explain', async () => {
    await expect(submitForm(posted({}), () => apiAnswering(new Response('down', { status: 502 })).sendContactMessage({}))).rejects.toBeInstanceOf(
      ApiError,
    );
    await expect(
      submitForm(posted({}), () => {
        throw new Error('bug');
      }),
    ).rejects.toThrow('bug');
  });
});

describe("a refusal the API explains, as a page's answer", () => {
  it("gives the API's message, with its status and what the page adds when asked", async () => {
    const error = await refused(409)
      .sendContactMessage({})
      .catch((caught: unknown) => caught);
    expect(explainedRefusal(error)).toEqual({ ok: false, error: 'Check the form' });
    expect(explainedRefusalWithStatus(error, { buy: true })).toMatchObject({
      data: { ok: false, buy: true, error: 'Check the form' },
      init: { status: 409 },
    });
  });

  it('throws anything else again', () => {
    expect(() => explainedRefusal(new Error('bug'))).toThrow('bug');
    expect(() => explainedRefusalWithStatus(new ApiError(502, undefined))).toThrow(ApiError);
  });
});

describe("a refusal of the caller's own making, as a form's answer", () => {
  it("gives a 4xx's message and its fields' errors, and throws a 5xx or anything else", async () => {
    const refusedWith = (status: number) =>
      refused(status)
        .sendContactMessage({})
        .catch((caught: unknown) => caught);
    expect(clientRefusal(await refusedWith(422))).toEqual({
      ok: false,
      error: 'Check the form',
      fields: { phoneNo: 'Enter a Malaysian mobile number' },
    });
    const failure = await refusedWith(503);
    expect(() => clientRefusal(failure)).toThrow(ApiError);
    expect(() => clientRefusal(new Error('bug'))).toThrow('bug');
  });
});
