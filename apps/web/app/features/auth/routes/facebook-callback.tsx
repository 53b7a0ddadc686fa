import { redirect } from 'react-router';
import { isLanguage } from '@kunci/i18n/locales';
import { href } from '@kunci/i18n/paths';
import { ApiError, serverApi } from '../../../lib/api.ts';
import { getServerContext } from '../../../lib/server-context.ts';
import { readCookie, safeReturnPath } from '../../../lib/session.server.ts';
import { FACEBOOK_STATE_COOKIE, completeSignIn, facebookRedirectUri } from '../auth.server.ts';
import type { Route } from './+types/facebook-callback';

/**
 * Facebook sends the visitor back here with a code. The API exchanges it; a linked account signs in, a
 * signed-in visitor gets Facebook linked, anyone else goes back to the login page with the reason.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const url = new URL(request.url);
  const saved = (() => {
    try {
      return JSON.parse(readCookie(request, FACEBOOK_STATE_COOKIE) ?? '') as { state: string; origin: string; lang: string };
    } catch {
      return undefined;
    }
  })();
  const lang = saved && isLanguage(saved.lang) ? saved.lang : 'en';
  const code = url.searchParams.get('code');
  const back = (errorCode: number) => redirect(href(lang, 'login', undefined, { error: errorCode, origin: saved?.origin || undefined }));
  if (!saved || !code || url.searchParams.get('state') !== saved.state) throw back(11431);
  try {
    const login = await serverApi(context, lang).facebookVerify(code, facebookRedirectUri(getServerContext(context).publicUrl));
    return await completeSignIn(context, login, lang, safeReturnPath(saved.origin));
  } catch (error) {
    if (error instanceof ApiError) throw back(error.body?.errorCode ?? 11431);
    throw error;
  }
}
