-- hand-written: begin
-- Issue 36 point 3 (ADR 065, "Everything per club"): the change notices name their club.
--
-- content_changed's NOTIFY payload is `<club_id>:<version>` (was the version alone), so each
-- process clears only that club's cached pages and memoised reads (server/content-listener.ts).
-- A TRUNCATE (statement trigger: maintenance only, it empties the table for every club) still
-- sends '' and bumps every club's version: every process clears everything.
-- The once-per-transaction guard is per club now: `club.content_changed` holds the clubs already
-- bumped in this transaction (a transaction writing two clubs' content, as an operator's import
-- may, notifies both), or '*' once a TRUNCATE notified everything.
CREATE OR REPLACE FUNCTION "content_changed"() RETURNS trigger
LANGUAGE plpgsql AS $$
DECLARE
  new_version integer;
  club uuid;
  done text := coalesce(current_setting('club.content_changed', true), '');
BEGIN
  IF done = '*' THEN
    RETURN NULL;
  END IF;
  IF TG_LEVEL = 'STATEMENT' THEN
    PERFORM set_config('club.content_changed', '*', true);
    UPDATE "content_version" SET "version" = "version" + 1;
    PERFORM pg_notify('content_changed', '');
    RETURN NULL;
  END IF;
  IF TG_OP = 'DELETE' THEN club := OLD.club_id; ELSE club := NEW.club_id; END IF;
  IF position(club::text IN done) > 0 THEN
    RETURN NULL;
  END IF;
  PERFORM set_config('club.content_changed', done || ' ' || club::text, true);
  UPDATE "content_version" SET "version" = "version" + 1 WHERE "club_id" = club RETURNING "version" INTO new_version;
  IF new_version IS NULL THEN
    -- A club deleted in this transaction (the operator's delete) has nothing left to clear.
    IF NOT EXISTS (SELECT 1 FROM "clubs" WHERE "id" = club) THEN
      RETURN NULL;
    END IF;
    INSERT INTO "content_version" ("club_id", "id", "version") VALUES (club, 1, 1)
      ON CONFLICT ("club_id") DO UPDATE SET "version" = "content_version"."version" + 1
      RETURNING "version" INTO new_version;
  END IF;
  PERFORM pg_notify('content_changed', club::text || ':' || new_version::text);
  RETURN NULL;
END;
$$;
--> statement-breakpoint
-- The host → club LRU (server/tenancy/host.ts) of every app process is cleared when a club is
-- created, renamed, suspended or deleted: NOTIFY clubs_changed with the club's id ('' for a
-- TRUNCATE), heard on the same listening connection as content_changed.
CREATE OR REPLACE FUNCTION "clubs_changed"() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  IF TG_LEVEL = 'STATEMENT' THEN
    PERFORM pg_notify('clubs_changed', '');
  ELSIF TG_OP = 'DELETE' THEN
    PERFORM pg_notify('clubs_changed', OLD.id::text);
  ELSE
    PERFORM pg_notify('clubs_changed', NEW.id::text);
  END IF;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
DROP TRIGGER IF EXISTS "clubs_changed" ON "clubs";
--> statement-breakpoint
CREATE TRIGGER "clubs_changed" AFTER INSERT OR UPDATE OR DELETE ON "clubs"
  FOR EACH ROW EXECUTE FUNCTION "clubs_changed"();
--> statement-breakpoint
DROP TRIGGER IF EXISTS "clubs_changed_truncate" ON "clubs";
--> statement-breakpoint
CREATE TRIGGER "clubs_changed_truncate" AFTER TRUNCATE ON "clubs"
  FOR EACH STATEMENT EXECUTE FUNCTION "clubs_changed"();
-- hand-written: end
