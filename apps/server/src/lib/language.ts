import type { FastifyRequest } from 'fastify';
import { LANGUAGE_COOKIE, isLanguage, languageFromAcceptLanguage, type Language } from '@kunci/i18n/locales';

/**
 * The language of an API answer: an explicit X-Language header, then the language cookie the web app sets,
 * then Accept-Language.
 */
export function requestLanguage(request: FastifyRequest): Language {
  const header = request.headers['x-language'];
  if (isLanguage(header)) return header;
  const cookie = /(?:^|;\s*)lang=([a-z]{2})/.exec(request.headers.cookie ?? '')?.[1];
  if (isLanguage(cookie)) return cookie;
  return languageFromAcceptLanguage(request.headers['accept-language']);
}

export { LANGUAGE_COOKIE };
