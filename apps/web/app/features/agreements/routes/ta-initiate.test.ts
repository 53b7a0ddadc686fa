import { describe, expect, it } from 'vitest';
import { refusal, routeContext, testUser, thrown } from '../../../lib/route-testing.ts';
import { action, loader } from './ta-initiate.tsx';

type LoaderArgs = Parameters<typeof loader>[0];
type ActionArgs = Parameters<typeof action>[0];
const load = (path: string, context: LoaderArgs['context']) =>
  loader({ request: new Request(`http://localhost:3000${path}`), context, params: {} } as unknown as LoaderArgs);
const act = (path: string, context: ActionArgs['context'], form: [string, string][]) =>
  action({
    request: new Request(`http://localhost:3000${path}`, { method: 'POST', body: new URLSearchParams(form) }),
    context,
    params: {},
  } as unknown as ActionArgs);

const DEAL = '3f1c2a4e-1111-4222-8333-444455556666';
const deal = (viewerRole: 'TENANT' | 'LANDLORD', state = 'APPROVED') => ({
  id: DEAL,
  state,
  viewerRole,
  propertyDto: { id: 7, name: 'Bangsar Heights', area: 'Bangsar', type: 'HIGHRISE' },
  tenant: { id: 'u1', name: 'Aisyah' },
  landlord: { id: 'u2', name: 'Wong' },
  moveInDate: '2026-12-01',
  tenancyMonths: 12,
  monthlyRent: 1800,
  occupants: 2,
  moveIn: { surchargeSen: 0 },
});

describe('/dashboard/ta-initiate/new/{landlord,tenant}: the tenancy agreement', () => {
  it('a party who opens the other side’s page is sent to their own, keeping the deal', async () => {
    const { context } = routeContext({ user: testUser({ id: 'u2' }), api: { [`GET /deals/${DEAL}`]: deal('LANDLORD') } });
    const response = await thrown(() => load(`/my/dashboard/ta-initiate/new/tenant?dealId=${DEAL}`, context));
    expect(response.headers.get('location')).toBe(`/my/dashboard/ta-initiate/new/landlord?dealId=${DEAL}`);
    // The browser's own navigation asks for `….data`: the landlord's page stays theirs.
    const own = routeContext({
      user: testUser({ id: 'u2' }),
      api: { [`GET /deals/${DEAL}`]: deal('LANDLORD'), 'GET /agreements': refusal(404, 'not found') },
    });
    const data = await load(`/my/dashboard/ta-initiate/new/landlord.data?dealId=${DEAL}&_routes=taInitiateLandlord.ms`, own.context);
    expect(data).toMatchObject({ side: 'LANDLORD', deal: { id: DEAL } });
  });

  it('an approved deal without an agreement yet offers the form; without a deal, the approved deals of this side', async () => {
    const { context } = routeContext({
      user: testUser(),
      api: { [`GET /deals/${DEAL}`]: deal('TENANT'), 'GET /agreements': refusal(404, 'not found') },
    });
    const answer = await load(`/dashboard/ta-initiate/new/tenant?dealId=${DEAL}`, context);
    expect(answer).toMatchObject({ side: 'TENANT', agreement: null, deal: { id: DEAL } });

    const listed = routeContext({
      user: testUser(),
      api: {
        'GET /deals': { content: [deal('TENANT'), deal('LANDLORD'), deal('TENANT', 'BOOKED')] },
        'GET /agreements/invitations': { content: [] },
      },
    });
    const picker = await load('/dashboard/ta-initiate/new/tenant', listed.context);
    expect(picker).toMatchObject({ invitations: [] });
    expect((picker as { deals: unknown[] }).deals).toHaveLength(1);
  });

  it('sends the terms with both parties and the ticked utilities, then shows the agreement', async () => {
    const { context, calls } = routeContext({ user: testUser({ id: 'u2' }), api: { 'POST /agreements': { id: 'a1' } } });
    const response = (await act(`/dashboard/ta-initiate/new/landlord.data?dealId=${DEAL}&_routes=taInitiateLandlord.en`, context, [
      ['intent', 'create'],
      ['dealId', DEAL],
      ['language', 'ms'],
      ['address', 'Unit 12-3, Bangsar Heights, 59000 Kuala Lumpur'],
      ['utilities', 'WATER'],
      ['utilities', 'INTERNET'],
      ['houseRules', 'Tiada haiwan peliharaan.'],
      ['landlordName', 'Wong Kar Wai'],
      ['landlordIdType', 'IC'],
      ['landlordIdNumber', '780512-14-5521'],
      ['tenantName', 'James Miller'],
      ['tenantIdType', 'PASSPORT'],
      ['tenantIdNumber', 'K1234567'],
    ])) as Response;
    expect(response.headers.get('location')).toBe(`/dashboard/ta-initiate/new/landlord?dealId=${DEAL}`);
    expect(calls[0]).toEqual({
      method: 'POST',
      path: '/agreements',
      body: {
        dealId: DEAL,
        language: 'ms',
        address: 'Unit 12-3, Bangsar Heights, 59000 Kuala Lumpur',
        utilities: ['WATER', 'INTERNET'],
        houseRules: 'Tiada haiwan peliharaan.',
        landlord: { name: 'Wong Kar Wai', idType: 'IC', idNumber: '780512-14-5521' },
        tenant: { name: 'James Miller', idType: 'PASSPORT', idNumber: 'K1234567' },
      },
    });
  });

  it('a refused number comes back beside its field; a code is asked for and signed with', async () => {
    const refused = routeContext({
      user: testUser(),
      api: { 'POST /agreements': refusal(422, 'Check the form', [{ path: 'body.tenant.idNumber', message: 'Enter a valid number' }]) },
    });
    const answer = (await act('/dashboard/ta-initiate/new/tenant', refused.context, [['intent', 'create']])) as unknown as {
      data: { fields: Record<string, string>; error: string };
    };
    expect(answer.data).toMatchObject({ error: 'Check the form', fields: { tenantIdNumber: 'Enter a valid number' } });

    const { context, calls } = routeContext({
      user: testUser(),
      api: {
        'POST /agreements/a1/code': { sentTo: '••••••••6789', expiresAt: '2026-11-26T10:00:00.000Z' },
        'POST /agreements/a1/sign': { id: 'a1' },
      },
    });
    expect(
      await act('/dashboard/ta-initiate/new/tenant', context, [
        ['intent', 'code'],
        ['agreementId', 'a1'],
      ]),
    ).toMatchObject({ codeSent: { sentTo: '••••••••6789' } });
    await act('/dashboard/ta-initiate/new/tenant', context, [
      ['intent', 'sign'],
      ['agreementId', 'a1'],
      ['code', '123456'],
    ]);
    expect(calls.map((call) => [call.path, call.body])).toEqual([
      ['/agreements/a1/code', undefined],
      ['/agreements/a1/sign', { code: '123456' }],
    ]);
  });
});
