import type { PropertyInputDraft } from '@kunci/contracts/listing-management';

/** A condo in Bangsar that passes every rule. */
export function condoInput(overrides: Partial<PropertyInputDraft> = {}): PropertyInputDraft {
  return {
    type: 'HIGHRISE',
    category: 'condo',
    name: 'Bangsar Trade Residences',
    address: 'Jalan Maarof, Bangsar',
    postcode: '59100',
    latitude: 3.1306,
    longitude: 101.6714,
    price: 2400,
    sqft: 950,
    bedroom: 2,
    bathroom: 2,
    level: 12,
    carpark: 1,
    furnishType: 'PARTIAL',
    description: 'Bright two-bedroom condo near the LRT, with a pool and gym.',
    ...overrides,
  };
}
