/** An ILIKE pattern for "contains", with the searcher's own \, % and _ taken literally. */
export function containing(text: string): string {
  return `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}
