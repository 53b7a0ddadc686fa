import type { ErrorBody } from '@kunci/contracts/errors';
import type { ChatConversation, MessagesPage, TenantMatches } from '@kunci/contracts/chat';
import type { DashboardSummary } from '@kunci/contracts/dashboard';
import type { FavouriteList, Shortlist, ShortlistLink } from '@kunci/contracts/favourites';
import type { ListingPage, PropertyDetail, SearchQueryInput, AutocompleteResponse, SitemapPages } from '@kunci/contracts/listings';
import type {
  OwnerListing,
  OwnerListingFull,
  StockImages,
  OwnerListingsPage,
  PriceStatistics,
  PropertyInputDraft,
  PropertyUpdate,
} from '@kunci/contracts/listing-management';
import type { Area, PropertyTypeInfo } from '@kunci/contracts/reference';
import type { LoginResponse } from '@kunci/contracts/auth';
import type { PsychometricState } from '@kunci/contracts/profile-extras';
import type { User } from '@kunci/contracts/users';
import type { Language } from '@kunci/i18n/locales';
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

/** Field errors of an API refusal, keyed by the field's name (the last segment of its path). */
export function fieldErrors(fields: { path: string; message: string }[] | undefined): Record<string, string> {
  return Object.fromEntries((fields ?? []).map((f) => [f.path.split('.').at(-1)!, f.message]));
}

function toQuery(values: Record<string, string | number | boolean | undefined>): string {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(values)) if (value !== undefined && value !== '') params.set(key, String(value));
  const text = params.toString();
  return text ? `?${text}` : '';
}

/** The one typed client of the API; every shape comes from packages/contracts. Errors come in `lang`. */
export function createApi(fetcher: Fetcher, lang?: Language) {
  async function call<T>(method: string, path: string, body?: unknown, extraHeaders?: Record<string, string>): Promise<T> {
    const headers: Record<string, string> = { accept: 'application/json', ...extraHeaders };
    if (lang) headers['x-language'] = lang;
    if (body !== undefined) headers['content-type'] = 'application/json';
    const response = await fetcher(path, { method, headers, ...(body !== undefined ? { body: JSON.stringify(body) } : {}) });
    if (!response.ok) throw new ApiError(response.status, (await response.json().catch(() => undefined)) as ErrorBody | undefined);
    return (response.status === 204 ? undefined : await response.json()) as T;
  }
  const get = <T>(path: string) => call<T>('GET', path);
  return {
    me: () => get<User>('/users/profile'),
    updateUser: (id: string, changes: Partial<Pick<User, 'language' | 'name' | 'email' | 'userType'>> & { rentalRole?: 'TENANT' | 'LANDLORD' }) =>
      call<User>('PUT', `/users/${id}`, changes),
    dashboard: (id: string) => get<DashboardSummary>(`/users/${id}/dashboard`),
    requestPin: (phoneNo: string) => call<{ phoneNo: string }>('POST', '/pin/request', { phoneNo }),
    preCheck: (phoneNo: string) => call<{ phoneNo: string }>('POST', '/pin/pre-check', { phoneNo }),
    verifyPin: (phoneNo: string, pin: string) => call<LoginResponse>('POST', '/pin/verify', { phoneNo, pin }),
    login: (phoneNo: string, password: string) => call<LoginResponse>('POST', '/login', { phoneNo, password }),
    logout: () => call<void>('POST', '/logout'),
    resetByPhone: (phone: string) => call<{ phoneNo: string }>('POST', `/users/reset-password/by-phone/${encodeURIComponent(phone)}`),
    setPassword: (id: string, password: string, currentPassword?: string) =>
      call<void>('POST', `/users/${id}/reset-password`, { password, ...(currentPassword ? { currentPassword } : {}) }),
    attributes: (id: string) => get<{ userAttributes: Record<string, string | number | boolean> }>(`/v3/user/${id}/profile`),
    setSalary: (id: string, monthly_salary: number) => call<unknown>('POST', `/v3/user/${id}/profile`, { userAttributes: { monthly_salary } }),
    providers: () => get<{ facebook: { appId: string; authorizeUrl: string } | null }>('/auth/providers'),
    facebookVerify: (code: string, redirectUri: string) => call<LoginResponse>('POST', '/pin/facebookconnect/verify', { code, redirectUri }),
    requestWorkEmailCode: (id: string, email: string) =>
      call<{ email: string }>('POST', `/v3/user/work-email-verification/request-otp/${id}`, { email }),
    verifyWorkEmail: (id: string, email: string, code: string) =>
      call<{ email: string; verified: boolean }>('POST', `/v3/user/work-email-verification/verify/${id}`, { email, code }),
    psychometric: (id: string) => get<PsychometricState>(`/v3/user/psychometric-qa/${id}`),
    savePsychometric: (id: string, answers: Record<string, string>) => call<PsychometricState>('POST', `/v3/user/psychometric-qa/${id}`, answers),
    outbox: (to: string) =>
      get<{ id: number; channel: string; to: string; subject: string | null; body: string; createdAt: string }[]>(
        `/dev/outbox?to=${encodeURIComponent(to)}`,
      ),
    search: (query: SearchQueryInput) => get<ListingPage>(`/properties/search${toQuery(query)}`),
    property: (id: number) => get<PropertyDetail>(`/properties/${id}`),
    similar: async (sourceRef: number, pageSize = 3): Promise<ListingPage> => {
      const headers: Record<string, string> = {
        accept: 'application/json',
        'content-type': 'application/json',
        'x-source-ref': String(sourceRef),
        'x-source-type': 'listing_page',
      };
      if (lang) headers['x-language'] = lang;
      const response = await fetcher('/properties/similar', { method: 'POST', headers, body: JSON.stringify({ pageSize }) });
      if (!response.ok) throw new ApiError(response.status, (await response.json().catch(() => undefined)) as ErrorBody | undefined);
      return (await response.json()) as ListingPage;
    },
    areas: () => get<Area[]>('/areas'),
    popularAreas: () => call<{ slug: string; listings: number }[]>('POST', '/recommended/popular/areas', { limit: 8 }),
    sitemapListings: (part: number) => get<{ listings: { id: number; dateUpdated: string }[]; parts: number }>(`/sitemap/listings?part=${part}`),
    sitemapPages: () => get<SitemapPages>('/sitemap/pages'),
    propertyTypes: () => get<PropertyTypeInfo[]>('/property-types'),
    autocomplete: (keywords: string) => call<AutocompleteResponse>('POST', '/properties/search/name/autocomplete', { keywords }),
    /** `idempotencyKey`: the same key sent again answers with the listing the first request created. */
    createListing: (input: PropertyInputDraft, idempotencyKey?: string) =>
      call<OwnerListingFull>('POST', '/properties', input, idempotencyKey ? { 'idempotency-key': idempotencyKey } : undefined),
    updateListing: (id: number, patch: PropertyUpdate) => call<OwnerListingFull>('PUT', `/properties/${id}`, patch),
    manageListing: (id: number) => get<OwnerListingFull>(`/properties/${id}/manage`),
    stockImages: (landmarkId: number) => get<StockImages>(`/stock-images/${landmarkId}`),
    activateListing: (id: number) => call<OwnerListingFull>('POST', `/properties/${id}/activate`),
    listingAction: (id: number, action: string, reason?: string) =>
      call<OwnerListingFull>('POST', `/properties/${id}/${action}`, reason ? { reason } : undefined),
    extendListing: (id: number, link?: { until: number; token: string }) =>
      call<{ id: number; expiresAt: string }>('POST', `/properties/${id}/extensions`, link),
    chatConversations: () => get<ChatConversation[]>('/chat-conversations'),
    chatConversation: (id: number) => get<ChatConversation>(`/chat-conversations/${id}`),
    tenantSearch: (propertyId: number) => call<TenantMatches>('POST', '/chat/tenant-search/list', { propertyId }),
    inviteTenant: (propertyId: number, tenantId: string) => call<ChatConversation>('POST', '/chat/tenant-search/submit', { propertyId, tenantId }),
    chatMessages: (id: number) => get<MessagesPage>(`/chat-conversations/${id}/messages?limit=50`),
    favourites: (userId: string) => get<FavouriteList>(`/users/${userId}/favourite-properties`),
    removeFavourite: (userId: string, propertyId: number) =>
      call<{ propertyId: number; message: string }>('DELETE', `/users/${userId}/favourite-properties/${propertyId}`),
    shortlistLink: (userId: string) => get<ShortlistLink | null>(`/users/${userId}/shortlist-link`),
    shareShortlist: (userId: string) => call<ShortlistLink>('POST', `/users/${userId}/shortlist-link`),
    revokeShortlist: (userId: string) => call<void>('DELETE', `/users/${userId}/shortlist-link`),
    shortlist: (token: string) => get<Shortlist>(`/shortlists/${encodeURIComponent(token)}`),
    myListings: (userId: string, query: Record<string, string | number | undefined>) =>
      get<OwnerListingsPage>(`/users/${userId}/properties${toQuery(query)}`),
    reviewQueue: (pageNumber: number) => get<{ content: OwnerListing[]; totalElements: number }>(`/moderation/properties?pageNumber=${pageNumber}`),
    createLead: (lead: { name: string; phoneNo: string; areaSlug: string; type: string; note: string }) =>
      call<{ id: number }>('POST', '/landlord-leads', lead),
    landmark: (id: number) =>
      get<{ id: number; name: string; address: string; postcode: string; lat: number; lng: number; verified: boolean; listingType: string }>(
        `/landmarks/${id}`,
      ),
    priceStatistics: (body: { landmarkLabelId?: number | null; areaSlug?: string; type?: string; bedroom?: number | null }) =>
      call<PriceStatistics>('POST', '/property-prices/statistics', body),
  };
}
export type Api = ReturnType<typeof createApi>;

/** The API acting for the holder of `token` (a fresh sign-in, or a sign-in link), not for the visitor's cookie. */
export function apiAs(context: Readonly<RouterContextProvider>, token: string, lang: Language): Api {
  const { fetchApi } = getServerContext(context);
  return createApi(
    (path, init) => fetchApi(path, { ...init, headers: { ...Object.fromEntries(new Headers(init?.headers)), authorization: `Bearer ${token}` } }),
    lang,
  );
}

/** The API as loaders and actions see it: in-process on the server, answering in the page's language. */
export function serverApi(context: Readonly<RouterContextProvider>, lang?: Language): Api {
  return createApi(getServerContext(context).fetchApi, lang);
}
