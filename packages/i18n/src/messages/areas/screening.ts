import { defineArea } from './define.ts';

/** Strings of the screening area (keys start with 'screening.'). */
export const screening = defineArea({
  en: {},
  ms: {},
  zh: {},
});
