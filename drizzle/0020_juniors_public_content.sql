-- Issue 23: consents, club roles and a login's name empty the public cache (a junior's public name and photo follow consents; the welfare officer is on every public page).
-- A consent given or withdrawn is in force on the next request, cached pages included (ADR 009, ADR 039).
DO $$
DECLARE
  t text;
BEGIN
  FOREACH t IN ARRAY ARRAY['consents', 'club_roles'] LOOP
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
$$;--> statement-breakpoint
-- Logins are mostly private: only a change of name can change a public page (the welfare officer's, in the footer).
DROP TRIGGER IF EXISTS content_changed ON "users";--> statement-breakpoint
CREATE CONSTRAINT TRIGGER content_changed AFTER UPDATE OF full_name ON "users"
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW WHEN (OLD.full_name IS DISTINCT FROM NEW.full_name) EXECUTE FUNCTION content_changed();
