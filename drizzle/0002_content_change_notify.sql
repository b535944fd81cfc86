-- Public pages and API reads are cached in each app process. Every write to a table whose rows
-- anonymous visitors can see bumps content_version.version and sends NOTIFY content_changed with
-- the new version, so every process (each LISTENs) drops its cache.
--
-- The triggers are deferred constraint triggers: they run at commit, after the transaction has
-- taken all its other row locks, so the content_version row lock is always the last one taken
-- and cannot form a deadlock with product-row locks held by concurrent orders. A transaction
-- bumps the version once, however many rows it changes (a transaction-local setting says so).
INSERT INTO "content_version" ("id", "version") VALUES (1, 0) ON CONFLICT ("id") DO NOTHING;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION "content_changed"() RETURNS trigger
LANGUAGE plpgsql AS $$
DECLARE
  new_version integer;
BEGIN
  IF current_setting('club.content_changed', true) = 'on' THEN
    RETURN NULL;
  END IF;
  PERFORM set_config('club.content_changed', 'on', true);
  UPDATE "content_version" SET "version" = "version" + 1 WHERE "id" = 1 RETURNING "version" INTO new_version;
  IF new_version IS NULL THEN
    INSERT INTO "content_version" ("id", "version") VALUES (1, 1) ON CONFLICT ("id") DO UPDATE SET "version" = "content_version"."version" + 1
      RETURNING "version" INTO new_version;
  END IF;
  PERFORM pg_notify('content_changed', new_version::text);
  RETURN NULL;
END;
$$;
--> statement-breakpoint
DO $$
DECLARE
  t text;
BEGIN
  FOREACH t IN ARRAY ARRAY['fixtures', 'news', 'sponsors', 'players', 'player_stats', 'products', 'settings', 'orders'] LOOP
    EXECUTE format('DROP TRIGGER IF EXISTS content_changed ON %I', t);
    EXECUTE format(
      'CREATE CONSTRAINT TRIGGER content_changed AFTER INSERT OR UPDATE OR DELETE ON %I '
      'DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION content_changed()', t);
    EXECUTE format('DROP TRIGGER IF EXISTS content_changed_truncate ON %I', t);
    EXECUTE format(
      'CREATE TRIGGER content_changed_truncate AFTER TRUNCATE ON %I '
      'FOR EACH STATEMENT EXECUTE FUNCTION content_changed()', t);
  END LOOP;
END;
$$;
