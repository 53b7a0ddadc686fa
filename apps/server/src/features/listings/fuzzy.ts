/** Trigrams as pg_trgm makes them: lower case, each word padded with two spaces before and one after. */
function trigrams(words: readonly string[]): Set<string> {
  const grams = new Set<string>();
  for (const word of words) {
    const padded = `  ${word} `;
    for (let i = 0; i + 3 <= padded.length; i++) grams.add(padded.slice(i, i + 3));
  }
  return grams;
}

/** A text made ready for matching once: lower case, its words, its trigrams. */
export interface Prepared {
  lower: string;
  words: string[];
  grams: Set<string>;
}

export function prepare(text: string): Prepared {
  const lower = text.trim().toLowerCase();
  return { lower, words: lower.split(/\s+/), grams: trigrams(lower.split(/[^\p{L}\p{N}]+/u).filter(Boolean)) };
}

/**
 * How well typed keywords match a name, from 0 to 1: a prefix or substring match scores high (this also
 * covers Chinese, written without spaces: "公寓" in "共管公寓"); otherwise trigram similarity, which
 * forgives typos ("bangsr" for "Bangsar", "kondo" for "Condo"). Names are matched on every keystroke of
 * every visitor: prepare them once.
 */
export function matchScore(keywords: string | Prepared, name: string | Prepared): number {
  const needle = typeof keywords === 'string' ? prepare(keywords) : keywords;
  const hay = typeof name === 'string' ? prepare(name) : name;
  if (!needle.lower) return 0;
  if (hay.lower === needle.lower) return 1;
  if (hay.lower.startsWith(needle.lower)) return 0.95;
  if (hay.words.some((word) => word.startsWith(needle.lower))) return 0.9;
  if (hay.lower.includes(needle.lower)) return 0.85;
  const a = needle.grams;
  const b = hay.grams;
  if (!a.size || !b.size) return 0;
  let common = 0;
  for (const gram of a) if (b.has(gram)) common++;
  return common / (a.size + b.size - common);
}
