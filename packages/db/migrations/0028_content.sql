CREATE TABLE "contact_messages" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "contact_messages_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"name" text NOT NULL,
	"email" text NOT NULL,
	"phone_number" text,
	"topic" text NOT NULL,
	"message" text NOT NULL,
	"language" text NOT NULL,
	"user_id" uuid,
	"status" text DEFAULT 'NEW' NOT NULL,
	"handled_by" uuid,
	"handled_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "content_entries" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "content_entries_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"kind" text NOT NULL,
	"key" text,
	"audience" text,
	"area_slug" text,
	"cover_key" text,
	"starts_at" timestamp with time zone,
	"ends_at" timestamp with time zone,
	"venue" text,
	"status" text DEFAULT 'DRAFT' NOT NULL,
	"published_at" timestamp with time zone,
	"draft_saved_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "content_entries_key_unique" UNIQUE("key")
);
--> statement-breakpoint
CREATE TABLE "content_translations" (
	"entry_id" integer NOT NULL,
	"stage" text NOT NULL,
	"language" text NOT NULL,
	"slug" text NOT NULL,
	"title" text NOT NULL,
	"description" text NOT NULL,
	"body" text NOT NULL,
	CONSTRAINT "content_translations_entry_id_stage_language_pk" PRIMARY KEY("entry_id","stage","language")
);
--> statement-breakpoint
CREATE TABLE "home_project_leads" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "home_project_leads_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"project_id" integer NOT NULL,
	"name" text NOT NULL,
	"phone_number" text NOT NULL,
	"email" text,
	"message" text DEFAULT '' NOT NULL,
	"language" text NOT NULL,
	"user_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "home_projects" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "home_projects_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"key" text,
	"name" text NOT NULL,
	"developer" text NOT NULL,
	"area_slug" text NOT NULL,
	"property_kind" text NOT NULL,
	"tenure" text NOT NULL,
	"price_min_sen" integer NOT NULL,
	"price_max_sen" integer NOT NULL,
	"bedrooms_min" integer NOT NULL,
	"bedrooms_max" integer NOT NULL,
	"size_min_sqft" integer NOT NULL,
	"size_max_sqft" integer NOT NULL,
	"units" integer NOT NULL,
	"completion_year" integer NOT NULL,
	"summary" jsonb NOT NULL,
	"body" jsonb NOT NULL,
	"gallery_keys" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"brochure_key" text,
	"status" text DEFAULT 'PUBLISHED' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "home_projects_key_unique" UNIQUE("key")
);
--> statement-breakpoint
ALTER TABLE "contact_messages" ADD CONSTRAINT "contact_messages_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "contact_messages" ADD CONSTRAINT "contact_messages_handled_by_users_id_fk" FOREIGN KEY ("handled_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "content_entries" ADD CONSTRAINT "content_entries_updated_by_users_id_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "content_translations" ADD CONSTRAINT "content_translations_entry_id_content_entries_id_fk" FOREIGN KEY ("entry_id") REFERENCES "public"."content_entries"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "home_project_leads" ADD CONSTRAINT "home_project_leads_project_id_home_projects_id_fk" FOREIGN KEY ("project_id") REFERENCES "public"."home_projects"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "home_project_leads" ADD CONSTRAINT "home_project_leads_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "contact_messages_created" ON "contact_messages" USING btree ("status","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "content_entries_kind" ON "content_entries" USING btree ("kind","status","published_at" DESC NULLS LAST);--> statement-breakpoint
CREATE UNIQUE INDEX "content_translations_slug" ON "content_translations" USING btree ("stage","language","slug");--> statement-breakpoint
CREATE INDEX "home_project_leads_created" ON "home_project_leads" USING btree ("created_at" DESC NULLS LAST);