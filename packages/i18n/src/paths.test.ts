import { describe, expect, it } from 'vitest';
import { alternates, canonicalRedirect, href, parsePath, sectionOf, switchLanguage } from './paths.ts';

describe('href', () => {
  it('localizes the first segment and adds the language prefix', () => {
    expect(href('en', 'rent', { loc: 'bangsar' })).toBe('/rent/bangsar');
    expect(href('ms', 'rent', { loc: 'bangsar', propertyType: 'condo' })).toBe('/my/sewa/bangsar/condo');
    expect(href('zh', 'rent', { loc: 'bangsar' })).toBe('/zh/rent/bangsar');
    expect(href('ms', 'buy')).toBe('/my/beli');
    expect(href('ms', 'details', { id: 7 })).toBe('/my/iklan/7');
    expect(href('zh', 'details', { id: 7 })).toBe('/zh/guanggao/7');
    expect(href('en', 'home')).toBe('/');
    expect(href('zh', 'home')).toBe('/zh');
  });

  it('never links to /kuala-lumpur on a rent path', () => {
    expect(href('en', 'rent', { loc: 'kuala-lumpur' })).toBe('/rent');
    expect(href('ms', 'rent', { loc: 'kuala-lumpur' })).toBe('/my/sewa');
    expect(href('en', 'rent', { loc: 'kuala-lumpur', propertyType: 'condo' })).toBe('/rent/kuala-lumpur/condo');
  });

  it('adds only meaningful query parameters', () => {
    expect(href('en', 'rent', { loc: 'cheras' }, { page: 2, q: '', lm: undefined })).toBe('/rent/cheras?page=2');
  });
});

describe('switchLanguage', () => {
  it('keeps the user on the equivalent page, with its query', () => {
    expect(switchLanguage('/rent/bangsar?q=bang&page=2', 'ms')).toBe('/my/sewa/bangsar?q=bang&page=2');
    expect(switchLanguage('/my/sewa/bangsar', 'zh')).toBe('/zh/rent/bangsar');
    expect(switchLanguage('/zh/rent/bangsar', 'en')).toBe('/rent/bangsar');
    expect(switchLanguage('/details/12', 'zh')).toBe('/zh/guanggao/12');
    expect(switchLanguage('/ads/12', 'ms')).toBe('/my/iklan/12');
    expect(switchLanguage('/my/iklan/12', 'en')).toBe('/details/12');
    expect(switchLanguage('/buy', 'ms')).toBe('/my/beli');
    expect(switchLanguage('/my', 'en')).toBe('/');
    expect(switchLanguage('/', 'zh')).toBe('/zh');
    expect(switchLanguage('/more/about', 'ms')).toBe('/my/more/about');
  });

  it('drops a trailing /kuala-lumpur on the way', () => {
    expect(switchLanguage('/rent/kuala-lumpur', 'ms')).toBe('/my/sewa');
  });
});

describe('canonicalRedirect', () => {
  it('redirects the spellings the rules do not allow', () => {
    expect(canonicalRedirect('/rent/kuala-lumpur')).toBe('/rent');
    expect(canonicalRedirect('/my/sewa/kuala-lumpur')).toBe('/my/sewa');
    expect(canonicalRedirect('/my/rent/bangsar')).toBe('/my/sewa/bangsar');
    expect(canonicalRedirect('/zh/sewa/bangsar')).toBe('/zh/rent/bangsar');
    expect(canonicalRedirect('/rent/bangsar/')).toBe('/rent/bangsar');
  });

  it('sends a localized segment without its prefix to its own language', () => {
    expect(canonicalRedirect('/sewa/bangsar')).toBe('/my/sewa/bangsar');
    expect(canonicalRedirect('/sewa/bangsar/condo')).toBe('/my/sewa/bangsar/condo');
    expect(canonicalRedirect('/sewa/kuala-lumpur')).toBe('/my/sewa');
    expect(canonicalRedirect('/beli')).toBe('/my/beli');
    expect(canonicalRedirect('/iklan/12')).toBe('/my/iklan/12');
    expect(canonicalRedirect('/guanggao/12')).toBe('/zh/guanggao/12');
    expect(canonicalRedirect('/my/guanggao/12')).toBe('/my/iklan/12');
    expect(canonicalRedirect('/zh/iklan/12')).toBe('/zh/guanggao/12');
  });

  it('lowers the case of language prefixes, first segments and rent slugs', () => {
    expect(canonicalRedirect('/MY/sewa/bangsar')).toBe('/my/sewa/bangsar');
    expect(canonicalRedirect('/ZH/rent/bangsar')).toBe('/zh/rent/bangsar');
    expect(canonicalRedirect('/ZH')).toBe('/zh');
    expect(canonicalRedirect('/My/more/about')).toBe('/my/more/about');
    expect(canonicalRedirect('/rent/Bangsar')).toBe('/rent/bangsar');
    expect(canonicalRedirect('/Rent/Mont-Kiara/Condo')).toBe('/rent/mont-kiara/condo');
    expect(canonicalRedirect('/my/SEWA/Bangsar')).toBe('/my/sewa/bangsar');
    expect(canonicalRedirect('/Details/12')).toBe('/details/12');
  });

  it('leaves canonical paths and detail aliases alone', () => {
    for (const path of [
      '/',
      '/my',
      '/zh',
      '/rent',
      '/rent/bangsar',
      '/my/sewa/bangsar/condo',
      '/ads/3',
      '/my/ads/3',
      '/zh/details/3',
      '/v2/propertyDetails/3',
      '/zh/guanggao/3',
      '/shortlist/AbC',
    ]) {
      expect(canonicalRedirect(path), path).toBeNull();
    }
  });
});

describe('parsePath, sectionOf and alternates', () => {
  it('reads the language from the prefix, my meaning Bahasa Malaysia', () => {
    expect(parsePath('/my/sewa/x')).toEqual({ lang: 'ms', rest: '/sewa/x' });
    expect(parsePath('/zh')).toEqual({ lang: 'zh', rest: '/' });
    expect(parsePath('/rent')).toEqual({ lang: 'en', rest: '/rent' });
    expect(sectionOf('/my/sewa/bangsar')).toBe('rent');
    expect(sectionOf('/my/beli')).toBe('buy');
  });

  it('lists the page in every language', () => {
    expect(alternates('/my/sewa/bangsar')).toEqual({ en: '/rent/bangsar', ms: '/my/sewa/bangsar', zh: '/zh/rent/bangsar' });
  });
});
