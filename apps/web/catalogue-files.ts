import type { Plugin } from 'vite';
import { CATALOGUES } from '@kunci/i18n/messages';
import { LANGUAGES } from '@kunci/i18n/locales';

/** The module the browser loads a language's whole catalogue with (lib/catalogue.tsx). */
export const CATALOGUE_FILES_ID = 'virtual:kunci/catalogue-files';
const RESOLVED = `\0${CATALOGUE_FILES_ID}`;

/**
 * Each language's whole catalogue as a JSON file of the browser build (`assets/messages-en-<hash>.json`), fetched when
 * a page needs more messages than it brought. As script modules the three catalogues were one chunk of about 460 KB
 * (each area's file holds its three languages), compiled and run whole on a phone's main thread for one language;
 * a language's JSON is a third of that and `JSON.parse` reads it many times faster than a script runs. The files are
 * hashed, so they are cached for good and a release never serves a stale one. In development (and in the server
 * build, which never calls it) the module loads the catalogue modules instead.
 */
export function catalogueFiles(): Plugin {
  let building = false;
  return {
    name: 'kunci:catalogue-files',
    configResolved(config) {
      building = config.command === 'build';
    },
    resolveId(id) {
      return id === CATALOGUE_FILES_ID ? RESOLVED : null;
    },
    load(id) {
      if (id !== RESOLVED) return null;
      if (!building || this.environment.name !== 'client') {
        const loaders = LANGUAGES.map((lang) => `${lang}: () => import('@kunci/i18n/messages/${lang}').then((m) => m.${lang})`);
        return `export default { ${loaders.join(', ')} };`;
      }
      const loaders = LANGUAGES.map((lang) => {
        const file = this.emitFile({ type: 'asset', name: `messages-${lang}.json`, source: JSON.stringify(CATALOGUES[lang]) });
        return `${lang}: () => load(import.meta.ROLLUP_FILE_URL_${file})`;
      });
      return [
        'const load = (url) => fetch(url).then((response) => {',
        '  if (!response.ok) throw new Error(`catalogue ${url}: ${response.status}`);',
        '  return response.json();',
        '});',
        `export default { ${loaders.join(', ')} };`,
      ].join('\n');
    },
  };
}
