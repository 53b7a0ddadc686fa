import { defineArea } from './define.ts';

/** Strings of the content area (keys start with 'content.'). */
export const content = defineArea({
  en: {},
  ms: {},
  zh: {},
});
