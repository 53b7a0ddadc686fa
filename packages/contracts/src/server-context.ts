/**
 * An API answer as the web app's client reads it (its status, `Retry-After` and JSON body). A browser's fetch Response
 * is one; the server's in-process answers are lighter (no stream or header checks), and an answer every page shares
 * is parsed once and frozen: a loader copies what it changes.
 */
export interface ApiResponse {
  readonly ok: boolean;
  readonly status: number;
  readonly headers: { get(name: string): string | null };
  json(): Promise<unknown>;
}

/**
 * What the hosting server (apps/server, plugins/web.ts) gives the web app's loaders for every request: written
 * once here, so the server that builds it and the web app that reads it cannot drift apart.
 */
export interface ServerContext {
  /**
   * Calls the API in-process with the visitor's cookies and language; path is relative to /api. The answer carries
   * its status, body and only the headers Content-Type and Retry-After.
   */
  fetchApi(path: string, init?: RequestInit): Promise<ApiResponse>;
  nonce: string;
  publicUrl: string;
  /** Where logout hands off to (the management app's refresh page). */
  managementAppUrl: string;
  /** Leaflet's tile URL template (MAP_TILE_URL). */
  mapTileUrl: string;
  /** Session lifetime, for the cookie's Max-Age. */
  sessionTtlDays: number;
  /** Cookies carry Secure (production, or an https PUBLIC_URL). */
  secureCookies: boolean;
}

/**
 * The header a page's route sets to say it is the same for every signed-out visitor and may be kept in the shared
 * page cache, naming the tags that invalidate it (space-separated: `listings`, `content`). The server takes it off.
 */
export const PAGE_CACHE_HEADER = 'x-page-cache-tags';
