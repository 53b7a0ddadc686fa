import { eq, getTableColumns, sql, type SQL } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';
import { Metadata, getCountries, getCountryCallingCode } from 'libphonenumber-js/max';
import { allPostcodes } from 'malaysia-postcodes';
import type { Database } from '../client.ts';
import { areas, cities, countries, meta, postcodes, propertyTypes, states } from '../schema.ts';
import { AREAS } from './areas.ts';
import { PROPERTY_TYPES } from './property-types.ts';

/** Bump when the reference data below changes; start-up reloads it once. */
const REFERENCE_VERSION = '1';

/** The package spells federal territories "Wp ..."; we show their official names. */
const STATE_NAMES: Record<string, string> = {
  'Wp Kuala Lumpur': 'Wilayah Persekutuan Kuala Lumpur',
  'Wp Labuan': 'Wilayah Persekutuan Labuan',
  'Wp Putrajaya': 'Wilayah Persekutuan Putrajaya',
};

/** An upsert's `set` that takes each of `keys` from the row being inserted (`excluded.<column>`). */
function fromInserted<T extends PgTable, K extends keyof T['_']['columns'] & string>(table: T, keys: K[]): Record<K, SQL> {
  const columns = getTableColumns(table);
  return Object.fromEntries(keys.map((key) => [key, sql.raw(`excluded.${columns[key]!.name}`)])) as Record<K, SQL>;
}

/** Loads areas, property types, the postcode directory and country codes, in one transaction, once per version. */
export async function loadReferenceData(db: Database): Promise<boolean> {
  const [current] = await db.select().from(meta).where(eq(meta.key, 'reference_version'));
  if (current?.value === REFERENCE_VERSION) return false;
  await db.transaction(async (tx) => {
    await tx
      .insert(areas)
      .values(AREAS.map((a) => ({ id: a.id, slug: a.slug, nameEn: a.en, nameMs: a.en, nameZh: a.zh, lat: a.lat, lng: a.lng })))
      .onConflictDoUpdate({
        target: areas.id,
        set: fromInserted(areas, ['slug', 'nameEn', 'nameMs', 'nameZh', 'lat', 'lng']),
      });
    await tx
      .insert(propertyTypes)
      .values(PROPERTY_TYPES.map((p) => ({ slug: p.slug, listingType: p.listingType, nameEn: p.en, nameMs: p.ms, nameZh: p.zh })))
      .onConflictDoUpdate({
        target: propertyTypes.slug,
        set: fromInserted(propertyTypes, ['listingType', 'nameEn', 'nameMs', 'nameZh']),
      });
    for (const state of allPostcodes) {
      const stateName = STATE_NAMES[state.name] ?? state.name;
      const [stateRow] = await tx
        .insert(states)
        .values({ name: stateName })
        .onConflictDoUpdate({ target: states.name, set: { name: stateName } })
        .returning({ id: states.id });
      for (const city of state.city) {
        const [cityRow] = await tx
          .insert(cities)
          .values({ stateId: stateRow!.id, name: city.name })
          .onConflictDoUpdate({ target: [cities.stateId, cities.name], set: { name: city.name } })
          .returning({ id: cities.id });
        const codes = [...new Set(city.postcode.map((code) => String(code).padStart(5, '0')))];
        if (codes.length)
          await tx
            .insert(postcodes)
            .values(codes.map((postcode) => ({ postcode, cityId: cityRow!.id })))
            .onConflictDoNothing();
      }
    }
    const metadata = new Metadata();
    const countryRows = getCountries().map((iso2) => {
      metadata.selectNumberingPlan(iso2);
      // The numbering plan's accessors are not in the library's public typings.
      const plan = metadata.numberingPlan as unknown as {
        IDDPrefix(): string | undefined;
        nationalPrefix(): string | undefined;
        possibleLengths(): number[];
      };
      return {
        iso2,
        callingCode: getCountryCallingCode(iso2),
        internationalPrefix: plan.IDDPrefix() ?? null,
        nationalPrefix: plan.nationalPrefix() ?? null,
        possibleLengths: plan.possibleLengths() ?? [],
      };
    });
    await tx
      .insert(countries)
      .values(countryRows)
      .onConflictDoUpdate({
        target: countries.iso2,
        set: fromInserted(countries, ['callingCode', 'internationalPrefix', 'nationalPrefix', 'possibleLengths']),
      });
    await tx
      .insert(meta)
      .values({ key: 'reference_version', value: REFERENCE_VERSION })
      .onConflictDoUpdate({ target: meta.key, set: { value: REFERENCE_VERSION } });
  });
  return true;
}
