import { DEFAULT_CITY_SLUG } from '@kunci/contracts/constants';
import { DEFAULT_LANGUAGE, LANGUAGES, URL_PREFIX, languageFromPrefix, type Language } from './locales.ts';

/**
 * The one route table. Each page has a path per language (segments already localized); the language
 * prefix is added by `href`. `aliases` are other spellings that render the same page (their canonical
 * URL is the main path). routes.ts in the web app builds every page from this table.
 */
export const ROUTES = {
  home: { path: { en: '/', ms: '/', zh: '/' } },
  rent: { path: { en: '/rent/:loc?/:propertyType?', ms: '/sewa/:loc?/:propertyType?', zh: '/rent/:loc?/:propertyType?' } },
  buy: { path: { en: '/buy', ms: '/beli', zh: '/buy' } },
  details: {
    path: { en: '/details/:id', ms: '/iklan/:id', zh: '/guanggao/:id' },
    aliases: ['/ads/:id', '/v2/propertyDetails/:id', '/rental-bidding/details/:id'],
  },
  about: { path: { en: '/more/about', ms: '/more/about', zh: '/more/about' } },
  contact: { path: { en: '/more/contact', ms: '/more/contact', zh: '/more/contact' } },
  tenantInfo: { path: { en: '/more/tenant', ms: '/more/tenant', zh: '/more/tenant' } },
  landlordInfo: { path: { en: '/more/landlord', ms: '/more/landlord', zh: '/more/landlord' } },
  // Content: managed pages (guides, FAQs, blog, events, information pages), quicklinks and home ownership.
  more: { path: { en: '/more', ms: '/more', zh: '/more' } },
  aboutCompany: { path: { en: '/more/about/company', ms: '/more/about/company', zh: '/more/about/company' } },
  aboutFeatured: { path: { en: '/more/about/featured', ms: '/more/about/featured', zh: '/more/about/featured' } },
  aboutAchievements: { path: { en: '/more/about/achievements', ms: '/more/about/achievements', zh: '/more/about/achievements' } },
  tenantNoDeposit: { path: { en: '/more/tenant/no-deposit', ms: '/more/tenant/no-deposit', zh: '/more/tenant/no-deposit' } },
  tenantVideo: { path: { en: '/more/tenant/video', ms: '/more/tenant/video', zh: '/more/tenant/video' } },
  landlordHow: { path: { en: '/more/landlord/how', ms: '/more/landlord/how', zh: '/more/landlord/how' } },
  landlordVideo: { path: { en: '/more/landlord/video', ms: '/more/landlord/video', zh: '/more/landlord/video' } },
  rentalCollectionService: { path: { en: '/services/rental-collection', ms: '/services/rental-collection', zh: '/services/rental-collection' } },
  learn: { path: { en: '/learn', ms: '/learn', zh: '/learn' } },
  learnBlog: { path: { en: '/learn/blog', ms: '/learn/blog', zh: '/learn/blog' } },
  learnPost: { path: { en: '/learn/blog/:slug', ms: '/learn/blog/:slug', zh: '/learn/blog/:slug' } },
  learnEvents: { path: { en: '/learn/event', ms: '/learn/event', zh: '/learn/event' } },
  learnEvent: { path: { en: '/learn/event/:slug', ms: '/learn/event/:slug', zh: '/learn/event/:slug' } },
  tenantFaq: { path: { en: '/learn/tenant-faq', ms: '/learn/tenant-faq', zh: '/learn/tenant-faq' } },
  landlordFaq: { path: { en: '/learn/landlord-faq', ms: '/learn/landlord-faq', zh: '/learn/landlord-faq' } },
  areaFaq: { path: { en: '/learn/faq/:slug', ms: '/learn/faq/:slug', zh: '/learn/faq/:slug' } },
  // The six guides of the spec (/learn/tenant-basics...); any other name is a 404.
  guide: { path: { en: '/learn/:guide', ms: '/learn/:guide', zh: '/learn/:guide' } },
  quicklinks: { path: { en: '/quicklinks', ms: '/quicklinks', zh: '/quicklinks' } },
  quicklinksArea: { path: { en: '/quicklinks/:loc', ms: '/quicklinks/:loc', zh: '/quicklinks/:loc' } },
  homeOwnership: { path: { en: '/home-ownership', ms: '/home-ownership', zh: '/home-ownership' } },
  homeProject: { path: { en: '/home-ownership/:id', ms: '/home-ownership/:id', zh: '/home-ownership/:id' } },
  setcookie: { path: { en: '/setcookie', ms: '/setcookie', zh: '/setcookie' } },
  adminContent: { path: { en: '/admin/content', ms: '/admin/content', zh: '/admin/content' } },
  adminContentEdit: { path: { en: '/admin/content/:id', ms: '/admin/content/:id', zh: '/admin/content/:id' } },
  adminInbox: { path: { en: '/admin/inbox', ms: '/admin/inbox', zh: '/admin/inbox' } },
  // The back office (staff only) and a reporter's own reports.
  admin: { path: { en: '/admin', ms: '/admin', zh: '/admin' } },
  adminReports: { path: { en: '/admin/reports', ms: '/admin/reports', zh: '/admin/reports' } },
  adminReport: { path: { en: '/admin/reports/:kind/:id', ms: '/admin/reports/:kind/:id', zh: '/admin/reports/:kind/:id' } },
  adminUsers: { path: { en: '/admin/users', ms: '/admin/users', zh: '/admin/users' } },
  adminUser: { path: { en: '/admin/users/:id', ms: '/admin/users/:id', zh: '/admin/users/:id' } },
  adminListings: { path: { en: '/admin/listings', ms: '/admin/listings', zh: '/admin/listings' } },
  adminAudit: { path: { en: '/admin/audit', ms: '/admin/audit', zh: '/admin/audit' } },
  adminBuildings: { path: { en: '/admin/buildings', ms: '/admin/buildings', zh: '/admin/buildings' } },
  adminJustifications: { path: { en: '/admin/justifications', ms: '/admin/justifications', zh: '/admin/justifications' } },
  adminKeys: { path: { en: '/admin/keys', ms: '/admin/keys', zh: '/admin/keys' } },
  adminProtectionClaims: { path: { en: '/admin/protection-claims', ms: '/admin/protection-claims', zh: '/admin/protection-claims' } },
  adminDeals: { path: { en: '/admin/deals', ms: '/admin/deals', zh: '/admin/deals' } },
  adminDeal: { path: { en: '/admin/deals/:id', ms: '/admin/deals/:id', zh: '/admin/deals/:id' } },
  adminReferralRewards: { path: { en: '/admin/referral-rewards', ms: '/admin/referral-rewards', zh: '/admin/referral-rewards' } },
  reportListing: { path: { en: '/report/:id', ms: '/report/:id', zh: '/report/:id' } },
  myReports: { path: { en: '/dashboard/reports', ms: '/dashboard/reports', zh: '/dashboard/reports' } },
  login: { path: { en: '/login', ms: '/login', zh: '/login' } },
  signInLink: { path: { en: '/login/link', ms: '/login/link', zh: '/login/link' } },
  register: { path: { en: '/register', ms: '/register', zh: '/register' } },
  favourites: { path: { en: '/dashboard/favorites', ms: '/dashboard/favorites', zh: '/dashboard/favorites' }, aliases: ['/favorites'] },
  chat: { path: { en: '/dashboard/chat', ms: '/dashboard/chat', zh: '/dashboard/chat' } },
  // The rental deal of both sides: `?id=` (signed in as a party) or `?hash=` (the signed link); no id lists the user's deals.
  deal: { path: { en: '/deal', ms: '/deal', zh: '/deal' } },
  // The tenancy agreement of an approved deal (`?dealId=`), started and signed by either side: the spec's paths.
  taInitiateLandlord: {
    path: { en: '/dashboard/ta-initiate/new/landlord', ms: '/dashboard/ta-initiate/new/landlord', zh: '/dashboard/ta-initiate/new/landlord' },
  },
  taInitiateTenant: {
    path: { en: '/dashboard/ta-initiate/new/tenant', ms: '/dashboard/ta-initiate/new/tenant', zh: '/dashboard/ta-initiate/new/tenant' },
  },
  // The credit check for zero deposit (`?deal=` the booking it is for) and the service's page: the spec's paths in every language.
  ramci: { path: { en: '/ramci/zero-deposit', ms: '/ramci/zero-deposit', zh: '/ramci/zero-deposit' } },
  zeroDepositService: { path: { en: '/services/zero-deposit', ms: '/services/zero-deposit', zh: '/services/zero-deposit' } },
  shortlist: { path: { en: '/shortlist/:token', ms: '/shortlist/:token', zh: '/shortlist/:token' } },
  dashboard: { path: { en: '/dashboard', ms: '/dashboard', zh: '/dashboard' } },
  profile: { path: { en: '/dashboard/profile', ms: '/dashboard/profile', zh: '/dashboard/profile' } },
  notifications: { path: { en: '/dashboard/notifications', ms: '/dashboard/notifications', zh: '/dashboard/notifications' } },
  notificationSettings: {
    path: { en: '/dashboard/notifications/settings', ms: '/dashboard/notifications/settings', zh: '/dashboard/notifications/settings' },
  },
  savedSearches: { path: { en: '/dashboard/saved-searches', ms: '/dashboard/saved-searches', zh: '/dashboard/saved-searches' } },
  // The one-click unsubscribe link of notice emails (`?token=`): works signed out.
  unsubscribe: { path: { en: '/unsubscribe', ms: '/unsubscribe', zh: '/unsubscribe' } },
  myListings: { path: { en: '/dashboard/listings', ms: '/dashboard/listings', zh: '/dashboard/listings' } },
  homerunner: { path: { en: '/services/homerunner', ms: '/services/homerunner', zh: '/services/homerunner' } },
  postHomerunner: { path: { en: '/post/homerunner/:ref', ms: '/post/homerunner/:ref', zh: '/post/homerunner/:ref' } },
  protection: {
    path: {
      en: '/services/landlord-rental-protection-plan',
      ms: '/services/landlord-rental-protection-plan',
      zh: '/services/landlord-rental-protection-plan',
    },
  },
  ocd: { path: { en: '/services/ocd', ms: '/services/ocd', zh: '/services/ocd' } },
  // The landlord's policies and claims (`?policy=`, `?claim=` from notices), beside rental collection's dashboard.
  protectionPolicies: { path: { en: '/dashboard/protection', ms: '/dashboard/protection', zh: '/dashboard/protection' } },
  // The spec keeps rental collection's dashboard paths the same in every language.
  rentalCollection: { path: { en: '/dashboard/rental-collection', ms: '/dashboard/rental-collection', zh: '/dashboard/rental-collection' } },
  tenantSearch: {
    path: {
      en: '/dashboard/listings/tenantsearch/:propertyId',
      ms: '/dashboard/listings/tenantsearch/:propertyId',
      zh: '/dashboard/listings/tenantsearch/:propertyId',
    },
  },
  extendListing: { path: { en: '/dashboard/listings/extend/:id', ms: '/dashboard/listings/extend/:id', zh: '/dashboard/listings/extend/:id' } },
  review: { path: { en: '/dashboard/review', ms: '/dashboard/review', zh: '/dashboard/review' } },
  reviewPreview: { path: { en: '/dashboard/review/:id', ms: '/dashboard/review/:id', zh: '/dashboard/review/:id' } },
  // The spec's property entry (the phone bottom bar's "Property"): find a home or post one. Same path in every language.
  property: { path: { en: '/property', ms: '/property', zh: '/property' } },
  post: { path: { en: '/post', ms: '/post', zh: '/post' } },
  landlordLead: { path: { en: '/post/lead', ms: '/post/lead', zh: '/post/lead' } },
  postDetails: { path: { en: '/post-rent/property-details', ms: '/post-rent/property-details', zh: '/post-rent/property-details' } },
  postEdit: { path: { en: '/post/edit/:ref', ms: '/post/edit/:ref', zh: '/post/edit/:ref' }, aliases: ['/post/post-for-rent/:ref'] },
  postGps: { path: { en: '/post/gps/:ref', ms: '/post/gps/:ref', zh: '/post/gps/:ref' }, aliases: ['/post/edit/gps/:ref'] },
  postFacilities: { path: { en: '/post-rent/facilities', ms: '/post-rent/facilities', zh: '/post-rent/facilities' } },
  postNearby: { path: { en: '/post-rent/nearby', ms: '/post-rent/nearby', zh: '/post-rent/nearby' } },
  postAdditional: { path: { en: '/post-rent/choose-additional', ms: '/post-rent/choose-additional', zh: '/post-rent/choose-additional' } },
  postImages: { path: { en: '/post-rent/upload-image', ms: '/post-rent/upload-image', zh: '/post-rent/upload-image' } },
  postVideo: { path: { en: '/post-rent/upload-video', ms: '/post-rent/upload-video', zh: '/post-rent/upload-video' } },
  postThanks: { path: { en: '/post/thanks', ms: '/post/thanks', zh: '/post/thanks' }, aliases: ['/post/share/:ref'] },
  logout: { path: { en: '/logout', ms: '/logout', zh: '/logout' } },
  refresh: { path: { en: '/refresh', ms: '/refresh', zh: '/refresh' } },
  devOutbox: { path: { en: '/dev/outbox', ms: '/dev/outbox', zh: '/dev/outbox' } },
  sitemap: { path: { en: '/sitemap', ms: '/sitemap', zh: '/sitemap' } },
  sitemapXml: { path: { en: '/sitemap.xml', ms: '/sitemap.xml', zh: '/sitemap.xml' } },
  facebookStart: { path: { en: '/auth/facebook', ms: '/auth/facebook', zh: '/auth/facebook' } },
  facebookCallback: { path: { en: '/auth/facebook/callback', ms: '/auth/facebook/callback', zh: '/auth/facebook/callback' } },
  // Growth: the price checker and the widget other sites embed (the widget itself is served bare at /widget/price-checker).
  priceChecker: { path: { en: '/more/price-checker', ms: '/more/price-checker', zh: '/more/price-checker' } },
  priceWidget: { path: { en: '/more/price-widget', ms: '/more/price-widget', zh: '/more/price-widget' } },
  hot: { path: { en: '/hot', ms: '/hot', zh: '/hot' } },
  // Reels: the vertical feed of listing videos, of every area or of one (/reels/{area slug}).
  reels: { path: { en: '/reels/:loc?', ms: '/reels/:loc?', zh: '/reels/:loc?' } },
  promotionsAdmin: { path: { en: '/dashboard/hot-deals', ms: '/dashboard/hot-deals', zh: '/dashboard/hot-deals' } },
  // The referral landing: /refer/{rid} keeps the code for the sign-up; /refer?isNewUser=true records it afterwards.
  refer: { path: { en: '/refer/:rid?', ms: '/refer/:rid?', zh: '/refer/:rid?' } },
  referProgramme: { path: { en: '/more/refer', ms: '/more/refer', zh: '/more/refer' } },
  referFaq: { path: { en: '/more/refer/faq', ms: '/more/refer/faq', zh: '/more/refer/faq' } },
  referTerms: { path: { en: '/more/refer/termscondition', ms: '/more/refer/termscondition', zh: '/more/refer/termscondition' } },
  referDashboard: { path: { en: '/more/refer/dashboard', ms: '/more/refer/dashboard', zh: '/more/refer/dashboard' } },
  // The newsletter: sign up, and the landing of its confirm (?confirm=) and unsubscribe (?unsubscribe=) links.
  newsletter: { path: { en: '/newsletter', ms: '/newsletter', zh: '/newsletter' } },
  feedback: { path: { en: '/dashboard/feedback', ms: '/dashboard/feedback', zh: '/dashboard/feedback' } },
  feedbackAdmin: { path: { en: '/dashboard/testimonials', ms: '/dashboard/testimonials', zh: '/dashboard/testimonials' } },
} as const satisfies Record<string, { path: Record<Language, string>; aliases?: readonly string[] }>;
export type RouteId = keyof typeof ROUTES;

type ParamNames<P extends string> = P extends `${string}:${infer Name}/${infer Rest}`
  ? CleanParam<Name> | ParamNames<`/${Rest}`>
  : P extends `${string}:${infer Name}`
    ? CleanParam<Name>
    : never;
type CleanParam<N extends string> = N extends `${infer Base}?` ? Base : N;
type OptionalNames<P extends string> = P extends `${string}:${infer Name}?${infer Rest}` ? Name | OptionalNames<Rest> : never;
type RoutePath<Id extends RouteId> = (typeof ROUTES)[Id]['path']['en'];
export type RouteParams<Id extends RouteId> = { [K in Exclude<ParamNames<RoutePath<Id>>, OptionalNames<RoutePath<Id>>>]: string | number } & {
  [K in OptionalNames<RoutePath<Id>>]?: string | number | undefined;
};

export type Query = Record<string, string | number | boolean | null | undefined>;

/** First path segments that differ by language, keyed by their English (canonical) form. */
const SEGMENTS: Record<string, Record<Language, string>> = {
  rent: { en: 'rent', ms: 'sewa', zh: 'rent' },
  buy: { en: 'buy', ms: 'beli', zh: 'buy' },
  details: { en: 'details', ms: 'iklan', zh: 'guanggao' },
};
/** Every spelling of a first segment, mapped to its canonical key. */
const SEGMENT_KEY: Record<string, string> = { ads: 'details' };
for (const [key, forms] of Object.entries(SEGMENTS)) for (const form of Object.values(forms)) SEGMENT_KEY[form] = key;

function withPrefix(lang: Language, path: string): string {
  const prefix = URL_PREFIX[lang];
  if (!prefix) return path;
  return path === '/' ? `/${prefix}` : `/${prefix}${path}`;
}

function queryString(query: Query | undefined): string {
  if (!query) return '';
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) {
    if (value === undefined || value === null || value === '' || value === false) continue;
    params.set(key, String(value));
  }
  const text = params.toString();
  return text ? `?${text}` : '';
}

/** Builds every internal link: the localized path, the language prefix and the rent rules. */
/** The addresses of routes without parameters, by language and route: a page links to many of them (header, footer). */
const FIXED_HREFS = new Map<string, string>();

export function href<Id extends RouteId>(lang: Language, id: Id, params?: RouteParams<Id>, query?: Query): string {
  const pattern: string = ROUTES[id].path[lang];
  if (!pattern.includes(':')) {
    const key = `${lang} ${id}`;
    let fixed = FIXED_HREFS.get(key);
    if (fixed === undefined) FIXED_HREFS.set(key, (fixed = withPrefix(lang, dropDefaultCity(pattern || '/'))));
    return fixed + queryString(query);
  }
  const values = (params ?? {}) as Record<string, string | number | undefined>;
  const filled = pattern
    .split('/')
    .map((segment) => {
      if (!segment.startsWith(':')) return segment;
      const optional = segment.endsWith('?');
      const name = segment.slice(1, optional ? -1 : undefined);
      const value = values[name];
      if (value === undefined || value === '') {
        if (optional) return null;
        throw new Error(`href(${id}): missing param ${name}`);
      }
      return encodeURIComponent(String(value));
    })
    .filter((segment): segment is string => segment !== null)
    .join('/');
  return withPrefix(lang, dropDefaultCity(filled || '/')) + queryString(query);
}

/** Splits a pathname into its language and the rest (always starting with '/'). */
export function parsePath(pathname: string): { lang: Language; rest: string } {
  const [, first, ...more] = pathname.split('/');
  const lang = languageFromPrefix(first);
  if (!lang) return { lang: DEFAULT_LANGUAGE, rest: pathname || '/' };
  return { lang, rest: `/${more.join('/')}` };
}

/** The canonical key of a path's first segment after the language ('rent' for /my/sewa/...), if it has one. */
export function sectionOf(pathname: string): string | undefined {
  return SEGMENT_KEY[parsePath(pathname).rest.split('/')[1] ?? ''];
}

/** rent (or sewa) paths never end in /kuala-lumpur: Kuala Lumpur is the default city. */
function dropDefaultCity(path: string): string {
  const segments = path.split('/');
  if (SEGMENT_KEY[segments[1] ?? ''] === 'rent' && segments.length === 3 && segments[2] === DEFAULT_CITY_SLUG) {
    return `/${segments[1]}`;
  }
  return path;
}

/** The same page in another language: prefix swapped and first segment translated; query kept. */
export function switchLanguage(pathWithQuery: string, to: Language): string {
  const [pathname = '/', search = ''] = splitOnce(pathWithQuery, '?');
  const { rest } = parsePath(pathname);
  const segments = rest.split('/');
  const key = SEGMENT_KEY[segments[1] ?? ''];
  if (key) segments[1] = SEGMENTS[key]![to];
  const path = dropDefaultCity(trimTrailingSlash(segments.join('/')) || '/');
  return withPrefix(to, path) + (search ? `?${search}` : '');
}

/**
 * The URL a request should be redirected to (301) before rendering, or null: a trailing /kuala-lumpur
 * on a rent path, a trailing slash, a language prefix or a rent path in capitals (/MY, /rent/Bangsar),
 * a first segment spelled for another language, or a localized segment without its prefix (/sewa, /beli,
 * /iklan/{id}, /guanggao/{id} belong to /my and /zh).
 */
export function canonicalRedirect(pathname: string): string | null {
  const [, first = '', ...more] = pathname.split('/');
  const prefixed = languageFromPrefix(first.toLowerCase());
  const segments = trimTrailingSlash(prefixed ? `/${more.join('/')}` : pathname).split('/');
  const section = (segments[1] ?? '').toLowerCase();
  const key = SEGMENT_KEY[section];
  const lang = prefixed ?? (key ? languageOfSegment(key, section) : DEFAULT_LANGUAGE);
  if (key) {
    // /ads/{id} and /details/{id} render in place under any prefix (canonical link only); other spellings move.
    const inPlace = key === 'details' && (section === 'ads' || section === SEGMENTS[key]![DEFAULT_LANGUAGE]);
    segments[1] = inPlace ? section : SEGMENTS[key]![lang];
    // Area and type slugs are lower case.
    if (key === 'rent') for (let i = 2; i < segments.length; i++) segments[i] = segments[i]!.toLowerCase();
  }
  const target = withPrefix(lang, dropDefaultCity(segments.join('/') || '/'));
  return target === pathname ? null : target;
}

/** The language a first segment is spelled in when no prefix says: English where it is English, else its own. */
function languageOfSegment(key: string, segment: string): Language {
  const forms = SEGMENTS[key];
  if (!forms || forms[DEFAULT_LANGUAGE] === segment) return DEFAULT_LANGUAGE;
  return LANGUAGES.find((lang) => forms[lang] === segment) ?? DEFAULT_LANGUAGE;
}

/** hreflang alternates of a page: its path in every language. */
export function alternates(pathname: string): Record<Language, string> {
  return Object.fromEntries(LANGUAGES.map((lang) => [lang, switchLanguage(pathname, lang)])) as Record<Language, string>;
}

function trimTrailingSlash(path: string): string {
  return path.length > 1 && path.endsWith('/') ? path.replace(/\/+$/, '') : path;
}

function splitOnce(text: string, separator: string): [string, string] {
  const index = text.indexOf(separator);
  return index === -1 ? [text, ''] : [text.slice(0, index), text.slice(index + 1)];
}
