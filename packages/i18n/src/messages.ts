import { compile, type CompiledMessage } from './icu.ts';
import { INTL_LOCALE, type Language } from './locales.ts';
import { en, type MessageKey, type Messages } from './messages/en.ts';
import { ms } from './messages/ms.ts';
import { zh } from './messages/zh.ts';

export type { MessageKey, Messages };
export type MessageValues = Record<string, string | number | Date>;

/** All catalogues. The server picks one; the browser receives only the active language's. */
export const CATALOGUES: Record<Language, Messages> = { en, ms, zh };

/** Strings that are the same in every language on purpose (names, symbols). */
export const SAME_IN_EVERY_LANGUAGE: ReadonlySet<MessageKey> = new Set([
  'app.name',
  'listing.price',
  'view.grid',
  'details.title',
  'profile.facebook.title',
] satisfies MessageKey[]);

export type Translate = (key: MessageKey, values?: MessageValues) => string;

// Compiled formats per catalogue object: on the server every request reuses the same catalogue, so each
// message is parsed once per process rather than once per render.
const compiled = new WeakMap<Messages, Map<MessageKey, CompiledMessage>>();

/** A translator over one catalogue; compiled formats are cached per message. */
export function createTranslator(lang: Language, messages: Messages): Translate {
  let cache = compiled.get(messages);
  if (!cache) {
    cache = new Map();
    compiled.set(messages, cache);
  }
  const locale = INTL_LOCALE[lang];
  return (key, values) => {
    const source = messages[key] ?? en[key];
    if (!values && !source.includes('{')) return source;
    let format = cache.get(key);
    if (!format) {
      format = compile(source, locale);
      cache!.set(key, format);
    }
    return String(format.format(values));
  };
}

const serverTranslators = new Map<Language, Translate>();
/** For server code that holds every catalogue (API error messages, emails). */
export function translatorFor(lang: Language): Translate {
  let t = serverTranslators.get(lang);
  if (!t) {
    t = createTranslator(lang, CATALOGUES[lang]);
    serverTranslators.set(lang, t);
  }
  return t;
}
