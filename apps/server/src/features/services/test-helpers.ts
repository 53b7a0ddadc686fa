import { asc, eq } from 'drizzle-orm';
import { collectionInvoices, collectionTenancies, deals, properties, users } from '@kunci/db/schema';
import { malaysiaDay } from '@kunci/i18n/format';
import { takeLiveListing } from '../../../test/deal-fixtures.ts';
import { freshPhone, type TestApp } from '../../../test/support.ts';
import { signedInPerson, type PersonOptions } from '../../../test/people.ts';
import { outbox as outboxOf } from '../../../test/outbox.ts';

/** Services tests' fixtures: people, a live listing of a landlord, an ACTIVE deal written directly, the outbox. */
export function servicesFixtures(t: () => TestApp) {
  const used: number[] = [0];

  const person = (name: string, options?: PersonOptions) => signedInPerson(t(), name, options);

  /** A live Petaling Jaya-or-wherever condo at `price` owned by `landlordId` (a listing no other test here used). */
  const listing = (landlordId: string, price = 1800) => takeLiveListing(t(), used, landlordId, price);

  /**
   * An ACTIVE tenancy of ours: the tenant moved in on `moveInDate` (written directly, as the agreements area brings
   * deals there).
   */
  async function activeDeal(
    landlordId: string,
    tenantId: string,
    moveInDate: string,
    options: { monthlyRent?: number; tenancyMonths?: number } = {},
  ) {
    const propertyId = await listing(landlordId, options.monthlyRent ?? 1800);
    const [deal] = await t()
      .database.db.insert(deals)
      .values({
        propertyId,
        tenantId,
        landlordId,
        state: 'ACTIVE',
        moveInDate,
        tenancyMonths: options.tenancyMonths ?? 12,
        monthlyRent: options.monthlyRent ?? 1800,
        occupants: 2,
        bookingFeeSen: 50_000,
        paidAt: new Date(),
      })
      .returning();
    return { dealId: deal!.id, propertyId };
  }

  /** Runs due jobs (webhook deliveries, settlements, notices) until none is left. */
  async function drain() {
    for (let n = await t().app.jobs.runOnce(); n > 0; n = await t().app.jobs.runOnce());
  }

  /** What the development outbox sent to a number, newest first. */
  const outbox = (phone: string) => outboxOf(t().app, phone);

  const today = () => malaysiaDay(new Date().toISOString());

  return { person, listing, activeDeal, drain, outbox, today };
}

let matrixListings = 0;

/** For the authorization matrix: an ACTIVE deal on a fresh listing whose landlord is `landlordId`. */
export async function matrixActiveDeal(t: TestApp, landlordId: string): Promise<{ dealId: string }> {
  const db = t.database.db;
  const [tenant] = await db.insert(users).values({ phoneNumber: freshPhone(), name: 'Matrix Tenant' }).returning();
  const [row] = await db
    .select({ id: properties.id })
    .from(properties)
    .where(eq(properties.reviewStatus, 'APPROVED'))
    // From the oldest listing up: the deals matrix takes them from the newest down, and a listing holds one deal.
    .orderBy(asc(properties.id))
    .offset(matrixListings++)
    .limit(1);
  const [deal] = await db
    .insert(deals)
    .values({
      propertyId: row!.id,
      tenantId: tenant!.id,
      landlordId,
      state: 'ACTIVE',
      moveInDate: malaysiaDay(new Date(Date.now() - 20 * 86_400_000).toISOString()),
      tenancyMonths: 12,
      monthlyRent: 1500,
      occupants: 1,
      bookingFeeSen: 50_000,
      paidAt: new Date(),
    })
    .returning();
  return { dealId: deal!.id };
}

/** For the authorization matrix: a collection tenancy whose tenant is `tenantId`, with one unpaid invoice. */
export async function matrixInvoice(t: TestApp, tenantId: string): Promise<{ invoiceId: string }> {
  const db = t.database.db;
  const [landlord] = await db.insert(users).values({ phoneNumber: freshPhone(), name: 'Matrix Landlord' }).returning();
  const day = malaysiaDay(new Date().toISOString());
  const [tenancy] = await db
    .insert(collectionTenancies)
    .values({
      landlordId: landlord!.id,
      tenantId,
      propertyName: 'Matrix Residence',
      monthlyRentSen: 150_000,
      dueDay: 28,
      startDate: day,
      termMonths: 12,
      firstDueDate: day,
      endDate: day,
      nextIssueDate: null,
    })
    .returning();
  const [invoice] = await db
    .insert(collectionInvoices)
    .values({ tenancyId: tenancy!.id, number: 1, dueDate: day, issueDate: day, amountSen: 150_000, emailedAt: new Date() })
    .returning();
  return { invoiceId: invoice!.id };
}
