CREATE TABLE "access_changes" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"action" text NOT NULL,
	"subject_user_id" uuid,
	"subject_name" text NOT NULL,
	"child_player_id" uuid,
	"child_name" text,
	"reason" text NOT NULL,
	"by_user_id" uuid,
	"by_name" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "players" ADD COLUMN "left_roles" jsonb;--> statement-breakpoint
ALTER TABLE "access_changes" ADD CONSTRAINT "access_changes_subject_user_id_users_id_fk" FOREIGN KEY ("subject_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "access_changes" ADD CONSTRAINT "access_changes_by_user_id_users_id_fk" FOREIGN KEY ("by_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "access_changes_created_idx" ON "access_changes" USING btree ("created_at");