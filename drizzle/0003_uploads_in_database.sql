-- Uploaded files' bytes move into the database (docs/decisions/013-uploads-in-the-database.md).
-- Files already under DATA_DIR/uploads are copied in by the app at start-up (server/db/upload-files.ts).
CREATE TABLE "upload_contents" (
	"upload_id" uuid PRIMARY KEY NOT NULL,
	"bytes" "bytea" NOT NULL
);
--> statement-breakpoint
ALTER TABLE "upload_contents" ADD CONSTRAINT "upload_contents_upload_id_uploads_id_fk" FOREIGN KEY ("upload_id") REFERENCES "public"."uploads"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
-- JPEG, PNG, WebP and PDF are compressed already: store them out of line without trying to compress them again.
ALTER TABLE "upload_contents" ALTER COLUMN "bytes" SET STORAGE EXTERNAL;
