import { users } from '@kunci/db/schema';
import { createSessionsRepository } from '../../src/lib/sessions.repository.ts';
import { matrixActiveDeal, matrixInvoice } from '../../src/features/services/test-helpers.ts';
import { bearer, freshPhone, type TestApp } from '../support.ts';
import { everyone, except, selfOnly, signedIn, staffOnly, type Context, type Row } from '../authorization-matrix.ts';

let holidays = 0;
/** A day of its own for each call that adds or removes a holiday. */
const holidayDay = () => `2030-01-${String((holidays++ % 28) + 1).padStart(2, '0')}`;

/** A tenancy signed elsewhere whose landlord (a new user) invited the owner's phone to rental collection. */
async function invitedTenancy(t: TestApp, c: Context) {
  const [landlord] = await t.database.db.insert(users).values({ phoneNumber: freshPhone(), name: 'Matrix Collector' }).returning();
  const token = await createSessionsRepository(t.database.db).create(landlord!.id, 'pin', 'matrix', 1);
  const start = new Date(Date.now() + 10 * 86_400_000).toISOString().slice(0, 10);
  const enrolled = await t.app.inject({
    method: 'POST',
    url: '/api/rental-collection/tenancies',
    payload: {
      tenantPhone: c.owner.phone,
      propertyName: 'Matrix Flat 7',
      monthlyRent: 1000,
      dueDay: Number(start.slice(8)),
      startDate: start,
      termMonths: 6,
    },
    headers: bearer(token),
  });
  return { id: (enrolled.json() as { tenancy: { id: string } }).tenancy.id };
}

/** Authorization matrix rows for the services area's routes (see ../authorization-matrix.ts for the personas and helpers). */
export const servicesRows: Row[] = [
  // Rental collection: the owner persona is the tenancy's landlord (enrolling) or its tenant (paying).
  { route: 'GET /api/rental-collection', request: () => ({ url: '/api/rental-collection' }), expect: signedIn(200) },
  {
    route: 'POST /api/rental-collection/tenancies',
    setup: (t, c) => matrixActiveDeal(t, c.owner.id),
    request: (_c, f) => ({ method: 'POST', url: '/api/rental-collection/tenancies', payload: { dealId: f['dealId'] } }),
    expect: selfOnly(201),
  },
  {
    // A landlord invites the owner's phone to a tenancy signed elsewhere: only the owner (its tenant) accepts it.
    route: 'POST /api/rental-collection/tenancies/{id}/accept',
    setup: (t, c) => invitedTenancy(t, c),
    request: (_c, f) => ({ method: 'POST', url: `/api/rental-collection/tenancies/${f['id']}/accept` }),
    expect: selfOnly(200),
  },
  {
    route: 'POST /api/rental-collection/invoices/{id}/pay',
    setup: (t, c) => matrixInvoice(t, c.owner.id),
    request: (_c, f) => ({ method: 'POST', url: `/api/rental-collection/invoices/${f['invoiceId']}/pay` }),
    expect: selfOnly(200),
  },
  {
    route: 'GET /api/rental-collection/invoices/{id}/pay (the emailed link: its token stands for the tenant)',
    setup: async (t, c) => {
      const { invoiceId } = await matrixInvoice(t, c.owner.id);
      const overview = (await t.app.inject({ url: '/api/rental-collection', headers: bearer(c.owner.token) })).json() as {
        invoices: { id: string; payUrl: string }[];
      };
      const link = new URL(overview.invoices.find((invoice) => invoice.id === invoiceId)!.payUrl);
      return { path: `${link.pathname}${link.search}` };
    },
    request: (_c, f) => ({ url: String(f['path']) }),
    expect: everyone(302),
  },
  { route: 'GET /api/rental-collection/export.csv', request: () => ({ url: '/api/rental-collection/export.csv' }), expect: signedIn(200) },
  { route: 'POST /api/report/rental/new', request: () => ({ method: 'POST', url: '/api/report/rental/new', payload: {} }), expect: signedIn(200) },
  // Operations staff edit the holidays payouts skip.
  { route: 'GET /api/admin/services/holidays', request: () => ({ url: '/api/admin/services/holidays' }), expect: staffOnly(['operations'], 200) },
  {
    route: 'PUT /api/admin/services/holidays/{day}',
    request: () => ({ method: 'PUT', url: `/api/admin/services/holidays/${holidayDay()}`, payload: { name: 'Matrix holiday' } }),
    expect: staffOnly(['operations'], 200),
  },
  {
    route: 'DELETE /api/admin/services/holidays/{day}',
    setup: async (t) => {
      const day = holidayDay();
      await t.database.raw(`insert into public_holidays (region, day, name) values ('Selangor', $1, 'Matrix holiday') on conflict do nothing`, [day]);
      return { day };
    },
    request: (_c, f) => ({ method: 'DELETE', url: `/api/admin/services/holidays/${f['day']}` }),
    expect: staffOnly(['operations'], 204),
  },
  // Landlord protection: the owner persona is the landlord of an ACTIVE tenancy (buying, paying, the document, claims).
  { route: 'GET /api/services/protection', request: () => ({ url: '/api/services/protection' }), expect: signedIn(200) },
  {
    route: 'POST /api/services/protection/policies',
    setup: (t, c) => matrixActiveDeal(t, c.owner.id),
    request: (_c, f) => ({ method: 'POST', url: '/api/services/protection/policies', payload: { dealId: f['dealId'], plan: 'PROTECT_PLUS' } }),
    expect: selfOnly(201),
  },
  {
    route: 'POST /api/services/protection/policies/{id}/instalments/{number}/pay',
    setup: async (t, c) => ({ policyId: await matrixPolicy(t, c.owner.id, 'PENDING_PAYMENT') }),
    request: (_c, f) => ({ method: 'POST', url: `/api/services/protection/policies/${f['policyId']}/instalments/1/pay` }),
    expect: selfOnly(200),
  },
  {
    // The landlord's own; operations (and admin) read every policy.
    route: 'GET /api/services/protection/policies/{id}/pdf',
    setup: async (t, c) => ({ policyId: await matrixPolicy(t, c.owner.id, 'ACTIVE') }),
    request: (_c, f) => ({ url: `/api/services/protection/policies/${f['policyId']}/pdf` }),
    expect: except(selfOnly(200), { operations: 200, admin: 200 }),
  },
  {
    // Only the policy's landlord moves it (staff do not): to their replacement tenant's tenancy, screened, same home.
    route: 'POST /api/services/protection/policies/{id}/transfer',
    setup: (t, c) => matrixTransfer(t, c.owner.id),
    request: (_c, f) => ({ method: 'POST', url: `/api/services/protection/policies/${f['policyId']}/transfer`, payload: { dealId: f['dealId'] } }),
    expect: selfOnly(200),
  },
  {
    route: 'POST /api/services/protection/claims',
    setup: async (t, c) => ({ policyId: await matrixPolicy(t, c.owner.id, 'ACTIVE') }),
    request: (_c, f) => ({ method: 'POST', url: '/api/services/protection/claims', payload: matrixClaimBody(String(f['policyId'])) }),
    expect: selfOnly(201),
  },
  {
    route: 'GET /api/services/protection/claims/{id}/files/{fileId}',
    setup: (t, c) => matrixClaim(t, c),
    request: (_c, f) => ({ url: String(f['fileUrl']) }),
    expect: except(selfOnly(200), { operations: 200, admin: 200 }),
  },
  { route: 'GET /api/admin/protection/claims', request: () => ({ url: '/api/admin/protection/claims' }), expect: staffOnly(['operations'], 200) },
  {
    // Operations decide (their matrix session confirmed a PIN just now; the 428 is in protection.otr-claims.test.ts).
    route: 'POST /api/admin/protection/claims/{id}/decision',
    setup: (t, c) => matrixClaim(t, c),
    request: (_c, f) => ({
      method: 'POST',
      url: `/api/admin/protection/claims/${f['claimId']}/decision`,
      payload: { status: 'REJECTED', note: 'No receipt for the rent.' },
    }),
    expect: staffOnly(['operations'], 200),
  },
  {
    // Operations end an approved OCD claim's overstay (PIN-confirmed like the decision; the 428 is in protection.claim-rules.test.ts).
    route: 'POST /api/admin/protection/claims/{id}/overstay-end',
    setup: (t, c) => matrixOverstay(t, c.owner.id),
    request: (_c, f) => ({
      method: 'POST',
      url: `/api/admin/protection/claims/${f['claimId']}/overstay-end`,
      payload: { endDate: f['day'] },
    }),
    expect: staffOnly(['operations'], 200),
  },
];

/** An approved OCD claim of the owner persona whose overstay started today (Malaysia), written directly. */
async function matrixOverstay(t: Parameters<NonNullable<Row['setup']>>[0], landlordId: string) {
  const policyId = await matrixPolicy(t, landlordId, 'ACTIVE');
  const day = new Date(Date.now() + 8 * 3_600_000).toISOString().slice(0, 10);
  const { rows } = (await t.database.raw(
    `insert into protection_claims (policy_id, landlord_id, kind, incident_date, description, amount_sen, status, approved_sen, decided_at)
     values ($1, $2, 'OCD', $3, 'The tenant stays on without paying.', 150000, 'APPROVED', 150000, now()) returning id`,
    [policyId, landlordId, day],
  )) as { rows: { id: string }[] };
  return { claimId: rows[0]!.id, day };
}

/**
 * An ACTIVE policy of the owner persona and a replacement tenant's ACTIVE tenancy of the same home (a tenancy without
 * a listing, enrolled in collection as the policy's listing) whose tenant passed screening, written directly.
 */
async function matrixTransfer(t: Parameters<NonNullable<Row['setup']>>[0], landlordId: string) {
  const policyId = await matrixPolicy(t, landlordId, 'ACTIVE');
  const { rows } = (await t.database.raw(
    `with tenant as (insert into users (phone_number, name) values ($2, 'Matrix Replacement') returning id),
     old as (select d.property_id from protection_policies p join deals d on d.id = p.deal_id where p.id = $1),
     deal as (
       insert into deals (property_name, tenant_id, landlord_id, state, move_in_date, tenancy_months, monthly_rent, occupants, booking_fee_sen, paid_at)
       select 'Matrix Residence', tenant.id, $3, 'ACTIVE', current_date, 12, 1500, 1, 50000, now() from tenant returning id, tenant_id),
     screened as (insert into deal_screenings (deal_id, profile, decision, decided_at) select id, 'WORKING_ADULT', 'APPROVED', now() from deal)
     insert into collection_tenancies (landlord_id, tenant_id, deal_id, property_id, property_name, monthly_rent_sen, due_day, start_date, term_months, first_due_date, end_date)
     select $3, deal.tenant_id, deal.id, old.property_id, 'Matrix Residence', 150000, 1, current_date, 12, current_date, current_date + 364 from deal, old
     returning deal_id`,
    [policyId, freshPhone(), landlordId],
  )) as { rows: { deal_id: string }[] };
  return { policyId, dealId: rows[0]!.deal_id };
}

/** A policy of the owner persona on a fresh ACTIVE tenancy, written directly (`status` as given). */
async function matrixPolicy(t: Parameters<NonNullable<Row['setup']>>[0], landlordId: string, status: 'PENDING_PAYMENT' | 'ACTIVE'): Promise<string> {
  const { dealId } = await matrixActiveDeal(t, landlordId);
  const { rows } = (await t.database.raw(
    `with policy as (
       insert into protection_policies (deal_id, landlord_id, tenant_id, property_name, plan, monthly_rent_sen, insured_rent_sen, premium_sen, sst_sen, stamp_duty_sen, total_sen, status, start_date, end_date)
       select id, landlord_id, tenant_id, 'Matrix Residence', 'PROTECT_PLUS', 150000, 150000, 225000, 13500, 1000, 239500, $2, move_in_date, move_in_date + 364 from deals where id = $1
       returning id)
     insert into protection_instalments (policy_id, number, amount_sen, premium_sen, stamp_duty_sen, due_date)
     select id, 1, 119750, 112500, 500, current_date from policy returning policy_id`,
    [dealId, status],
  )) as { rows: { policy_id: string }[] };
  return rows[0]!.policy_id;
}

/** A claim without photos (loss of rent), with one receipt. */
const matrixClaimBody = (policyId: string) => ({
  policyId,
  kind: 'LOSS_OF_RENT',
  incidentDate: new Date(Date.now() + 8 * 3_600_000).toISOString().slice(0, 10),
  description: 'The tenant has not paid this month and does not answer.',
  amount: 1500,
  files: [{ kind: 'RECEIPT', data: Buffer.from('%PDF-1.4\n% police report\n%%EOF\n').toString('base64') }],
});

/** A claim of the owner persona, filed through the API, and its receipt's link. */
async function matrixClaim(t: Parameters<NonNullable<Row['setup']>>[0], c: Parameters<NonNullable<Row['setup']>>[1]) {
  const policyId = await matrixPolicy(t, c.owner.id, 'ACTIVE');
  const filed = await t.app.inject({
    method: 'POST',
    url: '/api/services/protection/claims',
    payload: matrixClaimBody(policyId),
    headers: bearer(c.owner.token),
  });
  const claim = filed.json() as { id: string; files: { url: string }[] };
  return { claimId: claim.id, fileUrl: claim.files[0]!.url };
}

/** A live Klang Valley listing made the owner's: one no deal, key collection or other row uses. */
async function klangValleyListing(t: Parameters<NonNullable<Row['setup']>>[0], ownerId: string, keepClear: number): Promise<number> {
  const found = (await t.database.raw(
    `select id from properties where review_status = 'APPROVED' and id <> $1
       and not exists (select 1 from deals where deals.property_id = properties.id)
       and not exists (select 1 from key_collections where key_collections.property_id = properties.id)
     order by id asc offset 20 limit 1`,
    [keepClear],
  )) as { rows: { id: number }[] };
  const id = found.rows[0]!.id;
  await t.database.raw(`update properties set owner_id = $1, postcode = '47400' where id = $2`, [ownerId, id]);
  return id;
}

servicesRows.push(
  // Home runner: the area check is public; the key belongs to the listing's owner; operations staff dispatch runners.
  {
    route: 'POST /api/homerunner/area-cover',
    request: () => ({ method: 'POST', url: '/api/homerunner/area-cover', payload: { postcode: '47400' } }),
    expect: everyone(200),
  },
  {
    route: 'POST /api/property/key/{id}/list',
    setup: async (t, c) => ({ propertyId: await klangValleyListing(t, c.owner.id, c.listingId) }),
    request: (_c, f) => ({ method: 'POST', url: `/api/property/key/${f['propertyId']}/list` }),
    expect: selfOnly(201),
  },
  {
    route: 'PUT /api/homerunner/key',
    setup: async (t, c) => {
      const propertyId = await klangValleyListing(t, c.owner.id, c.listingId);
      await t.app.inject({ method: 'POST', url: `/api/property/key/${propertyId}/list`, headers: bearer(c.owner.token) });
      return { propertyId };
    },
    request: (_c, f) => ({ method: 'PUT', url: '/api/homerunner/key', payload: { propertyId: f['propertyId'], pickupDateTime: tomorrowAt(10) } }),
    expect: selfOnly(200),
  },
  {
    route: 'PUT /api/homerunner/key/return',
    setup: async (t, c) => {
      const propertyId = await klangValleyListing(t, c.owner.id, c.listingId);
      await t.app.inject({ method: 'POST', url: `/api/property/key/${propertyId}/list`, headers: bearer(c.owner.token) });
      await t.database.raw(`update key_collections set status = 'COLLECTED' where property_id = $1`, [propertyId]);
      return { propertyId };
    },
    request: (_c, f) => ({
      method: 'PUT',
      url: '/api/homerunner/key/return',
      payload: { propertyId: f['propertyId'], returnDateTime: tomorrowAt(10, 2) },
    }),
    expect: selfOnly(200),
  },
  // Landlord protection's quote is open to anyone.
  {
    route: 'POST /api/services/protection/quote',
    request: () => ({ method: 'POST', url: '/api/services/protection/quote', payload: { monthlyRent: 1800 } }),
    expect: everyone(200),
  },
  { route: 'GET /api/admin/services/keys', request: () => ({ url: '/api/admin/services/keys' }), expect: staffOnly(['operations'], 200) },
  {
    route: 'PUT /api/admin/services/keys/{id}',
    setup: async (t, c) => {
      const propertyId = await klangValleyListing(t, c.owner.id, c.listingId);
      const listed = await t.app.inject({ method: 'POST', url: `/api/property/key/${propertyId}/list`, headers: bearer(c.owner.token) });
      await t.app.inject({
        method: 'PUT',
        url: '/api/homerunner/key',
        payload: { propertyId, pickupDateTime: tomorrowAt(10) },
        headers: bearer(c.owner.token),
      });
      return { id: (listed.json() as { id: string }).id, runnerId: await matrixRunner(t) };
    },
    request: (_c, f) => ({ method: 'PUT', url: `/api/admin/services/keys/${f['id']}`, payload: { action: 'ASSIGN', runnerId: f['runnerId'] } }),
    expect: staffOnly(['operations'], 200),
  },
  { route: 'GET /api/admin/services/runners', request: () => ({ url: '/api/admin/services/runners' }), expect: staffOnly(['operations'], 200) },
  {
    route: 'POST /api/admin/services/runners',
    request: () => ({ method: 'POST', url: '/api/admin/services/runners', payload: { name: 'Matrix Runner', phone: '0123456789' } }),
    expect: staffOnly(['operations'], 201),
  },
  {
    route: 'PUT /api/admin/services/runners/{id}',
    setup: async (t) => ({ runnerId: await matrixRunner(t) }),
    request: (_c, f) => ({
      method: 'PUT',
      url: `/api/admin/services/runners/${f['runnerId']}`,
      payload: { name: 'Matrix Runner B', phone: '0123456788' },
    }),
    expect: staffOnly(['operations'], 200),
  },
);

/** A dispatched runner for the rows that assign one. */
async function matrixRunner(t: Parameters<NonNullable<Row['setup']>>[0]): Promise<number> {
  const { rows } = (await t.database.raw(`insert into home_runners (name, phone) values ($1, $2) returning id`, [
    'Matrix Runner',
    '+60123456789',
  ])) as {
    rows: { id: number }[];
  };
  return rows[0]!.id;
}

/** `days` ahead (1 by default) at `hour`:00 Malaysia time, in the spec's form. */
function tomorrowAt(hour: number, days = 1): string {
  return `${new Date(Date.now() + 8 * 3_600_000 + days * 86_400_000).toISOString().slice(0, 10)} ${String(hour).padStart(2, '0')}-00`;
}
