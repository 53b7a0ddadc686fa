import { route, type RouteConfig } from '@react-router/dev/routes';
import { LANGUAGES, URL_PREFIX, type Language } from '@kunci/i18n/locales';
import { ROUTES, type RouteId } from '@kunci/i18n/paths';

/** The module of each page in the route table. */
const MODULES: Record<RouteId, string> = {
  home: 'features/listings/routes/home.tsx',
  rent: 'features/listings/routes/results.tsx',
  buy: 'features/listings/routes/results.tsx',
  details: 'features/listings/routes/details.tsx',
  about: 'features/content/routes/page.tsx',
  contact: 'features/content/routes/page.tsx',
  tenantInfo: 'features/content/routes/page.tsx',
  landlordInfo: 'features/content/routes/page.tsx',
  more: 'features/content/routes/more.tsx',
  aboutCompany: 'features/content/routes/page.tsx',
  aboutFeatured: 'features/content/routes/page.tsx',
  aboutAchievements: 'features/content/routes/page.tsx',
  tenantNoDeposit: 'features/content/routes/page.tsx',
  tenantVideo: 'features/content/routes/page.tsx',
  landlordHow: 'features/content/routes/page.tsx',
  landlordVideo: 'features/content/routes/page.tsx',
  rentalCollectionService: 'features/content/routes/page.tsx',
  learn: 'features/content/routes/learn.tsx',
  learnBlog: 'features/content/routes/blog.tsx',
  learnPost: 'features/content/routes/article.tsx',
  learnEvents: 'features/content/routes/events.tsx',
  learnEvent: 'features/content/routes/article.tsx',
  tenantFaq: 'features/content/routes/article.tsx',
  landlordFaq: 'features/content/routes/article.tsx',
  areaFaq: 'features/content/routes/article.tsx',
  guide: 'features/content/routes/article.tsx',
  quicklinks: 'features/content/routes/quicklinks.tsx',
  quicklinksArea: 'features/content/routes/quicklinks.tsx',
  homeOwnership: 'features/content/routes/home-ownership.tsx',
  homeProject: 'features/content/routes/home-project.tsx',
  setcookie: 'features/content/routes/setcookie.tsx',
  adminContent: 'features/content/routes/admin-content.tsx',
  adminContentEdit: 'features/content/routes/admin-content-edit.tsx',
  adminInbox: 'features/content/routes/admin-inbox.tsx',
  admin: 'features/admin/routes/console.tsx',
  adminReports: 'features/admin/routes/reports.tsx',
  adminReport: 'features/admin/routes/report.tsx',
  adminUsers: 'features/admin/routes/users.tsx',
  adminUser: 'features/admin/routes/user.tsx',
  adminListings: 'features/admin/routes/listings.tsx',
  adminAudit: 'features/admin/routes/audit.tsx',
  adminBuildings: 'features/admin/routes/buildings.tsx',
  adminJustifications: 'features/admin/routes/justifications.tsx',
  adminKeys: 'features/admin/routes/keys.tsx',
  adminProtectionClaims: 'features/admin/routes/protection-claims.tsx',
  adminDeals: 'features/admin/routes/deals.tsx',
  adminDeal: 'features/admin/routes/deal.tsx',
  reportListing: 'features/admin/routes/report-listing.tsx',
  myReports: 'features/admin/routes/my-reports.tsx',
  login: 'features/auth/routes/login.tsx',
  signInLink: 'features/auth/routes/sign-in-link.tsx',
  register: 'features/auth/routes/register.tsx',
  logout: 'features/auth/routes/logout.tsx',
  refresh: 'features/auth/routes/refresh.tsx',
  favourites: 'features/favourites/routes/favourites.tsx',
  chat: 'features/chat/routes/chat.tsx',
  deal: 'features/deals/routes/deal.tsx',
  taInitiateLandlord: 'features/agreements/routes/ta-initiate.tsx',
  taInitiateTenant: 'features/agreements/routes/ta-initiate.tsx',
  ramci: 'features/screening/routes/ramci.tsx',
  zeroDepositService: 'features/screening/routes/zero-deposit-service.tsx',
  shortlist: 'features/favourites/routes/shortlist.tsx',
  dashboard: 'features/account/routes/dashboard.tsx',
  profile: 'features/account/routes/profile.tsx',
  notifications: 'features/notifications/routes/notifications.tsx',
  notificationSettings: 'features/notifications/routes/notification-settings.tsx',
  savedSearches: 'features/saved-searches/routes/saved-searches.tsx',
  unsubscribe: 'features/notifications/routes/unsubscribe.tsx',
  myListings: 'features/listing-management/routes/my-listings.tsx',
  rentalCollection: 'features/services/routes/rental-collection.tsx',
  homerunner: 'features/services/routes/homerunner.tsx',
  postHomerunner: 'features/services/routes/post-homerunner.tsx',
  protection: 'features/services/routes/protection.tsx',
  ocd: 'features/services/routes/ocd.tsx',
  protectionPolicies: 'features/services/routes/protection-policies.tsx',
  extendListing: 'features/listing-management/routes/extend.tsx',
  tenantSearch: 'features/listing-management/routes/tenant-search.tsx',
  review: 'features/listing-management/routes/review.tsx',
  reviewPreview: 'features/listings/routes/review-preview.tsx',
  property: 'features/listings/routes/property.tsx',
  post: 'features/listing-management/routes/post-start.tsx',
  landlordLead: 'features/listing-management/routes/lead.tsx',
  postDetails: 'features/listing-management/routes/post-details.tsx',
  postEdit: 'features/listing-management/routes/post-details.tsx',
  postGps: 'features/listing-management/routes/post-gps.tsx',
  postFacilities: 'features/listing-management/routes/post-surroundings.tsx',
  postNearby: 'features/listing-management/routes/post-surroundings.tsx',
  postAdditional: 'features/listing-management/routes/post-additional.tsx',
  postImages: 'features/listing-management/routes/post-media.tsx',
  postVideo: 'features/listing-management/routes/post-media.tsx',
  postThanks: 'features/listing-management/routes/post-thanks.tsx',
  devOutbox: 'features/outbox/routes/outbox.tsx',
  sitemap: 'features/seo/routes/sitemap.tsx',
  sitemapXml: 'features/seo/routes/sitemap-xml.ts',
  facebookStart: 'features/auth/routes/facebook-start.tsx',
  facebookCallback: 'features/auth/routes/facebook-callback.tsx',
  priceChecker: 'features/growth/routes/price-checker.tsx',
  priceWidget: 'features/growth/routes/price-widget.tsx',
  hot: 'features/growth/routes/hot.tsx',
  reels: 'features/reels/routes/reels.tsx',
  promotionsAdmin: 'features/growth/routes/promotions-admin.tsx',
  refer: 'features/growth/routes/refer.tsx',
  referProgramme: 'features/growth/routes/refer-programme.tsx',
  referFaq: 'features/growth/routes/refer-programme.tsx',
  referTerms: 'features/growth/routes/refer-programme.tsx',
  referDashboard: 'features/growth/routes/refer-dashboard.tsx',
  newsletter: 'features/growth/routes/newsletter.tsx',
  feedback: 'features/growth/routes/feedback.tsx',
  feedbackAdmin: 'features/growth/routes/feedback-admin.tsx',
  adminReferralRewards: 'features/admin/routes/referral-rewards.tsx',
};

function prefixed(lang: Language, path: string): string {
  const prefix = URL_PREFIX[lang] ? `/${URL_PREFIX[lang]}` : '';
  return path === '/' ? prefix || '/' : `${prefix}${path}`;
}

/**
 * Every page once per language, from the one route table. Spellings of other languages (sewa under /zh,
 * /ads/...) are routed too: the root middleware redirects them to the canonical path or renders them
 * with a canonical link, so no old or mistyped link ends in a 404.
 */
export default LANGUAGES.flatMap((lang) => {
  const pages = (Object.keys(ROUTES) as RouteId[]).flatMap((id) => {
    const entry = ROUTES[id];
    const spellings = new Set<string>([
      entry.path[lang],
      ...LANGUAGES.map((other) => entry.path[other]),
      ...('aliases' in entry ? entry.aliases : []),
    ]);
    return [...spellings].map((path, index) => route(prefixed(lang, path), MODULES[id], { id: `${id}.${lang}${index ? `.${index}` : ''}` }));
  });
  return [...pages, route(prefixed(lang, '/*'), 'features/errors/routes/not-found.tsx', { id: `not-found.${lang}` })];
}).concat(
  // One robots.txt for the whole site, at its root.
  route('/robots.txt', 'features/seo/routes/robots.ts', { id: 'robots' }),
) satisfies RouteConfig;
