CREATE TABLE "clubs" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"slug" text NOT NULL,
	"name" text NOT NULL,
	"status" text DEFAULT 'active' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "clubs_slug_unique" UNIQUE("slug")
);
--> statement-breakpoint
-- hand-written: begin
-- PLACEHOLDER of the tenancy-context branch's migration (issue 36 shared names): the install's one
-- club, named after the club if it has a name. The merge replaces this file with that branch's.
INSERT INTO "clubs" ("slug", "name") SELECT 'club', coalesce((SELECT nullif("club_name", '') FROM "settings" WHERE "id" = 1), 'Club');
-- hand-written: end
