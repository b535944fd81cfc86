CREATE TYPE "public"."club_status" AS ENUM('active', 'suspended');--> statement-breakpoint
CREATE TABLE "clubs" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"slug" text NOT NULL,
	"name" text NOT NULL,
	"status" "club_status" DEFAULT 'active' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "clubs_slug_unique" UNIQUE("slug"),
	CONSTRAINT "clubs_slug_is_a_host_label" CHECK ("clubs"."slug" ~ '^[a-z0-9]([a-z0-9-]{0,61}[a-z0-9])?$')
);

--> statement-breakpoint
-- hand-written: begin
-- The one club of an install that existed before clubs did (ADR 065): named as its settings name
-- it, or 'Club' while it was never named. A new install gets it here too, so every install starts
-- with exactly one club.
INSERT INTO "clubs" ("slug", "name")
VALUES ('club', coalesce((SELECT nullif(trim("club_name"), '') FROM "settings" ORDER BY "id" LIMIT 1), 'Club'));
-- hand-written: end
