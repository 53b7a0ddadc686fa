import { matrixDeal } from '../deal-fixtures.ts';
import { users } from '@kunci/db/schema';
import { createSessionsRepository } from '../../src/lib/sessions.repository.ts';
import { selfOnly, selfOrOperations, signedIn, type Context, type Fixture, type Row } from '../authorization-matrix.ts';
import { bearer, freshPhone, type TestApp } from '../support.ts';

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

/** An invitation for a tenancy found elsewhere (decision 14) to `phone`, from a landlord. */
const invitation = (phone: string) => ({
  role: 'LANDLORD',
  phone,
  propertyName: 'Matrix Terrace, Jalan Matrix 3',
  address: '3, Jalan Matrix, 50000 Kuala Lumpur',
  startDate: new Date(Date.now() + 30 * 86_400_000).toISOString().slice(0, 10),
  tenancyMonths: 12,
  monthlyRent: 1500,
  occupants: 1,
  language: 'en',
  utilities: [],
  houseRules: '',
  party: { name: 'Matrix Landlord', idType: 'IC', idNumber: '800101145555' },
});

/** An invitation sent by the owner (`as: 'inviter'`) or to the owner's phone by another landlord (`as: 'invitee'`). */
async function ownInvitation(t: TestApp, c: Context, as: 'inviter' | 'invitee'): Promise<Fixture> {
  let token = c.owner.token;
  let phone = freshPhone();
  if (as === 'invitee') {
    const [inviter] = await t.database.db.insert(users).values({ phoneNumber: freshPhone(), name: 'Matrix Inviter' }).returning();
    token = await createSessionsRepository(t.database.db).create(inviter!.id, 'pin', 'matrix', 1);
    phone = c.owner.phone;
  }
  const sent = await t.app.inject({ method: 'POST', url: '/api/agreements/invitations', payload: invitation(phone), headers: bearer(token) });
  return { id: (sent.json() as { id: string }).id };
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
    expect: selfOrOperations(200),
  },
  {
    route: 'GET /api/agreements/{id}',
    setup: ownAgreement,
    request: (_c, f) => ({ url: `/api/agreements/${f['id']}` }),
    expect: selfOrOperations(200),
  },
  {
    route: 'GET /api/agreements/{id}/pdf',
    setup: ownAgreement,
    request: (_c, f) => ({ url: `/api/agreements/${f['id']}/pdf` }),
    expect: selfOrOperations(200),
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
  {
    route: 'POST /api/agreements/invitations',
    request: () => ({ method: 'POST', url: '/api/agreements/invitations', payload: invitation(freshPhone()) }),
    expect: signedIn(201),
  },
  {
    route: 'GET /api/agreements/invitations',
    request: () => ({ url: '/api/agreements/invitations' }),
    expect: signedIn(200),
  },
  {
    // Its inviter and invitee only: staff are other people here (the invitation is not a deal yet).
    route: 'GET /api/agreements/invitations/{id}',
    setup: (t, c) => ownInvitation(t, c, 'inviter'),
    request: (_c, f) => ({ url: `/api/agreements/invitations/${f['id']}` }),
    expect: selfOnly(200),
  },
  {
    // Only the account of the invited phone accepts it.
    route: 'POST /api/agreements/invitations/{id}/accept',
    setup: (t, c) => ownInvitation(t, c, 'invitee'),
    request: (_c, f) => ({
      method: 'POST',
      url: `/api/agreements/invitations/${f['id']}/accept`,
      payload: { party: { name: 'Matrix Tenant', idType: 'PASSPORT', idNumber: 'A1234567' } },
    }),
    expect: selfOnly(201),
  },
];
