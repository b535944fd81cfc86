-- Issue 22: who saved a fixture, player or training session last, so a save made from an older copy
-- is refused naming them (the version is updated_at).
ALTER TABLE "fixtures" ADD COLUMN "updated_by" text;--> statement-breakpoint
ALTER TABLE "players" ADD COLUMN "updated_by" text;--> statement-breakpoint
ALTER TABLE "training_sessions" ADD COLUMN "updated_by" text;