import { CATALOGUES, type Messages } from '@kunci/i18n/messages';
import type { Language } from '@kunci/i18n/locales';

/**
 * The active language's catalogue reaches the browser once, as a JSON script in the page, rather than inside the
 * root loader's data: a JSON script is not executed and `JSON.parse` reads it in a fraction of a millisecond,
 * where the loader stream is decoded string by string during hydration (about 45 KB of it). On the server every
 * catalogue is at hand; the browser build drops them (`import.meta.env.SSR` is false there), so only the page's
 * language ever leaves the server.
 */
const ID = 'app-messages';

interface PageCatalogue {
  lang: Language;
  messages: Messages;
}
let fromPage: PageCatalogue | undefined;

function pageCatalogue(): PageCatalogue {
  fromPage ??= JSON.parse(document.getElementById(ID)?.textContent ?? 'null') as PageCatalogue;
  return fromPage;
}

/** The catalogue of a language: any on the server; in the browser, the one the page was served in. */
export function catalogue(lang: Language): Messages {
  if (import.meta.env.SSR) return CATALOGUES[lang];
  return pageCatalogue().messages;
}

/** Whether the browser holds this language's catalogue (a page of another language must be loaded whole). */
export function hasCatalogue(lang: Language): boolean {
  return import.meta.env.SSR || pageCatalogue().lang === lang;
}

/** Each language's script text, written once per process (about 31 KB of JSON each, the same on every page). */
const serialized = new Map<Language, string>();

/** `<` is escaped so no message can end the script element. */
function serialize(lang: Language): string {
  let text = serialized.get(lang);
  if (text === undefined) {
    text = JSON.stringify({ lang, messages: CATALOGUES[lang] } satisfies PageCatalogue).replace(/</g, '\\u003c');
    serialized.set(lang, text);
  }
  return text;
}

export function CatalogueScript({ lang }: { lang: Language }) {
  // The browser renders back exactly the text the server wrote, so hydration finds nothing to change.
  const text = import.meta.env.SSR ? serialize(lang) : (document.getElementById(ID)?.textContent ?? '');
  return <script id={ID} type="application/json" suppressHydrationWarning dangerouslySetInnerHTML={{ __html: text }} />;
}
