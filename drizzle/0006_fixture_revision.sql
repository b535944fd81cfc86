ALTER TABLE "fixtures" ADD COLUMN "revision" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
-- Calendar feeds (ADR 018): a subscribed calendar replaces an event only when its SEQUENCE goes up,
-- so every change of date, kick-off, venue or status raises the fixture's revision, whoever makes it.
CREATE OR REPLACE FUNCTION "fixture_revision"() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  IF NEW."match_date" IS DISTINCT FROM OLD."match_date"
    OR NEW."match_time" IS DISTINCT FROM OLD."match_time"
    OR NEW."venue" IS DISTINCT FROM OLD."venue"
    OR NEW."status" IS DISTINCT FROM OLD."status" THEN
    NEW."revision" := OLD."revision" + 1;
  ELSE
    NEW."revision" := OLD."revision";
  END IF;
  RETURN NEW;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER "fixtures_revision" BEFORE UPDATE ON "fixtures" FOR EACH ROW EXECUTE FUNCTION "fixture_revision"();
