import { eq } from 'drizzle-orm';
import { collectionInvoices, collectionTenancies, deals, protectionOtrDecisions, protectionPolicies } from '@kunci/db/schema';
import { malaysiaDay } from '@kunci/i18n/format';
import type { TestApp } from '../../../../test/support.ts';

/**
 * Makes the deal's tenant an overstayer OCD covers: the tenancy's term ended (`termMonths` from its move-in) and its
 * rent is collected through us with an invoice unpaid for `daysUnpaid` days. The invoice carries an on-time rental
 * decision already, so an OTR run leaves it alone.
 */
export async function overstayingTenancy(
  t: TestApp,
  deal: { dealId: string; landlordId: string; tenantId: string; policyId: string },
  options: { daysUnpaid: number; termMonths?: number; status?: 'ISSUED' | 'PAID' },
) {
  const db = t.database.db;
  const day = malaysiaDay(new Date().toISOString());
  if (options.termMonths !== undefined) await db.update(deals).set({ tenancyMonths: options.termMonths }).where(eq(deals.id, deal.dealId));
  const [row] = await db.select({ moveInDate: deals.moveInDate }).from(deals).where(eq(deals.id, deal.dealId));
  const dueDate = new Date(Date.parse(`${day}T00:00:00Z`) - options.daysUnpaid * 86_400_000).toISOString().slice(0, 10);
  const [tenancy] = await db
    .insert(collectionTenancies)
    .values({
      landlordId: deal.landlordId,
      tenantId: deal.tenantId,
      dealId: deal.dealId,
      propertyName: 'Overstay Residence',
      monthlyRentSen: 180_000,
      dueDay: Number(dueDate.slice(8)),
      startDate: row!.moveInDate,
      termMonths: 12,
      firstDueDate: row!.moveInDate,
      endDate: day,
      nextIssueDate: null,
    })
    .returning();
  const [invoice] = await db
    .insert(collectionInvoices)
    .values({
      tenancyId: tenancy!.id,
      number: 9,
      dueDate,
      issueDate: dueDate,
      amountSen: 180_000,
      emailedAt: new Date(),
      status: options.status ?? 'ISSUED',
    })
    .returning();
  await db
    .insert(protectionOtrDecisions)
    .values({ invoiceId: invoice!.id, policyId: deal.policyId, paid: false, reason: 'TOO_MANY_OVERDUE', amountSen: 0 });
  return { tenancyId: tenancy!.id, invoiceId: invoice!.id, dueDate };
}

/**
 * A policy written directly (not bought through the gateway) at RM1,800 a month, priced as Protect Plus at that rent
 * is: for tests of what a policy in force does.
 */
export async function insertPolicy(
  t: TestApp,
  values: Pick<typeof protectionPolicies.$inferInsert, 'dealId' | 'landlordId' | 'tenantId' | 'propertyName' | 'plan' | 'startDate' | 'endDate'> & {
    status?: 'ACTIVE' | 'PENDING_PAYMENT';
  },
) {
  const [policy] = await t.database.db
    .insert(protectionPolicies)
    .values({
      status: 'ACTIVE',
      ...values,
      monthlyRentSen: 180_000,
      insuredRentSen: 180_000,
      premiumSen: 270_000,
      sstSen: 16_200,
      stampDutySen: 1000,
      totalSen: 287_200,
    })
    .returning();
  return policy!;
}
