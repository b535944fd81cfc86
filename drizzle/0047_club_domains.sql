CREATE TABLE "club_domains" (
	"domain" text PRIMARY KEY NOT NULL,
	"club_id" uuid NOT NULL,
	"verification_token" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"verified_at" timestamp with time zone,
	CONSTRAINT "club_domains_domain_is_lower_case" CHECK ("club_domains"."domain" = lower("club_domains"."domain"))
);
--> statement-breakpoint
ALTER TABLE "club_domains" ADD CONSTRAINT "club_domains_club_id_clubs_id_fk" FOREIGN KEY ("club_id") REFERENCES "public"."clubs"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "club_domains_club_id_idx" ON "club_domains" USING btree ("club_id");--> statement-breakpoint
-- hand-written: begin
-- The app's role (ADR 065) reads and writes the clubs' domains too; migration 0043's default
-- privileges grant it already when this migration runs as their owner, this makes sure otherwise.
DO $$
BEGIN
  IF EXISTS (SELECT 1 FROM pg_roles WHERE rolname = 'club_app') THEN
    GRANT SELECT, INSERT, UPDATE, DELETE ON "club_domains" TO club_app;
  END IF;
END $$;
-- hand-written: end
