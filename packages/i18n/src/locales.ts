import { DEFAULT_LANGUAGE, LANGUAGES, STORED_LANGUAGE, type Language } from '@kunci/contracts/constants';

export { DEFAULT_LANGUAGE, LANGUAGES, type Language };

/** URL prefix per language (spec: none, my, zh). The HTML/hreflang code is the real one: `ms`, not `my`. */
export const URL_PREFIX: Record<Language, string> = { en: '', ms: 'my', zh: 'zh' };
export const HTML_LANG: Record<Language, string> = { en: 'en', ms: 'ms', zh: 'zh' };
/** BCP 47 tag used for number, date and currency formatting. */
export const INTL_LOCALE: Record<Language, string> = { en: 'en-MY', ms: 'ms-MY', zh: 'zh-MY' };
/** Each language's own name, as the language selector shows it. */
export const LANGUAGE_NAME: Record<Language, string> = { en: 'English', ms: 'Bahasa Malaysia', zh: '中文' };
export const LANGUAGE_COOKIE = 'lang';

export function isLanguage(value: unknown): value is Language {
  return typeof value === 'string' && (LANGUAGES as readonly string[]).includes(value);
}

export function languageFromPrefix(segment: string | undefined): Language | undefined {
  return LANGUAGES.find((lang) => URL_PREFIX[lang] !== '' && URL_PREFIX[lang] === segment);
}

export function toStoredLanguage(lang: Language): (typeof STORED_LANGUAGE)[Language] {
  return STORED_LANGUAGE[lang];
}

export function fromStoredLanguage(stored: string | null | undefined): Language {
  const hit = LANGUAGES.find((lang) => STORED_LANGUAGE[lang] === stored?.toUpperCase());
  return hit ?? DEFAULT_LANGUAGE;
}

/** Picks our language from an Accept-Language header (for API error messages without a URL). */
export function languageFromAcceptLanguage(header: string | undefined | null): Language {
  if (!header) return DEFAULT_LANGUAGE;
  const ranked = header
    .split(',')
    .map((part) => {
      const [tag = '', q] = part.trim().split(';q=');
      return { tag: tag.toLowerCase(), q: q ? Number(q) : 1 };
    })
    .sort((a, b) => b.q - a.q);
  for (const { tag } of ranked) {
    const base = tag.split('-')[0];
    if (base === 'ms' || base === 'my') return 'ms';
    if (base === 'zh') return 'zh';
    if (base === 'en') return 'en';
  }
  return DEFAULT_LANGUAGE;
}
