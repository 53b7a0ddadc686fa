ALTER TABLE "users" ADD COLUMN "rental_role" text;--> statement-breakpoint
-- People who already list a home are landlords; everyone else is asked on their next visit to the dashboard.
UPDATE "users" SET "rental_role" = 'LANDLORD' WHERE EXISTS (SELECT 1 FROM "properties" WHERE "properties"."owner_id" = "users"."id");
