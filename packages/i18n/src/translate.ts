import { compile, type CompiledMessage } from './icu.ts';
import { INTL_LOCALE, type Language } from './locales.ts';
import type { MessageKey, Messages } from './messages/en.ts';

export type { MessageKey, Messages };
export type MessageValues = Record<string, string | number | Date>;
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
    const source = messages[key];
    if (!values && !source.includes('{')) return source;
    let format = cache.get(key);
    if (!format) {
      format = compile(source, locale);
      cache!.set(key, format);
    }
    return String(format.format(values));
  };
}
