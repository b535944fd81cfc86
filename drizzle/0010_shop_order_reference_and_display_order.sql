-- Issue 15 point 8 (ADR 023): short order references from a sequence, a random token per order for
-- its success page, collection or delivery, and the admin's display order for products.
CREATE TYPE "public"."order_fulfilment" AS ENUM('collect', 'delivery');--> statement-breakpoint
CREATE SEQUENCE "public"."order_number_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1001 CACHE 1;--> statement-breakpoint
-- Existing orders are numbered in the order they were placed.
ALTER TABLE "orders" ADD COLUMN "number" integer;--> statement-breakpoint
UPDATE "orders" SET "number" = numbered."number"
  FROM (SELECT "id", nextval('order_number_seq') AS "number" FROM (SELECT "id" FROM "orders" ORDER BY "created_at", "id") AS placed) AS numbered
  WHERE "orders"."id" = numbered."id";--> statement-breakpoint
ALTER TABLE "orders" ALTER COLUMN "number" SET DEFAULT nextval('order_number_seq'), ALTER COLUMN "number" SET NOT NULL;--> statement-breakpoint
ALTER SEQUENCE "public"."order_number_seq" OWNED BY "orders"."number";--> statement-breakpoint
-- New orders get 128 random bits from the app; existing ones (a volatile default is computed per row) a random UUID's 122.
ALTER TABLE "orders" ADD COLUMN "token" text DEFAULT translate(rtrim(encode(decode(replace(gen_random_uuid()::text, '-', ''), 'hex'), 'base64'), '='), '+/', '-_') NOT NULL;--> statement-breakpoint
-- Before this, an address meant delivery and none collection (SPEC's form: "leave blank to collect").
ALTER TABLE "orders" ADD COLUMN "fulfilment" "order_fulfilment" DEFAULT 'collect' NOT NULL;--> statement-breakpoint
UPDATE "orders" SET "fulfilment" = 'delivery' WHERE "customer_address" IS NOT NULL;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "sort_order" integer DEFAULT 100 NOT NULL;--> statement-breakpoint
-- Kit first in an existing shop too; the admin sets the rest.
UPDATE "products" SET "sort_order" = 10 WHERE lower("category") = 'kit';--> statement-breakpoint
CREATE UNIQUE INDEX "orders_number_idx" ON "orders" USING btree ("number");--> statement-breakpoint
CREATE UNIQUE INDEX "orders_token_idx" ON "orders" USING btree ("token");--> statement-breakpoint
CREATE INDEX "products_sort_idx" ON "products" USING btree ("sort_order","name");
