import { createContext, type RouterContextProvider } from 'react-router';
import type { ServerContext } from '@kunci/contracts/server-context';

export type { ServerContext };

export const serverContext = createContext<ServerContext>();

export function getServerContext(context: Readonly<RouterContextProvider>): ServerContext {
  return context.get(serverContext);
}
