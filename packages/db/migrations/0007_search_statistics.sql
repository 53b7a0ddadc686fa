-- Category, listing type and room type depend on one another (a room listing has a room type, a condo is a
-- high-rise): planned as independent, "master rooms in Subang Jaya" was guessed at a quarter of its real size
-- and counted by a bitmap scan of the whole area. Joint statistics give the planner the real proportions.
CREATE STATISTICS IF NOT EXISTS "properties_kind_stats" (mcv, dependencies) ON "category", "type", "room_type" FROM "properties";
--> statement-breakpoint
ANALYZE "properties";
