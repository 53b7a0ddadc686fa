import { describe, expect, it } from 'vitest';
import { formatMoney } from './format.ts';
import { languageFromAcceptLanguage } from './locales.ts';

describe('formatMoney', () => {
  it('shows ringgit with thousands separators and no decimals in every language', () => {
    expect(formatMoney('en', 1200)).toBe('RM\u00a01,200');
    expect(formatMoney('ms', 2500.4)).toBe('RM\u00a02,500');
    expect(formatMoney('zh', 1_322_940)).toBe('RM\u00a01,322,940');
  });
});

describe('languageFromAcceptLanguage', () => {
  it('maps Malay (ms, and the my some browsers send) and Chinese, by preference', () => {
    expect(languageFromAcceptLanguage('ms-MY,ms;q=0.9,en;q=0.8')).toBe('ms');
    expect(languageFromAcceptLanguage('en;q=0.5, zh-CN;q=0.9')).toBe('zh');
    expect(languageFromAcceptLanguage('fr-FR')).toBe('en');
    expect(languageFromAcceptLanguage(undefined)).toBe('en');
  });
});
