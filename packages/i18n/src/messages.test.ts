import IntlMessageFormat from 'intl-messageformat';
import { describe, expect, it } from 'vitest';
import { ErrorCode } from '@kunci/contracts/errors';
import { LANGUAGES } from './locales.ts';
import { CATALOGUES, SAME_IN_EVERY_LANGUAGE, createTranslator, type MessageKey } from './messages.ts';

const keys = Object.keys(CATALOGUES.en) as MessageKey[];

describe('message catalogues', () => {
  it.each(['ms', 'zh'] as const)('%s has every key, and none left in English', (lang) => {
    const catalogue = CATALOGUES[lang];
    const missing = keys.filter((key) => typeof catalogue[key] !== 'string' || catalogue[key].trim() === '');
    const untranslated = keys.filter((key) => !SAME_IN_EVERY_LANGUAGE.has(key) && catalogue[key] === CATALOGUES.en[key]);
    const extra = Object.keys(catalogue).filter((key) => !(key in CATALOGUES.en));
    expect({ missing, untranslated, extra }).toEqual({ missing: [], untranslated: [], extra: [] });
  });

  it.each(LANGUAGES)('%s: every message is valid ICU with the same arguments as English', (lang) => {
    type Element = { type: number; value?: unknown; options?: Record<string, { value: Element[] }> };
    const names = (elements: Element[]): string[] =>
      elements.flatMap((el) => [
        ...(el.type >= 1 && el.type <= 6 ? [String(el.value)] : []),
        ...Object.values(el.options ?? {}).flatMap((option) => names(option.value)),
      ]);
    const argumentsOf = (source: string) => names(new IntlMessageFormat(source, 'en').getAst() as Element[]);
    for (const key of keys) {
      expect(() => new IntlMessageFormat(CATALOGUES[lang][key], lang), `${lang} ${key}`).not.toThrow();
      expect(new Set(argumentsOf(CATALOGUES[lang][key])), `${lang} ${key}`).toEqual(new Set(argumentsOf(CATALOGUES.en[key])));
    }
  });

  it('has a message for every API error code in every language', () => {
    for (const code of Object.values(ErrorCode)) expect(keys).toContain(`errors.${code}`);
  });

  it('formats plurals per language', () => {
    expect(createTranslator('en', CATALOGUES.en)('rent.count', { count: 1 })).toBe('1 home found');
    expect(createTranslator('en', CATALOGUES.en)('rent.count', { count: 1200 })).toBe('1,200 homes found');
    expect(createTranslator('ms', CATALOGUES.ms)('rent.count', { count: 0 })).toBe('Tiada rumah ditemui');
    expect(createTranslator('zh', CATALOGUES.zh)('rent.count', { count: 3 })).toBe('找到 3 套房屋');
  });
});

describe('our ICU formatter', () => {
  const samples = {
    count: 0,
    page: 2,
    pages: 7,
    price: 'RM 1,200',
    budget: 'RM 2,500',
    months: 12,
    area: 'Bangsar',
    type: 'Condo',
    name: 'Nur',
    year: 2026,
    phone: '+60123456789',
    pin: '123456',
    minutes: 5,
    email: 'a@b.my',
    code: '654321',
    date: '4 Nov 2026',
    km: 1.2,
    result: 'X',
    place: 'Bangsar Heights',
    url: 'https://kunci.my',
    rate: 6,
    min: 8,
    sqft: '1,200',
    level: 7,
    index: 3,
    step: 2,
    lat: 3.1,
    lon: 101.6,
    median: 'RM 2,000',
    p25: 'RM 1,800',
    p75: 'RM 2,400',
    score: 70,
    reason: 'blurry photos',
    group: 'true',
    time: '22 Nov 2026, 10:00',
    from: 'Aisyah',
    listing: 'Bangsar Heights A-12',
  };
  it.each(LANGUAGES)('%s: formats every message exactly as intl-messageformat does', (lang) => {
    const t = createTranslator(lang, CATALOGUES[lang]);
    for (const key of keys) {
      for (const count of [0, 1, 2, 12, 1500]) {
        const values = { ...samples, count };
        const expected = String(
          new IntlMessageFormat(CATALOGUES[lang][key], lang === 'ms' ? 'ms-MY' : lang === 'zh' ? 'zh-MY' : 'en-MY').format(values),
        );
        expect(t(key, values), `${lang} ${key} ${count}`).toBe(expected);
      }
    }
  });
});
