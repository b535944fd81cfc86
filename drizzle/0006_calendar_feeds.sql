CREATE TABLE "calendar_tokens" (
	"user_id" uuid PRIMARY KEY NOT NULL,
	"token_hash" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_used_at" timestamp with time zone,
	CONSTRAINT "calendar_tokens_token_hash_unique" UNIQUE("token_hash")
);
--> statement-breakpoint
ALTER TABLE "fixtures" ADD COLUMN "revision" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "training_sessions" ADD COLUMN "revision" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "calendar_tokens" ADD CONSTRAINT "calendar_tokens_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
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
--> statement-breakpoint
-- The same for training sessions: moved (time or place) or cancelled/reinstated raises the revision.
CREATE OR REPLACE FUNCTION "training_session_revision"() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  IF NEW."starts_at" IS DISTINCT FROM OLD."starts_at"
    OR NEW."ends_at" IS DISTINCT FROM OLD."ends_at"
    OR NEW."place" IS DISTINCT FROM OLD."place"
    OR NEW."status" IS DISTINCT FROM OLD."status" THEN
    NEW."revision" := OLD."revision" + 1;
  ELSE
    NEW."revision" := OLD."revision";
  END IF;
  RETURN NEW;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER "training_sessions_revision" BEFORE UPDATE ON "training_sessions" FOR EACH ROW EXECUTE FUNCTION "training_session_revision"();
