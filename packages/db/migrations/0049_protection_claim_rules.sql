CREATE TABLE "protection_ocd_payments" (
	"claim_id" uuid NOT NULL,
	"month" smallint NOT NULL,
	"policy_id" uuid NOT NULL,
	"landlord_id" uuid NOT NULL,
	"month_start" date NOT NULL,
	"amount_sen" bigint NOT NULL,
	"paid_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "protection_ocd_payments_claim_id_month_pk" PRIMARY KEY("claim_id","month")
);
--> statement-breakpoint
ALTER TABLE "protection_claims" ADD COLUMN "move_out_date" date;--> statement-breakpoint
ALTER TABLE "protection_claims" ADD COLUMN "electrical" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "protection_claims" ADD COLUMN "deduction_percent" smallint;--> statement-breakpoint
ALTER TABLE "protection_claims" ADD COLUMN "overstay_ended_on" date;--> statement-breakpoint
ALTER TABLE "protection_ocd_payments" ADD CONSTRAINT "protection_ocd_payments_claim_id_protection_claims_id_fk" FOREIGN KEY ("claim_id") REFERENCES "public"."protection_claims"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "protection_ocd_payments" ADD CONSTRAINT "protection_ocd_payments_policy_id_protection_policies_id_fk" FOREIGN KEY ("policy_id") REFERENCES "public"."protection_policies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "protection_ocd_payments" ADD CONSTRAINT "protection_ocd_payments_landlord_id_users_id_fk" FOREIGN KEY ("landlord_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "protection_ocd_payments_policy" ON "protection_ocd_payments" USING btree ("policy_id");