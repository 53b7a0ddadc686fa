import { and, eq, notInArray, sql } from 'drizzle-orm';
import { SIMULATOR_CARDS } from '@kunci/contracts/payments';
import { areas, deals, jobs, ledgerEntries, properties, users } from '@kunci/db/schema';
import { freshPhone, type TestApp } from './support.ts';
import { sixDigitCode, textsTo } from './outbox.ts';
import { signedInPerson, type PersonOptions } from './people.ts';

/** Deal tests' fixtures: people, a live Bangsar condo of a landlord, paying on the simulator, the ledger. */
export function dealFixtures(t: () => TestApp) {
  const used: number[] = [0];

  type Person = Awaited<ReturnType<typeof person>>;

  const person = (name: string, options?: PersonOptions) => signedInPerson(t(), name, options);

  /** A live Bangsar condo at RM1,800 a month, owned by `landlordId` (a listing no other test used). */
  const condo = (landlordId: string, price = 1800) => takeLiveListing(t(), used, landlordId, price);

  const inAMonth = () => new Date(Date.now() + 30 * 86_400_000).toISOString().slice(0, 10);

  async function apply(tenant: { headers: Record<string, string> }, propertyId: number, extra: Record<string, unknown> = {}) {
    return t().app.inject({
      method: 'POST',
      url: '/api/deals',
      payload: { propertyId, moveInDate: inAMonth(), tenancyMonths: 12, occupants: 2, ...extra },
      headers: tenant.headers,
    });
  }

  const command = (who: { headers: Record<string, string> }, dealId: string, body: Record<string, unknown>) =>
    t().app.inject({ method: 'PUT', url: `/api/deals/${dealId}`, payload: body, headers: who.headers });

  /** Runs due jobs (webhook deliveries, settlements, refunds, notices) until none is left. */
  async function drain() {
    for (let n = await t().app.jobs.runOnce(); n > 0; n = await t().app.jobs.runOnce());
  }

  /**
   * The tenant pays on the simulator's page by card: the booking fee, or with `moveIn` the move-in amount
   * (`POST /api/rental/order/pay`); `declined` uses the card the simulator refuses. The pay link's answer.
   */
  async function pay(tenant: { headers: Record<string, string> }, dealId: string, options: { moveIn?: boolean; declined?: boolean } = {}) {
    const link = options.moveIn
      ? await t().app.inject({ method: 'POST', url: '/api/rental/order/pay', payload: { dealId }, headers: tenant.headers })
      : await t().app.inject({ method: 'POST', url: `/api/deals/${dealId}/booking`, headers: tenant.headers });
    if (link.statusCode !== 200) return link;
    const token = new URL((link.json() as { paymentUrl: string }).paymentUrl).pathname.split('/').pop()!;
    const cardNumber = options.declined ? SIMULATOR_CARDS.declines : SIMULATOR_CARDS.succeeds;
    await t().app.inject({
      method: 'POST',
      url: `/pay/sim/${token}`,
      payload: new URLSearchParams({ outcome: 'pay', method: 'card', cardNumber }).toString(),
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    });
    return link;
  }

  const ledger = async (dealId: string) =>
    (await t().database.db.select().from(ledgerEntries).where(eq(ledgerEntries.dealId, dealId))).map((row) => ({
      kind: row.kind,
      account: row.account,
      amountSen: row.amountSen,
    }));

  const dealRow = async (dealId: string) => (await t().database.db.select().from(deals).where(eq(deals.id, dealId)))[0]!;

  /** Moves the clock for a deal: its payment and pending deadline happened `hours` earlier. */
  async function age(dealId: string, hours: number) {
    const db = t().database.db;
    await db
      .update(deals)
      .set({ paidAt: sql`${deals.paidAt} - make_interval(hours => ${hours})` })
      .where(eq(deals.id, dealId));
  }

  /** Makes the deal's pending deadline due now and runs it. */
  async function deadlinePasses(dealId: string) {
    await t()
      .database.db.update(jobs)
      .set({ runAt: new Date(Date.now() - 1000) })
      .where(and(eq(jobs.name, 'deals.deadline'), eq(jobs.state, 'pending'), sql`${jobs.payload}->>'dealId' = ${dealId}`));
    await drain();
  }

  /** The latest 6-digit code texted to a user (the development outbox). */
  async function smsCode(userId: string): Promise<string> {
    return sixDigitCode((await textsTo(t(), userId))[0]) ?? '';
  }

  /**
   * The tenancy agreement of an approved deal through its API: the landlord starts it (or it is already started),
   * then the tenant and the landlord sign with the codes texted to them. The last answer's status: a deal in
   * another state is refused with a 4xx, never a 5xx.
   */
  async function signAgreement(dealId: string, landlord: Person, tenant: Person): Promise<number> {
    const created = await t().app.inject({
      method: 'POST',
      url: '/api/agreements',
      headers: landlord.headers,
      payload: {
        dealId,
        language: 'en',
        address: 'Unit 12-3, Bangsar Heights, Jalan Maarof, 59000 Kuala Lumpur',
        utilities: ['WATER'],
        houseRules: '',
        landlord: { name: 'Wong Kar Wai', idType: 'IC', idNumber: '780512145521' },
        tenant: { name: 'Nur Aisyah', idType: 'IC', idNumber: '950101101234' },
      },
    });
    let id = (created.json() as { id?: string }).id;
    if (created.statusCode !== 201) {
      const existing = await t().app.inject({ url: `/api/agreements?dealId=${dealId}`, headers: landlord.headers });
      if (existing.statusCode !== 200) return created.statusCode;
      id = (existing.json() as { id: string }).id;
    }
    for (const who of [tenant, landlord]) {
      const sent = await t().app.inject({ method: 'POST', url: `/api/agreements/${id}/code`, headers: who.headers });
      if (sent.statusCode !== 200) return sent.statusCode;
      const signed = await t().app.inject({
        method: 'POST',
        url: `/api/agreements/${id}/sign`,
        payload: { code: await smsCode(who.id) },
        headers: who.headers,
      });
      if (signed.statusCode !== 200) return signed.statusCode;
    }
    return 200;
  }

  /**
   * A deal taken through the API to `until`: BOOKED (the fee paid on the simulator), APPROVED (a document uploaded,
   * sent and approved by staff) or SIGNED (the landlord starts the agreement, the tenant signs through the deal).
   */
  async function dealAt(until: 'BOOKED' | 'APPROVED' | 'SIGNED', options: { language?: 'EN' | 'MY' | 'ZH'; months?: number } = {}) {
    const landlord = await person('Landlord Wong');
    const tenant = await person('Tenant Aisyah', options.language ? { language: options.language } : {});
    const staff = await person('Staff', { role: 'operations' });
    const propertyId = await condo(landlord.id);
    const dealId = ((await apply(tenant, propertyId, { tenancyMonths: options.months ?? 12 })).json() as { id: string }).id;
    await command(landlord, dealId, { command: 'ACCEPT' });
    await pay(tenant, dealId);
    await drain();
    const reached = async (state: string) => {
      const row = await dealRow(dealId);
      if (row.state !== state) throw new Error(`the deal is ${row.state}, not ${state}`);
    };
    await reached('BOOKED');
    if (until !== 'BOOKED') {
      const added = await t().app.inject({
        method: 'POST',
        url: `/api/deals/${dealId}/documents`,
        payload: { kind: 'PAYSLIP' },
        headers: tenant.headers,
      });
      await t().app.inject({
        method: 'POST',
        url: `/api/documents/${(added.json() as { id: string }).id}/upload`,
        payload: Buffer.from('%PDF-1.4\n'),
        headers: { ...tenant.headers, 'content-type': 'application/pdf' },
      });
      await command(tenant, dealId, { command: 'SUBMIT_DOCUMENTS' });
      await t().app.inject({
        method: 'POST',
        url: `/api/deals/${dealId}/documents/verify`,
        payload: { decision: 'APPROVED' },
        headers: staff.headers,
      });
      await reached('APPROVED');
    }
    if (until === 'SIGNED') {
      await signAgreement(dealId, landlord, tenant);
      await reached('SIGNED');
    }
    await drain();
    return { landlord, tenant, staff, dealId, propertyId };
  }

  return { person, condo, apply, command, drain, pay, ledger, dealRow, age, deadlinePasses, inAMonth, dealAt, signAgreement };
}

/**
 * A live Bangsar condo at `price` a month, made `landlordId`'s: an approved demo listing not yet in `used` (a test
 * file's own list, so no two of its tests share one).
 */
export async function takeLiveListing(t: TestApp, used: number[], landlordId: string, price: number): Promise<number> {
  const db = t.database.db;
  const [bangsar] = await db.select({ id: areas.id }).from(areas).where(eq(areas.slug, 'bangsar'));
  const [listing] = await db
    .select({ id: properties.id })
    .from(properties)
    .where(and(eq(properties.reviewStatus, 'APPROVED'), notInArray(properties.id, used)))
    .limit(1);
  used.push(listing!.id);
  await db
    .update(properties)
    .set({
      ownerId: landlordId,
      price,
      type: 'HIGHRISE',
      status: 'ACTIVE',
      active: true,
      areaId: bangsar!.id,
      expiresAt: new Date(Date.now() + 30 * 86_400_000),
    })
    .where(eq(properties.id, listing!.id));
  return listing!.id;
}

/**
 * A listing of its own for a test row: a copy of an approved demo listing (its photos aside), so rows that take a
 * listing each (deals hold one listing at a time) never run out of the template's few.
 */
export async function freshListing(t: TestApp): Promise<number> {
  const { rows: columns } = (await t.database.raw(
    `select string_agg(quote_ident(column_name), ', ' order by ordinal_position) as list from information_schema.columns
      where table_schema = 'public' and table_name = 'properties' and column_name not in ('id', 'seed_key')
        and is_generated = 'NEVER' and is_identity = 'NO'`,
    [],
  )) as { rows: { list: string }[] };
  const list = columns[0]!.list;
  const { rows } = (await t.database.raw(
    `insert into properties (${list}) select ${list} from properties where review_status = 'APPROVED' order by id limit 1 returning id`,
    [],
  )) as { rows: { id: number }[] };
  return rows[0]!.id;
}

/**
 * For the authorization matrix: a deal in `state` on a fresh live listing, with `as` the caller's side (the
 * owner persona is its tenant or its landlord; the other side is a new user). Written directly: the rows test
 * who may call a route, the deal tests how deals get there.
 */
export async function matrixDeal(
  t: TestApp,
  ownerId: string,
  as: 'TENANT' | 'LANDLORD',
  state: (typeof deals.$inferInsert)['state'] = 'APPLIED',
): Promise<{ id: string; propertyId: number }> {
  const db = t.database.db;
  const [counterpart] = await db.insert(users).values({ phoneNumber: freshPhone(), name: 'Matrix Party' }).returning();
  const listing = { id: await freshListing(t) };
  const landlordId = as === 'LANDLORD' ? ownerId : counterpart!.id;
  await db
    .update(properties)
    .set({ ownerId: landlordId, status: 'ACTIVE', active: true, type: 'HIGHRISE', expiresAt: new Date(Date.now() + 86_400_000) })
    .where(eq(properties.id, listing!.id));
  const paid = !['APPLIED', 'ACCEPTED'].includes(state ?? 'APPLIED');
  const [deal] = await db
    .insert(deals)
    .values({
      propertyId: listing!.id,
      tenantId: as === 'TENANT' ? ownerId : counterpart!.id,
      landlordId,
      state,
      moveInDate: new Date(Date.now() + 30 * 86_400_000).toISOString().slice(0, 10),
      tenancyMonths: 12,
      monthlyRent: 1800,
      occupants: 1,
      bookingFeeSen: 50_000,
      paidAt: paid ? new Date() : null,
    })
    .returning();
  return { id: deal!.id, propertyId: listing!.id };
}
