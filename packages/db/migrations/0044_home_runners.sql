CREATE TABLE "home_runners" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "home_runners_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"name" text NOT NULL,
	"phone" text NOT NULL,
	"active" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "key_collections" ADD COLUMN "runner_id" integer;--> statement-breakpoint
ALTER TABLE "key_collections" ADD CONSTRAINT "key_collections_runner_id_home_runners_id_fk" FOREIGN KEY ("runner_id") REFERENCES "public"."home_runners"("id") ON DELETE set null ON UPDATE no action;