CREATE TYPE "public"."availability_status" AS ENUM('available', 'maybe', 'unavailable');--> statement-breakpoint
CREATE TYPE "public"."selection_role" AS ENUM('starter', 'substitute');--> statement-breakpoint
CREATE TABLE "availability" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"player_id" uuid NOT NULL,
	"fixture_id" uuid,
	"session_id" uuid,
	"status" "availability_status" NOT NULL,
	"note" text,
	"answered_by" uuid,
	"on_behalf" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "availability_one_event" CHECK (("availability"."fixture_id" is null) <> ("availability"."session_id" is null)),
	CONSTRAINT "availability_note_length" CHECK (char_length("availability"."note") <= 280)
);
--> statement-breakpoint
CREATE TABLE "availability_reminders" (
	"fixture_id" uuid PRIMARY KEY NOT NULL,
	"last_sent_at" timestamp with time zone NOT NULL,
	"sent_by" uuid
);
--> statement-breakpoint
CREATE TABLE "fixture_selections" (
	"fixture_id" uuid NOT NULL,
	"player_id" uuid NOT NULL,
	"role" "selection_role" NOT NULL,
	"shirt_number" smallint NOT NULL,
	"confirmed" boolean,
	"responded_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "fixture_selections_fixture_id_player_id_pk" PRIMARY KEY("fixture_id","player_id")
);
--> statement-breakpoint
CREATE TABLE "selection_publications" (
	"fixture_id" uuid PRIMARY KEY NOT NULL,
	"published_at" timestamp with time zone NOT NULL,
	"published_by" uuid
);
--> statement-breakpoint
ALTER TABLE "availability" ADD CONSTRAINT "availability_player_id_players_id_fk" FOREIGN KEY ("player_id") REFERENCES "public"."players"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "availability" ADD CONSTRAINT "availability_fixture_id_fixtures_id_fk" FOREIGN KEY ("fixture_id") REFERENCES "public"."fixtures"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "availability" ADD CONSTRAINT "availability_session_id_training_sessions_id_fk" FOREIGN KEY ("session_id") REFERENCES "public"."training_sessions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "availability" ADD CONSTRAINT "availability_answered_by_users_id_fk" FOREIGN KEY ("answered_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "availability_reminders" ADD CONSTRAINT "availability_reminders_fixture_id_fixtures_id_fk" FOREIGN KEY ("fixture_id") REFERENCES "public"."fixtures"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "availability_reminders" ADD CONSTRAINT "availability_reminders_sent_by_users_id_fk" FOREIGN KEY ("sent_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "fixture_selections" ADD CONSTRAINT "fixture_selections_fixture_id_fixtures_id_fk" FOREIGN KEY ("fixture_id") REFERENCES "public"."fixtures"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "fixture_selections" ADD CONSTRAINT "fixture_selections_player_id_players_id_fk" FOREIGN KEY ("player_id") REFERENCES "public"."players"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "selection_publications" ADD CONSTRAINT "selection_publications_fixture_id_fixtures_id_fk" FOREIGN KEY ("fixture_id") REFERENCES "public"."fixtures"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "selection_publications" ADD CONSTRAINT "selection_publications_published_by_users_id_fk" FOREIGN KEY ("published_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "availability_fixture_player_key" ON "availability" USING btree ("fixture_id","player_id");--> statement-breakpoint
CREATE UNIQUE INDEX "availability_session_player_key" ON "availability" USING btree ("session_id","player_id");--> statement-breakpoint
CREATE INDEX "availability_player_idx" ON "availability" USING btree ("player_id");--> statement-breakpoint
CREATE UNIQUE INDEX "fixture_selections_shirt_key" ON "fixture_selections" USING btree ("fixture_id","shirt_number");--> statement-breakpoint
CREATE INDEX "fixture_selections_player_idx" ON "fixture_selections" USING btree ("player_id");