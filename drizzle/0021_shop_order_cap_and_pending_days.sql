ALTER TABLE "settings" ADD COLUMN "order_quantity_cap" integer DEFAULT 10 NOT NULL;--> statement-breakpoint
ALTER TABLE "settings" ADD COLUMN "pending_order_days" integer DEFAULT 7 NOT NULL;