/**
 * A catalogue area: one feature's strings in the three languages, side by side in one file. English types the keys;
 * Malay and Chinese must define every one of them (the type checker and messages.test.ts both say so).
 */
export function defineArea<const En extends Record<string, string>>(area: { en: En; ms: Record<keyof En, string>; zh: Record<keyof En, string> }) {
  return area;
}
