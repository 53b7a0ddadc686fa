import { VIEWING } from '@kunci/contracts/appointments';
import { INTL_LOCALE, type Language } from '@kunci/i18n/locales';

const formats = new Map<Language, Intl.DateTimeFormat>();

/** A viewing's weekday, date and time as the home's clock shows it (Malaysia), whatever the reader's own zone. */
export function viewingTime(lang: Language, iso: string): string {
  let format = formats.get(lang);
  if (!format) {
    format = new Intl.DateTimeFormat(INTL_LOCALE[lang], {
      weekday: 'short',
      day: 'numeric',
      month: 'short',
      hour: 'numeric',
      minute: '2-digit',
      timeZone: VIEWING.timeZone,
    });
    formats.set(lang, format);
  }
  return format.format(new Date(iso));
}
