import { LANGUAGES, type Language } from '@kunci/i18n/locales';
import { parsePath } from '@kunci/i18n/paths';

/** A route of the web build's table, as far as its place in the tree goes. */
export interface BuildRoute {
  id: string;
  parentId?: string | undefined;
  path?: string | undefined;
}

function fullPath(routes: Record<string, BuildRoute>, route: BuildRoute): string {
  const parts: string[] = [];
  for (let at: BuildRoute | undefined = route; at; at = at.parentId ? routes[at.parentId] : undefined) {
    if (at.path) parts.unshift(at.path.replace(/^\/+|\/+$/g, ''));
  }
  return `/${parts.filter(Boolean).join('/')}`;
}

/**
 * The web build's route table cut in one table per language: each page route goes to the language its path's
 * prefix names (none, /my, /zh), with the routes above it (the root layout). React Router matches a path against its
 * routes one by one, several times per page, and makes the page's route objects from the whole table on every render:
 * a page of one language served from that language's table pays for a third of it.
 *
 * A path's language is its first segment, so this holds only where every route's first segment is literal. A route
 * whose first segment is a parameter or a splat could match paths of any language: then the table is not cut
 * (undefined). The splat of the unprefixed language (`/*`, the English 404) is the one exception: it matches a path of
 * another language only where that language's own splat (`/my/*`, `/zh/*`, ranked above it) does too.
 */
export function routesByLanguage<Route extends BuildRoute>(routes: Record<string, Route>): Record<Language, Record<string, Route>> | undefined {
  const tables = Object.fromEntries(LANGUAGES.map((lang) => [lang, {} as Record<string, Route>])) as Record<Language, Record<string, Route>>;
  const splats = new Set<Language>();
  const parents = new Set(Object.values(routes).map((route) => route.parentId));
  const pages = Object.values(routes).filter((route) => !parents.has(route.id));
  for (const page of pages) {
    const path = fullPath(routes, page);
    const { lang, rest } = parsePath(path);
    if (rest === '/*') splats.add(lang);
    else if (/^\/[:*]/.test(path)) return undefined;
    for (let at: Route | undefined = page; at; at = at.parentId ? routes[at.parentId] : undefined) tables[lang][at.id] = at;
  }
  // Each language needs its own 404 for the cut to answer as the whole table does.
  if (LANGUAGES.some((lang) => !splats.has(lang))) return undefined;
  return tables;
}
