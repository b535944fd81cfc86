CREATE TYPE "public"."privacy_request_status" AS ENUM('open', 'completed', 'refused');--> statement-breakpoint
CREATE TYPE "public"."privacy_request_type" AS ENUM('access', 'erasure', 'rectification', 'restriction');--> statement-breakpoint
CREATE TYPE "public"."requester_relationship" AS ENUM('self', 'parent', 'representative');--> statement-breakpoint
ALTER TYPE "public"."club_role" ADD VALUE 'data_protection_lead';--> statement-breakpoint
CREATE TABLE "privacy_requests" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"type" "privacy_request_type" NOT NULL,
	"player_id" uuid,
	"user_id" uuid,
	"include_children" boolean DEFAULT false NOT NULL,
	"subject_name" text NOT NULL,
	"requested_by_name" text NOT NULL,
	"relationship" "requester_relationship" NOT NULL,
	"received_on" date NOT NULL,
	"identity_checked_on" date,
	"due_on" date NOT NULL,
	"extended_to" date,
	"extension_reason" text,
	"extension_notified_on" date,
	"status" "privacy_request_status" DEFAULT 'open' NOT NULL,
	"outcome" text,
	"completed_on" date,
	"recorded_by" uuid,
	"recorded_by_name" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "privacy_requests" ADD CONSTRAINT "privacy_requests_player_id_players_id_fk" FOREIGN KEY ("player_id") REFERENCES "public"."players"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "privacy_requests" ADD CONSTRAINT "privacy_requests_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "privacy_requests" ADD CONSTRAINT "privacy_requests_recorded_by_users_id_fk" FOREIGN KEY ("recorded_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "privacy_requests_due_idx" ON "privacy_requests" USING btree ("status","due_on");