-- Issue 22: the team sheet names the captain (at most one per squad, checked by the API).
ALTER TABLE "fixture_selections" ADD COLUMN "captain" boolean DEFAULT false NOT NULL;