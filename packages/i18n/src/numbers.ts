/**
 * Number shapes of our three locales (en-MY, ms-MY, zh-MY), written out by hand. They all group digits in threes
 * with commas and write ringgit as "RM 1,200" (no-break space), so this gives exactly what Intl gives for whole
 * numbers. The reason is the browser: the first `Intl.NumberFormat` of a page loads the engine's number data,
 * which measured 18-37 ms of main thread here (72-147 ms at a phone's 4x slowdown) in the middle of hydration.
 * Anything these functions do not cover (fractions, huge values, another locale) goes to Intl. numbers.test.ts
 * compares them with Intl.
 */

const OUR_LOCALES = new Set(['en-MY', 'ms-MY', 'zh-MY']);

/** Digits grouped in threes with commas: "1234567" -> "1,234,567". */
const commas = (digits: string) => digits.replace(/\B(?=(\d{3})+(?!\d))/g, ',');

/** A whole number's sign and comma-grouped digits, or null when Intl should handle it. */
function grouped(locale: string, value: number): { negative: boolean; digits: string } | null {
  if (!OUR_LOCALES.has(locale) || !Number.isFinite(value) || Math.abs(value) >= 1e15) return null;
  // Intl rounds half away from zero and keeps the sign of a negative value that rounds to zero ("-RM 0").
  const digits = commas(String(Math.round(Math.abs(value))));
  return { negative: value < 0 || Object.is(value, -0), digits };
}

/** Ringgit without sen, e.g. "RM 1,200"; null when Intl should format it. */
export function wholeRinggit(locale: string, amount: number): string | null {
  const parts = grouped(locale, amount);
  return parts && `${parts.negative ? '-' : ''}RM\u00a0${parts.digits}`;
}

/**
 * Ringgit and sen, e.g. "RM 23.94"; null when Intl should format it. Rounded as Intl rounds: half away from zero on
 * the number's shortest decimal form (2.675 is "2.68", though the double is a little below it).
 */
export function exactRinggit(locale: string, amount: number): string | null {
  if (!OUR_LOCALES.has(locale) || !Number.isFinite(amount) || Math.abs(amount) >= 1e15) return null;
  const decimal = String(Math.abs(amount));
  if (decimal.includes('e')) return null;
  const [whole = '0', fraction = ''] = decimal.split('.');
  const cents = BigInt(whole) * 100n + BigInt(fraction.slice(0, 2).padEnd(2, '0')) + (fraction.charAt(2) >= '5' ? 1n : 0n);
  const digits = commas((cents / 100n).toString());
  const sign = amount < 0 || Object.is(amount, -0) ? '-' : '';
  return `${sign}RM\u00a0${digits}.${(cents % 100n).toString().padStart(2, '0')}`;
}

/** A number rounded to a whole one, e.g. "1,235"; null when Intl should format it. */
export function wholeNumber(locale: string, value: number): string | null {
  const parts = grouped(locale, value);
  return parts && `${parts.negative ? '-' : ''}${parts.digits}`;
}

/** A whole number as Intl's default format would write it (it keeps up to three decimals, so fractions go to Intl). */
export function integer(locale: string, value: number): string | null {
  return Number.isInteger(value) ? wholeNumber(locale, value) : null;
}

/** The cardinal plural category: English has "one" for 1 and -1; Malay and Chinese have only "other". */
export function pluralCategory(locale: string, value: number): Intl.LDMLPluralRule | null {
  if (!OUR_LOCALES.has(locale) || !Number.isFinite(value)) return null;
  if (locale !== 'en-MY') return 'other';
  return Math.abs(value) === 1 ? 'one' : 'other';
}
