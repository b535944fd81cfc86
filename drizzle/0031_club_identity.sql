ALTER TABLE "settings" ADD COLUMN "club_name" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "settings" ADD COLUMN "short_name" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "settings" ADD COLUMN "strapline" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "settings" ADD COLUMN "primary_colour" text DEFAULT '#14532d' NOT NULL;--> statement-breakpoint
ALTER TABLE "settings" ADD COLUMN "secondary_colour" text DEFAULT '#facc15' NOT NULL;--> statement-breakpoint
ALTER TABLE "settings" ADD COLUMN "crest_url" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "settings" ADD COLUMN "home_headline" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "settings" ADD COLUMN "mail_sender_name" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "settings" ADD COLUMN "facebook_url" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "settings" ADD COLUMN "instagram_url" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "settings" ADD COLUMN "x_url" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "settings" ADD COLUMN "youtube_url" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "settings" ADD COLUMN "tiktok_url" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "settings" ADD COLUMN "founded_year" integer;--> statement-breakpoint
ALTER TABLE "settings" ADD COLUMN "ground_name" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "settings" ADD COLUMN "ground_map_url" text DEFAULT '' NOT NULL;--> statement-breakpoint
-- hand-written: begin
-- A club set up before issue 33 is the sample club: its identity was the source code's (shared/club.ts SAMPLE_CLUB).
UPDATE "settings" SET "club_name" = 'Riverside Rovers FC', "short_name" = 'Riverside Rovers', "strapline" = 'Open-access football for players of all abilities', "mail_sender_name" = 'Riverside Rovers FC', "founded_year" = 2009, "ground_name" = 'Riverside Playing Fields' WHERE "club_name" = '';
-- hand-written: end
