import { defineArea } from './define.ts';

/** Strings of the admin area (keys start with 'admin.'). */
export const admin = defineArea({
  en: {},
  ms: {},
  zh: {},
});
