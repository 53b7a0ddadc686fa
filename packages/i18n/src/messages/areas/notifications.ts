import { defineArea } from './define.ts';

/** Strings of the notifications area (keys start with 'notifications.'). */
export const notifications = defineArea({
  en: {},
  ms: {},
  zh: {},
});
