CREATE TABLE "media_uploads" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"owner_id" uuid NOT NULL,
	"property_id" integer,
	"kind" text NOT NULL,
	"extension" text NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"bytes" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "property_videos" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "property_videos_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"property_id" integer NOT NULL,
	"url" text NOT NULL,
	"media_key" text NOT NULL,
	"content_type" text NOT NULL,
	"type" text DEFAULT 'GENERAL' NOT NULL,
	"source_type" text DEFAULT 'AWS_S3' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
DROP INDEX "properties_owner";--> statement-breakpoint
ALTER TABLE "properties" ADD COLUMN "rejection_reason" text;--> statement-breakpoint
ALTER TABLE "properties" ADD COLUMN "submitted_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "properties" ADD COLUMN "reviewed_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "properties" ADD COLUMN "reviewed_by" uuid;--> statement-breakpoint
ALTER TABLE "properties" ADD COLUMN "draft_step" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "properties" ADD COLUMN "expiry_notice_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "media_uploads" ADD CONSTRAINT "media_uploads_owner_id_users_id_fk" FOREIGN KEY ("owner_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "media_uploads" ADD CONSTRAINT "media_uploads_property_id_properties_id_fk" FOREIGN KEY ("property_id") REFERENCES "public"."properties"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "property_videos" ADD CONSTRAINT "property_videos_property_id_properties_id_fk" FOREIGN KEY ("property_id") REFERENCES "public"."properties"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "media_uploads_cleanup" ON "media_uploads" USING btree ("created_at") WHERE status <> 'registered';--> statement-breakpoint
CREATE INDEX "property_videos_property" ON "property_videos" USING btree ("property_id");--> statement-breakpoint
ALTER TABLE "properties" ADD CONSTRAINT "properties_reviewed_by_users_id_fk" FOREIGN KEY ("reviewed_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "properties_review_queue" ON "properties" USING btree ("submitted_at") WHERE review_status = 'PENDING';--> statement-breakpoint
CREATE INDEX "properties_expiry" ON "properties" USING btree ("expires_at") WHERE status = 'ACTIVE';--> statement-breakpoint
CREATE INDEX "properties_owner" ON "properties" USING btree ("owner_id","date_created" DESC NULLS FIRST);