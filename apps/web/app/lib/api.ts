import type { ErrorBody } from '@kunci/contracts/errors';
import type { ListingPage, PropertyDetail, SearchQueryInput } from '@kunci/contracts/listings';
import type { Area, PropertyTypeInfo } from '@kunci/contracts/reference';
import type { RouterContextProvider } from 'react-router';
import { getServerContext } from './server-context.ts';

export type Fetcher = (path: string, init?: RequestInit) => Promise<Response>;

/** A non-2xx answer of the API, carrying its contract error body. */
export class ApiError extends Error {
  readonly status: number;
  readonly body: ErrorBody | undefined;
  constructor(status: number, body: ErrorBody | undefined) {
    super(body?.message ?? `Request failed with status code ${status}`);
    this.status = status;
    this.body = body;
  }
}

function toQuery(values: Record<string, string | number | boolean | undefined>): string {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(values)) if (value !== undefined && value !== '') params.set(key, String(value));
  const text = params.toString();
  return text ? `?${text}` : '';
}

/** The one typed client of the API; every shape comes from packages/contracts. */
export function createApi(fetcher: Fetcher) {
  async function get<T>(path: string): Promise<T> {
    const response = await fetcher(path, { headers: { accept: 'application/json' } });
    if (!response.ok) throw new ApiError(response.status, (await response.json().catch(() => undefined)) as ErrorBody | undefined);
    return (await response.json()) as T;
  }
  return {
    search: (query: SearchQueryInput) => get<ListingPage>(`/properties/search${toQuery(query)}`),
    property: (id: number) => get<PropertyDetail>(`/properties/${id}`),
    areas: () => get<Area[]>('/areas'),
    propertyTypes: () => get<PropertyTypeInfo[]>('/property-types'),
  };
}
export type Api = ReturnType<typeof createApi>;

/** The API as loaders see it: in-process on the server. */
export function serverApi(context: Readonly<RouterContextProvider>): Api {
  return createApi(getServerContext(context).fetchApi);
}
