-- Issue 21: members the club approves, staff who are not players, dated team spells, club roles
-- with a record of every change, and account links (confirm an address, set a first password).
CREATE TYPE "public"."club_role" AS ENUM('admin', 'secretary', 'treasurer', 'welfare_officer');--> statement-breakpoint
CREATE TYPE "public"."member_status" AS ENUM('pending', 'active', 'left');--> statement-breakpoint
CREATE TYPE "public"."team_staff_role" AS ENUM('manager', 'coach', 'assistant');--> statement-breakpoint
CREATE TABLE "account_tokens" (
	"token_hash" text PRIMARY KEY NOT NULL,
	"user_id" uuid NOT NULL,
	"purpose" text NOT NULL,
	"email" text NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"used_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "club_roles" (
	"user_id" uuid NOT NULL,
	"role" "club_role" NOT NULL,
	"granted_at" timestamp with time zone DEFAULT now() NOT NULL,
	"granted_by" uuid,
	CONSTRAINT "club_roles_user_id_role_pk" PRIMARY KEY("user_id","role")
);
--> statement-breakpoint
CREATE TABLE "role_changes" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"subject_name" text NOT NULL,
	"subject_user_id" uuid,
	"subject_player_id" uuid,
	"role" text NOT NULL,
	"action" text NOT NULL,
	"by_user_id" uuid,
	"by_name" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "team_staff" (
	"player_id" uuid NOT NULL,
	"team_id" uuid NOT NULL,
	"role" "team_staff_role" NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "team_staff_player_id_team_id_pk" PRIMARY KEY("player_id","team_id")
);
--> statement-breakpoint
ALTER TABLE "player_teams" DROP CONSTRAINT "player_teams_player_id_team_id_pk";--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "email_confirmed_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "activated_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "disabled_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "players" ADD COLUMN "status" "member_status" DEFAULT 'active' NOT NULL;--> statement-breakpoint
ALTER TABLE "players" ADD COLUMN "status_changed_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "player_teams" ADD COLUMN "joined_on" date DEFAULT (now() at time zone 'Europe/London')::date NOT NULL;--> statement-breakpoint
ALTER TABLE "player_teams" ADD COLUMN "left_on" date;--> statement-breakpoint
-- Spells already in a team began when the player was added (the best date there is).
UPDATE "player_teams" pt SET "joined_on" = (p."created_at" at time zone 'Europe/London')::date
  FROM "players" p WHERE p."id" = pt."player_id";--> statement-breakpoint
ALTER TABLE "player_teams" ADD CONSTRAINT "player_teams_player_id_team_id_joined_on_pk" PRIMARY KEY("player_id","team_id","joined_on");--> statement-breakpoint
ALTER TABLE "account_tokens" ADD CONSTRAINT "account_tokens_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "club_roles" ADD CONSTRAINT "club_roles_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "club_roles" ADD CONSTRAINT "club_roles_granted_by_users_id_fk" FOREIGN KEY ("granted_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "role_changes" ADD CONSTRAINT "role_changes_subject_user_id_users_id_fk" FOREIGN KEY ("subject_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "role_changes" ADD CONSTRAINT "role_changes_by_user_id_users_id_fk" FOREIGN KEY ("by_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "team_staff" ADD CONSTRAINT "team_staff_player_id_players_id_fk" FOREIGN KEY ("player_id") REFERENCES "public"."players"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "team_staff" ADD CONSTRAINT "team_staff_team_id_teams_id_fk" FOREIGN KEY ("team_id") REFERENCES "public"."teams"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "account_tokens_user_idx" ON "account_tokens" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "role_changes_created_idx" ON "role_changes" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "team_staff_team_idx" ON "team_staff" USING btree ("team_id");--> statement-breakpoint
CREATE INDEX "players_status_idx" ON "players" USING btree ("status");--> statement-breakpoint
CREATE UNIQUE INDEX "player_teams_current_key" ON "player_teams" USING btree ("player_id","team_id") WHERE "player_teams"."left_on" is null;;--> statement-breakpoint
-- Issue 21: staff are not players. The staff the club had (team_type Staff) coach the teams they
-- were listed in, and stop counting as players there.
INSERT INTO "team_staff" ("player_id", "team_id", "role")
  SELECT pt."player_id", pt."team_id", 'coach' FROM "player_teams" pt JOIN "players" p ON p."id" = pt."player_id"
  WHERE p."team_type" = 'Staff' ON CONFLICT DO NOTHING;--> statement-breakpoint
DELETE FROM "player_teams" pt USING "players" p WHERE p."id" = pt."player_id" AND p."team_type" = 'Staff';--> statement-breakpoint
-- The admin login holds the admin club role; accounts that existed were in use: activated, and
-- their addresses stay mailable (all but the placeholder .invalid ones).
INSERT INTO "club_roles" ("user_id", "role") SELECT "id", 'admin' FROM "users" WHERE "role" = 'admin' ON CONFLICT DO NOTHING;--> statement-breakpoint
UPDATE "users" SET "activated_at" = "created_at";--> statement-breakpoint
UPDATE "users" SET "email_confirmed_at" = "created_at" WHERE "email" NOT ILIKE '%.invalid';--> statement-breakpoint
-- Team staff show on the public squad page: their writes empty the public cache (migration 0002).
CREATE CONSTRAINT TRIGGER content_changed AFTER INSERT OR UPDATE OR DELETE ON "team_staff"
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION content_changed();--> statement-breakpoint
CREATE TRIGGER content_changed_truncate AFTER TRUNCATE ON "team_staff" FOR EACH STATEMENT EXECUTE FUNCTION content_changed();
