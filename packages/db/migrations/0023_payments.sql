CREATE TABLE "payment_events" (
	"gateway" text NOT NULL,
	"event_id" text NOT NULL,
	"type" text NOT NULL,
	"payment_id" uuid,
	"received_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "payment_events_gateway_event_id_pk" PRIMARY KEY("gateway","event_id")
);
--> statement-breakpoint
CREATE TABLE "payment_refunds" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"payment_id" uuid NOT NULL,
	"amount_sen" bigint NOT NULL,
	"reason" text NOT NULL,
	"requested_by" text NOT NULL,
	"status" text DEFAULT 'PENDING' NOT NULL,
	"gateway_ref" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"settled_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "payments" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"purpose" text NOT NULL,
	"reference_id" text NOT NULL,
	"payer_id" uuid NOT NULL,
	"amount_sen" bigint NOT NULL,
	"currency" text DEFAULT 'MYR' NOT NULL,
	"description" text NOT NULL,
	"language" text NOT NULL,
	"return_path" text NOT NULL,
	"gateway" text NOT NULL,
	"gateway_ref" text,
	"payment_url" text,
	"gateway_payment_ref" text,
	"status" text DEFAULT 'PENDING' NOT NULL,
	"method" text,
	"bank" text,
	"refunded_sen" bigint DEFAULT 0 NOT NULL,
	"paid_at" timestamp with time zone,
	"failed_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "payment_refunds" ADD CONSTRAINT "payment_refunds_payment_id_payments_id_fk" FOREIGN KEY ("payment_id") REFERENCES "public"."payments"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_payer_id_users_id_fk" FOREIGN KEY ("payer_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "payment_events_payment" ON "payment_events" USING btree ("payment_id");--> statement-breakpoint
CREATE INDEX "payment_refunds_payment" ON "payment_refunds" USING btree ("payment_id");--> statement-breakpoint
CREATE INDEX "payments_payer" ON "payments" USING btree ("payer_id","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "payments_reference" ON "payments" USING btree ("purpose","reference_id");--> statement-breakpoint
CREATE UNIQUE INDEX "payments_gateway_ref" ON "payments" USING btree ("gateway","gateway_ref") WHERE "payments"."gateway_ref" is not null;