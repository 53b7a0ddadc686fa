import { BUSINESS } from '@kunci/contracts/business';

const PLAY_STORE = 'https://play.google.com/store/apps/details';

/**
 * The app-install link (spec section 9): the Play Store page of the app with an install source and, when the visitor
 * arrived through a campaign, its utm_source, passed in Google Play's `referrer` so the app can attribute the install.
 */
export function appInstallLink(installSource: string, utmSource?: string): string {
  const referrer = new URLSearchParams({ install_source: installSource });
  if (utmSource) referrer.set('utm_source', utmSource);
  return `${PLAY_STORE}?${new URLSearchParams({ id: BUSINESS.growth.appInstall.playStoreId, referrer: referrer.toString() }).toString()}`;
}

/**
 * The referral suffix (spec section 9) a link carries into the app or the management app: the referral params the
 * visitor holds (ajreferral, rrid, utmParam) and referralrUrl=true; empty when they hold none.
 */
export function referralSuffix(params: { ajreferral?: string; rrid?: string; utmParam?: string }): string {
  const query = new URLSearchParams();
  for (const key of ['ajreferral', 'rrid', 'utmParam'] as const) if (params[key]) query.set(key, params[key]);
  if (![...query.keys()].length) return '';
  query.set('referralrUrl', 'true');
  return query.toString();
}

/** A cookie the page can read (the tracking cookies are, for this). */
export function browserCookie(name: string): string | undefined {
  const match = new RegExp(`(?:^|;\\s*)${name}=([^;]+)`).exec(typeof document === 'undefined' ? '' : document.cookie);
  if (!match) return undefined;
  try {
    return decodeURIComponent(match[1]!);
  } catch {
    return undefined;
  }
}
