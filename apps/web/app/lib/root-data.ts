import { useRouteLoaderData } from 'react-router';
import type { Area } from '@kunci/contracts/reference';
import type { User } from '@kunci/contracts/users';
import type { Language } from '@kunci/i18n/locales';

/** What the root loader gives every page (written here, so nothing has to import the root route for its type). */
export interface RootData {
  lang: Language;
  areas: Area[];
  publicUrl: string;
  nonce: string;
  managementAppUrl: string;
  mapTileUrl: string;
  user: User | null;
  sessionExpired: boolean;
  restricted: boolean;
}

/** The root loader's data, or undefined where its loader failed (an error page). */
export function useOptionalRootData(): RootData | undefined {
  return useRouteLoaderData<RootData>('root');
}

/** The root loader's data (language, catalogue, areas, signed-in user) for any component. */
export function useRootData(): RootData {
  const data = useOptionalRootData();
  if (!data) throw new Error('root data missing');
  return data;
}
