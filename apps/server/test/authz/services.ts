import { matrixActiveDeal, matrixInvoice } from '../../src/features/services/test-helpers.ts';
import { bearer } from '../support.ts';
import { everyone, selfOnly, signedIn, staffOnly, type Row } from '../authorization-matrix.ts';

let holidays = 0;
/** A day of its own for each call that adds or removes a holiday. */
const holidayDay = () => `2030-01-${String((holidays++ % 28) + 1).padStart(2, '0')}`;

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
];
