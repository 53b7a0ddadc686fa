// The screening feature's public entry: what other features (the deal page) may use of it.
export { DealScreening } from './components/deal-screening.tsx';
