CREATE TYPE "public"."sponsor_tier" AS ENUM('main', 'partner', 'supporter');--> statement-breakpoint
ALTER TABLE "sponsors" ADD COLUMN "tier" "sponsor_tier" DEFAULT 'partner' NOT NULL;--> statement-breakpoint
ALTER TABLE "players" ADD COLUMN "show_personal_details" boolean DEFAULT false NOT NULL;--> statement-breakpoint
-- A club that already named its main sponsor in the category keeps it featured.
UPDATE "sponsors" SET "tier" = 'main' WHERE lower("category") LIKE 'main%';
