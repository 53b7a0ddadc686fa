import { CATALOGUES, type Messages } from '@kunci/i18n/messages';
import type { Language } from '@kunci/i18n/locales';

/** Only the active language's catalogue leaves the server. */
export function messagesFor(lang: Language): Messages {
  return CATALOGUES[lang];
}
