import { createContext, useContext, useEffect, useMemo, useSyncExternalStore, type ReactNode } from 'react';
import { useNavigation } from 'react-router';
import {
  formatAside,
  formatDate,
  formatDateTime,
  formatLabel,
  formatList,
  formatMoney,
  formatNumber,
  formatTime,
  formatWeekdayDate,
  formatWeekdayDateTime,
} from '@kunci/i18n/format';
import { parsePath, type Query, type RouteId, type RouteParams, href as buildHref } from '@kunci/i18n/paths';
import { createTranslator, type Messages, type Translate } from '@kunci/i18n/translate';
import type { Language } from '@kunci/i18n/locales';
import { catalogue, catalogueVersion, loadCatalogueOnFirstUse, loadWholeCatalogue, subscribeCatalogue } from './catalogue.tsx';

export interface I18n {
  lang: Language;
  t: Translate;
  href: <Id extends RouteId>(id: Id, params?: RouteParams<Id>, query?: Query) => string;
  money: (amount: number) => string;
  number: (value: number) => string;
  date: (iso: string) => string;
  dateTime: (iso: string) => string;
  /** "Monday, 4 May" (with the year on request), Malaysia time. */
  weekday: (iso: string, options?: { year?: boolean }) => string;
  /** "Mon, 4 May, 2:05 pm", Malaysia time: viewings. */
  weekdayTime: (iso: string) => string;
  /** "2:05 pm", Malaysia time. */
  time: (iso: string) => string;
  /** A translated label before its value: "Outcome: ", in Chinese "处理结果：" (full-width colon). */
  label: (text: string) => string;
  /** A note in brackets after translated text: " (3)", in Chinese "（3）" (full-width, no space before). */
  aside: (note: string | number) => string;
  /** Translated items in running text: "Water, Electricity", in Chinese "水费、电费". */
  list: (items: readonly string[]) => string;
}

const I18nContext = createContext<I18n | null>(null);

export function I18nProvider({ lang, messages: given, children }: { lang: Language; messages: Messages; children: ReactNode }) {
  // A page brings only the catalogue areas it rendered (lib/catalogue.tsx): the whole catalogue is loaded at the first
  // key or pointer press or client navigation; the provider renders again if a message was shown empty meanwhile.
  const loaded = useSyncExternalStore(subscribeCatalogue, catalogueVersion, () => 0);
  const messages = loaded ? catalogue(lang) : given;
  const navigating = useNavigation().state !== 'idle';
  useEffect(() => {
    if (navigating) void loadWholeCatalogue();
  }, [navigating]);
  useEffect(() => loadCatalogueOnFirstUse(), []);
  const value = useMemo<I18n>(
    () => ({
      lang,
      t: createTranslator(lang, messages),
      href: (id, params, query) => buildHref(lang, id, params, query),
      money: (amount) => formatMoney(lang, amount),
      number: (value) => formatNumber(lang, value),
      date: (iso) => formatDate(lang, iso),
      dateTime: (iso) => formatDateTime(lang, iso),
      weekday: (iso, options) => formatWeekdayDate(lang, iso, options),
      weekdayTime: (iso) => formatWeekdayDateTime(lang, iso),
      time: (iso) => formatTime(lang, iso),
      label: (text) => formatLabel(lang, text),
      aside: (note) => formatAside(lang, note),
      list: (items) => formatList(lang, items),
    }),
    [lang, messages],
  );
  return <I18nContext.Provider value={value}>{children}</I18nContext.Provider>;
}

export function useI18n(): I18n {
  const value = useContext(I18nContext);
  if (!value) throw new Error('useI18n outside I18nProvider');
  return value;
}

/** The page's language, from its URL (loaders run before any provider exists). */
export function languageOf(request: Request): Language {
  return parsePath(new URL(request.url).pathname).lang;
}

/** For meta functions (no React context there): the translator and settings from the root loader's data. */
export function metaI18n(matches: readonly ({ id: string; loaderData?: unknown } | undefined)[]): {
  t: Translate;
  lang: Language;
  publicUrl: string;
  money: (n: number) => string;
} {
  const root = matches.find((m) => m?.id === 'root')?.loaderData as { lang: Language; publicUrl: string } | undefined;
  if (!root) throw new Error('root data missing');
  return {
    t: createTranslator(root.lang, catalogue(root.lang)),
    lang: root.lang,
    publicUrl: root.publicUrl,
    money: (n) => formatMoney(root.lang, n),
  };
}
