import { describe, expect, it } from 'vitest';
import { refusal, routeContext } from '../../../lib/route-testing.ts';
import { action } from './lead.tsx';

type Args = Parameters<typeof action>[0];
const posted = (fields: Record<string, string>) =>
  new Request('http://localhost:3000/landlord/lead', { method: 'POST', body: new URLSearchParams(fields) });

describe('the landlord lead form', () => {
  it('sends the lead with its fields trimmed and answers ok', async () => {
    const { context, calls } = routeContext({ api: { 'POST /landlord-leads': {} } });
    const fields = { name: ' Wong ', phoneNo: '0123456789', areaSlug: 'bangsar', type: 'HIGHRISE', note: ' evenings ' };
    expect(await action({ request: posted(fields), context, params: {} } as unknown as Args)).toEqual({ ok: true });
    expect(calls.map((call) => call.body)).toEqual([
      { name: 'Wong', phoneNo: '0123456789', areaSlug: 'bangsar', type: 'HIGHRISE', note: 'evenings' },
    ]);
  });

  it("answers any refusal the API explains as the form's, with a 400", async () => {
    const { context } = routeContext({ api: { 'POST /landlord-leads': refusal(429, 'Too many requests') } });
    expect(await action({ request: posted({}), context, params: {} } as unknown as Args)).toMatchObject({
      data: { ok: false, error: 'Too many requests', fields: {} },
      init: { status: 400 },
    });
  });
});
