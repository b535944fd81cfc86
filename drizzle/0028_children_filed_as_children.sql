ALTER TABLE "players" ALTER COLUMN "position" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "players" ALTER COLUMN "team_type" DROP NOT NULL;--> statement-breakpoint
-- hand-written: begin
-- Children made from an approved "I am a parent or carer" request (issue 31) were filed with the
-- column defaults, "Midfielder" in the "Senior" group: they have neither. A child's record made
-- by the approval is the request's player, created in the same minute as the decision, with no
-- shirt number; one an admin or coach has since given a number is left as it is.
UPDATE "players" p SET "position" = NULL, "team_type" = NULL
FROM "guardian_requests" r
WHERE r."player_id" = p."id" AND r."status" = 'approved' AND r."decided_at" IS NOT NULL
  AND p."created_at" BETWEEN r."decided_at" - interval '1 minute' AND r."decided_at" + interval '1 minute'
  AND p."position" = 'Midfielder' AND p."team_type" = 'Senior' AND p."jersey_number" IS NULL;
-- hand-written: end
