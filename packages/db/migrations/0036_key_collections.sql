CREATE TABLE "key_collections" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"property_id" integer NOT NULL,
	"owner_id" uuid NOT NULL,
	"status" text DEFAULT 'LISTED' NOT NULL,
	"pickup_at" timestamp with time zone,
	"runner_name" text,
	"collected_at" timestamp with time zone,
	"return_at" timestamp with time zone,
	"returned_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "key_collections" ADD CONSTRAINT "key_collections_property_id_properties_id_fk" FOREIGN KEY ("property_id") REFERENCES "public"."properties"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "key_collections" ADD CONSTRAINT "key_collections_owner_id_users_id_fk" FOREIGN KEY ("owner_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "key_collections_one_open" ON "key_collections" USING btree ("property_id") WHERE "key_collections"."status" not in ('RETURNED', 'CANCELLED');--> statement-breakpoint
CREATE INDEX "key_collections_status" ON "key_collections" USING btree ("status","pickup_at");