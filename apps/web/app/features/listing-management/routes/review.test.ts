import { describe, expect, it } from 'vitest';
import { refusal, routeContext, testUser } from '../../../lib/route-testing.ts';
import { action, loader } from './review.tsx';

type Args = Parameters<typeof loader>[0];
const moderator = testUser({ role: 'moderator' });
const queue = { content: [], totalElements: 0, totalPages: 0, pageNumber: 0, pageSize: 20 };

describe('review queue: a decision is confirmed', () => {
  it('answers an approval on the queue with the listing’s name', async () => {
    const { context } = routeContext({ user: moderator, api: { 'POST /properties/7/approve': { id: 7, name: 'Mont Kiara Peak' } } });
    const request = new Request('http://localhost:3000/dashboard/review', {
      method: 'POST',
      body: new URLSearchParams({ id: '7', decision: 'approve' }),
    });
    expect(await action({ request, context, params: {} } as unknown as Args)).toEqual({
      ok: true,
      decision: 'approve',
      name: 'Mont Kiara Peak',
      id: 7,
    });
  });

  it('confirms a decision taken on the preview when the queue opens after it', async () => {
    const { context } = routeContext({
      user: moderator,
      api: { 'GET /moderation/properties': queue, 'GET /properties/7/manage': { id: 7, name: 'Mont Kiara Peak' } },
    });
    const request = new Request('http://localhost:3000/dashboard/review?approved=7');
    expect(await loader({ request, context, params: {} } as unknown as Args)).toEqual({
      queue,
      decided: { decision: 'approve', name: 'Mont Kiara Peak' },
    });
  });

  it('confirms nothing for a listing it cannot find', async () => {
    const { context } = routeContext({
      user: moderator,
      api: { 'GET /moderation/properties': queue, 'GET /properties/8/manage': refusal(404, 'Not found') },
    });
    const request = new Request('http://localhost:3000/dashboard/review?rejected=8');
    expect(await loader({ request, context, params: {} } as unknown as Args)).toEqual({ queue, decided: null });
  });
});
