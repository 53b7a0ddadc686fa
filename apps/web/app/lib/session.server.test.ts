import { describe, expect, it } from 'vitest';
import { routeContext } from './route-testing.ts';
import { pageUrl, requireUser, sessionContext } from './session.server.ts';

describe('pageUrl', () => {
  const of = (url: string) => {
    const page = pageUrl(new Request(url));
    return page.pathname + page.search;
  };
  it('is the page a client data request is for, so a sign-in returns to the page and not its data', () => {
    expect(of('http://x/dashboard.data?_routes=dashboard.en')).toBe('/dashboard');
    expect(of('http://x/my/dashboard/chat.data?id=4&_routes=chat')).toBe('/my/dashboard/chat?id=4');
    expect(of('http://x/_root.data?_routes=root')).toBe('/');
  });
  it('leaves a page request as it is', () => {
    expect(of('http://x/dashboard?tab=all')).toBe('/dashboard?tab=all');
    expect(of('http://x/rent/bangsar?_routes=x')).toBe('/rent/bangsar?_routes=x');
  });
});

describe('requireUser', () => {
  const thrown = (run: () => unknown) => {
    try {
      run();
    } catch (error) {
      return error;
    }
    throw new Error('nothing thrown');
  };
  it('sends a signed-out visitor to the login page, back to where they were', () => {
    const { context } = routeContext();
    const answer = thrown(() => requireUser(new Request('http://x/dashboard/chat.data?id=4&_routes=chat'), context, 'en')) as Response;
    expect(answer.status).toBe(302);
    expect(answer.headers.get('location')).toBe('/login?origin=%2Fdashboard%2Fchat%3Fid%3D4&originType=SH');
  });
  it('shows a banned account the ban screen with the API’s words, not the login page', () => {
    const { context } = routeContext();
    context.set(sessionContext, { user: null, expired: false, restricted: true, restrictedMessage: 'Restricted.' });
    const answer = thrown(() => requireUser(new Request('http://x/dashboard.data'), context, 'en')) as { init: ResponseInit; data: unknown };
    expect(answer.init.status).toBe(403);
    expect(answer.data).toEqual({ banned: true, message: 'Restricted.' });
  });
});
