CREATE TABLE "agreement_invitations" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"inviter_id" uuid NOT NULL,
	"inviter_role" text NOT NULL,
	"invitee_id" uuid NOT NULL,
	"status" text DEFAULT 'PENDING' NOT NULL,
	"language" text NOT NULL,
	"property_name" text NOT NULL,
	"address" text NOT NULL,
	"start_date" text NOT NULL,
	"tenancy_months" integer NOT NULL,
	"monthly_rent" integer NOT NULL,
	"occupants" integer NOT NULL,
	"utilities" text[] DEFAULT '{}'::text[] NOT NULL,
	"house_rules" text NOT NULL,
	"inviter_name" text NOT NULL,
	"inviter_id_type" text NOT NULL,
	"inviter_id_sealed" text NOT NULL,
	"inviter_id_last4" text NOT NULL,
	"deal_id" uuid,
	"expires_at" timestamp with time zone NOT NULL,
	"accepted_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "deals" ALTER COLUMN "property_id" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "deals" ADD COLUMN "property_name" text;--> statement-breakpoint
ALTER TABLE "agreement_invitations" ADD CONSTRAINT "agreement_invitations_inviter_id_users_id_fk" FOREIGN KEY ("inviter_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "agreement_invitations" ADD CONSTRAINT "agreement_invitations_invitee_id_users_id_fk" FOREIGN KEY ("invitee_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "agreement_invitations" ADD CONSTRAINT "agreement_invitations_deal_id_deals_id_fk" FOREIGN KEY ("deal_id") REFERENCES "public"."deals"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "agreement_invitations_invitee" ON "agreement_invitations" USING btree ("invitee_id","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "agreement_invitations_inviter" ON "agreement_invitations" USING btree ("inviter_id","created_at" DESC NULLS LAST);