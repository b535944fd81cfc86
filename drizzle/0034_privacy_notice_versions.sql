CREATE TABLE "privacy_notice_versions" (
	"version" integer PRIMARY KEY NOT NULL,
	"markdown" text NOT NULL,
	"html" text NOT NULL,
	"published_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "join_us_submissions" ADD COLUMN "notice_version" integer;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "notice_version" integer;--> statement-breakpoint
ALTER TABLE "players" ADD COLUMN "notice_version" integer;--> statement-breakpoint
ALTER TABLE "consents" ADD COLUMN "notice_version" integer;--> statement-breakpoint
ALTER TABLE "guardian_invitations" ADD COLUMN "notice_version" integer;--> statement-breakpoint
ALTER TABLE "guardian_requests" ADD COLUMN "notice_version" integer;--> statement-breakpoint
ALTER TABLE "join_us_submissions" ADD CONSTRAINT "join_us_submissions_notice_version_privacy_notice_versions_version_fk" FOREIGN KEY ("notice_version") REFERENCES "public"."privacy_notice_versions"("version") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_notice_version_privacy_notice_versions_version_fk" FOREIGN KEY ("notice_version") REFERENCES "public"."privacy_notice_versions"("version") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "players" ADD CONSTRAINT "players_notice_version_privacy_notice_versions_version_fk" FOREIGN KEY ("notice_version") REFERENCES "public"."privacy_notice_versions"("version") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "consents" ADD CONSTRAINT "consents_notice_version_privacy_notice_versions_version_fk" FOREIGN KEY ("notice_version") REFERENCES "public"."privacy_notice_versions"("version") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "guardian_invitations" ADD CONSTRAINT "guardian_invitations_notice_version_privacy_notice_versions_version_fk" FOREIGN KEY ("notice_version") REFERENCES "public"."privacy_notice_versions"("version") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "guardian_requests" ADD CONSTRAINT "guardian_requests_notice_version_privacy_notice_versions_version_fk" FOREIGN KEY ("notice_version") REFERENCES "public"."privacy_notice_versions"("version") ON DELETE no action ON UPDATE no action;