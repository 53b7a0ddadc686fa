import { describe, expect, it } from 'vitest';
import { containing } from './like.ts';

describe('a "contains" pattern for ILIKE', () => {
  it("wraps the text in % and takes the searcher's own wildcards and backslash literally", () => {
    expect(containing('Mont Kiara')).toBe('%Mont Kiara%');
    expect(containing('50%_off\\')).toBe('%50\\%\\_off\\\\%');
  });
});
