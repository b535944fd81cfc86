CREATE TABLE "dbs_notices" (
	"player_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"expires_on" date NOT NULL,
	"sent_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "dbs_notices_player_id_kind_expires_on_pk" PRIMARY KEY("player_id","kind","expires_on")
);
--> statement-breakpoint
ALTER TABLE "dbs_checks" ADD COLUMN "recorded_by" text;--> statement-breakpoint
ALTER TABLE "dbs_checks" ADD COLUMN "override_by" text;--> statement-breakpoint
ALTER TABLE "dbs_checks" ADD COLUMN "override_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "dbs_checks" ADD COLUMN "override_reason" text;--> statement-breakpoint
ALTER TABLE "dbs_notices" ADD CONSTRAINT "dbs_notices_player_id_players_id_fk" FOREIGN KEY ("player_id") REFERENCES "public"."players"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
-- hand-written: begin
-- Checks recorded before issue 31 named whoever typed them as "checked by": that is who recorded them.
UPDATE "dbs_checks" SET "recorded_by" = "checked_by" WHERE "recorded_by" IS NULL;
-- hand-written: end
