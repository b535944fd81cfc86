-- Issue 22: events as clubs run them: one-off sessions and events (kind, title, meet time, kit, notes,
-- address, answer deadline), fixtures get meet time, kit and notes, weekly slots an end date and breaks.
CREATE TYPE "public"."training_session_kind" AS ENUM('training', 'tournament', 'social', 'meeting');--> statement-breakpoint
ALTER TABLE "fixtures" ADD COLUMN "meet_time" text;--> statement-breakpoint
ALTER TABLE "fixtures" ADD COLUMN "kit" text;--> statement-breakpoint
ALTER TABLE "fixtures" ADD COLUMN "notes" text;--> statement-breakpoint
ALTER TABLE "training_sessions" ADD COLUMN "kind" "training_session_kind" DEFAULT 'training' NOT NULL;--> statement-breakpoint
ALTER TABLE "training_sessions" ADD COLUMN "one_off" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "training_sessions" ADD COLUMN "title" text;--> statement-breakpoint
ALTER TABLE "training_sessions" ADD COLUMN "meet_time" text;--> statement-breakpoint
ALTER TABLE "training_sessions" ADD COLUMN "kit" text;--> statement-breakpoint
ALTER TABLE "training_sessions" ADD COLUMN "notes" text;--> statement-breakpoint
ALTER TABLE "training_sessions" ADD COLUMN "address" text;--> statement-breakpoint
ALTER TABLE "training_sessions" ADD COLUMN "answer_by" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "training_slots" ADD COLUMN "ends_on" date;--> statement-breakpoint
ALTER TABLE "training_slots" ADD COLUMN "breaks" jsonb DEFAULT '[]'::jsonb NOT NULL;