// The content feature's public entry: where each managed entry lives in every language (the sitemaps use it).
export { contentAlternates, contentPath } from './content-links.ts';
