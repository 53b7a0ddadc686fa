ALTER TABLE "landmarks" ADD COLUMN "facilities" text[] DEFAULT '{}'::text[] NOT NULL;--> statement-breakpoint
ALTER TABLE "landmarks" ADD COLUMN "nearby" text[] DEFAULT '{}'::text[] NOT NULL;--> statement-breakpoint
ALTER TABLE "properties" ADD COLUMN "facilities" text[] DEFAULT '{}'::text[] NOT NULL;--> statement-breakpoint
ALTER TABLE "properties" ADD COLUMN "nearby" text[] DEFAULT '{}'::text[] NOT NULL;