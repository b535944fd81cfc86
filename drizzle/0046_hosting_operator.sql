CREATE TABLE "operator_sessions" (
	"token_hash" text PRIMARY KEY NOT NULL,
	"operator_id" uuid NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "operators" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"username" text NOT NULL,
	"password_hash" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "operators_username_unique" UNIQUE("username")
);
--> statement-breakpoint
ALTER TABLE "clubs" ADD COLUMN "suspended_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "clubs" ADD COLUMN "exported_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "operator_sessions" ADD CONSTRAINT "operator_sessions_operator_id_operators_id_fk" FOREIGN KEY ("operator_id") REFERENCES "public"."operators"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "operator_sessions_operator_idx" ON "operator_sessions" USING btree ("operator_id");--> statement-breakpoint
-- hand-written: begin
-- The operator's per-club figures (issue 36, ADR 065): aggregates only, never a member's row. The
-- app runs as club_app under row-level security and the operator has no club, so a plain query
-- would see nothing; this function runs as its owner (who is not held by the policies) and answers
-- counts and sums, one row per club.
CREATE OR REPLACE FUNCTION "hosting_club_counts"()
RETURNS TABLE ("club_id" uuid, "members" bigint, "teams" bigint, "storage_bytes" bigint, "mail_sent_30_days" bigint)
LANGUAGE sql STABLE SECURITY DEFINER SET search_path = public, pg_temp AS $$
  SELECT c.id,
    (SELECT count(*) FROM users u WHERE u.club_id = c.id),
    (SELECT count(*) FROM teams t WHERE t.club_id = c.id),
    (SELECT coalesce(sum(octet_length(b.bytes)), 0)::bigint FROM upload_contents b WHERE b.club_id = c.id),
    (SELECT count(*) FROM outbox o WHERE o.club_id = c.id AND o.status = 'sent' AND o.sent_at > now() - interval '30 days')
  FROM clubs c
$$;
--> statement-breakpoint
REVOKE ALL ON FUNCTION "hosting_club_counts"() FROM PUBLIC;
--> statement-breakpoint
DO $$
BEGIN
  IF EXISTS (SELECT 1 FROM pg_roles WHERE rolname = 'club_app') THEN
    GRANT EXECUTE ON FUNCTION "hosting_club_counts"() TO club_app;
  END IF;
END;
$$;
--> statement-breakpoint
-- Charges and ledger entries stay append-only (0018, 0035), but for the operator deleting a whole
-- club (DELETE /api/hosting/clubs/{id}, after its export): inside that transaction, which sets
-- `app.deleting_club` to the club's id with SET LOCAL, that club's rows (and only its) may go.
CREATE OR REPLACE FUNCTION "treasury_append_only"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  col text;
  free text[] := '{}';
BEGIN
  IF TG_OP = 'DELETE' THEN
    IF coalesce(current_setting('app.deleting_club', true), '') = OLD.club_id::text THEN
      RETURN OLD;
    END IF;
    RAISE EXCEPTION '% rows are never deleted: record a reversal instead', TG_TABLE_NAME USING ERRCODE = '55000';
  END IF;
  IF coalesce(current_setting('app.erasing', true), '') = 'on' THEN
    free := ARRAY['description', 'label', 'reason', 'discount_note', 'created_by_name'];
  END IF;
  IF (to_jsonb(NEW) - TG_ARGV - free) IS DISTINCT FROM (to_jsonb(OLD) - TG_ARGV - free) THEN
    RAISE EXCEPTION '% rows are never changed: record a reversal instead', TG_TABLE_NAME USING ERRCODE = '55000';
  END IF;
  FOREACH col IN ARRAY TG_ARGV LOOP
    IF (to_jsonb(NEW) ->> col) IS NOT NULL AND (to_jsonb(NEW) ->> col) IS DISTINCT FROM (to_jsonb(OLD) ->> col) THEN
      RAISE EXCEPTION '% rows are never changed: record a reversal instead', TG_TABLE_NAME USING ERRCODE = '55000';
    END IF;
  END LOOP;
  RETURN NEW;
END
$$;
-- hand-written: end
