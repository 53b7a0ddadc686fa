CREATE TABLE "collection_invoices" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"tenancy_id" uuid NOT NULL,
	"number" smallint NOT NULL,
	"due_date" date NOT NULL,
	"issue_date" date NOT NULL,
	"amount_sen" bigint NOT NULL,
	"status" text DEFAULT 'ISSUED' NOT NULL,
	"payment_id" uuid,
	"paid_at" timestamp with time zone,
	"emailed_at" timestamp with time zone,
	"reminded_at" timestamp with time zone,
	"late_notice_at" timestamp with time zone,
	"missed_notice_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "collection_payouts" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"invoice_id" uuid NOT NULL,
	"landlord_id" uuid NOT NULL,
	"gross_sen" bigint NOT NULL,
	"fee_sen" bigint NOT NULL,
	"net_sen" bigint NOT NULL,
	"payout_date" date NOT NULL,
	"status" text DEFAULT 'SCHEDULED' NOT NULL,
	"paid_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "collection_tenancies" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"landlord_id" uuid NOT NULL,
	"tenant_id" uuid NOT NULL,
	"deal_id" uuid,
	"property_id" integer,
	"property_name" text NOT NULL,
	"monthly_rent_sen" bigint NOT NULL,
	"due_day" smallint NOT NULL,
	"start_date" date NOT NULL,
	"term_months" smallint NOT NULL,
	"first_due_date" date NOT NULL,
	"end_date" date NOT NULL,
	"status" text DEFAULT 'ACTIVE' NOT NULL,
	"next_issue_date" date,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "public_holidays" (
	"region" text NOT NULL,
	"day" date NOT NULL,
	"name" text NOT NULL,
	"updated_by" text DEFAULT 'seed' NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "public_holidays_region_day_pk" PRIMARY KEY("region","day")
);
--> statement-breakpoint
ALTER TABLE "collection_invoices" ADD CONSTRAINT "collection_invoices_tenancy_id_collection_tenancies_id_fk" FOREIGN KEY ("tenancy_id") REFERENCES "public"."collection_tenancies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "collection_invoices" ADD CONSTRAINT "collection_invoices_payment_id_payments_id_fk" FOREIGN KEY ("payment_id") REFERENCES "public"."payments"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "collection_payouts" ADD CONSTRAINT "collection_payouts_invoice_id_collection_invoices_id_fk" FOREIGN KEY ("invoice_id") REFERENCES "public"."collection_invoices"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "collection_payouts" ADD CONSTRAINT "collection_payouts_landlord_id_users_id_fk" FOREIGN KEY ("landlord_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "collection_tenancies" ADD CONSTRAINT "collection_tenancies_landlord_id_users_id_fk" FOREIGN KEY ("landlord_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "collection_tenancies" ADD CONSTRAINT "collection_tenancies_tenant_id_users_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "collection_tenancies" ADD CONSTRAINT "collection_tenancies_deal_id_deals_id_fk" FOREIGN KEY ("deal_id") REFERENCES "public"."deals"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "collection_tenancies" ADD CONSTRAINT "collection_tenancies_property_id_properties_id_fk" FOREIGN KEY ("property_id") REFERENCES "public"."properties"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "collection_invoices_once" ON "collection_invoices" USING btree ("tenancy_id","due_date");--> statement-breakpoint
CREATE INDEX "collection_invoices_unpaid" ON "collection_invoices" USING btree ("due_date") WHERE "collection_invoices"."status" = 'ISSUED';--> statement-breakpoint
CREATE INDEX "collection_invoices_unsent" ON "collection_invoices" USING btree ("issue_date") WHERE "collection_invoices"."emailed_at" is null;--> statement-breakpoint
CREATE UNIQUE INDEX "collection_payouts_invoice" ON "collection_payouts" USING btree ("invoice_id");--> statement-breakpoint
CREATE INDEX "collection_payouts_landlord" ON "collection_payouts" USING btree ("landlord_id","payout_date" DESC NULLS LAST);--> statement-breakpoint
CREATE UNIQUE INDEX "collection_tenancies_deal" ON "collection_tenancies" USING btree ("deal_id") WHERE "collection_tenancies"."deal_id" is not null and "collection_tenancies"."status" = 'ACTIVE';--> statement-breakpoint
CREATE INDEX "collection_tenancies_landlord" ON "collection_tenancies" USING btree ("landlord_id","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "collection_tenancies_tenant" ON "collection_tenancies" USING btree ("tenant_id");--> statement-breakpoint
CREATE INDEX "collection_tenancies_next_issue" ON "collection_tenancies" USING btree ("next_issue_date") WHERE "collection_tenancies"."status" = 'ACTIVE' and "collection_tenancies"."next_issue_date" is not null;--> statement-breakpoint
-- Selangor public holidays 2026-2027 as gazetted when seeded (a holiday on a Sunday is observed on the next working
-- day too). Lunar dates follow the official calendar and may move; staff correct them through the back office API.
INSERT INTO "public_holidays" ("region", "day", "name") VALUES
('Selangor', '2026-01-01', 'New Year''s Day'),
('Selangor', '2026-02-01', 'Thaipusam'),
('Selangor', '2026-02-02', 'Thaipusam (observed)'),
('Selangor', '2026-02-17', 'Chinese New Year'),
('Selangor', '2026-02-18', 'Chinese New Year (second day)'),
('Selangor', '2026-03-07', 'Nuzul Al-Quran'),
('Selangor', '2026-03-21', 'Hari Raya Aidilfitri'),
('Selangor', '2026-03-22', 'Hari Raya Aidilfitri (second day)'),
('Selangor', '2026-03-23', 'Hari Raya Aidilfitri (observed)'),
('Selangor', '2026-05-01', 'Labour Day'),
('Selangor', '2026-05-27', 'Hari Raya Haji'),
('Selangor', '2026-05-31', 'Wesak Day'),
('Selangor', '2026-06-01', 'Birthday of the Yang di-Pertuan Agong'),
('Selangor', '2026-06-02', 'Wesak Day (observed)'),
('Selangor', '2026-06-17', 'Awal Muharram'),
('Selangor', '2026-08-25', 'Maulidur Rasul'),
('Selangor', '2026-08-31', 'National Day'),
('Selangor', '2026-09-16', 'Malaysia Day'),
('Selangor', '2026-11-08', 'Deepavali'),
('Selangor', '2026-11-09', 'Deepavali (observed)'),
('Selangor', '2026-12-11', 'Birthday of the Sultan of Selangor'),
('Selangor', '2026-12-25', 'Christmas Day'),
('Selangor', '2027-01-01', 'New Year''s Day'),
('Selangor', '2027-01-22', 'Thaipusam'),
('Selangor', '2027-02-06', 'Chinese New Year'),
('Selangor', '2027-02-07', 'Chinese New Year (second day)'),
('Selangor', '2027-02-08', 'Chinese New Year (observed)'),
('Selangor', '2027-02-24', 'Nuzul Al-Quran'),
('Selangor', '2027-03-10', 'Hari Raya Aidilfitri'),
('Selangor', '2027-03-11', 'Hari Raya Aidilfitri (second day)'),
('Selangor', '2027-05-01', 'Labour Day'),
('Selangor', '2027-05-17', 'Hari Raya Haji'),
('Selangor', '2027-05-20', 'Wesak Day'),
('Selangor', '2027-06-06', 'Awal Muharram'),
('Selangor', '2027-06-07', 'Birthday of the Yang di-Pertuan Agong'),
('Selangor', '2027-06-08', 'Awal Muharram (observed)'),
('Selangor', '2027-08-15', 'Maulidur Rasul'),
('Selangor', '2027-08-16', 'Maulidur Rasul (observed)'),
('Selangor', '2027-08-31', 'National Day'),
('Selangor', '2027-09-16', 'Malaysia Day'),
('Selangor', '2027-10-29', 'Deepavali'),
('Selangor', '2027-12-11', 'Birthday of the Sultan of Selangor'),
('Selangor', '2027-12-25', 'Christmas Day');
