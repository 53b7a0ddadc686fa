ALTER TABLE "deals" ADD COLUMN "postpone_to" date;--> statement-breakpoint
ALTER TABLE "deals" ADD COLUMN "postpone_status" text;--> statement-breakpoint
ALTER TABLE "deals" ADD COLUMN "stamped_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "deals" ADD COLUMN "stamping_cost_sen" integer;--> statement-breakpoint
ALTER TABLE "deals" ADD COLUMN "failed_payment_id" uuid;--> statement-breakpoint
ALTER TABLE "deals" ADD COLUMN "payment_failed_at" timestamp with time zone;