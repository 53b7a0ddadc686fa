import type { FastifyRequest } from 'fastify';
import { cookie } from './cookies.ts';
import { LANGUAGE_COOKIE, isLanguage, languageFromAcceptLanguage, type Language } from '@kunci/i18n/locales';

/**
 * The language of an API answer: an explicit X-Language header, then the language cookie the web app sets,
 * then Accept-Language.
 */
export function requestLanguage(request: FastifyRequest): Language {
  const header = request.headers['x-language'];
  if (isLanguage(header)) return header;
  const remembered = cookie(request, LANGUAGE_COOKIE);
  if (isLanguage(remembered)) return remembered;
  return languageFromAcceptLanguage(request.headers['accept-language']);
}

export { LANGUAGE_COOKIE };
