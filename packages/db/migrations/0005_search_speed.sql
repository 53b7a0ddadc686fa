DROP INDEX "properties_live_area_created";--> statement-breakpoint
DROP INDEX "properties_live_created";--> statement-breakpoint
DROP INDEX "properties_live_price";--> statement-breakpoint
ALTER TABLE "properties" ADD COLUMN "geo" "point" GENERATED ALWAYS AS (point(lng, lat)) STORED;--> statement-breakpoint
CREATE INDEX "properties_live_area_price" ON "properties" USING btree ("area_id","price","id" DESC NULLS FIRST) WHERE status = 'ACTIVE' and active and review_status = 'APPROVED';--> statement-breakpoint
CREATE INDEX "properties_live_geo" ON "properties" USING gist ("geo") WHERE status = 'ACTIVE' and active and review_status = 'APPROVED';--> statement-breakpoint
CREATE INDEX "properties_live_area_created" ON "properties" USING btree ("area_id","date_created" DESC NULLS FIRST,"id" DESC NULLS FIRST) WHERE status = 'ACTIVE' and active and review_status = 'APPROVED';--> statement-breakpoint
CREATE INDEX "properties_live_created" ON "properties" USING btree ("date_created" DESC NULLS FIRST,"id" DESC NULLS FIRST) WHERE status = 'ACTIVE' and active and review_status = 'APPROVED';--> statement-breakpoint
CREATE INDEX "properties_live_price" ON "properties" USING btree ("price","id" DESC NULLS FIRST) WHERE status = 'ACTIVE' and active and review_status = 'APPROVED';