import { describe, expect, it } from 'vitest';
import { routeContext, testUser } from '../../../lib/route-testing.ts';
import { action as adminAction } from './protection-claims.tsx';

describe('/admin/protection-claims: operations decide', () => {
  it('approving sends the amount and the note; rejecting sends no amount', async () => {
    const { context, calls } = routeContext({
      user: testUser({ role: 'operations' }),
      api: {
        'POST /admin/protection/claims/c1/decision': { status: 'APPROVED' },
        'POST /admin/protection/claims/c2/decision': { status: 'REJECTED' },
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
    await decide({ id: 'c2', intent: 'reject', amount: '850', note: 'No police report.' });
    expect(calls.map((call) => call.body)).toEqual([
      { status: 'APPROVED', approvedAmount: 850, note: 'Receipt for the door.' },
      { status: 'REJECTED', note: 'No police report.' },
    ]);
  });
});
