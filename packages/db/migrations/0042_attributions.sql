CREATE TABLE "attributions" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "attributions_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"user_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"deal_id" uuid,
	"utm_source" text,
	"utm_medium" text,
	"utm_campaign" text,
	"rid" text,
	"gclid" text,
	"subid" text,
	"touched_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "attributions" ADD CONSTRAINT "attributions_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "attributions" ADD CONSTRAINT "attributions_deal_id_deals_id_fk" FOREIGN KEY ("deal_id") REFERENCES "public"."deals"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "attributions_touches" ON "attributions" USING btree ("user_id","touched_at" DESC NULLS LAST);--> statement-breakpoint
CREATE UNIQUE INDEX "attributions_once" ON "attributions" USING btree ("user_id","kind") WHERE kind <> 'TOUCH';