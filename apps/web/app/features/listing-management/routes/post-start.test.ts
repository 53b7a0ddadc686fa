import { describe, expect, it } from 'vitest';
import { routeContext, testUser, thrown } from '../../../lib/route-testing.ts';
import { loader } from './post-start.tsx';

type Args = Parameters<typeof loader>[0];
const page = (content: unknown[]) => ({ content, totalElements: content.length, totalPages: 1, pageNumber: 0, pageSize: 1 });

async function load(path: string, drafts: unknown[]) {
  const { context, calls } = routeContext({ user: testUser(), api: { 'GET /users/u1/properties': page(drafts) } });
  return { data: await loader({ request: new Request(`http://localhost:3000${path}`), context, params: {} } as unknown as Args), calls };
}

describe('/post: start a listing, or continue the one not finished', () => {
  it('offers the latest draft where it stopped', async () => {
    const draft = { id: 9, name: 'Residensi Aman', type: 'HIGHRISE', landmarkVerified: false, draftStep: 2 };
    const { data, calls } = await load('/my/post', [draft]);
    // Saved up to GPS (code 2) on an unverified high-rise: facilities come next.
    expect(data).toEqual({ draft: { name: 'Residensi Aman', href: '/my/post-rent/facilities?ref=9' } });
    expect(calls.map((c) => c.path)).toEqual(['/users/u1/properties?status=DRAFT&pageSize=1&sort=-dateCreated']);
  });

  it('offers nothing to continue without a draft', async () => {
    expect((await load('/post', [])).data).toEqual({ draft: null });
  });

  it('sends a signed-out visitor to log in first', async () => {
    const { context } = routeContext();
    const response = await thrown(() => loader({ request: new Request('http://localhost:3000/post'), context, params: {} } as unknown as Args));
    expect(response.headers.get('location')).toMatch(/^\/login\?origin=%2Fpost/);
  });
});
