/** Session-storage keys of the search state (landmark id, keywords, search session id). */
export const SEARCH_STATE_KEYS = ['searchLandmarkId', 'searchKeywords', 'searchSessionId'] as const;

function storage(): Storage | undefined {
  try {
    return typeof sessionStorage === 'undefined' ? undefined : sessionStorage;
  } catch {
    return undefined;
  }
}

/** One id per visit's search session, sent as X-Search-Session-ID with search calls. */
export function searchSessionId(): string {
  const store = storage();
  let id = store?.getItem('searchSessionId');
  if (!id) {
    id = crypto.randomUUID();
    store?.setItem('searchSessionId', id);
  }
  return id;
}

/** Choosing a building remembers it with the keywords typed (spec section 4). */
export function storeLandmarkSearch(landmarkId: number, keywords: string): void {
  const store = storage();
  store?.setItem('searchLandmarkId', String(landmarkId));
  store?.setItem('searchKeywords', keywords);
  searchSessionId();
}

/** The logo clears the search state: a fresh start from home. */
export function clearSearchState(): void {
  const store = storage();
  for (const key of SEARCH_STATE_KEYS) store?.removeItem(key);
}
