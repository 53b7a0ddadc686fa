// The whole schema, for drizzle-kit and the typed client. Tables live one per file in ./schema/.
export * from './schema/areas.ts';
export * from './schema/auth.ts';
export * from './schema/countries.ts';
export * from './schema/favourites.ts';
export * from './schema/landlord-leads.ts';
export * from './schema/landmarks.ts';
export * from './schema/media.ts';
export * from './schema/meta.ts';
export * from './schema/outbox.ts';
export * from './schema/postcodes.ts';
export * from './schema/profile-extras.ts';
export * from './schema/properties.ts';
export * from './schema/property-actions.ts';
export * from './schema/property-images.ts';
export * from './schema/property-types.ts';
export * from './schema/stock-images.ts';
export * from './schema/users.ts';
