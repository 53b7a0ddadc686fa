DROP INDEX "properties_live_area_created";--> statement-breakpoint
DROP INDEX "properties_live_area_category_created";--> statement-breakpoint
DROP INDEX "properties_live_area_type_created";--> statement-breakpoint
DROP INDEX "properties_live_sale_area_created";--> statement-breakpoint
DROP INDEX "properties_live_sale_created";--> statement-breakpoint
ALTER TABLE "properties" ADD COLUMN "owner_silent" boolean DEFAULT false NOT NULL;--> statement-breakpoint
CREATE INDEX "properties_owner_silent" ON "properties" USING btree ("owner_id") WHERE owner_silent;--> statement-breakpoint
CREATE INDEX "properties_live_relevance" ON "properties" USING btree ("owner_silent","date_created" DESC NULLS FIRST,"id" DESC NULLS FIRST) WHERE status = 'ACTIVE' and active and review_status = 'APPROVED';--> statement-breakpoint
CREATE INDEX "properties_live_area_created" ON "properties" USING btree ("area_id","owner_silent","date_created" DESC NULLS FIRST,"id" DESC NULLS FIRST,"price","bedroom","type","expires_at") WHERE status = 'ACTIVE' and active and review_status = 'APPROVED';--> statement-breakpoint
CREATE INDEX "properties_live_area_category_created" ON "properties" USING btree ("area_id","category","owner_silent","date_created" DESC NULLS FIRST,"id" DESC NULLS FIRST) WHERE status = 'ACTIVE' and active and review_status = 'APPROVED';--> statement-breakpoint
CREATE INDEX "properties_live_area_type_created" ON "properties" USING btree ("area_id","type","owner_silent","date_created" DESC NULLS FIRST,"id" DESC NULLS FIRST,"price","bedroom","room_type","expires_at") WHERE status = 'ACTIVE' and active and review_status = 'APPROVED';--> statement-breakpoint
CREATE INDEX "properties_live_sale_area_created" ON "properties" USING btree ("area_id","owner_silent","date_created" DESC NULLS FIRST,"id" DESC NULLS FIRST) WHERE status = 'ACTIVE' and active and review_status = 'APPROVED' and type in ('HIGHRISE_SALE', 'LANDED_SALE');--> statement-breakpoint
CREATE INDEX "properties_live_sale_created" ON "properties" USING btree ("owner_silent","date_created" DESC NULLS FIRST,"id" DESC NULLS FIRST) WHERE status = 'ACTIVE' and active and review_status = 'APPROVED' and type in ('HIGHRISE_SALE', 'LANDED_SALE');