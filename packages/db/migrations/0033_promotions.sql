CREATE TABLE "promotion_listings" (
	"promotion_id" integer NOT NULL,
	"property_id" integer NOT NULL,
	CONSTRAINT "promotion_listings_promotion_id_property_id_pk" PRIMARY KEY("promotion_id","property_id")
);
--> statement-breakpoint
CREATE TABLE "promotions" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "promotions_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"kind" text NOT NULL,
	"partner_name" text,
	"title_en" text NOT NULL,
	"title_ms" text NOT NULL,
	"title_zh" text NOT NULL,
	"description_en" text DEFAULT '' NOT NULL,
	"description_ms" text DEFAULT '' NOT NULL,
	"description_zh" text DEFAULT '' NOT NULL,
	"link_url" text,
	"starts_at" timestamp with time zone NOT NULL,
	"ends_at" timestamp with time zone NOT NULL,
	"created_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"seed_key" text,
	CONSTRAINT "promotions_seed_key_unique" UNIQUE("seed_key")
);
--> statement-breakpoint
ALTER TABLE "promotion_listings" ADD CONSTRAINT "promotion_listings_promotion_id_promotions_id_fk" FOREIGN KEY ("promotion_id") REFERENCES "public"."promotions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "promotion_listings" ADD CONSTRAINT "promotion_listings_property_id_properties_id_fk" FOREIGN KEY ("property_id") REFERENCES "public"."properties"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "promotions" ADD CONSTRAINT "promotions_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "promotion_listings_property" ON "promotion_listings" USING btree ("property_id");--> statement-breakpoint
CREATE INDEX "promotions_running" ON "promotions" USING btree ("kind","ends_at","starts_at");