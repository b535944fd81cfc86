-- Issue 19 (ADR 029): the one-time setup code /initialize asks for, one row while the club is not set up.
CREATE TABLE "setup_code" (
	"id" smallint PRIMARY KEY DEFAULT 1 NOT NULL,
	"code" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
