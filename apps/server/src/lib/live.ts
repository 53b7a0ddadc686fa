// The live predicate is a query part: it lives with the listing card's columns in listing-card.repository.ts.
// This path is kept for code written against it; new code imports it from there.
export { isLive } from './listing-card.repository.ts';
