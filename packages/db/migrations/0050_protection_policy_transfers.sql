CREATE TABLE "protection_policy_transfers" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"policy_id" uuid NOT NULL,
	"from_deal_id" uuid NOT NULL,
	"to_deal_id" uuid NOT NULL,
	"from_tenant_id" uuid NOT NULL,
	"to_tenant_id" uuid NOT NULL,
	"from_start" date NOT NULL,
	"from_end" date NOT NULL,
	"to_start" date NOT NULL,
	"to_end" date NOT NULL,
	"transferred_by" uuid,
	"transferred_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "protection_policy_transfers" ADD CONSTRAINT "protection_policy_transfers_policy_id_protection_policies_id_fk" FOREIGN KEY ("policy_id") REFERENCES "public"."protection_policies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "protection_policy_transfers" ADD CONSTRAINT "protection_policy_transfers_from_deal_id_deals_id_fk" FOREIGN KEY ("from_deal_id") REFERENCES "public"."deals"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "protection_policy_transfers" ADD CONSTRAINT "protection_policy_transfers_to_deal_id_deals_id_fk" FOREIGN KEY ("to_deal_id") REFERENCES "public"."deals"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "protection_policy_transfers" ADD CONSTRAINT "protection_policy_transfers_from_tenant_id_users_id_fk" FOREIGN KEY ("from_tenant_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "protection_policy_transfers" ADD CONSTRAINT "protection_policy_transfers_to_tenant_id_users_id_fk" FOREIGN KEY ("to_tenant_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "protection_policy_transfers" ADD CONSTRAINT "protection_policy_transfers_transferred_by_users_id_fk" FOREIGN KEY ("transferred_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "protection_policy_transfers_policy" ON "protection_policy_transfers" USING btree ("policy_id","transferred_at");