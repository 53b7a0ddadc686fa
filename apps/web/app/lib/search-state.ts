/** Session-storage keys of the search state (landmark id, keywords, search session id). */
export const SEARCH_STATE_KEYS = ['searchLandmarkId', 'searchKeywords', 'searchSessionId'] as const;

/** The logo clears the search state: a fresh start from home. */
export function clearSearchState(): void {
  try {
    for (const key of SEARCH_STATE_KEYS) sessionStorage.removeItem(key);
  } catch {
    // Storage unavailable (private mode): nothing was stored either.
  }
}
