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
