import { describe, expect, it } from 'vitest';
import { routesByLanguage, type BuildRoute } from './routes-by-language.ts';

const table = (...routes: BuildRoute[]) => Object.fromEntries(routes.map((route) => [route.id, route]));
const root = { id: 'root', path: '' };
const splats = [
  { id: 'not-found.en', parentId: 'root', path: '/*' },
  { id: 'not-found.ms', parentId: 'root', path: '/my/*' },
  { id: 'not-found.zh', parentId: 'root', path: '/zh/*' },
];

describe('routesByLanguage', () => {
  it('gives each language its own pages, the layouts above them and its 404', () => {
    const tables = routesByLanguage(
      table(
        root,
        ...splats,
        { id: 'home.en', parentId: 'root', path: '/' },
        { id: 'home.ms', parentId: 'root', path: '/my' },
        { id: 'rent.zh', parentId: 'root', path: '/zh/rent/:loc?' },
        { id: 'rent.zh.1', parentId: 'root', path: '/zh/sewa/:loc?' },
        { id: 'account', parentId: 'root', path: 'account' },
        { id: 'profile.zh', parentId: 'account-zh', path: 'profile' },
        { id: 'account-zh', parentId: 'root', path: '/zh/account' },
      ),
    )!;
    expect(Object.keys(tables.en).sort()).toEqual(['account', 'home.en', 'not-found.en', 'root']);
    expect(Object.keys(tables.ms).sort()).toEqual(['home.ms', 'not-found.ms', 'root']);
    // A nested page goes with the layout its path runs through.
    expect(Object.keys(tables.zh).sort()).toEqual(['account-zh', 'not-found.zh', 'profile.zh', 'rent.zh', 'rent.zh.1', 'root']);
  });

  it('keeps the whole table when a route could match a path of any language', () => {
    expect(routesByLanguage(table(root, ...splats, { id: 'area', parentId: 'root', path: '/:area' }))).toBeUndefined();
    expect(routesByLanguage(table(root, ...splats, { id: 'files', parentId: 'root', path: '/*/files' }))).toBeUndefined();
    // Under a language's prefix a parameter is that language's.
    expect(routesByLanguage(table(root, ...splats, { id: 'area.zh', parentId: 'root', path: '/zh/:area' }))).toBeDefined();
  });

  it('keeps the whole table when a language has no 404 of its own', () => {
    expect(routesByLanguage(table(root, splats[0]!, splats[1]!, { id: 'home.zh', parentId: 'root', path: '/zh' }))).toBeUndefined();
  });
});
