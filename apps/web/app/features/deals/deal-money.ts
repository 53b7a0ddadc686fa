import { bookingFeeOutcome, PAID_STATES, type Deal, type DealActor, type DealState, type FeeOutcome } from '@kunci/contracts/deals';

export type FeeStatus = 'NONE' | 'DUE' | 'PAID' | 'REFUNDED' | 'FORFEITED' | 'CREDITED';

/** Where the booking fee stands, from the deal's state and whether it was paid (the ledger's story, as the parties see it). */
export function feeStatus(deal: Pick<Deal, 'state' | 'paidAt'>): FeeStatus {
  if (!deal.paidAt) return deal.state === 'ACCEPTED' ? 'DUE' : 'NONE';
  if ((PAID_STATES as readonly DealState[]).includes(deal.state)) return 'PAID';
  if (deal.state === 'FORFEITED') return 'FORFEITED';
  if (deal.state === 'ACTIVE') return 'CREDITED';
  return 'REFUNDED';
}

/** What cancelling now would do to the fee, by the contracts' one rule (never re-implemented here). */
export function cancelOutcome(deal: Pick<Deal, 'state' | 'paidAt' | 'viewerRole'>, now = new Date()): FeeOutcome {
  const actor: DealActor = deal.viewerRole === 'LANDLORD' ? 'LANDLORD' : deal.viewerRole === 'STAFF' ? 'STAFF' : 'TENANT';
  return bookingFeeOutcome({ command: 'CANCEL', actor, from: deal.state, paidAt: deal.paidAt ? new Date(deal.paidAt) : null, now }).fee;
}
