import { useMemo } from 'react';
import { data, type RouterContextProvider } from 'react-router';
import type * as agreements from '@kunci/contracts/agreements';
import type * as admin from '@kunci/contracts/admin';
import type * as adminDeals from '@kunci/contracts/admin-deals';
import type * as appointments from '@kunci/contracts/appointments';
import type * as auth from '@kunci/contracts/auth';
import type * as chat from '@kunci/contracts/chat';
import type * as content from '@kunci/contracts/content';
import type { DashboardSummary } from '@kunci/contracts/dashboard';
import type * as deals from '@kunci/contracts/deals';
import type * as collection from '@kunci/contracts/rental-collection';
import type * as homerunner from '@kunci/contracts/homerunner';
import type * as protection from '@kunci/contracts/protection';
import type { ErrorBody } from '@kunci/contracts/errors';
import type { ApiResponse } from '@kunci/contracts/server-context';
import type * as favourites from '@kunci/contracts/favourites';
import type * as growth from '@kunci/contracts/growth';
import type * as reels from '@kunci/contracts/reels';
import type * as listings from '@kunci/contracts/listings';
import type * as manage from '@kunci/contracts/listing-management';
import type * as notices from '@kunci/contracts/notifications';
import type { OutboxMessages } from '@kunci/contracts/outbox';
import type * as extras from '@kunci/contracts/profile-extras';
import type * as screening from '@kunci/contracts/screening';
import type { AreaList, PropertyTypeList } from '@kunci/contracts/reference';
import type * as saved from '@kunci/contracts/saved-searches';
import type { Answer, Sent, Unchecked } from '@kunci/contracts/schema-types';
import type * as users from '@kunci/contracts/users';
import type { Language } from '@kunci/i18n/locales';
import { useI18n } from './i18n.tsx';
import { getServerContext } from './server-context.ts';

export type Fetcher = (path: string, init?: RequestInit) => Promise<ApiResponse>;

/** errorCode 10100: the signed-in account is banned or restricted. */
export const BANNED = 10100;
/** The browser event that puts the ban screen over the page (components/layout/ban-screen.tsx). */
export const BANNED_EVENT = 'kunci:banned';
/** What a loader or action throws for 10100: the root's error boundary shows the ban screen. */
export interface BannedPage {
  banned: true;
  message: string;
}
/** Signing in, out and the sign-in checks answer 10100 to someone not signed in yet: their pages say so themselves. */
const SIGN_IN_CALLS = /^\/(pin\/|login|logout|auth\/|users\/reset-password)/;

/** A non-2xx answer of the API, carrying its contract error body. */
export class ApiError extends Error {
  readonly status: number;
  readonly body: ErrorBody | undefined;
  /** Seconds until the request may be tried again (the answer's Retry-After, on a 429 or 503), when it gave them. */
  readonly retryAfter: number | undefined;
  constructor(status: number, body: ErrorBody | undefined, retryAfter?: number) {
    super(body?.message ?? `Request failed with status code ${status}`);
    this.status = status;
    this.body = body;
    this.retryAfter = retryAfter;
  }
}

/** Retry-After given in seconds (the API never sends the HTTP-date form). */
function retryAfterSeconds(headers: ApiResponse['headers']): number | undefined {
  const seconds = Number(headers.get('retry-after') ?? Number.NaN);
  return Number.isFinite(seconds) && seconds >= 0 ? Math.ceil(seconds) : undefined;
}

/** Field errors of an API refusal, keyed by the field's name (the last segment of its path). */
export function fieldErrors(fields: { path: string; message: string }[] | undefined): Record<string, string> {
  return Object.fromEntries((fields ?? []).map((f) => [f.path.split('.').at(-1)!, f.message]));
}

function toQuery(values: Record<string, string | number | boolean | null | undefined>): string {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(values)) if (value !== undefined && value !== null && value !== '') params.set(key, String(value));
  const text = params.toString();
  return text ? `?${text}` : '';
}

interface CallOptions {
  headers?: Record<string, string>;
  /** A body sent as it is (a file), with its content type in `headers`, instead of JSON. */
  raw?: BodyInit;
  signal?: AbortSignal;
  /** The request outlives the page (a view counted as the visitor leaves). */
  keepalive?: boolean;
}

/**
 * The one client of the API, for loaders and actions (in-process) and the browser alike: every request and
 * answer is typed by the schemas in packages/contracts that the server checks them with. Errors come in `lang`.
 */
export function createApi(fetcher: Fetcher, lang?: Language, handlers: { onBanned?: (refusal: ErrorBody) => void } = {}) {
  async function call<T>(method: string, path: string, body?: unknown, options: CallOptions = {}): Promise<T> {
    const headers: Record<string, string> = { accept: 'application/json', ...options.headers };
    if (lang) headers['x-language'] = lang;
    let payload: BodyInit | undefined = options.raw;
    if (body !== undefined) {
      headers['content-type'] = 'application/json';
      payload = JSON.stringify(body);
    }
    const response = await fetcher(path, {
      method,
      headers,
      ...(payload !== undefined ? { body: payload } : {}),
      ...(options.signal ? { signal: options.signal } : {}),
      ...(options.keepalive ? { keepalive: true } : {}),
    });
    if (!response.ok) {
      const refusal = (await response.json().catch(() => undefined)) as ErrorBody | undefined;
      // A signed-in user's account was banned or restricted: handled here once for every call (the ban screen).
      if (response.status === 403 && refusal?.errorCode === BANNED && !SIGN_IN_CALLS.test(path)) handlers.onBanned?.(refusal);
      throw new ApiError(response.status, refusal, retryAfterSeconds(response.headers));
    }
    return (response.status === 204 ? undefined : await response.json()) as T;
  }
  const get = <T>(path: string, options?: CallOptions) => call<T>('GET', path, undefined, options);
  return {
    // Account and sign-in
    me: () => get<Answer<typeof users.User>>('/users/profile'),
    updateUser: (id: string, changes: Sent<typeof users.UpdateUser>) => call<Answer<typeof users.User>>('PUT', `/users/${id}`, changes),
    uploadAvatar: (id: string, file: Blob) =>
      call<Answer<typeof users.User>>('PUT', `/users/${id}/avatar`, undefined, {
        raw: file,
        headers: { 'content-type': file.type || 'application/octet-stream' },
      }),
    dashboard: (id: string) => get<DashboardSummary>(`/users/${id}/dashboard`),
    requestPin: (phoneNo: string) =>
      call<Answer<typeof auth.PinRequestResponse>>('POST', '/pin/request', { phoneNo } satisfies Sent<typeof auth.PinRequest>),
    preCheck: (phoneNo: string) => call<Answer<typeof auth.PinPreCheckResponse>>('POST', '/pin/pre-check', { phoneNo }),
    verifyPin: (phoneNo: string, pin: string) =>
      call<Answer<typeof auth.LoginResponse>>('POST', '/pin/verify', { phoneNo, pin } satisfies Sent<typeof auth.PinVerify>),
    login: (phoneNo: string, password: string) =>
      call<Answer<typeof auth.LoginResponse>>('POST', '/login', { phoneNo, password } satisfies Sent<typeof auth.PasswordLogin>),
    logout: () => call<void>('POST', '/logout'),
    resetByPhone: (phone: string) =>
      call<Answer<typeof auth.ResetByPhoneResponse>>('POST', `/users/reset-password/by-phone/${encodeURIComponent(phone)}`),
    setPassword: (id: string, password: string, currentPassword?: string) =>
      call<void>('POST', `/users/${id}/reset-password`, { password, ...(currentPassword ? { currentPassword } : {}) } satisfies Sent<
        typeof auth.SetPassword
      >),
    attributes: (id: string) => get<Answer<typeof users.Attributes>>(`/v3/user/${id}/profile`),
    setSalary: (id: string, monthly_salary: number) =>
      call<Answer<typeof users.Attributes>>('POST', `/v3/user/${id}/profile`, { userAttributes: { monthly_salary } } satisfies Sent<
        typeof users.AttributesUpdate
      >),
    providers: () => get<Answer<typeof auth.AuthProviders>>('/auth/providers'),
    facebookVerify: (code: string, redirectUri: string) =>
      call<Answer<typeof auth.LoginResponse>>('POST', '/pin/facebookconnect/verify', { code, redirectUri } satisfies Sent<
        typeof auth.FacebookVerify
      >),
    requestWorkEmailCode: (id: string, email: string) =>
      call<Answer<typeof extras.WorkEmailResponse>>('POST', `/v3/user/work-email-verification/request-otp/${id}`, {
        email,
      } satisfies Sent<typeof extras.WorkEmailRequest>),
    verifyWorkEmail: (id: string, email: string, code: string) =>
      call<Answer<typeof extras.WorkEmailResponse>>('POST', `/v3/user/work-email-verification/verify/${id}`, {
        email,
        code,
      } satisfies Sent<typeof extras.WorkEmailVerify>),
    psychometric: (id: string) => get<Answer<typeof extras.PsychometricState>>(`/v3/user/psychometric-qa/${id}`),
    savePsychometric: (id: string, answers: Unchecked<typeof extras.PsychometricAnswers>) =>
      call<Answer<typeof extras.PsychometricState>>('POST', `/v3/user/psychometric-qa/${id}`, answers),
    outbox: (to: string) => get<Answer<typeof OutboxMessages>>(`/dev/outbox?to=${encodeURIComponent(to)}`),

    // Listings and reference data
    search: (query: listings.SearchQueryInput) => get<Answer<typeof listings.ListingPage>>(`/properties/search${toQuery(query)}`),
    property: (id: number) => get<Answer<typeof listings.PropertyDetail>>(`/properties/${id}`),
    similar: (sourceRef: number, pageSize = 3) =>
      call<Answer<typeof listings.ListingPage>>('POST', '/properties/similar', { pageSize } satisfies Sent<typeof listings.RecommendQuery>, {
        headers: { 'x-source-ref': String(sourceRef), 'x-source-type': 'listing_page' },
      }),
    /** Counts a view, share, call... of a listing for `visitorId` (kept alive past the page). */
    logAction: (id: number, action: Sent<typeof listings.ActionLogBody>, visitorId: string) =>
      call<Answer<typeof listings.ActionLogResponse>>('POST', `/properties/${id}/actionLog`, action, {
        headers: { 'x-visitor-id': visitorId },
        keepalive: true,
      }),
    areas: () => get<Answer<typeof AreaList>>('/areas'),
    popularAreas: () =>
      call<Answer<typeof listings.PopularAreas>>('POST', '/recommended/popular/areas', { limit: 8 } satisfies Sent<typeof listings.PopularAreasBody>),
    sitemapListings: (part: number) =>
      get<Answer<typeof listings.SitemapPart>>(`/sitemap/listings${toQuery({ part } satisfies Sent<typeof listings.SitemapPartQuery>)}`),
    sitemapPages: () => get<Answer<typeof listings.SitemapPages>>('/sitemap/pages'),
    propertyTypes: () => get<Answer<typeof PropertyTypeList>>('/property-types'),
    autocomplete: (keywords: string, options: { signal?: AbortSignal; searchSessionId?: string } = {}) =>
      call<Answer<typeof listings.AutocompleteResponse>>(
        'POST',
        '/properties/search/name/autocomplete',
        { keywords } satisfies Sent<typeof listings.AutocompleteRequest>,
        {
          ...(options.signal ? { signal: options.signal } : {}),
          ...(options.searchSessionId ? { headers: { 'x-search-session-id': options.searchSessionId } } : {}),
        },
      ),

    // Listing management
    /** `idempotencyKey`: the same key sent again answers with the listing the first request created. */
    createListing: (input: manage.PropertyInputDraft, idempotencyKey?: string) =>
      call<Answer<typeof manage.OwnerListingFull>>(
        'POST',
        '/properties',
        input,
        idempotencyKey ? { headers: { 'idempotency-key': idempotencyKey } } : {},
      ),
    updateListing: (id: number, patch: manage.PropertyUpdate) => call<Answer<typeof manage.OwnerListingFull>>('PUT', `/properties/${id}`, patch),
    manageListing: (id: number) => get<Answer<typeof manage.OwnerListingFull>>(`/properties/${id}/manage`),
    stockImages: (landmarkId: number) => get<Answer<typeof manage.StockImages>>(`/stock-images/${landmarkId}`),
    activateListing: (id: number) => call<Answer<typeof manage.OwnerListingFull>>('POST', `/properties/${id}/activate`),
    listingAction: (id: number, action: Sent<typeof manage.ListingActionParams>['action'], reason?: string) =>
      call<Answer<typeof manage.OwnerListingFull>>(
        'POST',
        `/properties/${id}/${action}`,
        reason ? ({ reason } satisfies Sent<typeof manage.ListingActionBody>) : undefined,
      ),
    extendListing: (id: number, link?: Sent<typeof manage.ExtensionLinkBody>) =>
      call<Answer<typeof manage.ExtensionResult>>('POST', `/properties/${id}/extensions`, link ?? undefined),
    /** A signed URL to PUT one photo or video of a listing to (`file` names its extension). */
    listingUpload: (id: number, file: string) =>
      get<Answer<typeof manage.MediaUploadInfo>>(`/properties/${id}/presignedUrl/${encodeURIComponent(file)}`),
    registerImage: (id: number, image: Sent<typeof manage.RegisterImageBody>) =>
      call<Answer<typeof manage.OwnerListingFull>>('POST', `/properties/${id}/images`, image),
    registerVideo: (id: number, video: Sent<typeof manage.RegisterVideoBody>) =>
      call<Answer<typeof manage.OwnerListingFull>>('POST', `/properties/${id}/videos`, video),
    setCover: (id: number, imageId: number) => call<Answer<typeof manage.OwnerListingFull>>('PUT', `/properties/${id}/images/${imageId}`),
    reorderImages: (id: number, imageIds: number[]) =>
      call<Answer<typeof manage.OwnerListingFull>>('PUT', `/properties/${id}/images`, { imageIds } satisfies Sent<typeof manage.ReorderImagesBody>),
    removeImage: (imageId: number) => call<void>('DELETE', `/properties/images/${imageId}`),
    removeVideo: (videoId: number) => call<void>('DELETE', `/properties/videos/${videoId}`),
    myListings: (userId: string, query: Unchecked<typeof manage.OwnerListingsQuery>) =>
      get<Answer<typeof manage.OwnerListingsPage>>(`/users/${userId}/properties${toQuery(query)}`),
    reviewQueue: (pageNumber: number) =>
      get<Answer<ReturnType<typeof listings.Page<typeof manage.OwnerListing>>>>(
        `/moderation/properties${toQuery({ pageNumber } satisfies Sent<typeof manage.ReviewQueueQuery>)}`,
      ),
    createLead: (lead: Unchecked<typeof manage.LandlordLeadInput>) =>
      call<Answer<typeof manage.LandlordLeadCreated>>('POST', '/landlord-leads', lead),
    landmark: (id: number) => get<Answer<typeof manage.Landmark>>(`/landmarks/${id}`),
    priceStatistics: (body: Sent<typeof manage.PriceStatisticsRequest>) =>
      call<Answer<typeof manage.PriceStatistics>>('POST', '/property-prices/statistics', body),

    // Chat and viewings
    chatConversations: () => get<Answer<typeof chat.ChatConversation>[]>('/chat-conversations'),
    chatConversation: (id: number) => get<Answer<typeof chat.ChatConversation>>(`/chat-conversations/${id}`),
    /** A chat request: the tenant's needs, then the conversation about the listing opens. */
    openChat: (request: Sent<typeof chat.ChatRequest>) => call<Answer<typeof chat.ChatConversation>>('POST', '/chat-conversations', request),
    chatMessages: (id: number) => get<Answer<typeof chat.MessagesPage>>(`/chat-conversations/${id}/messages?limit=50`),
    sendMessage: (id: number, message: Sent<typeof chat.SendMessage>) =>
      call<Answer<typeof chat.ChatMessage>>('POST', `/chat-conversations/${id}/messages`, message),
    /** Where to PUT a photo or video for a conversation, before the message that carries it. */
    chatMediaUpload: (id: number, file: string) =>
      get<Answer<typeof chat.ChatMediaUpload>>(
        `/chat/${id}/media/generate/presigned-url${toQuery({ file } satisfies Sent<typeof chat.ChatMediaQuery>)}`,
      ),
    chatBanner: (id: number) => get<Answer<typeof chat.Banner>>(`/chat-conversations/${id}/banner`),
    readChat: (id: number, lastReadId: number) =>
      call<Answer<typeof chat.UnreadCount>>('POST', `/chat-conversations/${id}/read`, { lastReadId } satisfies Sent<typeof chat.ReadBody>),
    reportChat: (id: number, report: Sent<typeof chat.ReportBody>) => call<void>('POST', `/chat-conversations/${id}/report`, report),
    blockChat: (id: number) => call<Answer<typeof chat.ChatConversation>>('POST', `/chat-conversations/${id}/block`),
    tenantSearch: (propertyId: number) =>
      call<Answer<typeof chat.TenantMatches>>('POST', '/chat/tenant-search/list', { propertyId } satisfies Sent<typeof chat.TenantSearchList>),
    inviteTenant: (propertyId: number, tenantId: string) =>
      call<Answer<typeof chat.ChatConversation>>('POST', '/chat/tenant-search/submit', { propertyId, tenantId } satisfies Sent<
        typeof chat.TenantSearchSubmit
      >),
    viewings: (conversationId: number) => get<Answer<typeof appointments.Appointments>>(`/appointments/chats/${conversationId}`),
    timeslots: (propertyId: number) => get<Answer<typeof appointments.Timeslots>>(`/appointments/timeslot/${propertyId}`),
    bookViewing: (booking: Sent<typeof appointments.BookAppointment>) =>
      call<Answer<typeof appointments.Appointment>>('POST', '/appointments', booking),
    rescheduleViewing: (id: number, startsAt: string) =>
      call<Answer<typeof appointments.Appointment>>('PUT', `/appointments/${id}`, { startsAt } satisfies Sent<
        typeof appointments.RescheduleAppointment
      >),
    cancelViewing: (id: number) => call<Answer<typeof appointments.Appointment>>('DELETE', `/appointments/${id}`),
    /** The landlord's answer to a booked viewing. */
    answerViewing: (id: number, answer: 'accept' | 'decline') =>
      call<Answer<typeof appointments.Appointment>>('POST', `/appointments/${id}/${answer}`),

    // Rental collection: the landlord's tenancies and the tenant's rent
    rentalCollection: (year?: number) => get<Answer<typeof collection.CollectionOverview>>(`/rental-collection${toQuery({ year })}`),
    enrolTenancy: (body: Sent<typeof collection.EnrolTenancyBody>) =>
      call<Answer<typeof collection.EnrolTenancyResult>>('POST', '/rental-collection/tenancies', body),
    /** The invited tenant accepts a tenancy signed elsewhere: its invoices then run. */
    acceptTenancy: (id: string) =>
      call<Answer<typeof collection.CollectionTenancy>>('POST', `/rental-collection/tenancies/${encodeURIComponent(id)}/accept`),
    // Key collection by a home runner
    homerunnerAreaCover: (postcode: string) =>
      call<Answer<typeof homerunner.AreaCover>>('POST', '/homerunner/area-cover', { postcode } satisfies Sent<typeof homerunner.AreaCoverBody>),
    listKey: (propertyId: number) => call<Answer<typeof homerunner.KeyCollection>>('POST', `/property/key/${propertyId}/list`),
    bookKeyPickup: (body: Sent<typeof homerunner.PickupBody>) => call<Answer<typeof homerunner.KeyCollection>>('PUT', '/homerunner/key', body),
    // Key collection in the back office: open collections, runners, and the steps staff mark
    staffKeys: () => get<Answer<typeof homerunner.StaffKeyList>>('/admin/services/keys'),
    staffKeyStep: (id: string, body: Sent<typeof homerunner.StaffKeyBody>) =>
      call<Answer<typeof homerunner.KeyCollection>>('PUT', `/admin/services/keys/${encodeURIComponent(id)}`, body),
    runners: () => get<Answer<typeof homerunner.RunnerList>>('/admin/services/runners'),
    addRunner: (body: Sent<typeof homerunner.RunnerBody>) => call<Answer<typeof homerunner.Runner>>('POST', '/admin/services/runners', body),
    updateRunner: (id: number, body: Sent<typeof homerunner.RunnerBody>) =>
      call<Answer<typeof homerunner.Runner>>('PUT', `/admin/services/runners/${id}`, body),
    protectionQuote: (body: Sent<typeof protection.QuoteBody>) => call<Answer<typeof protection.Quote>>('POST', '/services/protection/quote', body),
    // Landlord protection: policies, instalments, claims; operations decide claims
    protection: () => get<Answer<typeof protection.ProtectionOverview>>('/services/protection'),
    buyProtection: (body: Sent<typeof protection.BuyProtectionBody>) =>
      call<Answer<typeof protection.BuyResult>>('POST', '/services/protection/policies', body),
    payProtectionInstalment: (policyId: string, number: number) =>
      call<Answer<typeof protection.InstalmentPayLink>>(
        'POST',
        `/services/protection/policies/${encodeURIComponent(policyId)}/instalments/${number}/pay`,
      ),
    transferProtectionPolicy: (policyId: string, body: Sent<typeof protection.TransferPolicyBody>) =>
      call<Answer<typeof protection.Policy>>('POST', `/services/protection/policies/${encodeURIComponent(policyId)}/transfer`, body),
    fileProtectionClaim: (body: Sent<typeof protection.FileClaimBody>) =>
      call<Answer<typeof protection.Claim>>('POST', '/services/protection/claims', body),
    protectionClaimQueue: (status?: 'SUBMITTED' | 'APPROVED' | 'REJECTED', kind?: protection.ClaimKind) =>
      get<Answer<typeof protection.StaffClaimList>>(`/admin/protection/claims${toQuery({ status, kind })}`),
    decideProtectionClaim: (id: string, body: Sent<typeof protection.ClaimDecisionBody>) =>
      call<Answer<typeof protection.Claim>>('POST', `/admin/protection/claims/${encodeURIComponent(id)}/decision`, body),
    endProtectionOverstay: (id: string, body: Sent<typeof protection.OverstayEndBody>) =>
      call<Answer<typeof protection.Claim>>('POST', `/admin/protection/claims/${encodeURIComponent(id)}/overstay-end`, body),
    /** Where the tenant pays an invoice (the gateway's page). */
    payInvoice: (id: string) => call<Answer<typeof collection.PayLink>>('POST', `/rental-collection/invoices/${encodeURIComponent(id)}/pay`),

    // Rental deals
    deals: (userId: string, propertyId?: number) =>
      get<Answer<typeof deals.DealList>>(`/deals${toQuery({ userId, propertyId } satisfies Sent<typeof deals.DealListQuery>)}`),
    deal: (id: string) => get<Answer<typeof deals.Deal>>(`/deals/${encodeURIComponent(id)}`),
    /** The deal behind the signed link sent to the other party. */
    dealByHash: (hash: string) => get<Answer<typeof deals.Deal>>(`/deals/hash/${encodeURIComponent(hash)}`),
    /** A tenant applies to rent a listing (the rent is the listing's). */
    applyForDeal: (application: Sent<typeof deals.CreateDealBody>) => call<Answer<typeof deals.Deal>>('POST', '/deals', application),
    dealCommand: (id: string, command: Sent<typeof deals.UpdateDealBody>) =>
      call<Answer<typeof deals.Deal>>('PUT', `/deals/${encodeURIComponent(id)}`, command),
    /** Where the tenant pays the booking fee. */
    dealBooking: (id: string) => call<Answer<typeof deals.PaymentLink>>('POST', `/deals/${encodeURIComponent(id)}/booking`),
    /** After the pay page: applies the booking fee (or the move-in amount) if it was paid, or its failure (idempotent). */
    verifyDealBooking: (id: string) => call<Answer<typeof deals.Deal>>('POST', `/deals/${encodeURIComponent(id)}/verify/booking`),
    /** Where the tenant pays the move-in amount of a signed deal. */
    payMoveIn: (dealId: string) =>
      call<Answer<typeof deals.PaymentLink>>('POST', '/rental/order/pay', { dealId } satisfies Sent<typeof deals.RentalOrderPayBody>),

    // Tenancy agreements
    createAgreement: (body: Sent<typeof agreements.CreateAgreementBody>) => call<Answer<typeof agreements.Agreement>>('POST', '/agreements', body),
    agreementOfDeal: (dealId: string) =>
      get<Answer<typeof agreements.Agreement>>(`/agreements${toQuery({ dealId } satisfies Sent<typeof agreements.AgreementQuery>)}`),
    /** Sends the caller a one-time signing code by SMS. */
    sendAgreementCode: (id: string) => call<Answer<typeof agreements.SigningCode>>('POST', `/agreements/${encodeURIComponent(id)}/code`),
    signAgreement: (id: string, body: Sent<typeof agreements.SignAgreementBody>) =>
      call<Answer<typeof agreements.Agreement>>('POST', `/agreements/${encodeURIComponent(id)}/sign`, body),
    /** A tenancy found elsewhere: invite the other party by phone, see the invitations, accept one. */
    inviteToAgreement: (body: Sent<typeof agreements.CreateInvitationBody>) =>
      call<Answer<typeof agreements.AgreementInvitation>>('POST', '/agreements/invitations', body),
    agreementInvitations: () => get<Answer<typeof agreements.AgreementInvitationList>>('/agreements/invitations'),
    agreementInvitation: (id: string) => get<Answer<typeof agreements.AgreementInvitation>>(`/agreements/invitations/${encodeURIComponent(id)}`),
    acceptAgreementInvitation: (id: string, body: Sent<typeof agreements.AcceptInvitationBody>) =>
      call<Answer<typeof agreements.Agreement>>('POST', `/agreements/invitations/${encodeURIComponent(id)}/accept`, body),

    // Screening: documents by profile, the credit check (RAMCI), zero deposit and its justifications
    screening: (dealId: string) => get<Answer<typeof screening.DealScreening>>(`/deals/${encodeURIComponent(dealId)}/screening`),
    setScreeningProfile: (dealId: string, profile: screening.ScreeningProfile) =>
      call<Answer<typeof screening.DealScreening>>('PUT', `/deals/${encodeURIComponent(dealId)}/screening`, { profile } satisfies Sent<
        typeof screening.ProfileBody
      >),
    addDocument: (dealId: string, body: Sent<typeof screening.AddDocumentBody>) =>
      call<Answer<typeof screening.ScreeningDocument>>('POST', `/deals/${encodeURIComponent(dealId)}/documents`, body),
    uploadDocument: (documentId: string, file: Blob) =>
      call<Answer<typeof screening.ScreeningDocument>>('POST', `/documents/${encodeURIComponent(documentId)}/upload`, undefined, {
        raw: file,
        headers: { 'content-type': file.type || 'application/octet-stream' },
      }),
    ramciQuestions: () => get<Answer<typeof screening.SecurityQuestions>>('/ramci/questions'),
    ramciStatus: () => get<Answer<typeof screening.RamciStatus>>('/ramci/status'),
    ramciSubmit: (body: Sent<typeof screening.RamciSubmitBody>) => call<Answer<typeof screening.RamciStatus>>('POST', '/ramci/submit', body),
    ramciConsent: (body: Sent<typeof screening.RamciConsentBody>) =>
      call<Answer<typeof screening.RamciStatus>>('POST', '/ramci/update-consent', body),
    dealRamci: (dealId: string) => call<Answer<typeof screening.DealScreening>>('POST', `/deals/${encodeURIComponent(dealId)}/ramci`),
    justifyZeroDeposit: (body: Sent<typeof screening.ZeroDepositJustificationBody>) =>
      call<Answer<typeof screening.ZeroDepositJustification>>('POST', '/v3/zero-deposit-justifications', body),
    marketPriceJustifications: (propertyId: number) =>
      get<Answer<typeof screening.MarketPriceJustificationList>>(`/v3/market-price-justifications/property/${propertyId}`),
    justifyMarketPrice: (body: Sent<typeof screening.MarketPriceJustificationBody>) =>
      call<Answer<typeof screening.MarketPriceJustification>>('POST', '/v3/market-price-justifications', body),
    justificationQueue: (query: { page?: number; pageSize?: number } = {}) =>
      get<Answer<typeof screening.PendingJustificationPage>>(`/admin/screening/justifications${toQuery(query)}`),
    decideJustification: (id: string, body: Sent<typeof screening.JustificationDecisionBody>) =>
      call<Answer<typeof screening.JustificationDecision>>('POST', `/admin/screening/justifications/${encodeURIComponent(id)}/decision`, body),
    marketPriceQueue: (query: { page?: number; pageSize?: number } = {}) =>
      get<Answer<typeof screening.PendingMarketPricePage>>(`/admin/screening/market-price-justifications${toQuery(query)}`),
    decideMarketPrice: (id: string, body: Sent<typeof screening.JustificationDecisionBody>) =>
      call<Answer<typeof screening.MarketPriceDecision>>(
        'POST',
        `/admin/screening/market-price-justifications/${encodeURIComponent(id)}/decision`,
        body,
      ),

    // Managed content, the contact form and home ownership
    content: (query: Unchecked<typeof content.ContentListQuery> = {}) => get<Answer<typeof content.ContentList>>(`/content${toQuery(query)}`),
    contentByKey: (key: string, options: { language?: Language; preview?: boolean } = {}) =>
      get<Answer<typeof content.ContentPage>>(`/content/keys/${encodeURIComponent(key)}${toQuery(options)}`),
    contentBySlug: (kind: content.ContentKind, slug: string, options: { language?: Language; preview?: boolean } = {}) =>
      get<Answer<typeof content.ContentPage>>(`/content/${kind}/${encodeURIComponent(slug)}${toQuery(options)}`),
    sendContactMessage: (message: Unchecked<typeof content.ContactInput>) =>
      call<Answer<typeof content.ContactCreated>>('POST', '/contact-messages', message),
    homeProjects: () => get<Answer<typeof content.HomeProjects>>('/home-ownership/projects'),
    homeProject: (id: number) => get<Answer<typeof content.HomeProjectDetail>>(`/home-ownership/projects/${id}`),
    askAboutProject: (id: number, lead: Unchecked<typeof content.HomeLeadInput>) =>
      call<Answer<typeof content.HomeLeadCreated>>('POST', `/home-ownership/projects/${id}/leads`, lead),
    adminContentList: (kind?: content.ContentKind) => get<Answer<typeof content.AdminContentList>>(`/admin/content${toQuery({ kind })}`),
    adminContent: (id: number) => get<Answer<typeof content.AdminContentEntry>>(`/admin/content/${id}`),
    createContent: (entry: content.ContentInput) => call<Answer<typeof content.AdminContentEntry>>('POST', '/admin/content', entry),
    saveContent: (id: number, entry: content.ContentInput) => call<Answer<typeof content.AdminContentEntry>>('PUT', `/admin/content/${id}`, entry),
    publishContent: (id: number, publish: boolean) =>
      call<Answer<typeof content.AdminContentEntry>>('POST', `/admin/content/${id}/${publish ? 'publish' : 'unpublish'}`),
    uploadContentImage: (file: Blob) =>
      call<Answer<typeof content.ContentImage>>('POST', '/admin/content/images', undefined, {
        raw: file,
        headers: { 'content-type': file.type || 'image/jpeg' },
      }),
    contactMessages: () => get<Answer<typeof content.ContactMessages>>('/admin/contact-messages'),
    markContactHandled: (id: number) => call<void>('POST', `/admin/contact-messages/${id}/handled`),
    homeLeads: () => get<Answer<typeof content.HomeLeads>>('/admin/home-ownership/leads'),

    // Favourites
    favourites: (userId: string) => get<Answer<typeof favourites.FavouriteList>>(`/users/${userId}/favourite-properties`),
    addFavourite: (userId: string, propertyId: number) =>
      call<Answer<typeof favourites.Favourite>>('POST', `/users/${userId}/favourite-properties`, { propertyId } satisfies Sent<
        typeof favourites.AddFavouriteBody
      >),
    removeFavourite: (userId: string, propertyId: number) =>
      call<Answer<typeof favourites.FavouriteRemoved>>('DELETE', `/users/${userId}/favourite-properties/${propertyId}`),
    shortlistLink: (userId: string) => get<Answer<typeof favourites.ShortlistLink> | null>(`/users/${userId}/shortlist-link`),
    shareShortlist: (userId: string) => call<Answer<typeof favourites.ShortlistLink>>('POST', `/users/${userId}/shortlist-link`),
    revokeShortlist: (userId: string) => call<void>('DELETE', `/users/${userId}/shortlist-link`),
    shortlist: (token: string) => get<Answer<typeof favourites.Shortlist>>(`/shortlists/${encodeURIComponent(token)}`),
    // Notification centre and saved searches
    notices: (query: { before?: number; limit?: number } = {}) => get<Answer<typeof notices.NoticeList>>(`/notices${toQuery(query)}`),
    noticesUnread: () => get<Answer<typeof notices.NoticeUnread>>('/notices/unread'),
    markNoticesRead: (body: Sent<typeof notices.MarkNoticesReadBody>) => call<Answer<typeof notices.NoticeUnread>>('POST', '/notices/read', body),
    noticePreferences: () => get<Answer<typeof notices.NoticePreferences>>('/notices/preferences'),
    setNoticePreference: (body: Sent<typeof notices.SetNoticePreferenceBody>) =>
      call<Answer<typeof notices.NoticePreferences>>('PUT', '/notices/preferences', body),
    subscribePush: (body: Sent<typeof notices.PushSubscriptionBody>) => call<{ subscriptions: number }>('POST', '/notices/push-subscriptions', body),
    unsubscribePush: (endpoint: string) => call<{ subscriptions: number }>('DELETE', '/notices/push-subscriptions', { endpoint }),
    unsubscribeTarget: (token: string) => get<Answer<typeof notices.Unsubscribed>>(`/notices/unsubscribe/target${toQuery({ token })}`),
    unsubscribeNotices: (token: string) => call<Answer<typeof notices.Unsubscribed>>('POST', `/notices/unsubscribe${toQuery({ token })}`),
    landlordResponse: (landlordId: string) => get<Answer<typeof notices.LandlordResponse>>(`/landlords/${landlordId}/response`),
    savedSearches: () => get<Answer<typeof saved.SavedSearchList>>('/saved-searches'),
    saveSearch: (body: Sent<typeof saved.CreateSavedSearchBody>) => call<Answer<typeof saved.SavedSearch>>('POST', '/saved-searches', body),
    updateSavedSearch: (id: number, body: Sent<typeof saved.UpdateSavedSearchBody>) =>
      call<Answer<typeof saved.SavedSearch>>('PATCH', `/saved-searches/${id}`, body),
    deleteSavedSearch: (id: number) => call<Answer<typeof saved.SavedSearchDeleted>>('DELETE', `/saved-searches/${id}`),

    // Growth: price checker
    priceCheckerBuildings: (keywords: string, signal?: AbortSignal) =>
      call<Answer<typeof growth.PriceCheckerAutocomplete>>(
        'POST',
        '/properties/price-checker/name/autocomplete',
        { keywords } satisfies Sent<typeof growth.PriceCheckerAutocompleteRequest>,
        signal ? { signal } : {},
      ),
    priceCheck: (request: Sent<typeof growth.PriceCheckRequest>) =>
      call<Answer<typeof growth.PriceCheck>>('POST', '/properties/price-checker/check', request),
    reviewExpenses: (propertyId: number) => get<Answer<typeof growth.ReviewExpenses>>(`/properties/review-expenses/${propertyId}`),
    hotDeals: () => get<Answer<typeof growth.PromotionList>>('/hotdeals/deals/on-going'),
    reels: (query: Unchecked<typeof reels.ReelsQuery> = {}) => get<Answer<typeof reels.ReelPage>>(`/reels${toQuery(query)}`),
    reelAreas: () => get<Answer<typeof reels.ReelAreas>>('/reels/areas'),
    campaigns: () => get<Answer<typeof growth.PromotionList>>('/partnerships/campaigns/on-going'),
    managedPromotions: () => get<Answer<typeof growth.ManagedPromotionList>>('/admin/growth/promotions'),
    savePromotion: (id: number | undefined, promotion: Sent<typeof growth.PromotionInput>) =>
      call<Answer<typeof growth.ManagedPromotion>>(
        id ? 'PUT' : 'POST',
        id ? `/admin/growth/promotions/${id}` : '/admin/growth/promotions',
        promotion,
      ),
    deletePromotion: (id: number) => call<void>('DELETE', `/admin/growth/promotions/${id}`),

    // Growth: referral programme
    referralLink: () => call<Answer<typeof growth.ReferralLink>>('POST', '/referral/create'),
    registerReferral: (body: Sent<typeof growth.ReferralBody>) => call<Answer<typeof growth.ReferralRegistered>>('POST', '/referrals', body),
    referralDashboard: () => get<Answer<typeof growth.ReferralDashboard>>('/referrals/me'),
    track: (body: Sent<typeof growth.TrackBody>) => call<void>('POST', '/users/track', body),
    payoutDetails: () => get<Answer<typeof growth.MaybePayoutDetails>>('/referrals/payout-details'),
    savePayoutDetails: (body: Unchecked<typeof growth.PayoutDetailsBody>) =>
      call<Answer<typeof growth.MaybePayoutDetails>>('PUT', '/referrals/payout-details', body),
    payableRewards: () => get<Answer<typeof growth.PayableRewardList>>('/admin/growth/referral-rewards'),
    markRewardPaid: (referralId: number) => call<void>('POST', `/admin/growth/referral-rewards/${referralId}/paid`),
    rewardBankDetails: (referralId: number) =>
      call<Answer<typeof growth.RewardBankDetails>>('POST', `/admin/growth/referral-rewards/${referralId}/bank-details`),

    // Growth: feedback, testimonials and the newsletter
    sendFeedback: (feedback: Unchecked<typeof growth.FeedbackBody>) =>
      call<Answer<typeof growth.FeedbackCreated>>('POST', '/users/feedbacks', feedback),
    testimonials: (query: Unchecked<typeof growth.PublicFeedbackQuery> = {}) =>
      get<Answer<typeof growth.TestimonialList>>(`/users/feedbacks/public${toQuery(query)}`),
    feedbackQueue: () => get<Answer<typeof growth.FeedbackQueue>>('/admin/growth/feedbacks'),
    decideFeedback: (id: number, decision: 'approve' | 'reject') => call<void>('POST', `/admin/growth/feedbacks/${id}/${decision}`),
    subscribe: (email: string) =>
      call<Answer<typeof growth.EmailCollectionAccepted>>('POST', '/email-collection', { email } satisfies Sent<typeof growth.EmailCollectionBody>),
    confirmSubscription: (token: string) =>
      call<Answer<typeof growth.EmailSubscriptionState>>('POST', '/email-collection/confirm', { token } satisfies Sent<typeof growth.EmailTokenBody>),
    unsubscribe: (token: string) =>
      call<Answer<typeof growth.EmailSubscriptionState>>('POST', '/email-collection/unsubscribe', { token } satisfies Sent<
        typeof growth.EmailTokenBody
      >),
    // Reports any user files, and the back office (/admin): every call is role-checked by the server.
    reportListing: (id: number, body: Sent<typeof admin.ReportListingBody>) =>
      call<Answer<typeof admin.ReportFiled>>('POST', `/properties/${id}/reports`, body),
    myReports: () => get<Answer<typeof admin.MyReports>>('/reports/mine'),
    staffMe: () => get<Answer<typeof admin.StaffMe>>('/admin/me'),
    staffSendPin: () => call<Answer<typeof admin.StaffPinSent>>('POST', '/admin/confirm/pin'),
    staffConfirm: (pin: string) => call<Answer<typeof admin.StaffConfirmed>>('POST', '/admin/confirm', { pin }),
    adminDashboard: () => get<Answer<typeof admin.AdminDashboard>>('/admin/dashboard'),
    adminReports: (query: Unchecked<typeof admin.ReportsQuery>) => get<Answer<typeof admin.ReportsPage>>(`/admin/reports${toQuery(query)}`),
    adminReport: (kind: admin.ReportKind, id: number) => get<Answer<typeof admin.ReportDetail>>(`/admin/reports/${kind}/${id}`),
    decideReport: (kind: admin.ReportKind, id: number, body: Sent<typeof admin.DecideReportBody>) =>
      call<Answer<typeof admin.ReportDetail>>('POST', `/admin/reports/${kind}/${id}/decision`, body),
    adminUsers: (query: Unchecked<typeof admin.UsersQuery>) => get<Answer<typeof admin.UsersPage>>(`/admin/users${toQuery(query)}`),
    adminUser: (id: string) => get<Answer<typeof admin.AdminUserDetail>>(`/admin/users/${id}`),
    setUserStatus: (id: string, body: Sent<typeof admin.UserStatusBody>) =>
      call<Answer<typeof admin.AdminUserDetail>>('POST', `/admin/users/${id}/status`, body),
    setUserRole: (id: string, body: Sent<typeof admin.UserRoleBody>) =>
      call<Answer<typeof admin.AdminUserDetail>>('POST', `/admin/users/${id}/role`, body),
    adminListings: (query: Unchecked<typeof admin.ListingsQuery>) => get<Answer<typeof admin.ListingsPage>>(`/admin/listings${toQuery(query)}`),
    listingHistory: (id: number) => get<Answer<typeof admin.AuditPage>>(`/admin/listings/${id}/history`),
    auditLog: (query: Unchecked<typeof admin.AuditQuery>) => get<Answer<typeof admin.AuditPage>>(`/admin/audit${toQuery(query)}`),
    adminBuildings: (query: Unchecked<typeof admin.BuildingsQuery>) => get<Answer<typeof admin.BuildingsPage>>(`/admin/buildings${toQuery(query)}`),
    saveBuilding: (id: number | undefined, body: Sent<typeof admin.BuildingBody>) =>
      call<Answer<typeof admin.AdminBuilding>>(id ? 'PUT' : 'POST', id ? `/admin/buildings/${id}` : '/admin/buildings', body),
    mergeBuilding: (id: number, body: Sent<typeof admin.MergeBuildingBody>) =>
      call<Answer<typeof admin.AdminBuilding>>('POST', `/admin/buildings/${id}/merge`, body),
    adminDeals: (query: Unchecked<typeof adminDeals.AdminDealsQuery>) =>
      get<Answer<typeof adminDeals.AdminDealsPage>>(`/admin/deals${toQuery(query)}`),
    adminDeal: (id: string) => get<Answer<typeof adminDeals.AdminDealDetail>>(`/admin/deals/${encodeURIComponent(id)}`),
    viewDealDocument: (id: string, documentId: string) =>
      call<Answer<typeof adminDeals.AdminDocumentView>>(
        'POST',
        `/admin/deals/${encodeURIComponent(id)}/documents/${encodeURIComponent(documentId)}/view`,
      ),
    verifyDeal: (id: string, body: Sent<typeof adminDeals.AdminVerifyBody>) =>
      call<Answer<typeof adminDeals.AdminDealDetail>>('POST', `/admin/deals/${encodeURIComponent(id)}/verify`, body),
    refundDeal: (id: string, body: Sent<typeof adminDeals.AdminRefundBody>) =>
      call<Answer<typeof adminDeals.AdminRefund>>('POST', `/admin/deals/${encodeURIComponent(id)}/refund`, body),
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

/** Clients made for a request's in-process fetch, by language: a client is some 200 functions, and loaders share them. */
const serverApis = new WeakMap<Fetcher, Map<Language | undefined, Api>>();

/** The API as loaders and actions see it: in-process on the server, answering in the page's language. */
export function serverApi(context: Readonly<RouterContextProvider>, lang?: Language): Api {
  const { fetchApi } = getServerContext(context);
  let byLanguage = serverApis.get(fetchApi);
  if (!byLanguage) serverApis.set(fetchApi, (byLanguage = new Map()));
  let api = byLanguage.get(lang);
  if (!api) {
    api = createApi(fetchApi, lang, {
      onBanned: (refusal) => {
        throw data<BannedPage>({ banned: true, message: refusal.message }, { status: 403 });
      },
    });
    byLanguage.set(lang, api);
  }
  return api;
}

/** The API from the browser: same-origin /api with the visitor's cookie, answering in `lang`. */
export function browserApi(lang?: Language): Api {
  return createApi((path, init) => fetch(`/api${path}`, { credentials: 'same-origin', ...init }), lang, {
    onBanned: (refusal) => window.dispatchEvent(new CustomEvent(BANNED_EVENT, { detail: refusal.message })),
  });
}

/** The browser's API client in the page's language, one per language. */
export function useApi(): Api {
  const { lang } = useI18n();
  return useMemo(() => browserApi(lang), [lang]);
}
