import { describe, expect, it } from 'vitest';
import { BUSINESS } from '@kunci/contracts/business';
import { attributionCookies, currentAttribution } from '../../lib/attribution.server.ts';
import { routeContext, testUser } from '../../lib/route-testing.ts';
import { TRACKED_COOKIE, trackAttribution } from './attribution.server.ts';

const DAY = 86_400;
const rules = BUSINESS.growth.attribution;
const request = (path: string, cookie?: string) => new Request(`http://localhost:3000${path}`, { headers: cookie ? { cookie } : {} });
const page = async () => new Response('<html></html>');

describe('attribution: tracking params kept in cookies and sent for a signed-in visitor', () => {
  it('a landing URL’s params go into one cookie each, for their lifetimes; odd values are ignored', () => {
    const { context } = routeContext();
    const cookies = attributionCookies(request('/rent/bangsar?utm_source=facebook&utm_campaign=raya&gclid=Cj0-x_1&subid=%3Cscript%3E'), context);
    expect(cookies).toEqual([
      `utm_source=facebook; Path=/; Max-Age=${rules.campaignDays * DAY}; SameSite=Lax`,
      `utm_campaign=raya; Path=/; Max-Age=${rules.campaignDays * DAY}; SameSite=Lax`,
      `gclid=Cj0-x_1; Path=/; Max-Age=${rules.clickIdDays * DAY}; SameSite=Lax`,
    ]);
    expect(attributionCookies(request('/rent/bangsar?q=x'), context)).toEqual([]);
  });

  it('a new campaign clears the earlier campaign’s other utm values; click ids stay', () => {
    const { context } = routeContext();
    const cookies = attributionCookies(request('/?utm_source=google', 'utm_medium=cpc; utm_campaign=old; gclid=abc'), context);
    expect(cookies).toContain(`utm_source=google; Path=/; Max-Age=${rules.campaignDays * DAY}; SameSite=Lax`);
    expect(cookies).toContain('utm_medium=; Path=/; Max-Age=0; SameSite=Lax');
    expect(cookies).toContain('utm_campaign=; Path=/; Max-Age=0; SameSite=Lax');
    expect(cookies.some((c) => c.startsWith('gclid='))).toBe(false);
    expect(currentAttribution(request('/', 'utm_source=tiktok; rid=K7M2Q9XA; lang=ms'))).toEqual({ utm_source: 'tiktok', rid: 'K7M2Q9XA' });
  });

  it('the first page after signing in sends the kept params once for that account', async () => {
    const user = testUser();
    const { context, calls } = routeContext({ user, api: { 'POST /users/track': new Response(null, { status: 204 }) } });
    const response = await trackAttribution({ request: request('/dashboard', 'utm_source=newsletter; subid=aff-9'), context }, page);
    expect(calls).toEqual([{ method: 'POST', path: '/users/track', body: { id: user.id, attr: { utm_source: 'newsletter', subid: 'aff-9' } } }]);
    expect(response.headers.get('set-cookie')).toContain(`${TRACKED_COOKIE}=${user.id}`);

    // Sent already for this account: nothing more until they land with new params.
    await trackAttribution({ request: request('/dashboard', `utm_source=newsletter; ${TRACKED_COOKIE}=${user.id}`), context }, page);
    expect(calls).toHaveLength(1);
    await trackAttribution({ request: request('/?utm_source=whatsapp', `utm_source=newsletter; ${TRACKED_COOKIE}=${user.id}`), context }, page);
    expect(calls).toHaveLength(2);
    expect(calls[1]!.body).toEqual({ id: user.id, attr: { utm_source: 'whatsapp' } });
  });

  it('signed-out visitors send nothing, and a refused call never fails the page', async () => {
    const { context, calls } = routeContext();
    await trackAttribution({ request: request('/?utm_source=x'), context }, page);
    expect(calls).toHaveLength(0);
    const signedIn = routeContext({ user: testUser(), api: { 'POST /users/track': new Response('{}', { status: 429 }) } });
    const response = await trackAttribution({ request: request('/?utm_source=x'), context: signedIn.context }, page);
    expect(response.status).toBe(200);
    expect(response.headers.get('set-cookie')).toBeNull();
  });
});
