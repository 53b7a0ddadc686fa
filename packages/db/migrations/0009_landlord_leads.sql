CREATE TABLE "landlord_leads" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "landlord_leads_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"name" text NOT NULL,
	"phone_number" text NOT NULL,
	"area_id" integer NOT NULL,
	"type" text NOT NULL,
	"note" text DEFAULT '' NOT NULL,
	"language" text NOT NULL,
	"user_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "landlord_leads" ADD CONSTRAINT "landlord_leads_area_id_areas_id_fk" FOREIGN KEY ("area_id") REFERENCES "public"."areas"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "landlord_leads" ADD CONSTRAINT "landlord_leads_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "landlord_leads_created" ON "landlord_leads" USING btree ("created_at" DESC NULLS LAST);