ALTER TABLE "market_price_justifications" ADD COLUMN "status" text DEFAULT 'PENDING' NOT NULL;--> statement-breakpoint
ALTER TABLE "market_price_justifications" ADD COLUMN "review_note" text;--> statement-breakpoint
ALTER TABLE "market_price_justifications" ADD COLUMN "reviewed_by" uuid;--> statement-breakpoint
ALTER TABLE "market_price_justifications" ADD COLUMN "reviewed_at" timestamp with time zone;--> statement-breakpoint
CREATE INDEX "market_price_justifications_pending" ON "market_price_justifications" USING btree ("created_at") WHERE status = 'PENDING';