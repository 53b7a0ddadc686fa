import type { RouterContextProvider } from 'react-router';
import { BUSINESS } from '@kunci/contracts/business';
import { parsePath } from '@kunci/i18n/paths';
import { serverApi } from '../../lib/api.ts';
import { attributionFromUrl, currentAttribution } from '../../lib/attribution.server.ts';
import { getServerContext } from '../../lib/server-context.ts';
import { getSession, readCookie } from '../../lib/session.server.ts';

/** Names the account the kept tracking params were last sent for (sent again after a sign-in as someone else). */
export const TRACKED_COOKIE = 'attrSent';
const rules = BUSINESS.growth.attribution;

/**
 * Root middleware, after the session is resolved: a signed-in visitor's tracking params (from the landing URL or the
 * cookies that keep them) go to POST /api/users/track on the first page after signing in or up (that stores the new
 * account's sign-up attribution) and whenever they land again with new ones. Tracking never fails a page.
 */
export async function trackAttribution(
  { request, context }: { request: Request; context: Readonly<RouterContextProvider> },
  next: () => Promise<Response>,
): Promise<Response> {
  const { user } = getSession(context);
  let sent = false;
  if (user && request.method === 'GET') {
    const url = new URL(request.url);
    const attr = currentAttribution(request);
    if (attr && (attributionFromUrl(url) || readCookie(request, TRACKED_COOKIE) !== user.id)) {
      try {
        await serverApi(context, parsePath(url.pathname.replace(/\.data$/, '')).lang).track({ id: user.id, attr });
        sent = true;
      } catch {
        // Over the hourly limit or refused: the page is what matters; the next landing tries again.
      }
    }
  }
  const response = await next();
  if (sent && user) {
    const secure = getServerContext(context).secureCookies ? '; Secure' : '';
    const maxAge = Math.max(rules.clickIdDays, rules.campaignDays) * 86_400;
    response.headers.append(
      'set-cookie',
      `${TRACKED_COOKIE}=${encodeURIComponent(user.id)}; Path=/; Max-Age=${maxAge}; HttpOnly; SameSite=Lax${secure}`,
    );
  }
  return response;
}
