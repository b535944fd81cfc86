CREATE TABLE "retention_log" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"rule" text NOT NULL,
	"rows" integer NOT NULL,
	"automatic" boolean NOT NULL,
	"approved_by_id" uuid,
	"approved_by" text,
	"summary" text NOT NULL,
	"purged_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "retention_rules" (
	"key" text PRIMARY KEY NOT NULL,
	"period" integer NOT NULL,
	"automatic" boolean DEFAULT false NOT NULL,
	"updated_by" text,
	"updated_by_id" uuid,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "retention_log" ADD CONSTRAINT "retention_log_approved_by_id_users_id_fk" FOREIGN KEY ("approved_by_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "retention_rules" ADD CONSTRAINT "retention_rules_updated_by_id_users_id_fk" FOREIGN KEY ("updated_by_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "retention_log_purged_idx" ON "retention_log" USING btree ("purged_at");