import { INTL_LOCALE, type Language } from './locales.ts';
import { wholeNumber, wholeRinggit } from './numbers.ts';

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
  return new Intl.DateTimeFormat(INTL_LOCALE[lang], { dateStyle: 'medium', timeZone: 'Asia/Kuala_Lumpur' }).format(new Date(iso));
}

export function formatDateTime(lang: Language, iso: string): string {
  return new Intl.DateTimeFormat(INTL_LOCALE[lang], { dateStyle: 'medium', timeStyle: 'short', timeZone: 'Asia/Kuala_Lumpur' }).format(new Date(iso));
}

/** Ringgit and sen, for fee breakdowns (e.g. SST of RM 23.94). */
export function formatMoneyExact(lang: Language, amount: number): string {
  return new Intl.NumberFormat(INTL_LOCALE[lang], {
    style: 'currency',
    currency: 'MYR',
    currencyDisplay: 'narrowSymbol',
    minimumFractionDigits: 2,
    maximumFractionDigits: 2,
  }).format(amount);
}
