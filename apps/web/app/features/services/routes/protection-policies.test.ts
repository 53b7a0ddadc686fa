import { createElement } from 'react';
import { describe, expect, it } from 'vitest';
import { BUSINESS } from '@kunci/contracts/business';
import type { Policy, ProtectionOverview } from '@kunci/contracts/protection';
import { renderPage, routeContext, testUser } from '../../../lib/route-testing.ts';
import ProtectionPolicies, { action } from './protection-policies.tsx';

type Args = Parameters<typeof action>[0];
const post = (path: string, form: FormData, context: Args['context']) =>
  action({ request: new Request(`http://localhost:3000${path}`, { method: 'POST', body: form }), context, params: {} } as unknown as Args);

const PNG = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 1, 2, 3]);
const PDF = new TextEncoder().encode('%PDF-1.4\n%%EOF\n');

describe('/dashboard/protection: the landlord pays instalments and files claims', () => {
  it('a claim sends its photos and receipts to the API as base64, each with its kind', async () => {
    const { context, calls } = routeContext({ user: testUser({ id: 'landlord-1' }), api: { 'POST /services/protection/claims': { id: 'c1' } } });
    const form = new FormData();
    form.set('intent', 'claim');
    form.set('policyId', '00000000-0000-4000-8000-000000000001');
    form.set('kind', 'DAMAGE');
    form.set('incidentDate', '2026-11-25');
    form.set('description', 'The cabinet door was broken.');
    form.set('amount', '850');
    form.append('photos', new File([PNG], 'door.png', { type: 'image/png' }));
    form.append('receipts', new File([PDF], 'quote.pdf', { type: 'application/pdf' }));
    // An empty file input sends an empty file: it is left out.
    form.append('receipts', new File([], '', { type: 'application/octet-stream' }));
    expect(await post('/dashboard/protection', form, context)).toEqual({ ok: true, intent: 'claim' });
    expect(calls).toEqual([
      {
        method: 'POST',
        path: '/services/protection/claims',
        body: {
          policyId: '00000000-0000-4000-8000-000000000001',
          kind: 'DAMAGE',
          incidentDate: '2026-11-25',
          description: 'The cabinet door was broken.',
          amount: 850,
          electrical: false,
          files: [
            { kind: 'PHOTO', contentType: 'image/png', data: Buffer.from(PNG).toString('base64') },
            { kind: 'RECEIPT', contentType: 'application/pdf', data: Buffer.from(PDF).toString('base64') },
          ],
        },
      },
    ]);
  });

  it('damage found after move-out sends the move-out date, the electrical item, the police and technician’s reports', async () => {
    const { context, calls } = routeContext({ user: testUser({ id: 'landlord-1' }), api: { 'POST /services/protection/claims': { id: 'c2' } } });
    const form = new FormData();
    form.set('intent', 'claim');
    form.set('policyId', '00000000-0000-4000-8000-000000000001');
    form.set('kind', 'DAMAGE');
    form.set('incidentDate', '2026-11-24');
    form.set('moveOutDate', '2026-11-24');
    form.set('electrical', 'on');
    form.set('description', 'The air conditioner was broken when the tenant left.');
    form.set('amount', '1500');
    form.append('photos', new File([PNG], 'aircon.png', { type: 'image/png' }));
    form.append('policeReport', new File([PDF], 'report.pdf', { type: 'application/pdf' }));
    form.append('technicianReport', new File([PDF], 'technician.pdf', { type: 'application/pdf' }));
    expect(await post('/dashboard/protection', form, context)).toEqual({ ok: true, intent: 'claim' });
    const body = calls[0]!.body as { moveOutDate: string; electrical: boolean; files: { kind: string }[] };
    expect(body).toMatchObject({ moveOutDate: '2026-11-24', electrical: true });
    expect(body.files.map((file) => file.kind)).toEqual(['PHOTO', 'POLICE_REPORT', 'TECHNICIAN_REPORT']);
  });

  it('a file over the size limit is refused before anything is sent', async () => {
    const { context, calls } = routeContext({ user: testUser() });
    const form = new FormData();
    form.set('intent', 'claim');
    form.append('photos', new File([new Uint8Array(BUSINESS.protection.claimFileMaxBytes + 1)], 'big.png', { type: 'image/png' }));
    const answer = (await post('/dashboard/protection', form, context)) as unknown as { data: { error: string }; init: { status: number } };
    expect(answer.init.status).toBe(413);
    expect(answer.data.error).toBe('tooBig');
    expect(calls).toEqual([]);
  });

  it('paying an instalment goes to the gateway’s page as a document', async () => {
    const { context, calls } = routeContext({
      user: testUser(),
      api: { 'POST /services/protection/policies/p1/instalments/2/pay': { paymentUrl: 'http://localhost:3000/pay/sim/abc' } },
    });
    const form = new FormData();
    form.set('intent', 'pay');
    form.set('policyId', 'p1');
    form.set('number', '2');
    const response = (await post('/dashboard/protection', form, context)) as unknown as Response;
    expect(response.status).toBe(302);
    expect(response.headers.get('location')).toBe('http://localhost:3000/pay/sim/abc');
    expect(calls.map((call) => call.path)).toEqual(['/services/protection/policies/p1/instalments/2/pay']);
  });

  it.each([
    // [name, the API's answer, what the page gets back]
    ['moved', () => ({ id: 'p1' }), { ok: true, intent: 'transfer', policyId: 'p1' }],
    [
      'refused: the tenant was not screened',
      () => Response.json({ errorCode: 11490, message: 'The new tenant has not passed screening.' }, { status: 422 }),
      { ok: false, intent: 'transfer', policyId: 'p1', error: 'The new tenant has not passed screening.', fields: {} },
    ],
  ])('moving a policy to a replacement tenant’s tenancy: %s', async (_name, answer, expected) => {
    const { context, calls } = routeContext({ user: testUser(), api: { 'POST /services/protection/policies/p1/transfer': answer } });
    const form = new FormData();
    form.set('intent', 'transfer');
    form.set('policyId', 'p1');
    form.set('dealId', '00000000-0000-4000-8000-000000000009');
    const result = (await post('/dashboard/protection', form, context)) as unknown as { data?: unknown };
    expect(result.data ?? result).toEqual(expected);
    expect(calls).toEqual([
      { method: 'POST', path: '/services/protection/policies/p1/transfer', body: { dealId: '00000000-0000-4000-8000-000000000009' } },
    ]);
  });
});

describe('/dashboard/protection: moving a policy to a replacement tenant', () => {
  const policy = (changes: Partial<Policy>): Policy => ({
    id: '00000000-0000-4000-8000-000000000001',
    reference: 'KP-2026-ABCD1234',
    dealId: '00000000-0000-4000-8000-00000000000a',
    propertyName: 'Vista Residence',
    plan: 'PROTECT_PLUS',
    monthlyRentSen: 180_000,
    insuredRentSen: 180_000,
    premiumSen: 270_000,
    sstSen: 16_200,
    stampDutySen: 1000,
    totalSen: 287_200,
    status: 'ACTIVE',
    startDate: '2026-01-01',
    endDate: '2027-06-30',
    instalments: [],
    otrPaidSen: 0,
    coverLimit: '2027-11-30',
    transfers: [],
    createdAt: '2026-01-01T00:00:00.000Z',
    ...changes,
  });
  const page = async (overview: ProtectionOverview) => {
    const element = createElement(ProtectionPolicies, { loaderData: { overview } } as unknown as Parameters<typeof ProtectionPolicies>[0]);
    return renderPage(element, { lang: 'en', url: 'http://localhost:3000/dashboard/protection' });
  };
  const replacement = {
    dealId: '00000000-0000-4000-8000-00000000000b',
    propertyName: 'Vista Residence, unit 3',
    monthlyRent: 1500,
    room: false,
    moveInDate: '2026-12-01',
    buyBy: '2027-01-30',
    refusal: null,
  };

  it.each([
    // [name, policy, the landlord's other tenancies, offers the move?, lists a tenancy?]
    ['a policy in force, with a replacement tenancy', policy({}), [replacement], true, true],
    ['a policy in force, no other tenancy', policy({}), [], true, false],
    ['a policy in force, the other tenancy protected already', policy({}), [{ ...replacement, refusal: 'EXISTS' as const }], true, false],
    ['a policy waiting for payment', policy({ status: 'PENDING_PAYMENT' }), [replacement], false, false],
  ] as const)('%s', async (_name, shown, insurable, offered, listed) => {
    const html = await page({ today: '2026-12-05', policies: [shown], insurable: [...insurable], claims: [] });
    expect(html.includes('Move to a new tenant')).toBe(offered);
    expect(html.includes('value="00000000-0000-4000-8000-00000000000b"')).toBe(listed);
    if (offered) expect(html).toContain(`up to ${BUSINESS.protection.transferMaxMonths} months in all`);
  });

  it('lists the moves made, and says what an OCD claim needs', async () => {
    const moved = policy({
      transfers: [
        {
          fromDealId: '00000000-0000-4000-8000-00000000000c',
          toDealId: '00000000-0000-4000-8000-00000000000a',
          fromStart: '2026-01-01',
          fromEnd: '2026-06-30',
          toStart: '2026-07-01',
          toEnd: '2027-06-30',
          transferredAt: '2026-07-02T02:00:00.000Z',
        },
      ],
    });
    const html = await page({ today: '2026-12-05', policies: [moved], insurable: [], claims: [] });
    expect(html).toMatch(/Moved to a new tenant on [^:]+: the earlier tenancy was covered until [^,]+, the new one from /);
    expect(html).toContain(`unpaid for more than ${BUSINESS.protection.evictionAfterDays} days`);
  });
});
