CREATE TABLE "agreement_signing_codes" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "agreement_signing_codes_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"agreement_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"code_hash" text NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"used_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "tenancy_agreements" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"deal_id" uuid NOT NULL,
	"created_by" uuid NOT NULL,
	"language" text NOT NULL,
	"status" text DEFAULT 'SIGNING' NOT NULL,
	"property_name" text NOT NULL,
	"address" text NOT NULL,
	"start_date" text NOT NULL,
	"tenancy_months" integer NOT NULL,
	"monthly_rent" integer NOT NULL,
	"surcharge_sen" integer NOT NULL,
	"signing_fee_sen" integer NOT NULL,
	"sst_sen" integer NOT NULL,
	"occupants" integer NOT NULL,
	"utilities" text[] DEFAULT '{}'::text[] NOT NULL,
	"house_rules" text NOT NULL,
	"landlord_id" uuid NOT NULL,
	"landlord_name" text NOT NULL,
	"landlord_id_type" text NOT NULL,
	"landlord_id_sealed" text NOT NULL,
	"landlord_id_last4" text NOT NULL,
	"landlord_signed_at" timestamp with time zone,
	"tenant_id" uuid NOT NULL,
	"tenant_name" text NOT NULL,
	"tenant_id_type" text NOT NULL,
	"tenant_id_sealed" text NOT NULL,
	"tenant_id_last4" text NOT NULL,
	"tenant_signed_at" timestamp with time zone,
	"pdf_key" text,
	"pdf_sha256" text,
	"signed_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "agreement_signing_codes" ADD CONSTRAINT "agreement_signing_codes_agreement_id_tenancy_agreements_id_fk" FOREIGN KEY ("agreement_id") REFERENCES "public"."tenancy_agreements"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "agreement_signing_codes" ADD CONSTRAINT "agreement_signing_codes_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tenancy_agreements" ADD CONSTRAINT "tenancy_agreements_deal_id_deals_id_fk" FOREIGN KEY ("deal_id") REFERENCES "public"."deals"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tenancy_agreements" ADD CONSTRAINT "tenancy_agreements_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tenancy_agreements" ADD CONSTRAINT "tenancy_agreements_landlord_id_users_id_fk" FOREIGN KEY ("landlord_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tenancy_agreements" ADD CONSTRAINT "tenancy_agreements_tenant_id_users_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "agreement_signing_codes_agreement" ON "agreement_signing_codes" USING btree ("agreement_id","user_id","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE UNIQUE INDEX "tenancy_agreements_deal" ON "tenancy_agreements" USING btree ("deal_id");