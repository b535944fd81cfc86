-- Issue 24: subs and fees as an append-only ledger in pence: charges, ledger entries (a trigger refuses changes), payer references, plans, bank imports and lines, saved column mappings, the club's bank details; payments become charges.
CREATE TYPE "public"."bank_import_status" AS ENUM('previewed', 'committed');--> statement-breakpoint
CREATE TYPE "public"."bank_line_status" AS ENUM('allocated', 'suggested', 'unmatched', 'outgoing', 'ignored');--> statement-breakpoint
CREATE TYPE "public"."charge_category" AS ENUM('subs', 'match_fee', 'kit', 'tour', 'other');--> statement-breakpoint
CREATE TYPE "public"."ledger_kind" AS ENUM('charge', 'payment', 'credit', 'reversal');--> statement-breakpoint
CREATE TYPE "public"."plan_kind" AS ENUM('monthly', 'annual', 'instalments');--> statement-breakpoint
CREATE TABLE "bank_imports" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"file_name" text NOT NULL,
	"file_hash" text NOT NULL,
	"layout" text NOT NULL,
	"status" "bank_import_status" DEFAULT 'previewed' NOT NULL,
	"uploaded_by" uuid,
	"uploaded_by_name" text NOT NULL,
	"lines_read" integer NOT NULL,
	"incoming_pence" integer NOT NULL,
	"outgoing_pence" integer NOT NULL,
	"duplicates" integer NOT NULL,
	"preview" jsonb NOT NULL,
	"lines_added" integer,
	"committed_at" timestamp with time zone,
	"committed_by_name" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "bank_lines" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"import_id" uuid NOT NULL,
	"fingerprint" text NOT NULL,
	"row" integer NOT NULL,
	"date" date NOT NULL,
	"amount_pence" integer NOT NULL,
	"counterparty" text DEFAULT '' NOT NULL,
	"reference" text DEFAULT '' NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"balance_pence" integer,
	"status" "bank_line_status" NOT NULL,
	"payer_user_id" uuid,
	"reason" text,
	"candidates" uuid[] DEFAULT '{}'::uuid[] NOT NULL,
	"decided_by_name" text,
	"decided_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "charge_overdue_marks" (
	"charge_id" uuid PRIMARY KEY NOT NULL,
	"marked_by_name" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "charges" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"payer_user_id" uuid,
	"player_id" uuid,
	"team_id" uuid,
	"category" charge_category NOT NULL,
	"description" text NOT NULL,
	"label" text,
	"amount_pence" integer NOT NULL,
	"due_date" date NOT NULL,
	"season" text NOT NULL,
	"period" text,
	"plan_id" uuid,
	"discount_note" text,
	"source_key" text,
	"created_by" uuid,
	"created_by_name" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "charges_amount_positive" CHECK ("charges"."amount_pence" > 0)
);
--> statement-breakpoint
CREATE TABLE "ledger_entries" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"kind" "ledger_kind" NOT NULL,
	"payer_user_id" uuid,
	"charge_id" uuid,
	"bank_line_id" uuid,
	"reverses_id" uuid,
	"amount_pence" integer NOT NULL,
	"reason" text,
	"occurred_on" date NOT NULL,
	"created_by" uuid,
	"created_by_name" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "ledger_amount_not_zero" CHECK ("ledger_entries"."amount_pence" <> 0)
);
--> statement-breakpoint
CREATE TABLE "payer_references" (
	"reference" text PRIMARY KEY NOT NULL,
	"payer_user_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "payer_references_payer_user_id_unique" UNIQUE("payer_user_id")
);
--> statement-breakpoint
CREATE TABLE "payment_plans" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"name" text NOT NULL,
	"kind" "plan_kind" NOT NULL,
	"category" charge_category DEFAULT 'subs' NOT NULL,
	"amount_pence" integer NOT NULL,
	"instalments" integer DEFAULT 1 NOT NULL,
	"first_due_date" date NOT NULL,
	"season" text NOT NULL,
	"team_id" uuid,
	"sibling_discount_percent" integer DEFAULT 0 NOT NULL,
	"family_cap_pence" integer,
	"prorate_joiners" boolean DEFAULT true NOT NULL,
	"created_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "statement_mappings" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"headers_key" text NOT NULL,
	"mapping" jsonb NOT NULL,
	"created_by_name" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "statement_mappings_headers_key_unique" UNIQUE("headers_key")
);
--> statement-breakpoint
ALTER TABLE "settings" ADD COLUMN "account_name" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "settings" ADD COLUMN "sort_code" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "settings" ADD COLUMN "account_number" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "bank_imports" ADD CONSTRAINT "bank_imports_uploaded_by_users_id_fk" FOREIGN KEY ("uploaded_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bank_lines" ADD CONSTRAINT "bank_lines_import_id_bank_imports_id_fk" FOREIGN KEY ("import_id") REFERENCES "public"."bank_imports"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bank_lines" ADD CONSTRAINT "bank_lines_payer_user_id_users_id_fk" FOREIGN KEY ("payer_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "charge_overdue_marks" ADD CONSTRAINT "charge_overdue_marks_charge_id_charges_id_fk" FOREIGN KEY ("charge_id") REFERENCES "public"."charges"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "charges" ADD CONSTRAINT "charges_payer_user_id_users_id_fk" FOREIGN KEY ("payer_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "charges" ADD CONSTRAINT "charges_player_id_players_id_fk" FOREIGN KEY ("player_id") REFERENCES "public"."players"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "charges" ADD CONSTRAINT "charges_team_id_teams_id_fk" FOREIGN KEY ("team_id") REFERENCES "public"."teams"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "charges" ADD CONSTRAINT "charges_plan_id_payment_plans_id_fk" FOREIGN KEY ("plan_id") REFERENCES "public"."payment_plans"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "charges" ADD CONSTRAINT "charges_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ledger_entries" ADD CONSTRAINT "ledger_entries_payer_user_id_users_id_fk" FOREIGN KEY ("payer_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ledger_entries" ADD CONSTRAINT "ledger_entries_charge_id_charges_id_fk" FOREIGN KEY ("charge_id") REFERENCES "public"."charges"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ledger_entries" ADD CONSTRAINT "ledger_entries_bank_line_id_bank_lines_id_fk" FOREIGN KEY ("bank_line_id") REFERENCES "public"."bank_lines"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ledger_entries" ADD CONSTRAINT "ledger_entries_reverses_id_ledger_entries_id_fk" FOREIGN KEY ("reverses_id") REFERENCES "public"."ledger_entries"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ledger_entries" ADD CONSTRAINT "ledger_entries_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payer_references" ADD CONSTRAINT "payer_references_payer_user_id_users_id_fk" FOREIGN KEY ("payer_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payment_plans" ADD CONSTRAINT "payment_plans_team_id_teams_id_fk" FOREIGN KEY ("team_id") REFERENCES "public"."teams"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payment_plans" ADD CONSTRAINT "payment_plans_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "bank_lines_fingerprint_key" ON "bank_lines" USING btree ("fingerprint");--> statement-breakpoint
CREATE INDEX "bank_lines_status_idx" ON "bank_lines" USING btree ("status","date");--> statement-breakpoint
CREATE INDEX "bank_lines_payer_idx" ON "bank_lines" USING btree ("payer_user_id","date");--> statement-breakpoint
CREATE INDEX "charges_payer_idx" ON "charges" USING btree ("payer_user_id","due_date");--> statement-breakpoint
CREATE INDEX "charges_player_idx" ON "charges" USING btree ("player_id","due_date");--> statement-breakpoint
CREATE UNIQUE INDEX "charges_source_key" ON "charges" USING btree ("source_key");--> statement-breakpoint
CREATE INDEX "ledger_payer_idx" ON "ledger_entries" USING btree ("payer_user_id");--> statement-breakpoint
CREATE INDEX "ledger_charge_idx" ON "ledger_entries" USING btree ("charge_id");--> statement-breakpoint
CREATE INDEX "ledger_line_idx" ON "ledger_entries" USING btree ("bank_line_id");--> statement-breakpoint
CREATE UNIQUE INDEX "ledger_reverses_key" ON "ledger_entries" USING btree ("reverses_id");
--> statement-breakpoint
-- Charges and ledger entries are never changed or deleted; the only change allowed is a link to a person
-- (the columns named as the trigger's arguments) becoming null when that person is erased.
CREATE FUNCTION "treasury_append_only"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  col text;
BEGIN
  IF TG_OP = 'DELETE' THEN
    RAISE EXCEPTION '% rows are never deleted: record a reversal instead', TG_TABLE_NAME USING ERRCODE = '55000';
  END IF;
  IF (to_jsonb(NEW) - TG_ARGV) IS DISTINCT FROM (to_jsonb(OLD) - TG_ARGV) THEN
    RAISE EXCEPTION '% rows are never changed: record a reversal instead', TG_TABLE_NAME USING ERRCODE = '55000';
  END IF;
  FOREACH col IN ARRAY TG_ARGV LOOP
    IF (to_jsonb(NEW) ->> col) IS NOT NULL AND (to_jsonb(NEW) ->> col) IS DISTINCT FROM (to_jsonb(OLD) ->> col) THEN
      RAISE EXCEPTION '% rows are never changed: record a reversal instead', TG_TABLE_NAME USING ERRCODE = '55000';
    END IF;
  END LOOP;
  RETURN NEW;
END
$$;--> statement-breakpoint
CREATE TRIGGER "charges_append_only" BEFORE UPDATE OR DELETE ON "charges"
  FOR EACH ROW EXECUTE FUNCTION "treasury_append_only"('payer_user_id', 'player_id', 'team_id', 'plan_id', 'created_by');--> statement-breakpoint
CREATE TRIGGER "ledger_entries_append_only" BEFORE UPDATE OR DELETE ON "ledger_entries"
  FOR EACH ROW EXECUTE FUNCTION "treasury_append_only"('payer_user_id', 'created_by');--> statement-breakpoint
-- The payments typed in before the ledger become charges with the same ids (their links keep working),
-- paid to the member's login, or a junior's primary guardian; a paid one gets its payment entry.
INSERT INTO "charges" ("id", "payer_user_id", "player_id", "team_id", "category", "description", "label", "amount_pence", "due_date", "season", "created_by_name", "created_at")
SELECT p."id",
  coalesce(
    (SELECT g."user_id" FROM "guardians" g WHERE g."player_id" = p."player_id" AND g."level" = 'primary'
       AND pl."date_of_birth" IS NOT NULL AND pl."date_of_birth" > current_date - interval '18 years' ORDER BY g."created_at" LIMIT 1),
    pl."user_id"),
  p."player_id",
  (SELECT pt."team_id" FROM "player_teams" pt WHERE pt."player_id" = p."player_id" AND pt."left_on" IS NULL ORDER BY pt."joined_on" LIMIT 1),
  CASE
    WHEN p."payment_type" ~* 'sub|member' THEN 'subs'::charge_category
    WHEN p."payment_type" ~* 'match' THEN 'match_fee'::charge_category
    WHEN p."payment_type" ~* 'kit' THEN 'kit'::charge_category
    WHEN p."payment_type" ~* 'tour' THEN 'tour'::charge_category
    ELSE 'other'::charge_category
  END,
  p."description", p."payment_type", round(p."amount" * 100)::integer, p."due_date",
  CASE WHEN extract(month FROM p."due_date") >= 9
    THEN extract(year FROM p."due_date")::int || '-' || lpad(((extract(year FROM p."due_date")::int + 1) % 100)::text, 2, '0')
    ELSE (extract(year FROM p."due_date")::int - 1) || '-' || lpad((extract(year FROM p."due_date")::int % 100)::text, 2, '0')
  END,
  'Recorded before the ledger', p."created_at"
FROM "payments" p JOIN "players" pl ON pl."id" = p."player_id"
WHERE p."amount" > 0;--> statement-breakpoint
INSERT INTO "ledger_entries" ("kind", "payer_user_id", "charge_id", "amount_pence", "occurred_on", "created_by_name", "created_at")
SELECT 'charge', c."payer_user_id", c."id", c."amount_pence", (c."created_at" AT TIME ZONE 'Europe/London')::date, c."created_by_name", c."created_at"
FROM "charges" c;--> statement-breakpoint
INSERT INTO "ledger_entries" ("kind", "payer_user_id", "charge_id", "amount_pence", "reason", "occurred_on", "created_by_name", "created_at")
SELECT 'payment', c."payer_user_id", c."id", -c."amount_pence", 'Marked paid before the ledger', coalesce(p."paid_date", p."due_date"), c."created_by_name", c."created_at"
FROM "payments" p JOIN "charges" c ON c."id" = p."id"
WHERE p."status" = 'paid';--> statement-breakpoint
INSERT INTO "charge_overdue_marks" ("charge_id", "marked_by_name")
SELECT p."id", 'Recorded before the ledger' FROM "payments" p JOIN "charges" c ON c."id" = p."id" WHERE p."status" = 'overdue';--> statement-breakpoint
DROP TABLE "payments" CASCADE;--> statement-breakpoint
DROP TYPE "public"."payment_status";
