import { describe, expect, it } from 'vitest';
import { routeContext, testUser } from '../../../lib/route-testing.ts';
import { action as adminAction } from './protection-claims.tsx';

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
});
