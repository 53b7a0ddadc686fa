import type { RouterContextProvider } from 'react-router';
import { BUSINESS } from '@kunci/contracts/business';
import { ATTRIBUTION_PARAMS, ATTRIBUTION_VALUE, CAMPAIGN_PARAMS, type Attribution } from '@kunci/contracts/growth';
import { getServerContext } from './server-context.ts';
import { readCookie, type RequestHead } from './session.server.ts';

const DAY_SECONDS = 86_400;
const rules = BUSINESS.growth.attribution;
const isCampaign = (param: string) => (CAMPAIGN_PARAMS as readonly string[]).includes(param);
/** How long each tracking cookie lives: click ids for the spec's 30 days, campaign parameters for their setting. */
const maxAgeOf = (param: string) => (isCampaign(param) ? rules.campaignDays : rules.clickIdDays) * DAY_SECONDS;

/** The tracking params of a landing URL (spec section 3), those of a valid shape only. */
export function attributionFromUrl(url: URL): Attribution | undefined {
  const found: Attribution = {};
  for (const param of ATTRIBUTION_PARAMS) {
    const value = url.searchParams.get(param)?.trim();
    if (value && ATTRIBUTION_VALUE.test(value)) found[param] = value;
  }
  return Object.keys(found).length ? found : undefined;
}

/**
 * The cookies that keep a landing URL's tracking params, one per param named as it (readable by the page: the
 * app-install link adds utm_source). A new campaign replaces the whole earlier one (its utm_* left out are cleared);
 * each click id replaces only its own.
 */
export function attributionCookies(request: RequestHead, context: Readonly<RouterContextProvider>): string[] {
  const landed = attributionFromUrl(new URL(request.url));
  if (!landed) return [];
  const secure = getServerContext(context).secureCookies ? '; Secure' : '';
  const newCampaign = CAMPAIGN_PARAMS.some((param) => landed[param]);
  const cookies: string[] = [];
  for (const param of ATTRIBUTION_PARAMS) {
    const value = landed[param];
    if (value) cookies.push(`${param}=${encodeURIComponent(value)}; Path=/; Max-Age=${maxAgeOf(param)}; SameSite=Lax${secure}`);
    else if (newCampaign && isCampaign(param) && readCookie(request, param) !== undefined)
      cookies.push(`${param}=; Path=/; Max-Age=0; SameSite=Lax${secure}`);
  }
  return cookies;
}

/** What the visitor is attributed to now: the landing URL's params, else those kept in cookies. */
export function currentAttribution(request: Request): Attribution | undefined {
  const landed = attributionFromUrl(new URL(request.url));
  if (landed) return landed;
  const kept: Attribution = {};
  for (const param of ATTRIBUTION_PARAMS) {
    const value = readCookie(request, param);
    if (value && ATTRIBUTION_VALUE.test(value)) kept[param] = value;
  }
  return Object.keys(kept).length ? kept : undefined;
}
