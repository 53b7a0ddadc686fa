import { defineArea } from './define.ts';

/** Strings of the services area (keys start with 'services.'). */
export const services = defineArea({
  en: {},
  ms: {},
  zh: {},
});
