/**
 * Dates in Malaysia time for our three locales (en-MY, ms-MY, zh-MY), written out by hand as numbers.ts does for
 * numbers, for the same reason: the first date an `Intl.DateTimeFormat` (or `toLocaleDateString`) writes on a page
 * loads the engine's calendar and time-zone data, 40-240 ms of main thread measured here (x4 on a phone), during the
 * hydration of a listing's page (its "listed on" date). Malaysia has kept UTC+8, with no
 * summer time, since 1982, so its calendar day of an instant is arithmetic. Anything else (an earlier instant, another
 * locale) goes to Intl. dates.test.ts compares them with Intl.
 */

const MALAYSIA_OFFSET_MS = 8 * 60 * 60 * 1000;
/** 1 January 1982, 00:00 in Malaysia: from then on the offset is +08:00. */
const FIXED_OFFSET_FROM = Date.UTC(1982, 0, 1) - MALAYSIA_OFFSET_MS;

const MONTHS: Record<string, readonly string[]> = {
  'en-MY': ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sept', 'Oct', 'Nov', 'Dec'],
  'ms-MY': ['Jan', 'Feb', 'Mac', 'Apr', 'Mei', 'Jun', 'Jul', 'Ogo', 'Sep', 'Okt', 'Nov', 'Dis'],
};

/** The calendar day in Malaysia of an instant, or null before 1982 or for an invalid one. */
function malaysianDay(iso: string): { year: number; month: number; day: number } | null {
  const time = Date.parse(iso);
  if (!Number.isFinite(time) || time < FIXED_OFFSET_FROM) return null;
  const local = new Date(time + MALAYSIA_OFFSET_MS);
  const year = local.getUTCFullYear();
  return year > 9999 ? null : { year, month: local.getUTCMonth() + 1, day: local.getUTCDate() };
}

/** The date as Intl writes it with `dateStyle: 'medium'` in Malaysia time ("4 May 2026", "4 Mei 2026", "2026年5月4日"). */
export function mediumDate(locale: string, iso: string): string | null {
  const date = malaysianDay(iso);
  if (!date) return null;
  if (locale === 'zh-MY') return `${date.year}年${date.month}月${date.day}日`;
  const months = MONTHS[locale];
  return months ? `${date.day} ${months[date.month - 1]} ${date.year}` : null;
}
