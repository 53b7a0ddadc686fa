import { redirect } from 'react-router';
import { href, parsePath } from '@kunci/i18n/paths';
import { serverApi } from '../../../lib/api.ts';
import { getServerContext } from '../../../lib/server-context.ts';
import { clearSessionCookies, getSession } from '../../../lib/session.server.ts';
import type { Route } from './+types/logout';

/** Signing out is a POST (a link cannot sign anyone out); a GET just goes home. */
export function loader({ request }: Route.LoaderArgs) {
  throw redirect(href(parsePath(new URL(request.url).pathname).lang, 'home'));
}

/**
 * Revokes the session, clears the id, authToken and xDeviceId cookies, and hands off to the management
 * app's refresh page (originType SH), which clears the local entries of the spec.
 */
export async function action({ request, context }: Route.ActionArgs) {
  const { lang } = parsePath(new URL(request.url).pathname);
  if (getSession(context).user)
    await serverApi(context, lang)
      .logout()
      .catch(() => undefined);
  const target = new URL(getServerContext(context).managementAppUrl);
  target.searchParams.set('originType', 'SH');
  target.searchParams.set('logout', '1');
  target.searchParams.set('lang', lang);
  throw redirect(target.toString(), { headers: clearSessionCookies(context).map((cookie) => ['set-cookie', cookie] as [string, string]) });
}
