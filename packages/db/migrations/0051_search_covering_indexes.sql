DROP INDEX "properties_live_area_created";--> statement-breakpoint
DROP INDEX "properties_live_area_category_created";--> statement-breakpoint
DROP INDEX "properties_live_created";--> statement-breakpoint
DROP INDEX "properties_live_relevance";--> statement-breakpoint
DROP INDEX "properties_live_sale_area_created";--> statement-breakpoint
DROP INDEX "properties_live_sale_created";--> statement-breakpoint
DROP INDEX "properties_live_price";--> statement-breakpoint
DROP INDEX "properties_live_area_price";--> statement-breakpoint
CREATE INDEX "properties_live_area_created" ON "properties" USING btree ("area_id","owner_silent","date_created" DESC NULLS FIRST,"id" DESC NULLS FIRST,"price","bedroom","type","expires_at","zero_deposit_eligible") WHERE status = 'ACTIVE' and active and review_status = 'APPROVED';--> statement-breakpoint
CREATE INDEX "properties_live_area_category_created" ON "properties" USING btree ("area_id","category","owner_silent","date_created" DESC NULLS FIRST,"id" DESC NULLS FIRST,"price","bedroom","type","room_type","expires_at") WHERE status = 'ACTIVE' and active and review_status = 'APPROVED';--> statement-breakpoint
CREATE INDEX "properties_live_created" ON "properties" USING btree ("date_created" DESC NULLS FIRST,"id" DESC NULLS FIRST,"price","bedroom","type","expires_at") WHERE status = 'ACTIVE' and active and review_status = 'APPROVED';--> statement-breakpoint
CREATE INDEX "properties_live_relevance" ON "properties" USING btree ("owner_silent","date_created" DESC NULLS FIRST,"id" DESC NULLS FIRST,"price","bedroom","type","expires_at") WHERE status = 'ACTIVE' and active and review_status = 'APPROVED';--> statement-breakpoint
CREATE INDEX "properties_live_sale_area_created" ON "properties" USING btree ("area_id","owner_silent","date_created" DESC NULLS FIRST,"id" DESC NULLS FIRST,"price","bedroom","expires_at") WHERE status = 'ACTIVE' and active and review_status = 'APPROVED' and type in ('HIGHRISE_SALE', 'LANDED_SALE');--> statement-breakpoint
CREATE INDEX "properties_live_sale_created" ON "properties" USING btree ("owner_silent","date_created" DESC NULLS FIRST,"id" DESC NULLS FIRST,"price","bedroom","expires_at") WHERE status = 'ACTIVE' and active and review_status = 'APPROVED' and type in ('HIGHRISE_SALE', 'LANDED_SALE');--> statement-breakpoint
CREATE INDEX "properties_live_price" ON "properties" USING btree ("price","id" DESC NULLS FIRST,"bedroom","type","expires_at") WHERE status = 'ACTIVE' and active and review_status = 'APPROVED';--> statement-breakpoint
CREATE INDEX "properties_live_area_price" ON "properties" USING btree ("area_id","price","id" DESC NULLS FIRST,"bedroom","type","expires_at") WHERE status = 'ACTIVE' and active and review_status = 'APPROVED';--> statement-breakpoint
-- Not stated by the schema builder (no INCLUDE there): the capped count around a building walks this index alone.
DROP INDEX "properties_live_geo";--> statement-breakpoint
CREATE INDEX "properties_live_geo" ON "properties" USING gist ("geo") INCLUDE ("lat","lng","type","expires_at") WHERE status = 'ACTIVE' and active and review_status = 'APPROVED';
