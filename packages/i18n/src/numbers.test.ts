import { describe, expect, it } from 'vitest';
import { exactRinggit, integer, pluralCategory, wholeNumber, wholeRinggit } from './numbers.ts';

const LOCALES = ['en-MY', 'ms-MY', 'zh-MY'];
const VALUES = [
  0,
  -0,
  1,
  -1,
  2,
  7,
  12,
  999,
  1000,
  1001,
  1200,
  2500,
  9999.5,
  12345,
  123456,
  1234567,
  99999999,
  123456789012345 - 1,
  0.4,
  0.5,
  1.5,
  2.5,
  -0.4,
  -0.5,
  -2.5,
  -1234.5,
  999.5,
  1234.49,
  1e15,
  1e21,
  Number.NaN,
  Infinity,
  -Infinity,
];
// Every whole number up to 20,000 plus the awkward ones above.
const ALL = [...VALUES, ...Array.from({ length: 20_001 }, (_, i) => i), ...Array.from({ length: 500 }, (_, i) => i * 7919 + 0.5)];

describe('hand-written number shapes equal Intl', () => {
  for (const locale of LOCALES) {
    const money = new Intl.NumberFormat(locale, {
      style: 'currency',
      currency: 'MYR',
      currencyDisplay: 'narrowSymbol',
      maximumFractionDigits: 0,
      minimumFractionDigits: 0,
    });
    const whole = new Intl.NumberFormat(locale, { maximumFractionDigits: 0 });
    const plain = new Intl.NumberFormat(locale);
    const plural = new Intl.PluralRules(locale);

    it(`${locale}: ringgit, whole numbers, integers and plural categories`, () => {
      for (const value of ALL) {
        expect(wholeRinggit(locale, value) ?? money.format(value), `money ${value}`).toBe(money.format(value));
        expect(wholeNumber(locale, value) ?? whole.format(value), `number ${value}`).toBe(whole.format(value));
        expect(integer(locale, value) ?? plain.format(value), `integer ${value}`).toBe(plain.format(value));
        expect(pluralCategory(locale, value) ?? plural.select(value), `plural ${value}`).toBe(plural.select(value));
      }
    });
  }

  it('writes ringgit and sen as Intl does, rounding half away from zero', () => {
    // Every sen up to RM 200, thirds and halves of a sen, and the awkward values above.
    const amounts = [
      ...VALUES,
      ...Array.from({ length: 20_001 }, (_, i) => i / 100),
      ...Array.from({ length: 3_000 }, (_, i) => i / 3),
      ...Array.from({ length: 2_000 }, (_, i) => i / 1000 + 0.005),
      0.125,
      2.675,
      1.005,
      -0.001,
      -1234.565,
      23.9425,
      999999.995,
    ];
    for (const locale of LOCALES) {
      const exact = new Intl.NumberFormat(locale, {
        style: 'currency',
        currency: 'MYR',
        currencyDisplay: 'narrowSymbol',
        minimumFractionDigits: 2,
        maximumFractionDigits: 2,
      });
      for (const amount of amounts) expect(exactRinggit(locale, amount) ?? exact.format(amount), `${locale} ${amount}`).toBe(exact.format(amount));
    }
    expect(exactRinggit('en-MY', 23.94)).toBe('RM\u00a023.94');
    expect(exactRinggit('en-US', 1)).toBeNull();
  });

  it('writes the common cases itself rather than handing them to Intl', () => {
    expect(wholeRinggit('en-MY', 1200)).toBe('RM\u00a01,200');
    expect(wholeNumber('zh-MY', 1234567.5)).toBe('1,234,568');
    expect(integer('ms-MY', 45)).toBe('45');
    expect(pluralCategory('en-MY', 1)).toBe('one');
    expect(integer('en-MY', 1.5)).toBeNull();
    expect(wholeRinggit('en-US', 1)).toBeNull();
  });
});
