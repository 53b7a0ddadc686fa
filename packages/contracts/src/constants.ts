// The spec's business constants (section 9). Every other module reads them from here.
export const LANGUAGES = ['en', 'ms', 'zh'] as const;
export type Language = (typeof LANGUAGES)[number];
export const DEFAULT_LANGUAGE: Language = 'en';
/** How the user's language is stored on the server (spec section 3: EN, ZH, MY). */
export const STORED_LANGUAGE = { en: 'EN', ms: 'MY', zh: 'ZH' } as const satisfies Record<Language, string>;

export const TOAST_TIMEOUT_MS = 2000;
export const CHAT_BADGE_CAP = 99;
export const SCROLL_TO_TOP_THRESHOLD_PX = 300;
export const CHAT_BUTTON_DELAY_MS = 500;
export const IMAGE_RETRY_COUNT = 1;
export const IMAGE_RETRY_DELAY_MS = 500;

export const BREAKPOINTS = {
  headerMobileBelow: 770,
  layoutMobileBelow: 768,
  smallScreenBelow: 480,
  tabletFrom: 480,
  desktopFrom: 1024,
  theme: { xs: 0, sm: 600, md: 900, lg: 1200, xl: 1536 },
} as const;
export const RESIZE_THROTTLE_MS = 200;
export const SPACING_PX = 8;
export const IMAGE_WIDTHS = [640, 768, 1024, 1280, 1600] as const;

export const DEFAULT_PAGE_SIZE = 9;
export const MAX_PAGE_SIZE = 60;
export const DEFAULT_SORT = '-dateCreated';
export const FIRST_PAGE_NUMBER = 0;
export const USER_PROPERTY_PAGE_SIZE = 200;

export const VERIFY_INFO_INACTIVITY_MONTHS = 6;
export const DAY_MS = 86_400_000;
export const COOKIE_LIFETIME_DAYS = {
  tenantInfo: 15,
  reasonForMoveIn: 7,
  clickId: 30,
  lastConversion: 180,
  frTa: 15,
} as const;
export const LAZY_LOAD_DELAY_MS = 200;
export const LINK_PREFETCH_MARGIN_PX = 200;
export const DEFAULT_CITY_SLUG = 'kuala-lumpur';
export const DEFAULT_APP_VERSION = 'w_3_0_0';
export const DEVICE_ID_PREFIX = 'web-';
export const SEARCH_SUGGEST_MIN_CHARS = 2;

export const PASSWORD_MIN_LENGTH = 8;

/** The spec's user types: 0 or 1 WORKING_ADULT, 2 FAMILY, anything else STUDENT (default 3). */
export const USER_TYPE_NAMES = { WORKING_ADULT: 1, FAMILY: 2, STUDENT: 3 } as const;
export function userTypeName(value: number): keyof typeof USER_TYPE_NAMES {
  if (value === 0 || value === 1) return 'WORKING_ADULT';
  if (value === 2) return 'FAMILY';
  return 'STUDENT';
}
