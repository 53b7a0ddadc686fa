// The browser's loaders of each language's whole catalogue (vite plugin catalogue-files.ts).
declare module 'virtual:kunci/catalogue-files' {
  import type { Messages } from '@kunci/i18n/messages';
  import type { Language } from '@kunci/i18n/locales';
  const loaders: Record<Language, () => Promise<Messages>>;
  export default loaders;
}
