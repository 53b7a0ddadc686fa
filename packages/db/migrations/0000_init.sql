CREATE EXTENSION IF NOT EXISTS pg_trgm;--> statement-breakpoint
CREATE TABLE "areas" (
	"id" integer PRIMARY KEY NOT NULL,
	"slug" text NOT NULL,
	"name_en" text NOT NULL,
	"name_ms" text NOT NULL,
	"name_zh" text NOT NULL,
	"lat" double precision NOT NULL,
	"lng" double precision NOT NULL,
	CONSTRAINT "areas_slug_unique" UNIQUE("slug")
);
--> statement-breakpoint
CREATE TABLE "countries" (
	"iso2" text PRIMARY KEY NOT NULL,
	"calling_code" text NOT NULL,
	"international_prefix" text,
	"national_prefix" text,
	"possible_lengths" integer[] NOT NULL
);
--> statement-breakpoint
CREATE TABLE "landmarks" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "landmarks_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"area_id" integer NOT NULL,
	"name" text NOT NULL,
	"address" text NOT NULL,
	"postcode" text NOT NULL,
	"listing_type" text NOT NULL,
	"lat" double precision NOT NULL,
	"lng" double precision NOT NULL,
	"verified" boolean DEFAULT false NOT NULL,
	"seed_key" text,
	CONSTRAINT "landmarks_seed_key_unique" UNIQUE("seed_key")
);
--> statement-breakpoint
CREATE TABLE "meta" (
	"key" text PRIMARY KEY NOT NULL,
	"value" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "cities" (
	"id" serial PRIMARY KEY NOT NULL,
	"state_id" integer NOT NULL,
	"name" text NOT NULL,
	CONSTRAINT "cities_state_name" UNIQUE("state_id","name")
);
--> statement-breakpoint
CREATE TABLE "postcodes" (
	"postcode" text NOT NULL,
	"city_id" integer NOT NULL,
	CONSTRAINT "postcodes_postcode_city_id_pk" PRIMARY KEY("postcode","city_id")
);
--> statement-breakpoint
CREATE TABLE "states" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	CONSTRAINT "states_name_unique" UNIQUE("name")
);
--> statement-breakpoint
CREATE TABLE "properties" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "properties_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"owner_id" uuid NOT NULL,
	"area_id" integer NOT NULL,
	"landmark_id" integer,
	"type" text DEFAULT 'HIGHRISE' NOT NULL,
	"category" text NOT NULL,
	"name" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"address" text NOT NULL,
	"postcode" text NOT NULL,
	"unit_number" text,
	"lat" double precision NOT NULL,
	"lng" double precision NOT NULL,
	"price" integer NOT NULL,
	"negotiable" boolean DEFAULT false NOT NULL,
	"carpark" integer DEFAULT 0 NOT NULL,
	"furnish_type" text DEFAULT 'NONE' NOT NULL,
	"fully_furnishable" boolean DEFAULT false NOT NULL,
	"bedroom" integer,
	"bathroom" integer,
	"sqft" integer,
	"level" integer,
	"storeys" integer,
	"bathroom_type" text,
	"room_type" text,
	"roommate" integer,
	"lease_type" text,
	"sale_type" text,
	"pet_friendly" boolean DEFAULT true NOT NULL,
	"availability" timestamp with time zone,
	"viewing_available_date" timestamp with time zone,
	"zero_deposit_eligible" boolean DEFAULT false NOT NULL,
	"status" text DEFAULT 'ACTIVE' NOT NULL,
	"active" boolean DEFAULT false NOT NULL,
	"review_status" text DEFAULT 'DRAFT' NOT NULL,
	"views" integer DEFAULT 0 NOT NULL,
	"date_created" timestamp with time zone DEFAULT now() NOT NULL,
	"date_updated" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"seed_key" text,
	CONSTRAINT "properties_seed_key_unique" UNIQUE("seed_key")
);
--> statement-breakpoint
CREATE TABLE "property_images" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "property_images_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"property_id" integer NOT NULL,
	"media_key" text NOT NULL,
	"position" integer DEFAULT 0 NOT NULL,
	"is_cover" boolean DEFAULT false NOT NULL,
	"width" integer NOT NULL,
	"height" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "property_types" (
	"slug" text PRIMARY KEY NOT NULL,
	"listing_type" text NOT NULL,
	"name_en" text NOT NULL,
	"name_ms" text NOT NULL,
	"name_zh" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "users" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"phone_number" text NOT NULL,
	"name" text DEFAULT 'guest' NOT NULL,
	"email" text,
	"language" text DEFAULT 'EN' NOT NULL,
	"user_type" integer DEFAULT 3 NOT NULL,
	"role" text DEFAULT 'user' NOT NULL,
	"status" text DEFAULT 'active' NOT NULL,
	"password_hash" text,
	"last_activity_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "users_phone_number_unique" UNIQUE("phone_number")
);
--> statement-breakpoint
ALTER TABLE "landmarks" ADD CONSTRAINT "landmarks_area_id_areas_id_fk" FOREIGN KEY ("area_id") REFERENCES "public"."areas"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cities" ADD CONSTRAINT "cities_state_id_states_id_fk" FOREIGN KEY ("state_id") REFERENCES "public"."states"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "postcodes" ADD CONSTRAINT "postcodes_city_id_cities_id_fk" FOREIGN KEY ("city_id") REFERENCES "public"."cities"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "properties" ADD CONSTRAINT "properties_owner_id_users_id_fk" FOREIGN KEY ("owner_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "properties" ADD CONSTRAINT "properties_area_id_areas_id_fk" FOREIGN KEY ("area_id") REFERENCES "public"."areas"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "properties" ADD CONSTRAINT "properties_landmark_id_landmarks_id_fk" FOREIGN KEY ("landmark_id") REFERENCES "public"."landmarks"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "properties" ADD CONSTRAINT "properties_category_property_types_slug_fk" FOREIGN KEY ("category") REFERENCES "public"."property_types"("slug") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "property_images" ADD CONSTRAINT "property_images_property_id_properties_id_fk" FOREIGN KEY ("property_id") REFERENCES "public"."properties"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "landmarks_area" ON "landmarks" USING btree ("area_id");--> statement-breakpoint
CREATE INDEX "postcodes_city" ON "postcodes" USING btree ("city_id");--> statement-breakpoint
CREATE INDEX "properties_owner" ON "properties" USING btree ("owner_id");--> statement-breakpoint
CREATE INDEX "properties_live_area_created" ON "properties" USING btree ("area_id","date_created" DESC NULLS LAST) WHERE status = 'ACTIVE' and active and review_status = 'APPROVED';--> statement-breakpoint
CREATE INDEX "properties_live_created" ON "properties" USING btree ("date_created" DESC NULLS LAST) WHERE status = 'ACTIVE' and active and review_status = 'APPROVED';--> statement-breakpoint
CREATE INDEX "properties_live_price" ON "properties" USING btree ("price") WHERE status = 'ACTIVE' and active and review_status = 'APPROVED';--> statement-breakpoint
CREATE INDEX "properties_lat_lng" ON "properties" USING btree ("lat","lng");--> statement-breakpoint
CREATE INDEX "properties_landmark" ON "properties" USING btree ("landmark_id");--> statement-breakpoint
CREATE INDEX "properties_name_trgm" ON "properties" USING gin ("name" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "property_images_property" ON "property_images" USING btree ("property_id","position");