CREATE TABLE "ledger_entries" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "ledger_entries_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"posting_id" uuid NOT NULL,
	"posting_key" text,
	"line" smallint NOT NULL,
	"deal_id" text,
	"payment_id" uuid,
	"kind" text NOT NULL,
	"account" text NOT NULL,
	"amount_sen" bigint NOT NULL,
	"memo" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" text NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX "ledger_entries_posting_key" ON "ledger_entries" USING btree ("posting_key","line") WHERE "ledger_entries"."posting_key" is not null;--> statement-breakpoint
CREATE INDEX "ledger_entries_posting" ON "ledger_entries" USING btree ("posting_id");--> statement-breakpoint
CREATE INDEX "ledger_entries_deal" ON "ledger_entries" USING btree ("deal_id") WHERE "ledger_entries"."deal_id" is not null;--> statement-breakpoint
CREATE INDEX "ledger_entries_payment" ON "ledger_entries" USING btree ("payment_id") WHERE "ledger_entries"."payment_id" is not null;--> statement-breakpoint
CREATE INDEX "ledger_entries_account" ON "ledger_entries" USING btree ("account");