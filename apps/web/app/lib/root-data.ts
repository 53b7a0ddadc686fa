import { useRouteLoaderData } from 'react-router';
import type { loader } from '../root.tsx';

/** The root loader's data (language, catalogue, areas, signed-in user) for any component. */
export function useRootData() {
  const data = useRouteLoaderData<typeof loader>('root');
  if (!data) throw new Error('root data missing');
  return data;
}
