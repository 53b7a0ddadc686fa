CREATE TABLE "referral_payout_details" (
	"user_id" uuid PRIMARY KEY NOT NULL,
	"bank" text NOT NULL,
	"holder_sealed" text NOT NULL,
	"account_sealed" text NOT NULL,
	"account_last4" text NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "referrals" ADD COLUMN "paid_by" uuid;--> statement-breakpoint
ALTER TABLE "referral_payout_details" ADD CONSTRAINT "referral_payout_details_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "referrals" ADD CONSTRAINT "referrals_paid_by_users_id_fk" FOREIGN KEY ("paid_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;