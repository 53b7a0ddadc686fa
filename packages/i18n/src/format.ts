import { INTL_LOCALE, type Language } from './locales.ts';
import { mediumDate } from './dates.ts';
import { exactRinggit, wholeNumber, wholeRinggit } from './numbers.ts';

const moneyFormats = new Map<Language, Intl.NumberFormat>();
const numberFormats = new Map<Language, Intl.NumberFormat>();

/** Ringgit with thousands separators and no decimals (spec section 9), e.g. "RM 1,200" with a no-break space. */
export function formatMoney(lang: Language, amount: number): string {
  const written = wholeRinggit(INTL_LOCALE[lang], amount);
  if (written !== null) return written;
  let format = moneyFormats.get(lang);
  if (!format) {
    format = new Intl.NumberFormat(INTL_LOCALE[lang], {
      style: 'currency',
      currency: 'MYR',
      currencyDisplay: 'narrowSymbol',
      maximumFractionDigits: 0,
      minimumFractionDigits: 0,
    });
    moneyFormats.set(lang, format);
  }
  return format.format(amount);
}

export function formatNumber(lang: Language, value: number): string {
  const written = wholeNumber(INTL_LOCALE[lang], value);
  if (written !== null) return written;
  let format = numberFormats.get(lang);
  if (!format) {
    format = new Intl.NumberFormat(INTL_LOCALE[lang], { maximumFractionDigits: 0 });
    numberFormats.set(lang, format);
  }
  return format.format(value);
}

export function formatDate(lang: Language, iso: string): string {
  const written = mediumDate(INTL_LOCALE[lang], iso);
  if (written !== null) return written;
  return new Intl.DateTimeFormat(INTL_LOCALE[lang], { dateStyle: 'medium', timeZone: 'Asia/Kuala_Lumpur' }).format(new Date(iso));
}

export function formatDateTime(lang: Language, iso: string): string {
  return new Intl.DateTimeFormat(INTL_LOCALE[lang], { dateStyle: 'medium', timeStyle: 'short', timeZone: 'Asia/Kuala_Lumpur' }).format(new Date(iso));
}

const MALAYSIA_TIME = 'Asia/Kuala_Lumpur';
const dateFormats = new Map<string, Intl.DateTimeFormat>();
function dateFormat(lang: Language, name: string, options: Intl.DateTimeFormatOptions): Intl.DateTimeFormat {
  let format = dateFormats.get(`${lang}:${name}`);
  if (!format) {
    format = new Intl.DateTimeFormat(INTL_LOCALE[lang], { ...options, timeZone: MALAYSIA_TIME });
    dateFormats.set(`${lang}:${name}`, format);
  }
  return format;
}

/** A day with its weekday in Malaysia time: "Monday, 4 May" ("Isnin, 4 Mei", "5月4日星期一"), with the year on request. */
export function formatWeekdayDate(lang: Language, iso: string, { year = false }: { year?: boolean } = {}): string {
  return dateFormat(lang, year ? 'weekday-year' : 'weekday', {
    weekday: 'long',
    day: 'numeric',
    month: 'long',
    ...(year ? { year: 'numeric' } : {}),
  }).format(new Date(iso));
}

/** A moment with its weekday in Malaysia time, for viewings: "Mon, 4 May, 2:05 pm". */
export function formatWeekdayDateTime(lang: Language, iso: string): string {
  return dateFormat(lang, 'weekday-time', { weekday: 'short', day: 'numeric', month: 'short', hour: 'numeric', minute: '2-digit' }).format(
    new Date(iso),
  );
}

/** The time of day in Malaysia time, as each language writes it: "2:05 pm", "2:05 PTG", "下午2:05". */
export function formatTime(lang: Language, iso: string): string {
  return dateFormat(lang, 'time', { timeStyle: 'short' }).format(new Date(iso));
}

/**
 * The Malaysian calendar day (YYYY-MM-DD) an instant falls on: to group messages by day, or to know "today" when a
 * date may not be in the past. Malaysia keeps UTC+8 all year (no daylight saving), so no Intl is needed: pages call
 * this while hydrating.
 */
export function malaysiaDay(iso: string): string {
  return new Date(Date.parse(iso) + MALAYSIA_OFFSET_MS).toISOString().slice(0, 10);
}
const MALAYSIA_OFFSET_MS = 8 * 3_600_000;

/** Ringgit and sen, for fee breakdowns (e.g. SST of RM 23.94). */
export function formatMoneyExact(lang: Language, amount: number): string {
  const written = exactRinggit(INTL_LOCALE[lang], amount);
  if (written !== null) return written;
  return new Intl.NumberFormat(INTL_LOCALE[lang], {
    style: 'currency',
    currency: 'MYR',
    currencyDisplay: 'narrowSymbol',
    minimumFractionDigits: 2,
    maximumFractionDigits: 2,
  }).format(amount);
}

/**
 * A label before its value, punctuated as the language writes it: "Outcome: " in English and Malay, "处理结果："
 * in Chinese (a full-width colon, no space after). For labels shared with places that show them bare (column
 * headers, PDF rows); a label only ever shown before a value can carry its colon in the catalogue instead.
 */
export function formatLabel(lang: Language, label: string): string {
  return lang === 'zh' ? `${label}：` : `${label}: `;
}

/** A note in brackets after what it qualifies: " (3)" in English and Malay, "（3）" in Chinese (full-width, no space before). */
export function formatAside(lang: Language, note: string | number): string {
  return lang === 'zh' ? `（${note}）` : ` (${note})`;
}

/** Items of a list in running text: "Water, Electricity" in English and Malay, "水费、电费" in Chinese (the enumeration comma). */
export function formatList(lang: Language, items: readonly string[]): string {
  return items.join(lang === 'zh' ? '、' : ', ');
}
