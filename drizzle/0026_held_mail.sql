ALTER TYPE "public"."outbox_status" ADD VALUE 'held';--> statement-breakpoint
ALTER TYPE "public"."outbox_status" ADD VALUE 'expired';--> statement-breakpoint
ALTER TABLE "outbox" ADD COLUMN "held_for_user_id" uuid;--> statement-breakpoint
ALTER TABLE "outbox" ADD CONSTRAINT "outbox_held_for_user_id_users_id_fk" FOREIGN KEY ("held_for_user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "outbox_held_for_idx" ON "outbox" USING btree ("held_for_user_id");