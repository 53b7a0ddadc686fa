import { data, redirect } from 'react-router';
import { parsePath } from '@kunci/i18n/paths';
import { serverApi } from '../../../lib/api.ts';
import { getServerContext } from '../../../lib/server-context.ts';
import { safeReturnPath } from '../../../lib/session.server.ts';
import { FACEBOOK_STATE_COOKIE, facebookRedirectUri } from '../auth.server.ts';
import type { Route } from './+types/facebook-start';

/** Starts "Continue with Facebook": a state cookie against forged callbacks, then Facebook's dialog. */
export async function loader({ request, context }: Route.LoaderArgs) {
  const url = new URL(request.url);
  const { lang } = parsePath(url.pathname);
  const { facebook } = await serverApi(context, lang).providers();
  if (!facebook) throw data(null, { status: 404 });
  const state = crypto.randomUUID();
  const origin = safeReturnPath(url.searchParams.get('origin')) ?? '';
  const dialog = new URL(facebook.authorizeUrl);
  dialog.searchParams.set('client_id', facebook.appId);
  dialog.searchParams.set('redirect_uri', facebookRedirectUri(getServerContext(context).publicUrl));
  dialog.searchParams.set('state', state);
  dialog.searchParams.set('response_type', 'code');
  const value = encodeURIComponent(JSON.stringify({ state, origin, lang }));
  throw redirect(dialog.toString(), {
    headers: { 'set-cookie': `${FACEBOOK_STATE_COOKIE}=${value}; Path=/auth/facebook; Max-Age=600; HttpOnly; SameSite=Lax` },
  });
}
