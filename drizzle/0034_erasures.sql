CREATE TABLE "email_suppressions" (
	"email_sha256" text PRIMARY KEY NOT NULL,
	"erased_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "erasures" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"pseudonym" text NOT NULL,
	"request_id" uuid,
	"erased_at" timestamp with time zone DEFAULT now() NOT NULL,
	"erased_by" uuid,
	"erased_by_name" text NOT NULL,
	"counts" jsonb NOT NULL,
	"kept_until" date,
	"uploads_removed" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "erasures_pseudonym_unique" UNIQUE("pseudonym")
);
--> statement-breakpoint
ALTER TABLE "erasures" ADD CONSTRAINT "erasures_erased_by_users_id_fk" FOREIGN KEY ("erased_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
-- hand-written: begin
-- Charges and ledger entries stay append-only; an erasure (issue 34) may also replace the erased
-- person's name in the free-text columns (description, label, reason, discount note, who recorded
-- it), and only inside its own transaction, which sets `app.erasing` with SET LOCAL. Amounts,
-- dates and every other column still never change.
CREATE OR REPLACE FUNCTION "treasury_append_only"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  col text;
  free text[] := '{}';
BEGIN
  IF TG_OP = 'DELETE' THEN
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
