// The deal fixtures live in test/deal-fixtures.ts, where other features' tests may use them too.
export { dealFixtures, matrixDeal } from '../../../test/deal-fixtures.ts';
