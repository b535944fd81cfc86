-- Issue 23: who agreed to a 13-17 year old having a login of their own, and when.
ALTER TABLE "players" ADD COLUMN "login_agreed_by" text;--> statement-breakpoint
ALTER TABLE "players" ADD COLUMN "login_agreed_at" timestamp with time zone;