CREATE TABLE "protection_claim_files" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"claim_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"storage_key" text NOT NULL,
	"content_type" text NOT NULL,
	"bytes" integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE "protection_claims" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"policy_id" uuid NOT NULL,
	"landlord_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"incident_date" date NOT NULL,
	"description" text NOT NULL,
	"amount_sen" bigint NOT NULL,
	"status" text DEFAULT 'SUBMITTED' NOT NULL,
	"approved_sen" bigint,
	"decision_note" text,
	"decided_by" uuid,
	"decided_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "protection_instalments" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"policy_id" uuid NOT NULL,
	"number" smallint NOT NULL,
	"amount_sen" bigint NOT NULL,
	"premium_sen" bigint NOT NULL,
	"stamp_duty_sen" bigint NOT NULL,
	"due_date" date NOT NULL,
	"status" text DEFAULT 'DUE' NOT NULL,
	"payment_id" uuid,
	"paid_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "protection_otr_decisions" (
	"invoice_id" uuid PRIMARY KEY NOT NULL,
	"policy_id" uuid NOT NULL,
	"paid" boolean NOT NULL,
	"reason" text,
	"amount_sen" bigint NOT NULL,
	"decided_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "protection_policies" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"deal_id" uuid NOT NULL,
	"landlord_id" uuid NOT NULL,
	"tenant_id" uuid NOT NULL,
	"property_name" text NOT NULL,
	"plan" text NOT NULL,
	"monthly_rent_sen" bigint NOT NULL,
	"insured_rent_sen" bigint NOT NULL,
	"premium_sen" bigint NOT NULL,
	"sst_sen" bigint NOT NULL,
	"stamp_duty_sen" bigint NOT NULL,
	"total_sen" bigint NOT NULL,
	"status" text DEFAULT 'PENDING_PAYMENT' NOT NULL,
	"start_date" date NOT NULL,
	"end_date" date NOT NULL,
	"activated_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "protection_claim_files" ADD CONSTRAINT "protection_claim_files_claim_id_protection_claims_id_fk" FOREIGN KEY ("claim_id") REFERENCES "public"."protection_claims"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "protection_claims" ADD CONSTRAINT "protection_claims_policy_id_protection_policies_id_fk" FOREIGN KEY ("policy_id") REFERENCES "public"."protection_policies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "protection_claims" ADD CONSTRAINT "protection_claims_landlord_id_users_id_fk" FOREIGN KEY ("landlord_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "protection_claims" ADD CONSTRAINT "protection_claims_decided_by_users_id_fk" FOREIGN KEY ("decided_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "protection_instalments" ADD CONSTRAINT "protection_instalments_policy_id_protection_policies_id_fk" FOREIGN KEY ("policy_id") REFERENCES "public"."protection_policies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "protection_instalments" ADD CONSTRAINT "protection_instalments_payment_id_payments_id_fk" FOREIGN KEY ("payment_id") REFERENCES "public"."payments"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "protection_otr_decisions" ADD CONSTRAINT "protection_otr_decisions_invoice_id_collection_invoices_id_fk" FOREIGN KEY ("invoice_id") REFERENCES "public"."collection_invoices"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "protection_otr_decisions" ADD CONSTRAINT "protection_otr_decisions_policy_id_protection_policies_id_fk" FOREIGN KEY ("policy_id") REFERENCES "public"."protection_policies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "protection_policies" ADD CONSTRAINT "protection_policies_deal_id_deals_id_fk" FOREIGN KEY ("deal_id") REFERENCES "public"."deals"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "protection_policies" ADD CONSTRAINT "protection_policies_landlord_id_users_id_fk" FOREIGN KEY ("landlord_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "protection_policies" ADD CONSTRAINT "protection_policies_tenant_id_users_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "protection_claim_files_claim" ON "protection_claim_files" USING btree ("claim_id");--> statement-breakpoint
CREATE INDEX "protection_claims_policy" ON "protection_claims" USING btree ("policy_id","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "protection_claims_status" ON "protection_claims" USING btree ("status","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "protection_instalments_once" ON "protection_instalments" USING btree ("policy_id","number");--> statement-breakpoint
CREATE UNIQUE INDEX "protection_policies_deal" ON "protection_policies" USING btree ("deal_id") WHERE "protection_policies"."status" <> 'CANCELLED';--> statement-breakpoint
CREATE INDEX "protection_policies_landlord" ON "protection_policies" USING btree ("landlord_id","created_at" DESC NULLS LAST);