import { landmarks } from '@kunci/db/schema';
import { everyone, type Row } from '../authorization-matrix.ts';

/** Authorization matrix rows for the growth area's routes (see ../authorization-matrix.ts for the personas and helpers). */
export const growthRows: Row[] = [
  // Price checker: open to anyone (spec section 6).
  {
    route: 'POST /api/properties/price-checker/name/autocomplete',
    request: () => ({ method: 'POST', url: '/api/properties/price-checker/name/autocomplete', payload: { keywords: 'Kiara' } }),
    expect: everyone(200),
  },
  {
    route: 'POST /api/properties/price-checker/check',
    setup: async (t) => ({ landmarkId: (await t.database.db.select({ id: landmarks.id }).from(landmarks).limit(1))[0]!.id }),
    request: (_c, f) => ({ method: 'POST', url: '/api/properties/price-checker/check', payload: { landmarkLabelId: f['landmarkId'], bedroom: 2 } }),
    expect: everyone(200),
  },
  {
    route: 'GET /api/properties/review-expenses/{id}',
    request: (c) => ({ url: `/api/properties/review-expenses/${c.listingId}` }),
    expect: everyone(200),
  },
];
