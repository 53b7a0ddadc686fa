import { describe, expect, it } from 'vitest';
import { formatAside, formatLabel, formatList, formatMoney, formatTime, formatWeekdayDate, formatWeekdayDateTime, malaysiaDay } from './format.ts';
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

describe('dates in Malaysia time', () => {
  const monday = '2026-05-04T06:05:00.000Z';
  it('names the weekday of a day in every language', () => {
    expect(formatWeekdayDate('en', monday)).toBe('Monday, 4 May');
    expect(formatWeekdayDate('ms', monday)).toBe('Isnin, 4 Mei');
    expect(formatWeekdayDate('zh', monday)).toBe('5月4日星期一');
    expect(formatWeekdayDate('en', monday, { year: true })).toBe('Monday, 4 May 2026');
  });

  it('writes the time of day as each language does, and the day by the Malaysian calendar', () => {
    expect(formatTime('en', monday)).toBe('2:05 pm');
    expect(formatTime('ms', monday)).toBe('2:05 PTG');
    expect(formatTime('zh', monday)).toBe('下午2:05');
    // 23:30 in UTC is already the next morning in Kuala Lumpur.
    expect(malaysiaDay('2026-05-03T23:30:00.000Z')).toBe('2026-05-04');
    expect(formatWeekdayDateTime('en', monday)).toBe('Mon, 4 May, 2:05 pm');
  });
});

describe('labels and notes beside text', () => {
  it('punctuates them as each language writes: full-width in Chinese, with no space beside', () => {
    expect(formatLabel('en', 'Outcome')).toBe('Outcome: ');
    expect(formatLabel('ms', 'Keputusan')).toBe('Keputusan: ');
    expect(formatLabel('zh', '处理结果')).toBe('处理结果：');
    expect(`Listings${formatAside('en', 3)}`).toBe('Listings (3)');
    expect(`Iklan${formatAside('ms', 3)}`).toBe('Iklan (3)');
    expect(`房源${formatAside('zh', 3)}`).toBe('房源（3）');
  });

  it('joins a list with the comma each language uses: the enumeration comma in Chinese', () => {
    expect(formatList('en', ['Water', 'Electricity'])).toBe('Water, Electricity');
    expect(formatList('ms', ['Air', 'Elektrik'])).toBe('Air, Elektrik');
    expect(formatList('zh', ['水费', '电费', '网络'])).toBe('水费、电费、网络');
    expect(formatList('zh', ['水费'])).toBe('水费');
  });
});
