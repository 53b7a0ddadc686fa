import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEAL_COMMANDS, DEAL_STATES, HOLDING_STATES, PAID_STATES, type DealCommand, type DealState } from '@kunci/contracts/deals';
import { createTestApp, type TestApp } from '../../../test/support.ts';
import { dealFixtures } from './test-helpers.ts';

/**
 * The state machine under random command sequences, through the HTTP layer: whatever people (and time) do, a deal
 * is only ever in a state of the table, every recorded transition is one the table allows, the deal's ledger
 * rows sum to zero and its escrow holds the fee exactly while the fee is paid and the deal not over.
 */
let t: TestApp;
const f = dealFixtures(() => t);

beforeAll(async () => {
  t = await createTestApp({ env: { AUTH_SECRET: 'p'.repeat(40), RATE_LIMIT_MAX: '100000' } });
});
afterAll(() => t.close());

type Step =
  | { kind: 'command'; who: 'tenant' | 'landlord' | 'staff'; command: string; reason?: string }
  | { kind: 'pay' }
  | { kind: 'documents' }
  | { kind: 'verdict'; decision: 'APPROVED' | 'REJECTED' }
  | { kind: 'hours'; hours: number }
  | { kind: 'deadline' }
  | { kind: 'postpone' }
  | { kind: 'agreement' };

const step: fc.Arbitrary<Step> = fc.oneof(
  fc.record({
    kind: fc.constant('command' as const),
    who: fc.constantFrom('tenant' as const, 'landlord' as const, 'staff' as const),
    command: fc.constantFrom(
      'ACCEPT',
      'DECLINE',
      'CANCEL',
      'VOID',
      'SUBMIT_DOCUMENTS',
      'CONSENT_POSTPONE',
      'REFUSE_POSTPONE',
      'WITHDRAW_POSTPONE',
      'POSTPONE_ANYWAY',
      'STAMP',
    ),
  }),
  fc.constant({ kind: 'postpone' as const }),
  fc.constant({ kind: 'agreement' as const }),
  fc.constant({ kind: 'pay' as const }),
  fc.constant({ kind: 'documents' as const }),
  fc.record({ kind: fc.constant('verdict' as const), decision: fc.constantFrom('APPROVED' as const, 'REJECTED' as const) }),
  fc.record({ kind: fc.constant('hours' as const), hours: fc.constantFrom(1, 25) }),
  fc.constant({ kind: 'deadline' as const }),
);

describe('deal state machine (property)', () => {
  it('random command sequences never reach an invalid state and the ledger always balances', async () => {
    const staff = await f.person('Staff', { role: 'operations' });
    await fc.assert(
      fc.asyncProperty(fc.array(step, { minLength: 1, maxLength: 7 }), async (steps) => {
        const landlord = await f.person('Landlord');
        const tenant = await f.person('Tenant');
        const people = { tenant, landlord, staff };
        const propertyId = await f.condo(landlord.id);
        const dealId = ((await f.apply(tenant, propertyId)).json() as { id: string }).id;
        for (const action of steps) {
          let status = 200;
          if (action.kind === 'command') status = (await f.command(people[action.who], dealId, { command: action.command })).statusCode;
          if (action.kind === 'pay') status = (await f.pay(tenant, dealId)).statusCode;
          if (action.kind === 'documents') {
            const added = await t.app.inject({
              method: 'POST',
              url: `/api/deals/${dealId}/documents`,
              payload: { kind: 'PAYSLIP' },
              headers: tenant.headers,
            });
            status = added.statusCode;
            if (status === 201) {
              const id = (added.json() as { id: string }).id;
              await t.app.inject({
                method: 'POST',
                url: `/api/documents/${id}/upload`,
                payload: Buffer.from('%PDF-1.4\n'),
                headers: { ...tenant.headers, 'content-type': 'application/pdf' },
              });
            }
          }
          if (action.kind === 'verdict') {
            status = (
              await t.app.inject({
                method: 'POST',
                url: `/api/deals/${dealId}/documents/verify`,
                payload: { decision: action.decision },
                headers: staff.headers,
              })
            ).statusCode;
          }
          if (action.kind === 'hours') await f.age(dealId, action.hours);
          if (action.kind === 'deadline') await f.deadlinePasses(dealId);
          if (action.kind === 'agreement') status = await f.signAgreement(dealId, landlord, tenant);
          if (action.kind === 'postpone') {
            const { moveInDate } = await f.dealRow(dealId);
            const later = new Date(Date.parse(`${moveInDate}T00:00:00Z`) + 7 * 86_400_000).toISOString().slice(0, 10);
            status = (await f.command(tenant, dealId, { command: 'REQUEST_POSTPONE', moveInDate: later })).statusCode;
          }
          // A refused command is a clean 4xx, never a 5xx.
          expect(status).toBeLessThan(500);
          await f.drain();

          const deal = await f.dealRow(dealId);
          expect(DEAL_STATES).toContain(deal.state);
          const { events } = (await t.app.inject({ url: `/api/deals/${dealId}`, headers: tenant.headers })).json() as {
            events: { command: string; from: DealState | null; to: DealState }[];
          };
          for (const event of events.slice(1)) {
            const rule = DEAL_COMMANDS[event.command as DealCommand];
            expect(rule.from as readonly string[]).toContain(event.from);
            // A late cancellation by the tenant forfeits instead of cancelling; a command that keeps the state keeps
            // it; otherwise the table's target.
            const target = rule.to === 'SAME' ? event.from : rule.to;
            expect([target, ...(event.command === 'CANCEL' ? ['FORFEITED'] : [])]).toContain(event.to);
          }
          const lines = await f.ledger(dealId);
          expect(lines.reduce((total, line) => total + line.amountSen, 0)).toBe(0);
          const escrow = lines.filter((line) => line.account === `deal:${dealId}:escrow`).reduce((total, line) => total + line.amountSen, 0);
          // The escrow holds the fee while paid and the deal open (the property never pays the move-in amount).
          const holds = deal.paidAt !== null && (PAID_STATES as readonly string[]).includes(deal.state);
          expect(escrow).toBe(holds ? deal.bookingFeeSen : 0);
          if ((HOLDING_STATES as readonly string[]).includes(deal.state)) expect(deal.paidAt).not.toBeNull();
        }
      }),
      { numRuns: 15 },
    );
  }, 300_000);
});
