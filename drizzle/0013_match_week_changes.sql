-- Issue 22: match week changes are announced (coalesced per event), answers given before a change
-- are flagged for a re-check, the squad has a version (no lost edits), a republish knows who was dropped.
CREATE TABLE "event_changes" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"kind" text NOT NULL,
	"event_id" uuid NOT NULL,
	"before" jsonb NOT NULL,
	"after" jsonb NOT NULL,
	"selected_player_ids" uuid[] DEFAULT '{}'::uuid[] NOT NULL,
	"changed_by_name" text NOT NULL,
	"due_at" timestamp with time zone NOT NULL,
	"sent_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "selection_versions" (
	"fixture_id" uuid PRIMARY KEY NOT NULL,
	"version" smallint DEFAULT 0 NOT NULL,
	"saved_by" uuid,
	"saved_by_name" text,
	"saved_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "availability" ADD COLUMN "needs_recheck" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "fixture_selections" ADD COLUMN "reconfirm" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "selection_publications" ADD COLUMN "published_player_ids" uuid[] DEFAULT '{}'::uuid[] NOT NULL;--> statement-breakpoint
ALTER TABLE "selection_versions" ADD CONSTRAINT "selection_versions_fixture_id_fixtures_id_fk" FOREIGN KEY ("fixture_id") REFERENCES "public"."fixtures"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "selection_versions" ADD CONSTRAINT "selection_versions_saved_by_users_id_fk" FOREIGN KEY ("saved_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "event_changes_open_key" ON "event_changes" USING btree ("kind","event_id") WHERE "event_changes"."sent_at" is null;--> statement-breakpoint
CREATE INDEX "event_changes_due_idx" ON "event_changes" USING btree ("due_at") WHERE "event_changes"."sent_at" is null;--> statement-breakpoint
-- Team selection mails get a switch of their own, off for whoever had turned match-week mail off.
INSERT INTO "notification_preferences" ("user_id", "kind", "email") SELECT "user_id", 'selection', "email" FROM "notification_preferences" WHERE "kind" = 'matchday' ON CONFLICT DO NOTHING;
