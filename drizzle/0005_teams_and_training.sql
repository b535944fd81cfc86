CREATE TYPE "public"."training_session_status" AS ENUM('scheduled', 'cancelled');--> statement-breakpoint
CREATE TABLE "player_teams" (
	"player_id" uuid NOT NULL,
	"team_id" uuid NOT NULL,
	CONSTRAINT "player_teams_player_id_team_id_pk" PRIMARY KEY("player_id","team_id")
);
--> statement-breakpoint
CREATE TABLE "teams" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"name" text NOT NULL,
	"slug" text NOT NULL,
	"sort_order" integer DEFAULT 0 NOT NULL,
	"match_length_minutes" integer DEFAULT 105 NOT NULL,
	"availability_lock_hours" integer DEFAULT 2 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "training_attendance" (
	"session_id" uuid NOT NULL,
	"player_id" uuid NOT NULL,
	CONSTRAINT "training_attendance_session_id_player_id_pk" PRIMARY KEY("session_id","player_id")
);
--> statement-breakpoint
CREATE TABLE "training_sessions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"team_id" uuid NOT NULL,
	"slot_id" uuid,
	"session_date" date NOT NULL,
	"starts_at" timestamp with time zone NOT NULL,
	"ends_at" timestamp with time zone NOT NULL,
	"place" text NOT NULL,
	"status" "training_session_status" DEFAULT 'scheduled' NOT NULL,
	"moved" boolean DEFAULT false NOT NULL,
	"attendance_recorded_at" timestamp with time zone,
	"attendance_recorded_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "training_sessions_ends_after_start" CHECK ("training_sessions"."ends_at" > "training_sessions"."starts_at")
);
--> statement-breakpoint
CREATE TABLE "training_slots" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"team_id" uuid NOT NULL,
	"weekday" smallint NOT NULL,
	"start_time" text NOT NULL,
	"end_time" text NOT NULL,
	"place" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "training_slots_weekday_check" CHECK ("training_slots"."weekday" between 1 and 7)
);
--> statement-breakpoint
ALTER TABLE "player_teams" ADD CONSTRAINT "player_teams_player_id_players_id_fk" FOREIGN KEY ("player_id") REFERENCES "public"."players"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "player_teams" ADD CONSTRAINT "player_teams_team_id_teams_id_fk" FOREIGN KEY ("team_id") REFERENCES "public"."teams"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "training_attendance" ADD CONSTRAINT "training_attendance_session_id_training_sessions_id_fk" FOREIGN KEY ("session_id") REFERENCES "public"."training_sessions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "training_attendance" ADD CONSTRAINT "training_attendance_player_id_players_id_fk" FOREIGN KEY ("player_id") REFERENCES "public"."players"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "training_sessions" ADD CONSTRAINT "training_sessions_team_id_teams_id_fk" FOREIGN KEY ("team_id") REFERENCES "public"."teams"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "training_sessions" ADD CONSTRAINT "training_sessions_slot_id_training_slots_id_fk" FOREIGN KEY ("slot_id") REFERENCES "public"."training_slots"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "training_sessions" ADD CONSTRAINT "training_sessions_attendance_recorded_by_users_id_fk" FOREIGN KEY ("attendance_recorded_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "training_slots" ADD CONSTRAINT "training_slots_team_id_teams_id_fk" FOREIGN KEY ("team_id") REFERENCES "public"."teams"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "player_teams_team_idx" ON "player_teams" USING btree ("team_id");--> statement-breakpoint
CREATE UNIQUE INDEX "teams_slug_key" ON "teams" USING btree ("slug");--> statement-breakpoint
CREATE UNIQUE INDEX "teams_name_lower_key" ON "teams" USING btree (lower("name"));--> statement-breakpoint
CREATE INDEX "training_attendance_player_idx" ON "training_attendance" USING btree ("player_id");--> statement-breakpoint
CREATE UNIQUE INDEX "training_sessions_team_slot_date_key" ON "training_sessions" USING btree ("team_id","slot_id","session_date");--> statement-breakpoint
CREATE INDEX "training_sessions_team_starts_idx" ON "training_sessions" USING btree ("team_id","starts_at");--> statement-breakpoint
CREATE INDEX "training_slots_team_idx" ON "training_slots" USING btree ("team_id");--> statement-breakpoint
-- Existing data moves in (ARCHITECTURE point 15): the two seeded teams, every fixture to Senior
-- (fixtures had no team before), players to Vets or Senior by their old team_type (Staff members
-- go with Senior, the team they coach), and SPEC's training slots for both teams.
INSERT INTO "teams" ("name", "slug", "sort_order") VALUES ('Senior', 'senior', 1), ('Vets', 'vets', 2)
  ON CONFLICT DO NOTHING;--> statement-breakpoint
ALTER TABLE "fixtures" ADD COLUMN "team_id" uuid;--> statement-breakpoint
UPDATE "fixtures" SET "team_id" = (SELECT "id" FROM "teams" WHERE "slug" = 'senior');--> statement-breakpoint
ALTER TABLE "fixtures" ALTER COLUMN "team_id" SET NOT NULL;--> statement-breakpoint
INSERT INTO "player_teams" ("player_id", "team_id")
  SELECT p."id", t."id" FROM "players" p JOIN "teams" t ON t."slug" = CASE WHEN p."team_type" = 'Vets' THEN 'vets' ELSE 'senior' END
  ON CONFLICT DO NOTHING;--> statement-breakpoint
INSERT INTO "training_slots" ("team_id", "weekday", "start_time", "end_time", "place")
  SELECT t."id", d.weekday, '19:00', '21:00', 'Main training ground'
  FROM "teams" t CROSS JOIN (VALUES (2), (4)) AS d(weekday) WHERE t."slug" IN ('senior', 'vets');--> statement-breakpoint
ALTER TABLE "fixtures" ADD CONSTRAINT "fixtures_team_id_teams_id_fk" FOREIGN KEY ("team_id") REFERENCES "public"."teams"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "fixtures_team_date_idx" ON "fixtures" USING btree ("team_id","match_date");--> statement-breakpoint
-- Teams, memberships and training slots are public (fixture cards, the fixtures filter, the squad,
-- GET /api/teams/{id}/training-slots), and recorded training feeds the public
-- GET /api/players/{id}/stats: their writes empty every process's public cache, like the other
-- public tables (migration 0002). Sessions are generated on read with ON CONFLICT DO NOTHING, so a
-- read that adds nothing fires nothing.
DO $$
DECLARE
  t text;
BEGIN
  FOREACH t IN ARRAY ARRAY['teams', 'player_teams', 'training_slots', 'training_sessions', 'training_attendance'] LOOP
    EXECUTE format('DROP TRIGGER IF EXISTS content_changed ON %I', t);
    EXECUTE format(
      'CREATE CONSTRAINT TRIGGER content_changed AFTER INSERT OR UPDATE OR DELETE ON %I '
      'DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION content_changed()', t);
    EXECUTE format('DROP TRIGGER IF EXISTS content_changed_truncate ON %I', t);
    EXECUTE format(
      'CREATE TRIGGER content_changed_truncate AFTER TRUNCATE ON %I '
      'FOR EACH STATEMENT EXECUTE FUNCTION content_changed()', t);
  END LOOP;
END;
$$;
