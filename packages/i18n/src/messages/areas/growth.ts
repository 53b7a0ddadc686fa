import { defineArea } from './define.ts';

/** Strings of the growth area (keys start with 'growth.'). */
export const growth = defineArea({
  en: {},
  ms: {},
  zh: {},
});
