import { matrixDeal } from '../deal-fixtures.ts';
import { selfOnly, selfOrModerator, type Context, type Fixture, type Row } from '../authorization-matrix.ts';
import { bearer, type TestApp } from '../support.ts';

/** Terms of an agreement for the matrix's deals. */
const terms = (dealId: string) => ({
  dealId,
  language: 'en',
  address: 'Unit 1-1, Jalan Matrix, 50000 Kuala Lumpur',
  utilities: ['WATER'],
  houseRules: '',
  landlord: { name: 'Matrix Landlord', idType: 'IC', idNumber: '800101145555' },
  tenant: { name: 'Matrix Tenant', idType: 'PASSPORT', idNumber: 'A1234567' },
});

/** An agreement the owner started as the landlord of an approved deal: its id and its deal's. */
async function ownAgreement(t: TestApp, c: Context): Promise<Fixture> {
  const { id: dealId } = await matrixDeal(t, c.owner.id, 'LANDLORD', 'APPROVED');
  const created = await t.app.inject({ method: 'POST', url: '/api/agreements', payload: terms(dealId), headers: bearer(c.owner.token) });
  return { id: (created.json() as { id: string }).id, dealId };
}

/** Authorization matrix rows for the agreements area's routes (see ../authorization-matrix.ts for the personas and helpers). */
export const agreementsRows: Row[] = [
  {
    route: 'POST /api/agreements',
    setup: async (t, c) => ({ dealId: (await matrixDeal(t, c.owner.id, 'LANDLORD', 'APPROVED')).id }),
    request: (_c, f) => ({ method: 'POST', url: '/api/agreements', payload: terms(String(f['dealId'])) }),
    expect: selfOnly(201),
  },
  {
    route: 'GET /api/agreements',
    setup: ownAgreement,
    request: (_c, f) => ({ url: `/api/agreements?dealId=${f['dealId']}` }),
    expect: selfOrModerator(200),
  },
  {
    route: 'GET /api/agreements/{id}',
    setup: ownAgreement,
    request: (_c, f) => ({ url: `/api/agreements/${f['id']}` }),
    expect: selfOrModerator(200),
  },
  {
    route: 'GET /api/agreements/{id}/pdf',
    setup: ownAgreement,
    request: (_c, f) => ({ url: `/api/agreements/${f['id']}/pdf` }),
    expect: selfOrModerator(200),
  },
  {
    route: 'POST /api/agreements/{id}/code',
    setup: ownAgreement,
    request: (_c, f) => ({ method: 'POST', url: `/api/agreements/${f['id']}/code` }),
    expect: selfOnly(200),
  },
  {
    // Without a code sent first the owner's signature is refused by field (422); everyone else may not sign at all.
    route: 'POST /api/agreements/{id}/sign',
    setup: ownAgreement,
    request: (_c, f) => ({ method: 'POST', url: `/api/agreements/${f['id']}/sign`, payload: { code: '123456' } }),
    expect: selfOnly(422),
  },
];
