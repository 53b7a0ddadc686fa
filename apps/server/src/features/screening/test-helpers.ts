import { eq } from 'drizzle-orm';
import { SIMULATOR_CARDS } from '@kunci/contracts/payments';
import { deals, ledgerEntries } from '@kunci/db/schema';
import { takeLiveListing } from '../../../test/deal-fixtures.ts';
import type { TestApp } from '../../../test/support.ts';
import { signedInPerson, type PersonOptions } from '../../../test/people.ts';

/** Screening tests' fixtures: people, a live Bangsar condo, a deal booked through the API (paid on the simulator). */
export function screeningFixtures(t: () => TestApp) {
  const used: number[] = [0];

  const person = (name: string, options?: PersonOptions) => signedInPerson(t(), name, options);
  type Person = Awaited<ReturnType<typeof person>>;

  /** A live Bangsar condo at `price` a month, owned by `landlordId` (a listing no other test here used). */
  const condo = (landlordId: string, price = 1800) => takeLiveListing(t(), used, landlordId, price);

  const command = (who: Person, dealId: string, body: Record<string, unknown>) =>
    t().app.inject({ method: 'PUT', url: `/api/deals/${dealId}`, payload: body, headers: who.headers });

  /** Runs due jobs (webhook deliveries, settlements, refunds, notices) until none is left. */
  async function drain() {
    for (let n = await t().app.jobs.runOnce(); n > 0; n = await t().app.jobs.runOnce());
  }

  /** A tenant applies for a listing: two people for 12 months from a month ahead. The new deal's id. */
  async function apply(tenant: Person, propertyId: number): Promise<string> {
    const moveInDate = new Date(Date.now() + 30 * 86_400_000).toISOString().slice(0, 10);
    const applied = await t().app.inject({
      method: 'POST',
      url: '/api/deals',
      payload: { propertyId, moveInDate, tenancyMonths: 12, occupants: 2 },
      headers: tenant.headers,
    });
    return (applied.json() as { id: string }).id;
  }

  /** A tenant applies for a landlord's condo for 12 months, the landlord accepts, the tenant pays RM500 by card: BOOKED. */
  async function booked() {
    const landlord = await person('Landlord Wong');
    const tenant = await person('Tenant Aisyah');
    const propertyId = await condo(landlord.id);
    const dealId = await apply(tenant, propertyId);
    await command(landlord, dealId, { command: 'ACCEPT' });
    const link = await t().app.inject({ method: 'POST', url: `/api/deals/${dealId}/booking`, headers: tenant.headers });
    const token = new URL((link.json() as { paymentUrl: string }).paymentUrl).pathname.split('/').pop()!;
    await t().app.inject({
      method: 'POST',
      url: `/pay/sim/${token}`,
      payload: new URLSearchParams({ outcome: 'pay', method: 'card', cardNumber: SIMULATOR_CARDS.succeeds }).toString(),
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    });
    await drain();
    return { landlord, tenant, dealId, propertyId };
  }

  const dealRow = async (dealId: string) => (await t().database.db.select().from(deals).where(eq(deals.id, dealId)))[0]!;
  const ledger = async (dealId: string) =>
    (await t().database.db.select().from(ledgerEntries).where(eq(ledgerEntries.dealId, dealId))).map((row) => ({
      kind: row.kind,
      amountSen: row.amountSen,
    }));

  return { person, condo, command, drain, apply, booked, dealRow, ledger };
}
