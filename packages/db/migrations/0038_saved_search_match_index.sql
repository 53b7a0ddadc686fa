-- Saved-search matching reads only this index: one range for the listing's area and one for searches of anywhere,
-- each an index-only scan whose rows carry every column the match looks at (no visit to the table per candidate).
DROP INDEX IF EXISTS "saved_searches_area";--> statement-breakpoint
CREATE INDEX "saved_searches_area" ON "saved_searches" USING btree ("area_id") INCLUDE ("id", "frequency", "types", "categories", "name_pattern", "lat", "lng", "radius_km", "min_price", "max_price", "bedrooms", "bathrooms", "parking", "furnish_types", "pet_friendly", "room_types", "zero_deposit") WHERE not paused;
