import { createContext, type RouterContextProvider } from 'react-router';

/** What the hosting server gives the app's loaders (see entry.server's createLoadContext). */
export interface ServerContext {
  /** Calls the API in-process with the visitor's cookies and language; path is relative to /api. */
  fetchApi(path: string, init?: RequestInit): Promise<Response>;
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

export const serverContext = createContext<ServerContext>();

export function getServerContext(context: Readonly<RouterContextProvider>): ServerContext {
  return context.get(serverContext);
}
