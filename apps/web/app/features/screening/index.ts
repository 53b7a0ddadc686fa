// The screening feature's public entry: what other features (the deal page, a listing's page) may use of it.
export { DealScreening } from './components/deal-screening.tsx';
export { MarketPriceNote } from './components/market-price-note.tsx';
