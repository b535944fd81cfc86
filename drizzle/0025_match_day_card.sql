CREATE TABLE "child_collectors" (
	"player_id" uuid PRIMARY KEY NOT NULL,
	"others" text DEFAULT '' NOT NULL,
	"set_by" uuid,
	"set_by_name" text NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "medical_note_reads" ADD COLUMN "via" text;--> statement-breakpoint
ALTER TABLE "child_collectors" ADD CONSTRAINT "child_collectors_player_id_players_id_fk" FOREIGN KEY ("player_id") REFERENCES "public"."players"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "child_collectors" ADD CONSTRAINT "child_collectors_set_by_users_id_fk" FOREIGN KEY ("set_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "medical_note_reads_read_at_idx" ON "medical_note_reads" USING btree ("read_at");