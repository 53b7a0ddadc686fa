import type { ListingType } from './reference.ts';

/**
 * The market's settings (../shared/docs/business-rules.md). Amounts are ringgit; every rule reads its
 * number from here, never from a literal of its own.
 */
export const BUSINESS = {
  zeroDeposit: {
    homeRent: { min: 500, max: 5000 },
    roomRent: { min: 300, max: 1500 },
    signingFee: 399,
    sstRate: 0.06,
    tenancyMonths: { min: 3, max: 12 },
    shortTenancySurcharge: { fromMonths: 9, toMonths: 11, rateOfMonthlyRent: 0.25 },
    renewalFee: 199,
  },
  listing: {
    lifetimeDays: 90,
    extensionDays: 30,
    minPhotos: 4,
    sqft: { min: 99, max: 99_999 },
    name: { min: 4, max: 100 },
    minRent: 1,
  },
  bookingFee: 500,
  /** Screening (business rules, "Booking fee and deal": documents by profile, credit report with consent). */
  screening: {
    /** Months of bank statements a working adult, business owner or foreigner hands in. */
    bankStatementMonths: 3,
    /** Largest screening file (PDF, JPEG or PNG). */
    documentMaxBytes: 10 * 1024 * 1024,
    /** Files a zero-deposit justification may carry. */
    justificationFiles: 5,
    /** How long a staff member's signed read of a private file stays valid. */
    signedReadSeconds: 300,
  },
  /** The rental deal's clock (business rules, "Booking fee and deal"). */
  deal: {
    /** Either side may cancel within this many hours of the booking fee being paid and get it back. */
    cancelWindowHours: 24,
    /** The tenant submits screening documents within this many days of paying, or forfeits the fee. */
    documentsDays: 5,
    /** After screening passes the landlord holds the unit this many days for the agreement. */
    holdDays: 7,
    /** The tenant signs within this many days of receiving the agreement (and by the start date). */
    signingDays: 3,
    /** The tenant pays the move-in amount in full within this many days of the start. */
    moveInPaymentDays: 7,
    /** Refunds reach the tenant within this many business days. */
    refundBusinessDays: 3,
    /** An application the landlord has not answered lapses after this many days (the rules are silent: decision 0011). */
    responseDays: 3,
    /** An accepted application whose booking fee is not paid lapses after this many days (the rules are silent: decision 0011). */
    paymentDays: 3,
    /**
     * The stamping cost taken off a refund once the agreement is stamped: stamp duty on a tenancy of up to a year,
     * `dutyPerUnit` ringgit for each `perAnnualRent` ringgit (or part) of the annual rent above `exemptAnnualRent`.
     */
    stamping: { exemptAnnualRent: 2400, perAnnualRent: 250, dutyPerUnit: 1 },
    occupants: { min: 1, max: 10 },
  },
  /** The tenancy agreement's signing (issue 17): a one-time code sent by SMS to each party. */
  agreement: {
    /** A signing code works this many minutes... */
    codeMinutes: 10,
    /** ...and for this many tries. */
    codeAttempts: 5,
    /** An invitation to agree a tenancy found elsewhere (or to rental collection) waits this many days for its answer. */
    invitationDays: 7,
  },
  /** Rental collection (business rules, "Rental collection"): invoices, reminders, card retries, payouts. */
  rentalCollection: {
    /** The invoice is emailed this many days before its due date. */
    invoiceDaysBefore: 7,
    /** A reminder this many days before the due date, when still unpaid. */
    reminderDaysBefore: 2,
    /** The tenant and the landlord are told the rent is late this many days after the due date. */
    lateDaysAfter: 1,
    /** The landlord is told the rent is missed this many days after the due date. */
    missedDaysAfter: 7,
    /** A failed card payment is told to the tenant within this many hours (the notice job runs at once)... */
    failedCardNoticeHours: 24,
    /** ...and tried again (a fresh payment and pay link) this many hours later: within `cardRetryWithinDays`. */
    cardRetryHours: 48,
    cardRetryWithinDays: 3,
    /** The landlord is paid out this many working days after the tenant pays (no weekends, no Selangor holidays). */
    payoutWorkingDays: 3,
    /** Taken from each rent paid, on the ledger as platform revenue. */
    processingFeeRate: 0.0188,
    /** Whose public holidays are not working days for payouts. */
    holidayRegion: 'Selangor',
    dueDay: { min: 1, max: 31 },
    termMonths: { min: 1, max: 36 },
    /** Ringgit a month a landlord may collect through the service. */
    rent: { min: 100, max: 50_000 },
  },
  /** Landlord protection (business rules, "Landlord protection"): three plans priced in months of rent. */
  protection: {
    /**
     * Months of rent each plan costs (Protect was "Extended", Protect Plus "Extended+"). The rules give no price for
     * Standard ("Basic"): one month is our setting until the insurer's table says otherwise.
     */
    plans: { STANDARD: { months: 1 }, PROTECT: { months: 1.25 }, PROTECT_PLUS: { months: 1.5 } },
    /** The most a policy covers in all (ringgit), and the months of lost rent it pays at most. */
    maxCover: 42_000,
    lossOfRentMonths: 2,
    sstRate: 0.06,
    stampDuty: 10,
    /** The premium is paid over the first this many months' invoices. */
    instalments: 2,
    /** Eligible monthly rent; a room below the floor is insured as if let at it. */
    rent: { min: 500, max: 5000 },
    roomFloor: 500,
    /** Bought at the tenancy's start or within this many days of it, with nothing overdue. */
    buyWithinDays: 60,
    coverMonths: 12,
    maxTenancyMonths: 12,
    /**
     * A policy moves to a replacement tenant who passed screening; counted from its first day, it covers at most this
     * many months in all ("up to 23 months in all").
     */
    transferMaxMonths: 23,
    /** On-time rental (Protect Plus): paid on the due date when the tenant is late, this many times in a row at most... */
    otrMaxInARow: 2,
    /** ...and never while the tenant has more than this many overdue invoices. */
    otrMaxOverdue: 2,
    /** Overstay Cash Defender (Protect Plus): rent paid while a non-paying tenant overstays, this many months at most. */
    ocdMonths: 9,
    /**
     * ...and on-time rental counts for at most this many months beside it: in all a policy pays at most this many
     * months by OTR plus `ocdMonths` by OCD ("2 months via OTR plus 9 via OCD").
     */
    ocdOtrMonths: 2,
    /** Eviction starts when the tenant has not paid for more than this many days. */
    evictionAfterDays: 21,
    /** Claims: filed within this many days of the incident, with at least this many photos for damage or theft... */
    claimWithinDays: 5,
    claimMinPhotos: 3,
    /**
     * A police report comes with every theft claim and with damage found after the tenant moved out; with a move-out
     * date, the claim and its report come within this many days of it.
     */
    policeReportDays: 3,
    /** Damage or theft claimed without a receipt is settled less a deduction staff choose within this band (percent). */
    noReceiptDeduction: { min: 10, max: 50 },
    /** An electrical item claimed above this many ringgit needs a technician's report. */
    technicianReportOver: 200,
    /** A claim carries at most this many files (photos, receipts, reports), each at most this size. */
    claimMaxFiles: 8,
    claimFileMaxBytes: 4 * 1024 * 1024,
  },
  /** Key collection by a home runner (business rules, "Key collection"). */
  homerunner: {
    /** Collections a listing may have in all. */
    maxCollectionsPerListing: 2,
    /** The keys come back no sooner than this many hours after the landlord asks. */
    returnNoticeHours: 24,
    /** Pickups (like viewings) start on the hour from `firstHour` to `lastHour`, Malaysia time. */
    firstHour: 9,
    lastHour: 20,
    /** How far ahead a pickup may be booked. */
    bookAheadDays: 30,
    /** The Klang Valley by the postcode directory: the federal territories named, and these Selangor towns. */
    klangValley: {
      states: ['Wilayah Persekutuan Kuala Lumpur', 'Wilayah Persekutuan Putrajaya'],
      selangorCities: [
        'Ampang',
        'Bandar Baru Bangi',
        'Bandar Puncak Alam',
        'Bangi',
        'Batu Caves',
        'Cheras',
        'Cyberjaya',
        'Dengkil',
        'Hulu Langat',
        'Kajang',
        'Kapar',
        'Klang',
        'Pelabuhan Klang',
        'Petaling Jaya',
        'Puchong',
        'Rawang',
        'Semenyih',
        'Sepang',
        'Serdang',
        'Seri Kembangan',
        'Shah Alam',
        'Subang Airport',
        'Subang Jaya',
        'Sungai Buloh',
      ],
    },
  },
  /** Growth: price checker, referral programme (business rules, "Referral programme"), reach. */
  growth: {
    priceChecker: {
      /** Past listings count when they were posted within this many months. */
      lookbackMonths: 24,
      /** Fewer comparables than this and the checker widens (any furnishing, then the whole area). */
      fewestComparables: 3,
    },
    /** The usual Malaysian deposits a tenant pays without zero deposit (months of rent), to compare with. */
    conventionalDeposit: { securityMonths: 2, utilityMonths: 0.5 },
    referral: {
      /** Paid to the referrer per successful referral (no limit). */
      referrerReward: 200,
      /** Off the referee's signing fee or insurance. */
      refereeDiscount: 100,
      /** The referee must chat or post within this many months of signing up through the link. */
      activityMonths: 6,
      /** The referred deal's monthly rent must be above this. */
      minRent: 500,
      /** An unpaid reward expires this many months after the deal. */
      expiryMonths: 6,
      /** Paid within this many working days after the bank details are received. */
      paymentWorkingDays: 14,
      /** Only a new user can be referred: one who signed up at most this many hours before saying whose link it was. */
      signUpWindowHours: 24,
    },
    /** Where visitors came from (spec sections 3 and 9): landing-URL parameters kept in cookies, stored at sign-up. */
    attribution: {
      /** Click ids (gclid, subid, rid) are kept this many days (spec section 9: "click id 30 days"). */
      clickIdDays: 30,
      /** Campaign parameters (utm_source, utm_medium, utm_campaign) are kept this many days (not in the spec). */
      campaignDays: 30,
      /** A sign-up is attributed when the account is at most this many hours old at its first tracking call. */
      signUpWindowHours: 24,
      /** Tracking calls a user may make per hour (POST /api/users/track). */
      trackPerHour: 30,
    },
    /** The Android app and the install popup shown to phone visitors (spec sections 4 and 9). */
    appInstall: {
      /** The app's id on Google Play. */
      playStoreId: 'my.kunci.app',
      /** A dismissed popup stays away this many days. */
      dismissDays: 30,
    },
  },
  /** The back office (issue 18). */
  staff: {
    /** A sensitive staff action needs a PIN confirmation no older than this. */
    reconfirmMinutes: 15,
    /** A confirmation PIN sent by SMS lasts this long and allows this many tries. */
    pinTtlMinutes: 5,
    pinAttempts: 5,
  },
  /** Saved-search alerts and landlords who answer (issue 22). */
  alerts: {
    /** Hours between digests of a saved search, by frequency. */
    digestHours: { DAILY: 24, WEEKLY: 168 },
    /** Most listing cards in one digest (the rest are counted, behind the link to the results). */
    digestCards: 10,
    /** Most saved searches per person. */
    maxSavedSearches: 20,
    /** A landlord's response rate and typical response time look back this many days. */
    responseWindowDays: 30,
    /** A chat request unanswered this long gets the landlord a reminder (push or SMS). */
    unansweredReminderHours: 12,
    /**
     * Landlords with at least this many chat requests in the window and none answered rank below the others in
     * relevance (features/listings/listings.repository.ts).
     */
    neverAnswersMinRequests: 3,
  },
} as const;

const RENTAL_TYPES: readonly ListingType[] = ['HIGHRISE', 'LANDED', 'ROOM'];

/** Whether a rental qualifies for the zero-deposit service at this monthly rent. */
export function isZeroDepositEligible(type: ListingType, price: number): boolean {
  if (!RENTAL_TYPES.includes(type)) return false;
  const band = type === 'ROOM' ? BUSINESS.zeroDeposit.roomRent : BUSINESS.zeroDeposit.homeRent;
  return price >= band.min && price <= band.max;
}

/** The tenant's "to move in" cost of a zero-deposit rental: first month, signing fee, SST on the fee. */
export function moveInCost(rent: number): { rent: number; signingFee: number; sst: number; total: number } {
  const signingFee = BUSINESS.zeroDeposit.signingFee;
  const sst = Math.round(signingFee * BUSINESS.zeroDeposit.sstRate * 100) / 100;
  return { rent, signingFee, sst, total: Math.round((rent + signingFee + sst) * 100) / 100 };
}
