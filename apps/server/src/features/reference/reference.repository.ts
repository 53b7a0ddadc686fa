import { asc, eq } from 'drizzle-orm';
import type { Database } from '@kunci/db/client';
import { areas, cities, countries, postcodes, propertyTypes, states } from '@kunci/db/schema';

export function createReferenceRepository(db: Database) {
  return {
    listAreas: () => db.select().from(areas).orderBy(asc(areas.id)),
    listPropertyTypes: () => db.select().from(propertyTypes),
    listCountries: () => db.select().from(countries).orderBy(asc(countries.iso2)),
    findPostcode: async (code: string) => {
      const [row] = await db
        .select({ postcode: postcodes.postcode, city: cities.name, state: states.name })
        .from(postcodes)
        .innerJoin(cities, eq(cities.id, postcodes.cityId))
        .innerJoin(states, eq(states.id, cities.stateId))
        .where(eq(postcodes.postcode, code))
        .orderBy(asc(cities.name))
        .limit(1);
      return row;
    },
  };
}
export type ReferenceRepository = ReturnType<typeof createReferenceRepository>;
