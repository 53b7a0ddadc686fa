import { z } from 'zod';
import { BUSINESS } from './business.ts';
import { PhoneInput } from './auth.ts';
import { PaymentMethod } from './payments.ts';

/**
 * Rental collection (issue 19): a landlord enrols a tenancy, the tenant is invoiced each month and pays by card or
 * FPX through the gateway, the landlord is paid out after the processing fee. Money in sen, days as YYYY-MM-DD.
 */

const rules = BUSINESS.rentalCollection;
const day = z.iso.date({ message: 'field.date' });

/** Enrol an ACTIVE deal of ours (`dealId`), or a tenancy signed elsewhere (the tenant's phone and its terms). */
export const EnrolTenancyBody = z.union([
  z.object({ dealId: z.uuid() }).strict(),
  z
    .object({
      tenantPhone: PhoneInput,
      propertyName: z.string().trim().min(BUSINESS.listing.name.min).max(BUSINESS.listing.name.max),
      propertyId: z.number().int().positive().optional(),
      monthlyRent: z.number().int().min(rules.rent.min).max(rules.rent.max),
      dueDay: z.number().int().min(rules.dueDay.min).max(rules.dueDay.max),
      startDate: day,
      termMonths: z.number().int().min(rules.termMonths.min).max(rules.termMonths.max),
    })
    .strict(),
]);
export type EnrolTenancyBody = z.infer<typeof EnrolTenancyBody>;

export const InvoiceStatus = z.enum(['ISSUED', 'PAID', 'VOID']);
export type InvoiceStatus = z.infer<typeof InvoiceStatus>;

/** What the people of a tenancy see of an invoice; `overdue` is unpaid past its due date (Malaysia's today). */
export const CollectionInvoice = z.object({
  id: z.uuid(),
  tenancyId: z.uuid(),
  propertyName: z.string(),
  number: z.number().int(),
  dueDate: z.string(),
  issueDate: z.string(),
  amountSen: z.number().int(),
  status: InvoiceStatus,
  overdue: z.boolean(),
  paidAt: z.string().nullable(),
  method: PaymentMethod.nullable(),
  /** The tenant's pay link while unpaid (null for the landlord). */
  payUrl: z.string().nullable(),
});
export type CollectionInvoice = z.infer<typeof CollectionInvoice>;

export const CollectionPayout = z.object({
  id: z.uuid(),
  invoiceId: z.uuid(),
  propertyName: z.string(),
  grossSen: z.number().int(),
  feeSen: z.number().int(),
  netSen: z.number().int(),
  payoutDate: z.string(),
  status: z.enum(['SCHEDULED', 'PAID']),
  paidAt: z.string().nullable(),
});
export type CollectionPayout = z.infer<typeof CollectionPayout>;

export const CollectionTenancy = z.object({
  id: z.uuid(),
  side: z.enum(['LANDLORD', 'TENANT']),
  propertyName: z.string(),
  propertyId: z.number().int().nullable(),
  dealId: z.uuid().nullable(),
  /** The other party's name. */
  counterpart: z.string(),
  monthlyRentSen: z.number().int(),
  dueDay: z.number().int(),
  startDate: z.string(),
  endDate: z.string(),
  termMonths: z.number().int(),
  firstDueDate: z.string(),
  /** INVITED: signed elsewhere, waiting for the tenant to accept (no invoice before that). */
  status: z.enum(['INVITED', 'ACTIVE', 'ENDED', 'CANCELLED']),
  /** Until when an INVITED tenancy may be accepted (null otherwise). */
  invitedUntil: z.string().nullable(),
  overdueCount: z.number().int(),
});
export type CollectionTenancy = z.infer<typeof CollectionTenancy>;

/** One month of the year's chart: rent invoiced (due that month), paid, and paid out to the landlord. */
export const CollectionMonth = z.object({
  month: z.string(),
  invoicedSen: z.number().int(),
  paidSen: z.number().int(),
  paidOutSen: z.number().int(),
});
export type CollectionMonth = z.infer<typeof CollectionMonth>;

/** The dashboard's whole picture for the signed-in user (a landlord's tenancies and a tenant's rent). */
export const CollectionOverview = z.object({
  today: z.string(),
  year: z.number().int(),
  tenancies: z.array(CollectionTenancy),
  invoices: z.array(CollectionInvoice),
  payouts: z.array(CollectionPayout),
  months: z.array(CollectionMonth),
  totals: z.object({ overdueSen: z.number().int(), overdueCount: z.number().int(), paidOutSen: z.number().int(), scheduledSen: z.number().int() }),
});
export type CollectionOverview = z.infer<typeof CollectionOverview>;

export const OverviewQuery = z.object({ year: z.coerce.number().int().min(2000).max(2100).optional() });

export const EnrolTenancyResult = z.object({ tenancy: CollectionTenancy, invited: z.boolean() });

export const TenancyParams = z.object({ id: z.uuid() });

/** `POST /api/report/rental/new`: the search request of the spec (all optional) and its rows. */
export const RentalReportRequest = z
  .object({
    from: day.optional(),
    to: day.optional(),
    tenancyId: z.uuid().optional(),
    status: z.enum(['PAID', 'UNPAID', 'OVERDUE']).optional(),
  })
  .strict();
export type RentalReportRequest = z.infer<typeof RentalReportRequest>;

export const RentalReportRow = z.object({
  invoiceId: z.uuid(),
  tenancyId: z.uuid(),
  propertyName: z.string(),
  tenantName: z.string(),
  number: z.number().int(),
  dueDate: z.string(),
  amountSen: z.number().int(),
  status: z.enum(['PAID', 'UNPAID', 'OVERDUE']),
  paidAt: z.string().nullable(),
  method: PaymentMethod.nullable(),
  feeSen: z.number().int().nullable(),
  netSen: z.number().int().nullable(),
  payoutDate: z.string().nullable(),
  payoutStatus: z.enum(['SCHEDULED', 'PAID']).nullable(),
});
export type RentalReportRow = z.infer<typeof RentalReportRow>;
export const RentalReport = z.object({ data: z.array(RentalReportRow) });

export const InvoiceParams = z.object({ id: z.uuid() });
export const PayLinkQuery = z.object({ token: z.string().min(10).max(200) });
export const PayLink = z.object({ paymentUrl: z.string() });

/** Staff: a region's public holidays (payouts skip them). */
export const Holiday = z.object({ day, name: z.string().trim().min(2).max(100) });
export type Holiday = z.infer<typeof Holiday>;
export const HolidayList = z.object({ region: z.string(), holidays: z.array(Holiday.extend({ updatedBy: z.string() })) });
export const HolidayParams = z.object({ day });
export const HolidayBody = z.object({ name: z.string().trim().min(2).max(100) }).strict();
