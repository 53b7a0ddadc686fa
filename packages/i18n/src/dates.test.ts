import { describe, expect, it } from 'vitest';
import { mediumDate } from './dates.ts';

const LOCALES = ['en-MY', 'ms-MY', 'zh-MY'];
/** Every day of 2026 at 15:59:59 and 16:00 UTC (just before and at midnight in Malaysia), and turns of years since 1982. */
const INSTANTS = [
  ...Array.from({ length: 365 }, (_, day) => [Date.UTC(2026, 0, 1 + day, 15, 59, 59), Date.UTC(2026, 0, 1 + day, 16)]).flat(),
  Date.UTC(1981, 11, 31, 16),
  Date.UTC(1999, 11, 31, 16),
  Date.UTC(2024, 1, 28, 16),
  Date.UTC(2099, 11, 31, 15, 59, 59),
].map((time) => new Date(time).toISOString());

describe('dates written by hand', () => {
  it('write what Intl writes with dateStyle medium in Malaysia time', () => {
    for (const locale of LOCALES) {
      const intl = new Intl.DateTimeFormat(locale, { dateStyle: 'medium', timeZone: 'Asia/Kuala_Lumpur' });
      for (const iso of INSTANTS) expect(mediumDate(locale, iso), `${locale} ${iso}`).toBe(intl.format(new Date(iso)));
    }
  });

  it('leave to Intl what they do not cover', () => {
    expect(mediumDate('en-GB', '2026-05-04T00:00:00Z')).toBeNull();
    expect(mediumDate('en-MY', '1981-12-31T15:59:59Z')).toBeNull();
    expect(mediumDate('en-MY', 'not a date')).toBeNull();
  });
});
