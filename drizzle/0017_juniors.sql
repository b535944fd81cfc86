-- Issue 23: junior football. Teams get an age group and format (the seeded Vets are Veterans); guardians, invitations
-- and "I am a parent" requests; consents per child and season; medical-note reads; DBS check status; welfare contact.
CREATE TYPE "public"."age_group" AS ENUM('U7', 'U8', 'U9', 'U10', 'U11', 'U12', 'U13', 'U14', 'U15', 'U16', 'U17', 'U18', 'Open', 'Veterans');--> statement-breakpoint
CREATE TYPE "public"."team_format" AS ENUM('5v5', '7v7', '9v9', '11v11');--> statement-breakpoint
CREATE TYPE "public"."consent_kind" AS ENUM('photo', 'full_name', 'direct_contact', 'medical_treatment');--> statement-breakpoint
CREATE TYPE "public"."dbs_status" AS ENUM('in_date', 'renewal_in_progress', 'expired', 'not_required');--> statement-breakpoint
CREATE TYPE "public"."guardian_level" AS ENUM('primary', 'secondary', 'view_only');--> statement-breakpoint
CREATE TYPE "public"."guardian_request_status" AS ENUM('pending', 'approved', 'rejected');--> statement-breakpoint
CREATE TABLE "consents" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"player_id" uuid NOT NULL,
	"season" text NOT NULL,
	"kind" "consent_kind" NOT NULL,
	"given" boolean NOT NULL,
	"given_by" uuid,
	"given_by_name" text NOT NULL,
	"text_version" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "dbs_checks" (
	"player_id" uuid PRIMARY KEY NOT NULL,
	"status" "dbs_status" NOT NULL,
	"expires_on" date,
	"checked_by" text NOT NULL,
	"checked_on" date NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "guardian_invitations" (
	"token_hash" text PRIMARY KEY NOT NULL,
	"player_id" uuid NOT NULL,
	"email" text NOT NULL,
	"level" "guardian_level" DEFAULT 'primary' NOT NULL,
	"relationship" text,
	"invited_by" text NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"used_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "guardian_requests" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"child_name" text NOT NULL,
	"child_date_of_birth" date NOT NULL,
	"relationship" text,
	"team_id" uuid,
	"message" text,
	"status" "guardian_request_status" DEFAULT 'pending' NOT NULL,
	"player_id" uuid,
	"decided_by" text,
	"decided_at" timestamp with time zone,
	"reason" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "guardians" (
	"user_id" uuid NOT NULL,
	"player_id" uuid NOT NULL,
	"level" "guardian_level" DEFAULT 'primary' NOT NULL,
	"relationship" text,
	"approved_by" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "guardians_user_id_player_id_pk" PRIMARY KEY("user_id","player_id")
);
--> statement-breakpoint
CREATE TABLE "junior_notices" (
	"player_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"sent_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "junior_notices_player_id_kind_pk" PRIMARY KEY("player_id","kind")
);
--> statement-breakpoint
CREATE TABLE "medical_note_reads" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"player_id" uuid NOT NULL,
	"read_by" uuid,
	"read_by_name" text NOT NULL,
	"read_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "settings" ADD COLUMN "welfare_email" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "team_staff" ADD COLUMN "dbs_override_by" text;--> statement-breakpoint
ALTER TABLE "team_staff" ADD COLUMN "dbs_override_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "team_staff" ADD COLUMN "dbs_override_reason" text;--> statement-breakpoint
ALTER TABLE "teams" ADD COLUMN "age_group" "age_group" DEFAULT 'Open' NOT NULL;--> statement-breakpoint
ALTER TABLE "teams" ADD COLUMN "format" "team_format" DEFAULT '11v11' NOT NULL;--> statement-breakpoint
ALTER TABLE "consents" ADD CONSTRAINT "consents_player_id_players_id_fk" FOREIGN KEY ("player_id") REFERENCES "public"."players"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "consents" ADD CONSTRAINT "consents_given_by_users_id_fk" FOREIGN KEY ("given_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "dbs_checks" ADD CONSTRAINT "dbs_checks_player_id_players_id_fk" FOREIGN KEY ("player_id") REFERENCES "public"."players"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "guardian_invitations" ADD CONSTRAINT "guardian_invitations_player_id_players_id_fk" FOREIGN KEY ("player_id") REFERENCES "public"."players"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "guardian_requests" ADD CONSTRAINT "guardian_requests_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "guardian_requests" ADD CONSTRAINT "guardian_requests_team_id_teams_id_fk" FOREIGN KEY ("team_id") REFERENCES "public"."teams"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "guardian_requests" ADD CONSTRAINT "guardian_requests_player_id_players_id_fk" FOREIGN KEY ("player_id") REFERENCES "public"."players"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "guardians" ADD CONSTRAINT "guardians_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "guardians" ADD CONSTRAINT "guardians_player_id_players_id_fk" FOREIGN KEY ("player_id") REFERENCES "public"."players"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "junior_notices" ADD CONSTRAINT "junior_notices_player_id_players_id_fk" FOREIGN KEY ("player_id") REFERENCES "public"."players"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "medical_note_reads" ADD CONSTRAINT "medical_note_reads_player_id_players_id_fk" FOREIGN KEY ("player_id") REFERENCES "public"."players"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "medical_note_reads" ADD CONSTRAINT "medical_note_reads_read_by_users_id_fk" FOREIGN KEY ("read_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "consents_player_season_kind_idx" ON "consents" USING btree ("player_id","season","kind","created_at");--> statement-breakpoint
CREATE INDEX "guardian_invitations_player_idx" ON "guardian_invitations" USING btree ("player_id");--> statement-breakpoint
CREATE INDEX "guardian_requests_status_idx" ON "guardian_requests" USING btree ("status","created_at");--> statement-breakpoint
CREATE INDEX "guardians_player_idx" ON "guardians" USING btree ("player_id");--> statement-breakpoint
CREATE INDEX "medical_note_reads_player_idx" ON "medical_note_reads" USING btree ("player_id","read_at");
--> statement-breakpoint
UPDATE "teams" SET "age_group" = 'Veterans' WHERE "slug" = 'vets';
