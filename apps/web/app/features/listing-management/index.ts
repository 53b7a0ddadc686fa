// The listing-management feature's public entry: what the shell and other features may use of it.
export { ReviewDecisionForm, decideReview, type ReviewOutcome } from './components/review-decision.tsx';
