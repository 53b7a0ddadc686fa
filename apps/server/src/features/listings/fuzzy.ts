/** Trigrams as pg_trgm makes them: lower case, each word padded with two spaces before and one after. */
function trigrams(text: string): Set<string> {
  const grams = new Set<string>();
  for (const word of text
    .toLowerCase()
    .split(/[^\p{L}\p{N}]+/u)
    .filter(Boolean)) {
    const padded = `  ${word} `;
    for (let i = 0; i + 3 <= padded.length; i++) grams.add(padded.slice(i, i + 3));
  }
  return grams;
}

/**
 * How well typed keywords match a name, from 0 to 1: a prefix or substring match scores high (this also
 * covers Chinese, written without spaces: "公寓" in "共管公寓"); otherwise trigram similarity, which
 * forgives typos ("bangsr" for "Bangsar", "kondo" for "Condo").
 */
export function matchScore(keywords: string, name: string): number {
  const needle = keywords.trim().toLowerCase();
  const hay = name.toLowerCase();
  if (!needle) return 0;
  if (hay === needle) return 1;
  if (hay.startsWith(needle)) return 0.95;
  if (hay.split(/\s+/).some((word) => word.startsWith(needle))) return 0.9;
  if (hay.includes(needle)) return 0.85;
  const a = trigrams(needle);
  const b = trigrams(hay);
  if (!a.size || !b.size) return 0;
  let common = 0;
  for (const gram of a) if (b.has(gram)) common++;
  return common / (a.size + b.size - common);
}
