import { describe, expect, it } from 'vitest';
import { pageUrl } from './session.server.ts';

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
