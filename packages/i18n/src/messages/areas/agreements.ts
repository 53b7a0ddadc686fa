import { defineArea } from './define.ts';

/** Strings of the agreements area (keys start with 'agreements.'). */
export const agreements = defineArea({
  en: {},
  ms: {},
  zh: {},
});
