-- Saved searches keep the results page's "Special offers" and "Instant view" filters (true, or null for not asked),
-- and the matching index carries them like every other column the match reads (0038), so it stays index-only.
ALTER TABLE "saved_searches" ADD COLUMN "special_offer" boolean;--> statement-breakpoint
ALTER TABLE "saved_searches" ADD COLUMN "instant_view" boolean;--> statement-breakpoint
DROP INDEX IF EXISTS "saved_searches_area";--> statement-breakpoint
CREATE INDEX "saved_searches_area" ON "saved_searches" USING btree ("area_id") INCLUDE ("id", "frequency", "types", "categories", "name_pattern", "lat", "lng", "radius_km", "min_price", "max_price", "bedrooms", "bathrooms", "parking", "furnish_types", "pet_friendly", "room_types", "zero_deposit", "special_offer", "instant_view") WHERE not paused;
