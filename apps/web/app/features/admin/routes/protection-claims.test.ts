import { describe, expect, it } from 'vitest';
import { routeContext, testUser } from '../../../lib/route-testing.ts';
import { action as adminAction, loader } from './protection-claims.tsx';

describe('/admin/protection-claims: operations decide', () => {
  it('approving sends the amount, the deduction and the note; rejecting sends neither; ending an overstay sends its day', async () => {
    const { context, calls } = routeContext({
      user: testUser({ role: 'operations' }),
      api: {
        'POST /admin/protection/claims/c1/decision': { status: 'APPROVED' },
        'POST /admin/protection/claims/c2/decision': { status: 'REJECTED' },
        'POST /admin/protection/claims/c3/decision': { status: 'APPROVED' },
        'POST /admin/protection/claims/c4/overstay-end': { id: 'c4' },
      },
    });
    type AdminArgs = Parameters<typeof adminAction>[0];
    const decide = (fields: Record<string, string>) => {
      const form = new FormData();
      for (const [key, value] of Object.entries(fields)) form.set(key, value);
      return adminAction({
        request: new Request('http://localhost:3000/admin/protection-claims', { method: 'POST', body: form }),
        context,
        params: {},
      } as unknown as AdminArgs);
    };
    await decide({ id: 'c1', intent: 'approve', amount: '850', note: 'Receipt for the door.' });
    await decide({ id: 'c2', intent: 'reject', amount: '850', deductionPercent: '20', note: 'No police report.' });
    await decide({ id: 'c3', intent: 'approve', amount: '600', deductionPercent: '25', note: 'No receipt for the fan.' });
    expect(await decide({ id: 'c4', intent: 'end', endDate: '2026-11-20' })).toMatchObject({ ok: true, value: { status: 'ENDED' } });
    expect(calls.map((call) => [call.path, call.body])).toEqual([
      ['/admin/protection/claims/c1/decision', { status: 'APPROVED', approvedAmount: 850, note: 'Receipt for the door.' }],
      ['/admin/protection/claims/c2/decision', { status: 'REJECTED', note: 'No police report.' }],
      ['/admin/protection/claims/c3/decision', { status: 'APPROVED', approvedAmount: 600, deductionPercent: 25, note: 'No receipt for the fan.' }],
      ['/admin/protection/claims/c4/overstay-end', { endDate: '2026-11-20' }],
    ]);
  });

  const claim = (id: string, ocd: { monthsPaid: number; paidSen: number; endedOn: string | null } | null) => ({ id, kind: 'OCD', ocd });
  it.each([
    // [name, the queue's answer, the approved OCD claims' answer, queue shown, overstays listed]
    ['both lists load: overstays still paid are listed', { content: [claim('c1', null)] }, 'both', ['c1'], ['c2']],
    ['the queue is refused: the page says it did not load', 403, 'both', null, []],
    ['the overstays are refused: the page says it did not load', { content: [] }, 403, null, []],
  ] as const)('%s', async (_name, queueAnswer, overstayAnswer, queueIds, overstayIds) => {
    const refused = (status: number) => Response.json({ errorCode: 11403, message: 'No.' }, { status });
    const { context } = routeContext({
      user: testUser({ role: 'operations' }),
      api: {
        'GET /admin/protection/claims': (call: { path: string }) =>
          call.path.includes('APPROVED')
            ? typeof overstayAnswer === 'number'
              ? refused(overstayAnswer)
              : {
                  content: [
                    claim('c2', { monthsPaid: 1, paidSen: 180_000, endedOn: null }),
                    claim('c3', { monthsPaid: 2, paidSen: 0, endedOn: '2026-11-01' }),
                  ],
                }
            : typeof queueAnswer === 'number'
              ? refused(queueAnswer)
              : queueAnswer,
      },
    });
    const loaded = await loader({
      request: new Request('http://localhost:3000/admin/protection-claims'),
      context,
      params: {},
    } as unknown as Parameters<typeof loader>[0]);
    expect(loaded.queue?.content.map((each) => each.id) ?? null).toEqual(queueIds);
    expect(loaded.overstays.map((each) => each.id)).toEqual(overstayIds);
  });
});
