CREATE TABLE "stock_images" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "stock_images_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"landmark_id" integer NOT NULL,
	"media_key" text NOT NULL,
	"position" integer DEFAULT 0 NOT NULL,
	"width" integer NOT NULL,
	"height" integer NOT NULL,
	CONSTRAINT "stock_images_landmark_key" UNIQUE("landmark_id","media_key")
);
--> statement-breakpoint
ALTER TABLE "stock_images" ADD CONSTRAINT "stock_images_landmark_id_landmarks_id_fk" FOREIGN KEY ("landmark_id") REFERENCES "public"."landmarks"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "stock_images_landmark" ON "stock_images" USING btree ("landmark_id","position");