-- ADR 065 stage 3: every row belongs to a club. drizzle-kit's statements are below, REORDERED
-- (it adds the new primary keys before the club_id columns they name, and cannot name the old
-- primary keys to drop them), and its composite ON DELETE SET NULL keys are written as
-- ON DELETE SET NULL ("x") (PostgreSQL 15+: only x goes null, club_id never). The rest is hand-written.
-- hand-written: begin
-- Deferred triggers of the migrations before this one in the same transaction (content_changed on
-- seeded rows) run now: a table with pending trigger events cannot be altered.
SET CONSTRAINTS ALL IMMEDIATE;
--> statement-breakpoint
-- The existing rows (and the columns' stored default) get the install's one club.
SELECT set_config('app.club_id', (SELECT "id"::text FROM "clubs" ORDER BY "created_at", "id" LIMIT 1), false);
-- hand-written: end
--> statement-breakpoint
ALTER TABLE "uploads" DROP CONSTRAINT "uploads_stored_name_unique";
--> statement-breakpoint
ALTER TABLE "players" DROP CONSTRAINT "players_user_id_unique";
--> statement-breakpoint
ALTER TABLE "outbox" DROP CONSTRAINT "outbox_dedupe_key_unique";
--> statement-breakpoint
ALTER TABLE "calendar_tokens" DROP CONSTRAINT "calendar_tokens_token_hash_unique";
--> statement-breakpoint
ALTER TABLE "payer_references" DROP CONSTRAINT "payer_references_payer_user_id_unique";
--> statement-breakpoint
ALTER TABLE "statement_mappings" DROP CONSTRAINT "statement_mappings_headers_key_unique";
--> statement-breakpoint
ALTER TABLE "erasures" DROP CONSTRAINT "erasures_pseudonym_unique";
--> statement-breakpoint
ALTER TABLE "push_outbox" DROP CONSTRAINT "push_outbox_dedupe_key_unique";
--> statement-breakpoint
ALTER TABLE "push_subscriptions" DROP CONSTRAINT "push_subscriptions_endpoint_unique";
--> statement-breakpoint
ALTER TABLE "access_changes" DROP CONSTRAINT "access_changes_subject_user_id_users_id_fk";
--> statement-breakpoint
ALTER TABLE "access_changes" DROP CONSTRAINT "access_changes_by_user_id_users_id_fk";
--> statement-breakpoint
ALTER TABLE "account_tokens" DROP CONSTRAINT "account_tokens_user_id_users_id_fk";
--> statement-breakpoint
ALTER TABLE "club_roles" DROP CONSTRAINT "club_roles_user_id_users_id_fk";
--> statement-breakpoint
ALTER TABLE "club_roles" DROP CONSTRAINT "club_roles_granted_by_users_id_fk";
--> statement-breakpoint
ALTER TABLE "role_changes" DROP CONSTRAINT "role_changes_subject_user_id_users_id_fk";
--> statement-breakpoint
ALTER TABLE "role_changes" DROP CONSTRAINT "role_changes_by_user_id_users_id_fk";
--> statement-breakpoint
ALTER TABLE "sessions" DROP CONSTRAINT "sessions_user_id_users_id_fk";
--> statement-breakpoint
ALTER TABLE "join_us_submissions" DROP CONSTRAINT "join_us_submissions_notice_version_privacy_notice_versions_version_fk";
--> statement-breakpoint
ALTER TABLE "fixtures" DROP CONSTRAINT "fixtures_team_id_teams_id_fk";
--> statement-breakpoint
ALTER TABLE "documents" DROP CONSTRAINT "documents_player_id_players_id_fk";
--> statement-breakpoint
ALTER TABLE "documents" DROP CONSTRAINT "documents_upload_id_uploads_id_fk";
--> statement-breakpoint
ALTER TABLE "feedback" DROP CONSTRAINT "feedback_player_id_players_id_fk";
--> statement-breakpoint
ALTER TABLE "message_reads" DROP CONSTRAINT "message_reads_message_id_messages_id_fk";
--> statement-breakpoint
ALTER TABLE "message_reads" DROP CONSTRAINT "message_reads_user_id_users_id_fk";
--> statement-breakpoint
ALTER TABLE "messages" DROP CONSTRAINT "messages_player_id_players_id_fk";
--> statement-breakpoint
ALTER TABLE "messages" DROP CONSTRAINT "messages_sender_user_id_users_id_fk";
--> statement-breakpoint
ALTER TABLE "notifications" DROP CONSTRAINT "notifications_user_id_users_id_fk";
--> statement-breakpoint
ALTER TABLE "upload_contents" DROP CONSTRAINT "upload_contents_upload_id_uploads_id_fk";
--> statement-breakpoint
ALTER TABLE "orders" DROP CONSTRAINT "orders_product_id_products_id_fk";
--> statement-breakpoint
ALTER TABLE "orders" DROP CONSTRAINT "orders_notice_version_privacy_notice_versions_version_fk";
--> statement-breakpoint
ALTER TABLE "player_stats" DROP CONSTRAINT "player_stats_player_id_players_id_fk";
--> statement-breakpoint
ALTER TABLE "players" DROP CONSTRAINT "players_user_id_users_id_fk";
--> statement-breakpoint
ALTER TABLE "players" DROP CONSTRAINT "players_notice_version_privacy_notice_versions_version_fk";
--> statement-breakpoint
ALTER TABLE "notification_preferences" DROP CONSTRAINT "notification_preferences_user_id_users_id_fk";
--> statement-breakpoint
ALTER TABLE "outbox" DROP CONSTRAINT "outbox_held_for_user_id_users_id_fk";
--> statement-breakpoint
ALTER TABLE "password_reset_tokens" DROP CONSTRAINT "password_reset_tokens_user_id_users_id_fk";
--> statement-breakpoint
ALTER TABLE "player_teams" DROP CONSTRAINT "player_teams_player_id_players_id_fk";
--> statement-breakpoint
ALTER TABLE "player_teams" DROP CONSTRAINT "player_teams_team_id_teams_id_fk";
--> statement-breakpoint
ALTER TABLE "team_staff" DROP CONSTRAINT "team_staff_player_id_players_id_fk";
--> statement-breakpoint
ALTER TABLE "team_staff" DROP CONSTRAINT "team_staff_team_id_teams_id_fk";
--> statement-breakpoint
ALTER TABLE "training_attendance" DROP CONSTRAINT "training_attendance_session_id_training_sessions_id_fk";
--> statement-breakpoint
ALTER TABLE "training_attendance" DROP CONSTRAINT "training_attendance_player_id_players_id_fk";
--> statement-breakpoint
ALTER TABLE "training_sessions" DROP CONSTRAINT "training_sessions_team_id_teams_id_fk";
--> statement-breakpoint
ALTER TABLE "training_sessions" DROP CONSTRAINT "training_sessions_slot_id_training_slots_id_fk";
--> statement-breakpoint
ALTER TABLE "training_sessions" DROP CONSTRAINT "training_sessions_attendance_recorded_by_users_id_fk";
--> statement-breakpoint
ALTER TABLE "training_slots" DROP CONSTRAINT "training_slots_team_id_teams_id_fk";
--> statement-breakpoint
ALTER TABLE "calendar_tokens" DROP CONSTRAINT "calendar_tokens_user_id_users_id_fk";
--> statement-breakpoint
ALTER TABLE "availability" DROP CONSTRAINT "availability_player_id_players_id_fk";
--> statement-breakpoint
ALTER TABLE "availability" DROP CONSTRAINT "availability_fixture_id_fixtures_id_fk";
--> statement-breakpoint
ALTER TABLE "availability" DROP CONSTRAINT "availability_session_id_training_sessions_id_fk";
--> statement-breakpoint
ALTER TABLE "availability" DROP CONSTRAINT "availability_answered_by_users_id_fk";
--> statement-breakpoint
ALTER TABLE "availability_reminders" DROP CONSTRAINT "availability_reminders_fixture_id_fixtures_id_fk";
--> statement-breakpoint
ALTER TABLE "availability_reminders" DROP CONSTRAINT "availability_reminders_sent_by_users_id_fk";
--> statement-breakpoint
ALTER TABLE "fixture_selections" DROP CONSTRAINT "fixture_selections_fixture_id_fixtures_id_fk";
--> statement-breakpoint
ALTER TABLE "fixture_selections" DROP CONSTRAINT "fixture_selections_player_id_players_id_fk";
--> statement-breakpoint
ALTER TABLE "selection_publications" DROP CONSTRAINT "selection_publications_fixture_id_fixtures_id_fk";
--> statement-breakpoint
ALTER TABLE "selection_publications" DROP CONSTRAINT "selection_publications_published_by_users_id_fk";
--> statement-breakpoint
ALTER TABLE "selection_versions" DROP CONSTRAINT "selection_versions_fixture_id_fixtures_id_fk";
--> statement-breakpoint
ALTER TABLE "selection_versions" DROP CONSTRAINT "selection_versions_saved_by_users_id_fk";
--> statement-breakpoint
ALTER TABLE "child_collectors" DROP CONSTRAINT "child_collectors_player_id_players_id_fk";
--> statement-breakpoint
ALTER TABLE "child_collectors" DROP CONSTRAINT "child_collectors_set_by_users_id_fk";
--> statement-breakpoint
ALTER TABLE "consents" DROP CONSTRAINT "consents_player_id_players_id_fk";
--> statement-breakpoint
ALTER TABLE "consents" DROP CONSTRAINT "consents_given_by_users_id_fk";
--> statement-breakpoint
ALTER TABLE "consents" DROP CONSTRAINT "consents_notice_version_privacy_notice_versions_version_fk";
--> statement-breakpoint
ALTER TABLE "dbs_checks" DROP CONSTRAINT "dbs_checks_player_id_players_id_fk";
--> statement-breakpoint
ALTER TABLE "dbs_notices" DROP CONSTRAINT "dbs_notices_player_id_players_id_fk";
--> statement-breakpoint
ALTER TABLE "guardian_invitations" DROP CONSTRAINT "guardian_invitations_player_id_players_id_fk";
--> statement-breakpoint
ALTER TABLE "guardian_invitations" DROP CONSTRAINT "guardian_invitations_notice_version_privacy_notice_versions_version_fk";
--> statement-breakpoint
ALTER TABLE "guardian_requests" DROP CONSTRAINT "guardian_requests_user_id_users_id_fk";
--> statement-breakpoint
ALTER TABLE "guardian_requests" DROP CONSTRAINT "guardian_requests_team_id_teams_id_fk";
--> statement-breakpoint
ALTER TABLE "guardian_requests" DROP CONSTRAINT "guardian_requests_player_id_players_id_fk";
--> statement-breakpoint
ALTER TABLE "guardian_requests" DROP CONSTRAINT "guardian_requests_notice_version_privacy_notice_versions_version_fk";
--> statement-breakpoint
ALTER TABLE "guardians" DROP CONSTRAINT "guardians_user_id_users_id_fk";
--> statement-breakpoint
ALTER TABLE "guardians" DROP CONSTRAINT "guardians_player_id_players_id_fk";
--> statement-breakpoint
ALTER TABLE "junior_notices" DROP CONSTRAINT "junior_notices_player_id_players_id_fk";
--> statement-breakpoint
ALTER TABLE "medical_note_reads" DROP CONSTRAINT "medical_note_reads_player_id_players_id_fk";
--> statement-breakpoint
ALTER TABLE "medical_note_reads" DROP CONSTRAINT "medical_note_reads_read_by_users_id_fk";
--> statement-breakpoint
ALTER TABLE "bank_imports" DROP CONSTRAINT "bank_imports_uploaded_by_users_id_fk";
--> statement-breakpoint
ALTER TABLE "bank_lines" DROP CONSTRAINT "bank_lines_import_id_bank_imports_id_fk";
--> statement-breakpoint
ALTER TABLE "bank_lines" DROP CONSTRAINT "bank_lines_payer_user_id_users_id_fk";
--> statement-breakpoint
ALTER TABLE "charge_overdue_marks" DROP CONSTRAINT "charge_overdue_marks_charge_id_charges_id_fk";
--> statement-breakpoint
ALTER TABLE "charges" DROP CONSTRAINT "charges_payer_user_id_users_id_fk";
--> statement-breakpoint
ALTER TABLE "charges" DROP CONSTRAINT "charges_player_id_players_id_fk";
--> statement-breakpoint
ALTER TABLE "charges" DROP CONSTRAINT "charges_team_id_teams_id_fk";
--> statement-breakpoint
ALTER TABLE "charges" DROP CONSTRAINT "charges_plan_id_payment_plans_id_fk";
--> statement-breakpoint
ALTER TABLE "charges" DROP CONSTRAINT "charges_created_by_users_id_fk";
--> statement-breakpoint
ALTER TABLE "ledger_entries" DROP CONSTRAINT "ledger_entries_payer_user_id_users_id_fk";
--> statement-breakpoint
ALTER TABLE "ledger_entries" DROP CONSTRAINT "ledger_entries_charge_id_charges_id_fk";
--> statement-breakpoint
ALTER TABLE "ledger_entries" DROP CONSTRAINT "ledger_entries_bank_line_id_bank_lines_id_fk";
--> statement-breakpoint
ALTER TABLE "ledger_entries" DROP CONSTRAINT "ledger_entries_reverses_id_ledger_entries_id_fk";
--> statement-breakpoint
ALTER TABLE "ledger_entries" DROP CONSTRAINT "ledger_entries_created_by_users_id_fk";
--> statement-breakpoint
ALTER TABLE "payer_references" DROP CONSTRAINT "payer_references_payer_user_id_users_id_fk";
--> statement-breakpoint
ALTER TABLE "payment_plans" DROP CONSTRAINT "payment_plans_team_id_teams_id_fk";
--> statement-breakpoint
ALTER TABLE "payment_plans" DROP CONSTRAINT "payment_plans_created_by_users_id_fk";
--> statement-breakpoint
ALTER TABLE "privacy_requests" DROP CONSTRAINT "privacy_requests_player_id_players_id_fk";
--> statement-breakpoint
ALTER TABLE "privacy_requests" DROP CONSTRAINT "privacy_requests_user_id_users_id_fk";
--> statement-breakpoint
ALTER TABLE "privacy_requests" DROP CONSTRAINT "privacy_requests_recorded_by_users_id_fk";
--> statement-breakpoint
ALTER TABLE "retention_log" DROP CONSTRAINT "retention_log_approved_by_id_users_id_fk";
--> statement-breakpoint
ALTER TABLE "retention_rules" DROP CONSTRAINT "retention_rules_updated_by_id_users_id_fk";
--> statement-breakpoint
ALTER TABLE "erasures" DROP CONSTRAINT "erasures_erased_by_users_id_fk";
--> statement-breakpoint
ALTER TABLE "club_file_downloads" DROP CONSTRAINT "club_file_downloads_downloaded_by_users_id_fk";
--> statement-breakpoint
ALTER TABLE "privacy_request_downloads" DROP CONSTRAINT "privacy_request_downloads_request_id_privacy_requests_id_fk";
--> statement-breakpoint
ALTER TABLE "privacy_request_downloads" DROP CONSTRAINT "privacy_request_downloads_downloaded_by_users_id_fk";
--> statement-breakpoint
ALTER TABLE "push_outbox" DROP CONSTRAINT "push_outbox_user_id_users_id_fk";
--> statement-breakpoint
ALTER TABLE "push_outbox" DROP CONSTRAINT "push_outbox_subscription_id_push_subscriptions_id_fk";
--> statement-breakpoint
ALTER TABLE "push_subscriptions" DROP CONSTRAINT "push_subscriptions_user_id_users_id_fk";
--> statement-breakpoint
ALTER TABLE "push_subscriptions" DROP CONSTRAINT "push_subscriptions_session_token_hash_sessions_token_hash_fk";
--> statement-breakpoint
DROP INDEX "users_username_lower_idx";
--> statement-breakpoint
DROP INDEX "users_email_lower_idx";
--> statement-breakpoint
DROP INDEX "orders_number_idx";
--> statement-breakpoint
DROP INDEX "orders_token_idx";
--> statement-breakpoint
DROP INDEX "player_teams_current_key";
--> statement-breakpoint
DROP INDEX "teams_slug_key";
--> statement-breakpoint
DROP INDEX "teams_name_lower_key";
--> statement-breakpoint
DROP INDEX "training_sessions_team_slot_date_key";
--> statement-breakpoint
DROP INDEX "availability_fixture_player_key";
--> statement-breakpoint
DROP INDEX "availability_session_player_key";
--> statement-breakpoint
DROP INDEX "event_changes_open_key";
--> statement-breakpoint
DROP INDEX "fixture_selections_shirt_key";
--> statement-breakpoint
DROP INDEX "bank_lines_fingerprint_key";
--> statement-breakpoint
DROP INDEX "charges_source_key";
--> statement-breakpoint
DROP INDEX "ledger_reverses_key";
--> statement-breakpoint
ALTER TABLE "club_roles" DROP CONSTRAINT "club_roles_user_id_role_pk";
--> statement-breakpoint
ALTER TABLE "message_reads" DROP CONSTRAINT "message_reads_message_id_user_id_pk";
--> statement-breakpoint
ALTER TABLE "notification_preferences" DROP CONSTRAINT "notification_preferences_user_id_kind_pk";
--> statement-breakpoint
ALTER TABLE "player_teams" DROP CONSTRAINT "player_teams_player_id_team_id_joined_on_pk";
--> statement-breakpoint
ALTER TABLE "team_staff" DROP CONSTRAINT "team_staff_player_id_team_id_pk";
--> statement-breakpoint
ALTER TABLE "training_attendance" DROP CONSTRAINT "training_attendance_session_id_player_id_pk";
--> statement-breakpoint
ALTER TABLE "fixture_selections" DROP CONSTRAINT "fixture_selections_fixture_id_player_id_pk";
--> statement-breakpoint
ALTER TABLE "dbs_notices" DROP CONSTRAINT "dbs_notices_player_id_kind_expires_on_pk";
--> statement-breakpoint
ALTER TABLE "guardians" DROP CONSTRAINT "guardians_user_id_player_id_pk";
--> statement-breakpoint
ALTER TABLE "junior_notices" DROP CONSTRAINT "junior_notices_player_id_kind_pk";
--> statement-breakpoint
-- hand-written: begin
-- Every tenant table's old primary key (its foreign keys are dropped above; the new ones include club_id).
DO $$
DECLARE
  r record;
BEGIN
  FOR r IN SELECT c.relname, con.conname FROM pg_constraint con JOIN pg_class c ON c.oid = con.conrelid
            JOIN pg_namespace n ON n.oid = c.relnamespace
           WHERE con.contype = 'p' AND n.nspname = 'public' AND c.relname = ANY (ARRAY['access_changes', 'account_tokens', 'availability', 'availability_reminders', 'bank_imports', 'bank_lines', 'calendar_tokens', 'charge_overdue_marks', 'charges', 'child_collectors', 'club_file_downloads', 'club_pages', 'club_roles', 'consents', 'content_version', 'database_initialization', 'dbs_checks', 'dbs_notices', 'documents', 'email_suppressions', 'erasures', 'event_changes', 'feedback', 'fixture_selections', 'fixtures', 'guardian_invitations', 'guardian_requests', 'guardians', 'join_us_submissions', 'junior_notices', 'ledger_entries', 'login_throttle', 'medical_note_reads', 'message_reads', 'messages', 'news', 'notification_preferences', 'notifications', 'orders', 'outbox', 'password_reset_tokens', 'payer_references', 'payment_plans', 'player_stats', 'player_teams', 'players', 'privacy_notice_versions', 'privacy_request_downloads', 'privacy_requests', 'products', 'push_outbox', 'push_subscriptions', 'retention_log', 'retention_rules', 'role_changes', 'selection_publications', 'selection_versions', 'sessions', 'settings', 'setup_code', 'sponsors', 'statement_mappings', 'team_staff', 'teams', 'training_attendance', 'training_sessions', 'training_slots', 'upload_contents', 'uploads', 'users'])
  LOOP
    EXECUTE format('ALTER TABLE %I DROP CONSTRAINT %I', r.relname, r.conname);
  END LOOP;
END;
$$;
-- hand-written: end
--> statement-breakpoint
ALTER TABLE "access_changes" ADD COLUMN "club_id" uuid DEFAULT current_setting('app.club_id')::uuid NOT NULL;
--> statement-breakpoint
ALTER TABLE "account_tokens" ADD COLUMN "club_id" uuid DEFAULT current_setting('app.club_id')::uuid NOT NULL;
--> statement-breakpoint
ALTER TABLE "club_roles" ADD COLUMN "club_id" uuid DEFAULT current_setting('app.club_id')::uuid NOT NULL;
--> statement-breakpoint
ALTER TABLE "login_throttle" ADD COLUMN "club_id" uuid DEFAULT current_setting('app.club_id')::uuid NOT NULL;
--> statement-breakpoint
ALTER TABLE "role_changes" ADD COLUMN "club_id" uuid DEFAULT current_setting('app.club_id')::uuid NOT NULL;
--> statement-breakpoint
ALTER TABLE "sessions" ADD COLUMN "club_id" uuid DEFAULT current_setting('app.club_id')::uuid NOT NULL;
--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "club_id" uuid DEFAULT current_setting('app.club_id')::uuid NOT NULL;
--> statement-breakpoint
ALTER TABLE "content_version" ADD COLUMN "club_id" uuid PRIMARY KEY DEFAULT current_setting('app.club_id')::uuid NOT NULL;
--> statement-breakpoint
ALTER TABLE "database_initialization" ADD COLUMN "club_id" uuid PRIMARY KEY DEFAULT current_setting('app.club_id')::uuid NOT NULL;
--> statement-breakpoint
ALTER TABLE "settings" ADD COLUMN "club_id" uuid PRIMARY KEY DEFAULT current_setting('app.club_id')::uuid NOT NULL;
--> statement-breakpoint
ALTER TABLE "setup_code" ADD COLUMN "club_id" uuid PRIMARY KEY DEFAULT current_setting('app.club_id')::uuid NOT NULL;
--> statement-breakpoint
ALTER TABLE "club_pages" ADD COLUMN "club_id" uuid DEFAULT current_setting('app.club_id')::uuid NOT NULL;
--> statement-breakpoint
ALTER TABLE "join_us_submissions" ADD COLUMN "club_id" uuid DEFAULT current_setting('app.club_id')::uuid NOT NULL;
--> statement-breakpoint
ALTER TABLE "news" ADD COLUMN "club_id" uuid DEFAULT current_setting('app.club_id')::uuid NOT NULL;
--> statement-breakpoint
ALTER TABLE "sponsors" ADD COLUMN "club_id" uuid DEFAULT current_setting('app.club_id')::uuid NOT NULL;
--> statement-breakpoint
ALTER TABLE "fixtures" ADD COLUMN "club_id" uuid DEFAULT current_setting('app.club_id')::uuid NOT NULL;
--> statement-breakpoint
ALTER TABLE "documents" ADD COLUMN "club_id" uuid DEFAULT current_setting('app.club_id')::uuid NOT NULL;
--> statement-breakpoint
ALTER TABLE "feedback" ADD COLUMN "club_id" uuid DEFAULT current_setting('app.club_id')::uuid NOT NULL;
--> statement-breakpoint
ALTER TABLE "message_reads" ADD COLUMN "club_id" uuid DEFAULT current_setting('app.club_id')::uuid NOT NULL;
--> statement-breakpoint
ALTER TABLE "messages" ADD COLUMN "club_id" uuid DEFAULT current_setting('app.club_id')::uuid NOT NULL;
--> statement-breakpoint
ALTER TABLE "notifications" ADD COLUMN "club_id" uuid DEFAULT current_setting('app.club_id')::uuid NOT NULL;
--> statement-breakpoint
ALTER TABLE "upload_contents" ADD COLUMN "club_id" uuid DEFAULT current_setting('app.club_id')::uuid NOT NULL;
--> statement-breakpoint
ALTER TABLE "uploads" ADD COLUMN "club_id" uuid DEFAULT current_setting('app.club_id')::uuid NOT NULL;
--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "club_id" uuid DEFAULT current_setting('app.club_id')::uuid NOT NULL;
--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "club_id" uuid DEFAULT current_setting('app.club_id')::uuid NOT NULL;
--> statement-breakpoint
ALTER TABLE "player_stats" ADD COLUMN "club_id" uuid DEFAULT current_setting('app.club_id')::uuid NOT NULL;
--> statement-breakpoint
ALTER TABLE "players" ADD COLUMN "club_id" uuid DEFAULT current_setting('app.club_id')::uuid NOT NULL;
--> statement-breakpoint
ALTER TABLE "notification_preferences" ADD COLUMN "club_id" uuid DEFAULT current_setting('app.club_id')::uuid NOT NULL;
--> statement-breakpoint
ALTER TABLE "outbox" ADD COLUMN "club_id" uuid DEFAULT current_setting('app.club_id')::uuid NOT NULL;
--> statement-breakpoint
ALTER TABLE "password_reset_tokens" ADD COLUMN "club_id" uuid DEFAULT current_setting('app.club_id')::uuid NOT NULL;
--> statement-breakpoint
ALTER TABLE "player_teams" ADD COLUMN "club_id" uuid DEFAULT current_setting('app.club_id')::uuid NOT NULL;
--> statement-breakpoint
ALTER TABLE "team_staff" ADD COLUMN "club_id" uuid DEFAULT current_setting('app.club_id')::uuid NOT NULL;
--> statement-breakpoint
ALTER TABLE "teams" ADD COLUMN "club_id" uuid DEFAULT current_setting('app.club_id')::uuid NOT NULL;
--> statement-breakpoint
ALTER TABLE "training_attendance" ADD COLUMN "club_id" uuid DEFAULT current_setting('app.club_id')::uuid NOT NULL;
--> statement-breakpoint
ALTER TABLE "training_sessions" ADD COLUMN "club_id" uuid DEFAULT current_setting('app.club_id')::uuid NOT NULL;
--> statement-breakpoint
ALTER TABLE "training_slots" ADD COLUMN "club_id" uuid DEFAULT current_setting('app.club_id')::uuid NOT NULL;
--> statement-breakpoint
ALTER TABLE "calendar_tokens" ADD COLUMN "club_id" uuid DEFAULT current_setting('app.club_id')::uuid NOT NULL;
--> statement-breakpoint
ALTER TABLE "availability" ADD COLUMN "club_id" uuid DEFAULT current_setting('app.club_id')::uuid NOT NULL;
--> statement-breakpoint
ALTER TABLE "availability_reminders" ADD COLUMN "club_id" uuid DEFAULT current_setting('app.club_id')::uuid NOT NULL;
--> statement-breakpoint
ALTER TABLE "event_changes" ADD COLUMN "club_id" uuid DEFAULT current_setting('app.club_id')::uuid NOT NULL;
--> statement-breakpoint
ALTER TABLE "fixture_selections" ADD COLUMN "club_id" uuid DEFAULT current_setting('app.club_id')::uuid NOT NULL;
--> statement-breakpoint
ALTER TABLE "selection_publications" ADD COLUMN "club_id" uuid DEFAULT current_setting('app.club_id')::uuid NOT NULL;
--> statement-breakpoint
ALTER TABLE "selection_versions" ADD COLUMN "club_id" uuid DEFAULT current_setting('app.club_id')::uuid NOT NULL;
--> statement-breakpoint
ALTER TABLE "child_collectors" ADD COLUMN "club_id" uuid DEFAULT current_setting('app.club_id')::uuid NOT NULL;
--> statement-breakpoint
ALTER TABLE "consents" ADD COLUMN "club_id" uuid DEFAULT current_setting('app.club_id')::uuid NOT NULL;
--> statement-breakpoint
ALTER TABLE "dbs_checks" ADD COLUMN "club_id" uuid DEFAULT current_setting('app.club_id')::uuid NOT NULL;
--> statement-breakpoint
ALTER TABLE "dbs_notices" ADD COLUMN "club_id" uuid DEFAULT current_setting('app.club_id')::uuid NOT NULL;
--> statement-breakpoint
ALTER TABLE "guardian_invitations" ADD COLUMN "club_id" uuid DEFAULT current_setting('app.club_id')::uuid NOT NULL;
--> statement-breakpoint
ALTER TABLE "guardian_requests" ADD COLUMN "club_id" uuid DEFAULT current_setting('app.club_id')::uuid NOT NULL;
--> statement-breakpoint
ALTER TABLE "guardians" ADD COLUMN "club_id" uuid DEFAULT current_setting('app.club_id')::uuid NOT NULL;
--> statement-breakpoint
ALTER TABLE "junior_notices" ADD COLUMN "club_id" uuid DEFAULT current_setting('app.club_id')::uuid NOT NULL;
--> statement-breakpoint
ALTER TABLE "medical_note_reads" ADD COLUMN "club_id" uuid DEFAULT current_setting('app.club_id')::uuid NOT NULL;
--> statement-breakpoint
ALTER TABLE "bank_imports" ADD COLUMN "club_id" uuid DEFAULT current_setting('app.club_id')::uuid NOT NULL;
--> statement-breakpoint
ALTER TABLE "bank_lines" ADD COLUMN "club_id" uuid DEFAULT current_setting('app.club_id')::uuid NOT NULL;
--> statement-breakpoint
ALTER TABLE "charge_overdue_marks" ADD COLUMN "club_id" uuid DEFAULT current_setting('app.club_id')::uuid NOT NULL;
--> statement-breakpoint
ALTER TABLE "charges" ADD COLUMN "club_id" uuid DEFAULT current_setting('app.club_id')::uuid NOT NULL;
--> statement-breakpoint
ALTER TABLE "ledger_entries" ADD COLUMN "club_id" uuid DEFAULT current_setting('app.club_id')::uuid NOT NULL;
--> statement-breakpoint
ALTER TABLE "payer_references" ADD COLUMN "club_id" uuid DEFAULT current_setting('app.club_id')::uuid NOT NULL;
--> statement-breakpoint
ALTER TABLE "payment_plans" ADD COLUMN "club_id" uuid DEFAULT current_setting('app.club_id')::uuid NOT NULL;
--> statement-breakpoint
ALTER TABLE "statement_mappings" ADD COLUMN "club_id" uuid DEFAULT current_setting('app.club_id')::uuid NOT NULL;
--> statement-breakpoint
ALTER TABLE "privacy_requests" ADD COLUMN "club_id" uuid DEFAULT current_setting('app.club_id')::uuid NOT NULL;
--> statement-breakpoint
ALTER TABLE "privacy_notice_versions" ADD COLUMN "club_id" uuid DEFAULT current_setting('app.club_id')::uuid NOT NULL;
--> statement-breakpoint
ALTER TABLE "retention_log" ADD COLUMN "club_id" uuid DEFAULT current_setting('app.club_id')::uuid NOT NULL;
--> statement-breakpoint
ALTER TABLE "retention_rules" ADD COLUMN "club_id" uuid DEFAULT current_setting('app.club_id')::uuid NOT NULL;
--> statement-breakpoint
ALTER TABLE "email_suppressions" ADD COLUMN "club_id" uuid DEFAULT current_setting('app.club_id')::uuid NOT NULL;
--> statement-breakpoint
ALTER TABLE "erasures" ADD COLUMN "club_id" uuid DEFAULT current_setting('app.club_id')::uuid NOT NULL;
--> statement-breakpoint
ALTER TABLE "club_file_downloads" ADD COLUMN "club_id" uuid DEFAULT current_setting('app.club_id')::uuid NOT NULL;
--> statement-breakpoint
ALTER TABLE "privacy_request_downloads" ADD COLUMN "club_id" uuid DEFAULT current_setting('app.club_id')::uuid NOT NULL;
--> statement-breakpoint
ALTER TABLE "push_outbox" ADD COLUMN "club_id" uuid DEFAULT current_setting('app.club_id')::uuid NOT NULL;
--> statement-breakpoint
ALTER TABLE "push_subscriptions" ADD COLUMN "club_id" uuid DEFAULT current_setting('app.club_id')::uuid NOT NULL;
--> statement-breakpoint
ALTER TABLE "access_changes" ADD CONSTRAINT "access_changes_club_id_id_pk" PRIMARY KEY("club_id","id");
--> statement-breakpoint
ALTER TABLE "account_tokens" ADD CONSTRAINT "account_tokens_club_id_token_hash_pk" PRIMARY KEY("club_id","token_hash");
--> statement-breakpoint
ALTER TABLE "club_roles" ADD CONSTRAINT "club_roles_club_id_user_id_role_pk" PRIMARY KEY("club_id","user_id","role");
--> statement-breakpoint
ALTER TABLE "login_throttle" ADD CONSTRAINT "login_throttle_club_id_key_pk" PRIMARY KEY("club_id","key");
--> statement-breakpoint
ALTER TABLE "role_changes" ADD CONSTRAINT "role_changes_club_id_id_pk" PRIMARY KEY("club_id","id");
--> statement-breakpoint
ALTER TABLE "sessions" ADD CONSTRAINT "sessions_club_id_token_hash_pk" PRIMARY KEY("club_id","token_hash");
--> statement-breakpoint
ALTER TABLE "users" ADD CONSTRAINT "users_club_id_id_pk" PRIMARY KEY("club_id","id");
--> statement-breakpoint
ALTER TABLE "club_pages" ADD CONSTRAINT "club_pages_club_id_slug_pk" PRIMARY KEY("club_id","slug");
--> statement-breakpoint
ALTER TABLE "join_us_submissions" ADD CONSTRAINT "join_us_submissions_club_id_id_pk" PRIMARY KEY("club_id","id");
--> statement-breakpoint
ALTER TABLE "news" ADD CONSTRAINT "news_club_id_id_pk" PRIMARY KEY("club_id","id");
--> statement-breakpoint
ALTER TABLE "sponsors" ADD CONSTRAINT "sponsors_club_id_id_pk" PRIMARY KEY("club_id","id");
--> statement-breakpoint
ALTER TABLE "fixtures" ADD CONSTRAINT "fixtures_club_id_id_pk" PRIMARY KEY("club_id","id");
--> statement-breakpoint
ALTER TABLE "documents" ADD CONSTRAINT "documents_club_id_id_pk" PRIMARY KEY("club_id","id");
--> statement-breakpoint
ALTER TABLE "feedback" ADD CONSTRAINT "feedback_club_id_id_pk" PRIMARY KEY("club_id","id");
--> statement-breakpoint
ALTER TABLE "message_reads" ADD CONSTRAINT "message_reads_club_id_message_id_user_id_pk" PRIMARY KEY("club_id","message_id","user_id");
--> statement-breakpoint
ALTER TABLE "messages" ADD CONSTRAINT "messages_club_id_id_pk" PRIMARY KEY("club_id","id");
--> statement-breakpoint
ALTER TABLE "notifications" ADD CONSTRAINT "notifications_club_id_id_pk" PRIMARY KEY("club_id","id");
--> statement-breakpoint
ALTER TABLE "upload_contents" ADD CONSTRAINT "upload_contents_club_id_upload_id_pk" PRIMARY KEY("club_id","upload_id");
--> statement-breakpoint
ALTER TABLE "uploads" ADD CONSTRAINT "uploads_club_id_id_pk" PRIMARY KEY("club_id","id");
--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_club_id_id_pk" PRIMARY KEY("club_id","id");
--> statement-breakpoint
ALTER TABLE "products" ADD CONSTRAINT "products_club_id_id_pk" PRIMARY KEY("club_id","id");
--> statement-breakpoint
ALTER TABLE "player_stats" ADD CONSTRAINT "player_stats_club_id_player_id_pk" PRIMARY KEY("club_id","player_id");
--> statement-breakpoint
ALTER TABLE "players" ADD CONSTRAINT "players_club_id_id_pk" PRIMARY KEY("club_id","id");
--> statement-breakpoint
ALTER TABLE "notification_preferences" ADD CONSTRAINT "notification_preferences_club_id_user_id_kind_pk" PRIMARY KEY("club_id","user_id","kind");
--> statement-breakpoint
ALTER TABLE "outbox" ADD CONSTRAINT "outbox_club_id_id_pk" PRIMARY KEY("club_id","id");
--> statement-breakpoint
ALTER TABLE "password_reset_tokens" ADD CONSTRAINT "password_reset_tokens_club_id_token_hash_pk" PRIMARY KEY("club_id","token_hash");
--> statement-breakpoint
ALTER TABLE "player_teams" ADD CONSTRAINT "player_teams_club_id_player_id_team_id_joined_on_pk" PRIMARY KEY("club_id","player_id","team_id","joined_on");
--> statement-breakpoint
ALTER TABLE "team_staff" ADD CONSTRAINT "team_staff_club_id_player_id_team_id_pk" PRIMARY KEY("club_id","player_id","team_id");
--> statement-breakpoint
ALTER TABLE "teams" ADD CONSTRAINT "teams_club_id_id_pk" PRIMARY KEY("club_id","id");
--> statement-breakpoint
ALTER TABLE "training_attendance" ADD CONSTRAINT "training_attendance_club_id_session_id_player_id_pk" PRIMARY KEY("club_id","session_id","player_id");
--> statement-breakpoint
ALTER TABLE "training_sessions" ADD CONSTRAINT "training_sessions_club_id_id_pk" PRIMARY KEY("club_id","id");
--> statement-breakpoint
ALTER TABLE "training_slots" ADD CONSTRAINT "training_slots_club_id_id_pk" PRIMARY KEY("club_id","id");
--> statement-breakpoint
ALTER TABLE "calendar_tokens" ADD CONSTRAINT "calendar_tokens_club_id_user_id_pk" PRIMARY KEY("club_id","user_id");
--> statement-breakpoint
ALTER TABLE "availability" ADD CONSTRAINT "availability_club_id_id_pk" PRIMARY KEY("club_id","id");
--> statement-breakpoint
ALTER TABLE "availability_reminders" ADD CONSTRAINT "availability_reminders_club_id_fixture_id_pk" PRIMARY KEY("club_id","fixture_id");
--> statement-breakpoint
ALTER TABLE "event_changes" ADD CONSTRAINT "event_changes_club_id_id_pk" PRIMARY KEY("club_id","id");
--> statement-breakpoint
ALTER TABLE "fixture_selections" ADD CONSTRAINT "fixture_selections_club_id_fixture_id_player_id_pk" PRIMARY KEY("club_id","fixture_id","player_id");
--> statement-breakpoint
ALTER TABLE "selection_publications" ADD CONSTRAINT "selection_publications_club_id_fixture_id_pk" PRIMARY KEY("club_id","fixture_id");
--> statement-breakpoint
ALTER TABLE "selection_versions" ADD CONSTRAINT "selection_versions_club_id_fixture_id_pk" PRIMARY KEY("club_id","fixture_id");
--> statement-breakpoint
ALTER TABLE "child_collectors" ADD CONSTRAINT "child_collectors_club_id_player_id_pk" PRIMARY KEY("club_id","player_id");
--> statement-breakpoint
ALTER TABLE "consents" ADD CONSTRAINT "consents_club_id_id_pk" PRIMARY KEY("club_id","id");
--> statement-breakpoint
ALTER TABLE "dbs_checks" ADD CONSTRAINT "dbs_checks_club_id_player_id_pk" PRIMARY KEY("club_id","player_id");
--> statement-breakpoint
ALTER TABLE "dbs_notices" ADD CONSTRAINT "dbs_notices_club_id_player_id_kind_expires_on_pk" PRIMARY KEY("club_id","player_id","kind","expires_on");
--> statement-breakpoint
ALTER TABLE "guardian_invitations" ADD CONSTRAINT "guardian_invitations_club_id_token_hash_pk" PRIMARY KEY("club_id","token_hash");
--> statement-breakpoint
ALTER TABLE "guardian_requests" ADD CONSTRAINT "guardian_requests_club_id_id_pk" PRIMARY KEY("club_id","id");
--> statement-breakpoint
ALTER TABLE "guardians" ADD CONSTRAINT "guardians_club_id_user_id_player_id_pk" PRIMARY KEY("club_id","user_id","player_id");
--> statement-breakpoint
ALTER TABLE "junior_notices" ADD CONSTRAINT "junior_notices_club_id_player_id_kind_pk" PRIMARY KEY("club_id","player_id","kind");
--> statement-breakpoint
ALTER TABLE "medical_note_reads" ADD CONSTRAINT "medical_note_reads_club_id_id_pk" PRIMARY KEY("club_id","id");
--> statement-breakpoint
ALTER TABLE "bank_imports" ADD CONSTRAINT "bank_imports_club_id_id_pk" PRIMARY KEY("club_id","id");
--> statement-breakpoint
ALTER TABLE "bank_lines" ADD CONSTRAINT "bank_lines_club_id_id_pk" PRIMARY KEY("club_id","id");
--> statement-breakpoint
ALTER TABLE "charge_overdue_marks" ADD CONSTRAINT "charge_overdue_marks_club_id_charge_id_pk" PRIMARY KEY("club_id","charge_id");
--> statement-breakpoint
ALTER TABLE "charges" ADD CONSTRAINT "charges_club_id_id_pk" PRIMARY KEY("club_id","id");
--> statement-breakpoint
ALTER TABLE "ledger_entries" ADD CONSTRAINT "ledger_entries_club_id_id_pk" PRIMARY KEY("club_id","id");
--> statement-breakpoint
ALTER TABLE "payer_references" ADD CONSTRAINT "payer_references_club_id_reference_pk" PRIMARY KEY("club_id","reference");
--> statement-breakpoint
ALTER TABLE "payment_plans" ADD CONSTRAINT "payment_plans_club_id_id_pk" PRIMARY KEY("club_id","id");
--> statement-breakpoint
ALTER TABLE "statement_mappings" ADD CONSTRAINT "statement_mappings_club_id_id_pk" PRIMARY KEY("club_id","id");
--> statement-breakpoint
ALTER TABLE "privacy_requests" ADD CONSTRAINT "privacy_requests_club_id_id_pk" PRIMARY KEY("club_id","id");
--> statement-breakpoint
ALTER TABLE "privacy_notice_versions" ADD CONSTRAINT "privacy_notice_versions_club_id_version_pk" PRIMARY KEY("club_id","version");
--> statement-breakpoint
ALTER TABLE "retention_log" ADD CONSTRAINT "retention_log_club_id_id_pk" PRIMARY KEY("club_id","id");
--> statement-breakpoint
ALTER TABLE "retention_rules" ADD CONSTRAINT "retention_rules_club_id_key_pk" PRIMARY KEY("club_id","key");
--> statement-breakpoint
ALTER TABLE "email_suppressions" ADD CONSTRAINT "email_suppressions_club_id_email_sha256_pk" PRIMARY KEY("club_id","email_sha256");
--> statement-breakpoint
ALTER TABLE "erasures" ADD CONSTRAINT "erasures_club_id_id_pk" PRIMARY KEY("club_id","id");
--> statement-breakpoint
ALTER TABLE "club_file_downloads" ADD CONSTRAINT "club_file_downloads_club_id_id_pk" PRIMARY KEY("club_id","id");
--> statement-breakpoint
ALTER TABLE "privacy_request_downloads" ADD CONSTRAINT "privacy_request_downloads_club_id_id_pk" PRIMARY KEY("club_id","id");
--> statement-breakpoint
ALTER TABLE "push_outbox" ADD CONSTRAINT "push_outbox_club_id_id_pk" PRIMARY KEY("club_id","id");
--> statement-breakpoint
ALTER TABLE "push_subscriptions" ADD CONSTRAINT "push_subscriptions_club_id_id_pk" PRIMARY KEY("club_id","id");
--> statement-breakpoint
CREATE UNIQUE INDEX "users_username_lower_idx" ON "users" USING btree ("club_id",lower("username"));
--> statement-breakpoint
CREATE UNIQUE INDEX "users_email_lower_idx" ON "users" USING btree ("club_id",lower("email"));
--> statement-breakpoint
CREATE UNIQUE INDEX "orders_number_idx" ON "orders" USING btree ("club_id","number");
--> statement-breakpoint
CREATE UNIQUE INDEX "orders_token_idx" ON "orders" USING btree ("club_id","token");
--> statement-breakpoint
CREATE UNIQUE INDEX "player_teams_current_key" ON "player_teams" USING btree ("club_id","player_id","team_id") WHERE "player_teams"."left_on" is null;
--> statement-breakpoint
CREATE UNIQUE INDEX "teams_slug_key" ON "teams" USING btree ("club_id","slug");
--> statement-breakpoint
CREATE UNIQUE INDEX "teams_name_lower_key" ON "teams" USING btree ("club_id",lower("name"));
--> statement-breakpoint
CREATE UNIQUE INDEX "training_sessions_team_slot_date_key" ON "training_sessions" USING btree ("club_id","team_id","slot_id","session_date");
--> statement-breakpoint
CREATE UNIQUE INDEX "availability_fixture_player_key" ON "availability" USING btree ("club_id","fixture_id","player_id");
--> statement-breakpoint
CREATE UNIQUE INDEX "availability_session_player_key" ON "availability" USING btree ("club_id","session_id","player_id");
--> statement-breakpoint
CREATE UNIQUE INDEX "event_changes_open_key" ON "event_changes" USING btree ("club_id","kind","event_id") WHERE "event_changes"."sent_at" is null;
--> statement-breakpoint
CREATE UNIQUE INDEX "fixture_selections_shirt_key" ON "fixture_selections" USING btree ("club_id","fixture_id","shirt_number");
--> statement-breakpoint
CREATE UNIQUE INDEX "bank_lines_fingerprint_key" ON "bank_lines" USING btree ("club_id","fingerprint");
--> statement-breakpoint
CREATE UNIQUE INDEX "charges_source_key" ON "charges" USING btree ("club_id","source_key");
--> statement-breakpoint
CREATE UNIQUE INDEX "ledger_reverses_key" ON "ledger_entries" USING btree ("club_id","reverses_id");
--> statement-breakpoint
ALTER TABLE "access_changes" ADD CONSTRAINT "access_changes_club_id_clubs_id_fk" FOREIGN KEY ("club_id") REFERENCES "public"."clubs"("id") ON DELETE no action ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "access_changes" ADD CONSTRAINT "access_changes_subject_user_id_fk" FOREIGN KEY ("club_id","subject_user_id") REFERENCES "public"."users"("club_id","id") ON DELETE SET NULL ("subject_user_id") ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "access_changes" ADD CONSTRAINT "access_changes_by_user_id_fk" FOREIGN KEY ("club_id","by_user_id") REFERENCES "public"."users"("club_id","id") ON DELETE SET NULL ("by_user_id") ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "account_tokens" ADD CONSTRAINT "account_tokens_club_id_clubs_id_fk" FOREIGN KEY ("club_id") REFERENCES "public"."clubs"("id") ON DELETE no action ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "account_tokens" ADD CONSTRAINT "account_tokens_user_id_fk" FOREIGN KEY ("club_id","user_id") REFERENCES "public"."users"("club_id","id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "club_roles" ADD CONSTRAINT "club_roles_club_id_clubs_id_fk" FOREIGN KEY ("club_id") REFERENCES "public"."clubs"("id") ON DELETE no action ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "club_roles" ADD CONSTRAINT "club_roles_user_id_fk" FOREIGN KEY ("club_id","user_id") REFERENCES "public"."users"("club_id","id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "club_roles" ADD CONSTRAINT "club_roles_granted_by_fk" FOREIGN KEY ("club_id","granted_by") REFERENCES "public"."users"("club_id","id") ON DELETE SET NULL ("granted_by") ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "login_throttle" ADD CONSTRAINT "login_throttle_club_id_clubs_id_fk" FOREIGN KEY ("club_id") REFERENCES "public"."clubs"("id") ON DELETE no action ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "role_changes" ADD CONSTRAINT "role_changes_club_id_clubs_id_fk" FOREIGN KEY ("club_id") REFERENCES "public"."clubs"("id") ON DELETE no action ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "role_changes" ADD CONSTRAINT "role_changes_subject_user_id_fk" FOREIGN KEY ("club_id","subject_user_id") REFERENCES "public"."users"("club_id","id") ON DELETE SET NULL ("subject_user_id") ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "role_changes" ADD CONSTRAINT "role_changes_by_user_id_fk" FOREIGN KEY ("club_id","by_user_id") REFERENCES "public"."users"("club_id","id") ON DELETE SET NULL ("by_user_id") ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "sessions" ADD CONSTRAINT "sessions_club_id_clubs_id_fk" FOREIGN KEY ("club_id") REFERENCES "public"."clubs"("id") ON DELETE no action ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "sessions" ADD CONSTRAINT "sessions_user_id_fk" FOREIGN KEY ("club_id","user_id") REFERENCES "public"."users"("club_id","id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "users" ADD CONSTRAINT "users_club_id_clubs_id_fk" FOREIGN KEY ("club_id") REFERENCES "public"."clubs"("id") ON DELETE no action ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "content_version" ADD CONSTRAINT "content_version_club_id_clubs_id_fk" FOREIGN KEY ("club_id") REFERENCES "public"."clubs"("id") ON DELETE no action ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "database_initialization" ADD CONSTRAINT "database_initialization_club_id_clubs_id_fk" FOREIGN KEY ("club_id") REFERENCES "public"."clubs"("id") ON DELETE no action ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "settings" ADD CONSTRAINT "settings_club_id_clubs_id_fk" FOREIGN KEY ("club_id") REFERENCES "public"."clubs"("id") ON DELETE no action ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "setup_code" ADD CONSTRAINT "setup_code_club_id_clubs_id_fk" FOREIGN KEY ("club_id") REFERENCES "public"."clubs"("id") ON DELETE no action ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "club_pages" ADD CONSTRAINT "club_pages_club_id_clubs_id_fk" FOREIGN KEY ("club_id") REFERENCES "public"."clubs"("id") ON DELETE no action ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "join_us_submissions" ADD CONSTRAINT "join_us_submissions_club_id_clubs_id_fk" FOREIGN KEY ("club_id") REFERENCES "public"."clubs"("id") ON DELETE no action ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "join_us_submissions" ADD CONSTRAINT "join_us_submissions_notice_version_fk" FOREIGN KEY ("club_id","notice_version") REFERENCES "public"."privacy_notice_versions"("club_id","version") ON DELETE no action ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "news" ADD CONSTRAINT "news_club_id_clubs_id_fk" FOREIGN KEY ("club_id") REFERENCES "public"."clubs"("id") ON DELETE no action ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "sponsors" ADD CONSTRAINT "sponsors_club_id_clubs_id_fk" FOREIGN KEY ("club_id") REFERENCES "public"."clubs"("id") ON DELETE no action ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "fixtures" ADD CONSTRAINT "fixtures_club_id_clubs_id_fk" FOREIGN KEY ("club_id") REFERENCES "public"."clubs"("id") ON DELETE no action ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "fixtures" ADD CONSTRAINT "fixtures_team_id_fk" FOREIGN KEY ("club_id","team_id") REFERENCES "public"."teams"("club_id","id") ON DELETE restrict ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "documents" ADD CONSTRAINT "documents_club_id_clubs_id_fk" FOREIGN KEY ("club_id") REFERENCES "public"."clubs"("id") ON DELETE no action ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "documents" ADD CONSTRAINT "documents_player_id_fk" FOREIGN KEY ("club_id","player_id") REFERENCES "public"."players"("club_id","id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "documents" ADD CONSTRAINT "documents_upload_id_fk" FOREIGN KEY ("club_id","upload_id") REFERENCES "public"."uploads"("club_id","id") ON DELETE SET NULL ("upload_id") ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "feedback" ADD CONSTRAINT "feedback_club_id_clubs_id_fk" FOREIGN KEY ("club_id") REFERENCES "public"."clubs"("id") ON DELETE no action ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "feedback" ADD CONSTRAINT "feedback_player_id_fk" FOREIGN KEY ("club_id","player_id") REFERENCES "public"."players"("club_id","id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "message_reads" ADD CONSTRAINT "message_reads_club_id_clubs_id_fk" FOREIGN KEY ("club_id") REFERENCES "public"."clubs"("id") ON DELETE no action ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "message_reads" ADD CONSTRAINT "message_reads_message_id_fk" FOREIGN KEY ("club_id","message_id") REFERENCES "public"."messages"("club_id","id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "message_reads" ADD CONSTRAINT "message_reads_user_id_fk" FOREIGN KEY ("club_id","user_id") REFERENCES "public"."users"("club_id","id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "messages" ADD CONSTRAINT "messages_club_id_clubs_id_fk" FOREIGN KEY ("club_id") REFERENCES "public"."clubs"("id") ON DELETE no action ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "messages" ADD CONSTRAINT "messages_player_id_fk" FOREIGN KEY ("club_id","player_id") REFERENCES "public"."players"("club_id","id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "messages" ADD CONSTRAINT "messages_sender_user_id_fk" FOREIGN KEY ("club_id","sender_user_id") REFERENCES "public"."users"("club_id","id") ON DELETE SET NULL ("sender_user_id") ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "notifications" ADD CONSTRAINT "notifications_club_id_clubs_id_fk" FOREIGN KEY ("club_id") REFERENCES "public"."clubs"("id") ON DELETE no action ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "notifications" ADD CONSTRAINT "notifications_user_id_fk" FOREIGN KEY ("club_id","user_id") REFERENCES "public"."users"("club_id","id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "upload_contents" ADD CONSTRAINT "upload_contents_club_id_clubs_id_fk" FOREIGN KEY ("club_id") REFERENCES "public"."clubs"("id") ON DELETE no action ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "upload_contents" ADD CONSTRAINT "upload_contents_upload_id_fk" FOREIGN KEY ("club_id","upload_id") REFERENCES "public"."uploads"("club_id","id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "uploads" ADD CONSTRAINT "uploads_club_id_clubs_id_fk" FOREIGN KEY ("club_id") REFERENCES "public"."clubs"("id") ON DELETE no action ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_club_id_clubs_id_fk" FOREIGN KEY ("club_id") REFERENCES "public"."clubs"("id") ON DELETE no action ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_product_id_fk" FOREIGN KEY ("club_id","product_id") REFERENCES "public"."products"("club_id","id") ON DELETE SET NULL ("product_id") ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_notice_version_fk" FOREIGN KEY ("club_id","notice_version") REFERENCES "public"."privacy_notice_versions"("club_id","version") ON DELETE no action ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "products" ADD CONSTRAINT "products_club_id_clubs_id_fk" FOREIGN KEY ("club_id") REFERENCES "public"."clubs"("id") ON DELETE no action ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "player_stats" ADD CONSTRAINT "player_stats_club_id_clubs_id_fk" FOREIGN KEY ("club_id") REFERENCES "public"."clubs"("id") ON DELETE no action ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "player_stats" ADD CONSTRAINT "player_stats_player_id_fk" FOREIGN KEY ("club_id","player_id") REFERENCES "public"."players"("club_id","id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "players" ADD CONSTRAINT "players_club_id_clubs_id_fk" FOREIGN KEY ("club_id") REFERENCES "public"."clubs"("id") ON DELETE no action ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "players" ADD CONSTRAINT "players_user_id_fk" FOREIGN KEY ("club_id","user_id") REFERENCES "public"."users"("club_id","id") ON DELETE SET NULL ("user_id") ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "players" ADD CONSTRAINT "players_notice_version_fk" FOREIGN KEY ("club_id","notice_version") REFERENCES "public"."privacy_notice_versions"("club_id","version") ON DELETE no action ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "notification_preferences" ADD CONSTRAINT "notification_preferences_club_id_clubs_id_fk" FOREIGN KEY ("club_id") REFERENCES "public"."clubs"("id") ON DELETE no action ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "notification_preferences" ADD CONSTRAINT "notification_preferences_user_id_fk" FOREIGN KEY ("club_id","user_id") REFERENCES "public"."users"("club_id","id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "outbox" ADD CONSTRAINT "outbox_club_id_clubs_id_fk" FOREIGN KEY ("club_id") REFERENCES "public"."clubs"("id") ON DELETE no action ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "outbox" ADD CONSTRAINT "outbox_held_for_user_id_fk" FOREIGN KEY ("club_id","held_for_user_id") REFERENCES "public"."users"("club_id","id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "password_reset_tokens" ADD CONSTRAINT "password_reset_tokens_club_id_clubs_id_fk" FOREIGN KEY ("club_id") REFERENCES "public"."clubs"("id") ON DELETE no action ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "password_reset_tokens" ADD CONSTRAINT "password_reset_tokens_user_id_fk" FOREIGN KEY ("club_id","user_id") REFERENCES "public"."users"("club_id","id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "player_teams" ADD CONSTRAINT "player_teams_club_id_clubs_id_fk" FOREIGN KEY ("club_id") REFERENCES "public"."clubs"("id") ON DELETE no action ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "player_teams" ADD CONSTRAINT "player_teams_player_id_fk" FOREIGN KEY ("club_id","player_id") REFERENCES "public"."players"("club_id","id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "player_teams" ADD CONSTRAINT "player_teams_team_id_fk" FOREIGN KEY ("club_id","team_id") REFERENCES "public"."teams"("club_id","id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "team_staff" ADD CONSTRAINT "team_staff_club_id_clubs_id_fk" FOREIGN KEY ("club_id") REFERENCES "public"."clubs"("id") ON DELETE no action ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "team_staff" ADD CONSTRAINT "team_staff_player_id_fk" FOREIGN KEY ("club_id","player_id") REFERENCES "public"."players"("club_id","id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "team_staff" ADD CONSTRAINT "team_staff_team_id_fk" FOREIGN KEY ("club_id","team_id") REFERENCES "public"."teams"("club_id","id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "teams" ADD CONSTRAINT "teams_club_id_clubs_id_fk" FOREIGN KEY ("club_id") REFERENCES "public"."clubs"("id") ON DELETE no action ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "training_attendance" ADD CONSTRAINT "training_attendance_club_id_clubs_id_fk" FOREIGN KEY ("club_id") REFERENCES "public"."clubs"("id") ON DELETE no action ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "training_attendance" ADD CONSTRAINT "training_attendance_session_id_fk" FOREIGN KEY ("club_id","session_id") REFERENCES "public"."training_sessions"("club_id","id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "training_attendance" ADD CONSTRAINT "training_attendance_player_id_fk" FOREIGN KEY ("club_id","player_id") REFERENCES "public"."players"("club_id","id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "training_sessions" ADD CONSTRAINT "training_sessions_club_id_clubs_id_fk" FOREIGN KEY ("club_id") REFERENCES "public"."clubs"("id") ON DELETE no action ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "training_sessions" ADD CONSTRAINT "training_sessions_team_id_fk" FOREIGN KEY ("club_id","team_id") REFERENCES "public"."teams"("club_id","id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "training_sessions" ADD CONSTRAINT "training_sessions_slot_id_fk" FOREIGN KEY ("club_id","slot_id") REFERENCES "public"."training_slots"("club_id","id") ON DELETE SET NULL ("slot_id") ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "training_sessions" ADD CONSTRAINT "training_sessions_attendance_recorded_by_fk" FOREIGN KEY ("club_id","attendance_recorded_by") REFERENCES "public"."users"("club_id","id") ON DELETE SET NULL ("attendance_recorded_by") ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "training_slots" ADD CONSTRAINT "training_slots_club_id_clubs_id_fk" FOREIGN KEY ("club_id") REFERENCES "public"."clubs"("id") ON DELETE no action ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "training_slots" ADD CONSTRAINT "training_slots_team_id_fk" FOREIGN KEY ("club_id","team_id") REFERENCES "public"."teams"("club_id","id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "calendar_tokens" ADD CONSTRAINT "calendar_tokens_club_id_clubs_id_fk" FOREIGN KEY ("club_id") REFERENCES "public"."clubs"("id") ON DELETE no action ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "calendar_tokens" ADD CONSTRAINT "calendar_tokens_user_id_fk" FOREIGN KEY ("club_id","user_id") REFERENCES "public"."users"("club_id","id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "availability" ADD CONSTRAINT "availability_club_id_clubs_id_fk" FOREIGN KEY ("club_id") REFERENCES "public"."clubs"("id") ON DELETE no action ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "availability" ADD CONSTRAINT "availability_player_id_fk" FOREIGN KEY ("club_id","player_id") REFERENCES "public"."players"("club_id","id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "availability" ADD CONSTRAINT "availability_fixture_id_fk" FOREIGN KEY ("club_id","fixture_id") REFERENCES "public"."fixtures"("club_id","id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "availability" ADD CONSTRAINT "availability_session_id_fk" FOREIGN KEY ("club_id","session_id") REFERENCES "public"."training_sessions"("club_id","id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "availability" ADD CONSTRAINT "availability_answered_by_fk" FOREIGN KEY ("club_id","answered_by") REFERENCES "public"."users"("club_id","id") ON DELETE SET NULL ("answered_by") ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "availability_reminders" ADD CONSTRAINT "availability_reminders_club_id_clubs_id_fk" FOREIGN KEY ("club_id") REFERENCES "public"."clubs"("id") ON DELETE no action ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "availability_reminders" ADD CONSTRAINT "availability_reminders_fixture_id_fk" FOREIGN KEY ("club_id","fixture_id") REFERENCES "public"."fixtures"("club_id","id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "availability_reminders" ADD CONSTRAINT "availability_reminders_sent_by_fk" FOREIGN KEY ("club_id","sent_by") REFERENCES "public"."users"("club_id","id") ON DELETE SET NULL ("sent_by") ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "event_changes" ADD CONSTRAINT "event_changes_club_id_clubs_id_fk" FOREIGN KEY ("club_id") REFERENCES "public"."clubs"("id") ON DELETE no action ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "fixture_selections" ADD CONSTRAINT "fixture_selections_club_id_clubs_id_fk" FOREIGN KEY ("club_id") REFERENCES "public"."clubs"("id") ON DELETE no action ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "fixture_selections" ADD CONSTRAINT "fixture_selections_fixture_id_fk" FOREIGN KEY ("club_id","fixture_id") REFERENCES "public"."fixtures"("club_id","id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "fixture_selections" ADD CONSTRAINT "fixture_selections_player_id_fk" FOREIGN KEY ("club_id","player_id") REFERENCES "public"."players"("club_id","id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "selection_publications" ADD CONSTRAINT "selection_publications_club_id_clubs_id_fk" FOREIGN KEY ("club_id") REFERENCES "public"."clubs"("id") ON DELETE no action ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "selection_publications" ADD CONSTRAINT "selection_publications_fixture_id_fk" FOREIGN KEY ("club_id","fixture_id") REFERENCES "public"."fixtures"("club_id","id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "selection_publications" ADD CONSTRAINT "selection_publications_published_by_fk" FOREIGN KEY ("club_id","published_by") REFERENCES "public"."users"("club_id","id") ON DELETE SET NULL ("published_by") ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "selection_versions" ADD CONSTRAINT "selection_versions_club_id_clubs_id_fk" FOREIGN KEY ("club_id") REFERENCES "public"."clubs"("id") ON DELETE no action ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "selection_versions" ADD CONSTRAINT "selection_versions_fixture_id_fk" FOREIGN KEY ("club_id","fixture_id") REFERENCES "public"."fixtures"("club_id","id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "selection_versions" ADD CONSTRAINT "selection_versions_saved_by_fk" FOREIGN KEY ("club_id","saved_by") REFERENCES "public"."users"("club_id","id") ON DELETE SET NULL ("saved_by") ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "child_collectors" ADD CONSTRAINT "child_collectors_club_id_clubs_id_fk" FOREIGN KEY ("club_id") REFERENCES "public"."clubs"("id") ON DELETE no action ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "child_collectors" ADD CONSTRAINT "child_collectors_player_id_fk" FOREIGN KEY ("club_id","player_id") REFERENCES "public"."players"("club_id","id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "child_collectors" ADD CONSTRAINT "child_collectors_set_by_fk" FOREIGN KEY ("club_id","set_by") REFERENCES "public"."users"("club_id","id") ON DELETE SET NULL ("set_by") ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "consents" ADD CONSTRAINT "consents_club_id_clubs_id_fk" FOREIGN KEY ("club_id") REFERENCES "public"."clubs"("id") ON DELETE no action ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "consents" ADD CONSTRAINT "consents_player_id_fk" FOREIGN KEY ("club_id","player_id") REFERENCES "public"."players"("club_id","id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "consents" ADD CONSTRAINT "consents_given_by_fk" FOREIGN KEY ("club_id","given_by") REFERENCES "public"."users"("club_id","id") ON DELETE SET NULL ("given_by") ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "consents" ADD CONSTRAINT "consents_notice_version_fk" FOREIGN KEY ("club_id","notice_version") REFERENCES "public"."privacy_notice_versions"("club_id","version") ON DELETE no action ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "dbs_checks" ADD CONSTRAINT "dbs_checks_club_id_clubs_id_fk" FOREIGN KEY ("club_id") REFERENCES "public"."clubs"("id") ON DELETE no action ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "dbs_checks" ADD CONSTRAINT "dbs_checks_player_id_fk" FOREIGN KEY ("club_id","player_id") REFERENCES "public"."players"("club_id","id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "dbs_notices" ADD CONSTRAINT "dbs_notices_club_id_clubs_id_fk" FOREIGN KEY ("club_id") REFERENCES "public"."clubs"("id") ON DELETE no action ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "dbs_notices" ADD CONSTRAINT "dbs_notices_player_id_fk" FOREIGN KEY ("club_id","player_id") REFERENCES "public"."players"("club_id","id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "guardian_invitations" ADD CONSTRAINT "guardian_invitations_club_id_clubs_id_fk" FOREIGN KEY ("club_id") REFERENCES "public"."clubs"("id") ON DELETE no action ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "guardian_invitations" ADD CONSTRAINT "guardian_invitations_player_id_fk" FOREIGN KEY ("club_id","player_id") REFERENCES "public"."players"("club_id","id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "guardian_invitations" ADD CONSTRAINT "guardian_invitations_notice_version_fk" FOREIGN KEY ("club_id","notice_version") REFERENCES "public"."privacy_notice_versions"("club_id","version") ON DELETE no action ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "guardian_requests" ADD CONSTRAINT "guardian_requests_club_id_clubs_id_fk" FOREIGN KEY ("club_id") REFERENCES "public"."clubs"("id") ON DELETE no action ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "guardian_requests" ADD CONSTRAINT "guardian_requests_user_id_fk" FOREIGN KEY ("club_id","user_id") REFERENCES "public"."users"("club_id","id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "guardian_requests" ADD CONSTRAINT "guardian_requests_team_id_fk" FOREIGN KEY ("club_id","team_id") REFERENCES "public"."teams"("club_id","id") ON DELETE SET NULL ("team_id") ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "guardian_requests" ADD CONSTRAINT "guardian_requests_player_id_fk" FOREIGN KEY ("club_id","player_id") REFERENCES "public"."players"("club_id","id") ON DELETE SET NULL ("player_id") ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "guardian_requests" ADD CONSTRAINT "guardian_requests_notice_version_fk" FOREIGN KEY ("club_id","notice_version") REFERENCES "public"."privacy_notice_versions"("club_id","version") ON DELETE no action ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "guardians" ADD CONSTRAINT "guardians_club_id_clubs_id_fk" FOREIGN KEY ("club_id") REFERENCES "public"."clubs"("id") ON DELETE no action ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "guardians" ADD CONSTRAINT "guardians_user_id_fk" FOREIGN KEY ("club_id","user_id") REFERENCES "public"."users"("club_id","id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "guardians" ADD CONSTRAINT "guardians_player_id_fk" FOREIGN KEY ("club_id","player_id") REFERENCES "public"."players"("club_id","id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "junior_notices" ADD CONSTRAINT "junior_notices_club_id_clubs_id_fk" FOREIGN KEY ("club_id") REFERENCES "public"."clubs"("id") ON DELETE no action ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "junior_notices" ADD CONSTRAINT "junior_notices_player_id_fk" FOREIGN KEY ("club_id","player_id") REFERENCES "public"."players"("club_id","id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "medical_note_reads" ADD CONSTRAINT "medical_note_reads_club_id_clubs_id_fk" FOREIGN KEY ("club_id") REFERENCES "public"."clubs"("id") ON DELETE no action ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "medical_note_reads" ADD CONSTRAINT "medical_note_reads_player_id_fk" FOREIGN KEY ("club_id","player_id") REFERENCES "public"."players"("club_id","id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "medical_note_reads" ADD CONSTRAINT "medical_note_reads_read_by_fk" FOREIGN KEY ("club_id","read_by") REFERENCES "public"."users"("club_id","id") ON DELETE SET NULL ("read_by") ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "bank_imports" ADD CONSTRAINT "bank_imports_club_id_clubs_id_fk" FOREIGN KEY ("club_id") REFERENCES "public"."clubs"("id") ON DELETE no action ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "bank_imports" ADD CONSTRAINT "bank_imports_uploaded_by_fk" FOREIGN KEY ("club_id","uploaded_by") REFERENCES "public"."users"("club_id","id") ON DELETE SET NULL ("uploaded_by") ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "bank_lines" ADD CONSTRAINT "bank_lines_club_id_clubs_id_fk" FOREIGN KEY ("club_id") REFERENCES "public"."clubs"("id") ON DELETE no action ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "bank_lines" ADD CONSTRAINT "bank_lines_import_id_fk" FOREIGN KEY ("club_id","import_id") REFERENCES "public"."bank_imports"("club_id","id") ON DELETE restrict ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "bank_lines" ADD CONSTRAINT "bank_lines_payer_user_id_fk" FOREIGN KEY ("club_id","payer_user_id") REFERENCES "public"."users"("club_id","id") ON DELETE SET NULL ("payer_user_id") ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "charge_overdue_marks" ADD CONSTRAINT "charge_overdue_marks_club_id_clubs_id_fk" FOREIGN KEY ("club_id") REFERENCES "public"."clubs"("id") ON DELETE no action ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "charge_overdue_marks" ADD CONSTRAINT "charge_overdue_marks_charge_id_fk" FOREIGN KEY ("club_id","charge_id") REFERENCES "public"."charges"("club_id","id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "charges" ADD CONSTRAINT "charges_club_id_clubs_id_fk" FOREIGN KEY ("club_id") REFERENCES "public"."clubs"("id") ON DELETE no action ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "charges" ADD CONSTRAINT "charges_payer_user_id_fk" FOREIGN KEY ("club_id","payer_user_id") REFERENCES "public"."users"("club_id","id") ON DELETE SET NULL ("payer_user_id") ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "charges" ADD CONSTRAINT "charges_player_id_fk" FOREIGN KEY ("club_id","player_id") REFERENCES "public"."players"("club_id","id") ON DELETE SET NULL ("player_id") ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "charges" ADD CONSTRAINT "charges_team_id_fk" FOREIGN KEY ("club_id","team_id") REFERENCES "public"."teams"("club_id","id") ON DELETE SET NULL ("team_id") ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "charges" ADD CONSTRAINT "charges_plan_id_fk" FOREIGN KEY ("club_id","plan_id") REFERENCES "public"."payment_plans"("club_id","id") ON DELETE SET NULL ("plan_id") ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "charges" ADD CONSTRAINT "charges_created_by_fk" FOREIGN KEY ("club_id","created_by") REFERENCES "public"."users"("club_id","id") ON DELETE SET NULL ("created_by") ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "ledger_entries" ADD CONSTRAINT "ledger_entries_club_id_clubs_id_fk" FOREIGN KEY ("club_id") REFERENCES "public"."clubs"("id") ON DELETE no action ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "ledger_entries" ADD CONSTRAINT "ledger_entries_payer_user_id_fk" FOREIGN KEY ("club_id","payer_user_id") REFERENCES "public"."users"("club_id","id") ON DELETE SET NULL ("payer_user_id") ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "ledger_entries" ADD CONSTRAINT "ledger_entries_charge_id_fk" FOREIGN KEY ("club_id","charge_id") REFERENCES "public"."charges"("club_id","id") ON DELETE restrict ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "ledger_entries" ADD CONSTRAINT "ledger_entries_bank_line_id_fk" FOREIGN KEY ("club_id","bank_line_id") REFERENCES "public"."bank_lines"("club_id","id") ON DELETE restrict ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "ledger_entries" ADD CONSTRAINT "ledger_entries_reverses_id_fk" FOREIGN KEY ("club_id","reverses_id") REFERENCES "public"."ledger_entries"("club_id","id") ON DELETE restrict ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "ledger_entries" ADD CONSTRAINT "ledger_entries_created_by_fk" FOREIGN KEY ("club_id","created_by") REFERENCES "public"."users"("club_id","id") ON DELETE SET NULL ("created_by") ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "payer_references" ADD CONSTRAINT "payer_references_club_id_clubs_id_fk" FOREIGN KEY ("club_id") REFERENCES "public"."clubs"("id") ON DELETE no action ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "payer_references" ADD CONSTRAINT "payer_references_payer_user_id_fk" FOREIGN KEY ("club_id","payer_user_id") REFERENCES "public"."users"("club_id","id") ON DELETE SET NULL ("payer_user_id") ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "payment_plans" ADD CONSTRAINT "payment_plans_club_id_clubs_id_fk" FOREIGN KEY ("club_id") REFERENCES "public"."clubs"("id") ON DELETE no action ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "payment_plans" ADD CONSTRAINT "payment_plans_team_id_fk" FOREIGN KEY ("club_id","team_id") REFERENCES "public"."teams"("club_id","id") ON DELETE SET NULL ("team_id") ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "payment_plans" ADD CONSTRAINT "payment_plans_created_by_fk" FOREIGN KEY ("club_id","created_by") REFERENCES "public"."users"("club_id","id") ON DELETE SET NULL ("created_by") ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "statement_mappings" ADD CONSTRAINT "statement_mappings_club_id_clubs_id_fk" FOREIGN KEY ("club_id") REFERENCES "public"."clubs"("id") ON DELETE no action ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "privacy_requests" ADD CONSTRAINT "privacy_requests_club_id_clubs_id_fk" FOREIGN KEY ("club_id") REFERENCES "public"."clubs"("id") ON DELETE no action ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "privacy_requests" ADD CONSTRAINT "privacy_requests_player_id_fk" FOREIGN KEY ("club_id","player_id") REFERENCES "public"."players"("club_id","id") ON DELETE SET NULL ("player_id") ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "privacy_requests" ADD CONSTRAINT "privacy_requests_user_id_fk" FOREIGN KEY ("club_id","user_id") REFERENCES "public"."users"("club_id","id") ON DELETE SET NULL ("user_id") ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "privacy_requests" ADD CONSTRAINT "privacy_requests_recorded_by_fk" FOREIGN KEY ("club_id","recorded_by") REFERENCES "public"."users"("club_id","id") ON DELETE SET NULL ("recorded_by") ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "privacy_notice_versions" ADD CONSTRAINT "privacy_notice_versions_club_id_clubs_id_fk" FOREIGN KEY ("club_id") REFERENCES "public"."clubs"("id") ON DELETE no action ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "retention_log" ADD CONSTRAINT "retention_log_club_id_clubs_id_fk" FOREIGN KEY ("club_id") REFERENCES "public"."clubs"("id") ON DELETE no action ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "retention_log" ADD CONSTRAINT "retention_log_approved_by_id_fk" FOREIGN KEY ("club_id","approved_by_id") REFERENCES "public"."users"("club_id","id") ON DELETE SET NULL ("approved_by_id") ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "retention_rules" ADD CONSTRAINT "retention_rules_club_id_clubs_id_fk" FOREIGN KEY ("club_id") REFERENCES "public"."clubs"("id") ON DELETE no action ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "retention_rules" ADD CONSTRAINT "retention_rules_updated_by_id_fk" FOREIGN KEY ("club_id","updated_by_id") REFERENCES "public"."users"("club_id","id") ON DELETE SET NULL ("updated_by_id") ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "email_suppressions" ADD CONSTRAINT "email_suppressions_club_id_clubs_id_fk" FOREIGN KEY ("club_id") REFERENCES "public"."clubs"("id") ON DELETE no action ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "erasures" ADD CONSTRAINT "erasures_club_id_clubs_id_fk" FOREIGN KEY ("club_id") REFERENCES "public"."clubs"("id") ON DELETE no action ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "erasures" ADD CONSTRAINT "erasures_erased_by_fk" FOREIGN KEY ("club_id","erased_by") REFERENCES "public"."users"("club_id","id") ON DELETE SET NULL ("erased_by") ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "club_file_downloads" ADD CONSTRAINT "club_file_downloads_club_id_clubs_id_fk" FOREIGN KEY ("club_id") REFERENCES "public"."clubs"("id") ON DELETE no action ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "club_file_downloads" ADD CONSTRAINT "club_file_downloads_downloaded_by_fk" FOREIGN KEY ("club_id","downloaded_by") REFERENCES "public"."users"("club_id","id") ON DELETE SET NULL ("downloaded_by") ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "privacy_request_downloads" ADD CONSTRAINT "privacy_request_downloads_club_id_clubs_id_fk" FOREIGN KEY ("club_id") REFERENCES "public"."clubs"("id") ON DELETE no action ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "privacy_request_downloads" ADD CONSTRAINT "privacy_request_downloads_request_id_fk" FOREIGN KEY ("club_id","request_id") REFERENCES "public"."privacy_requests"("club_id","id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "privacy_request_downloads" ADD CONSTRAINT "privacy_request_downloads_downloaded_by_fk" FOREIGN KEY ("club_id","downloaded_by") REFERENCES "public"."users"("club_id","id") ON DELETE SET NULL ("downloaded_by") ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "push_outbox" ADD CONSTRAINT "push_outbox_club_id_clubs_id_fk" FOREIGN KEY ("club_id") REFERENCES "public"."clubs"("id") ON DELETE no action ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "push_outbox" ADD CONSTRAINT "push_outbox_user_id_fk" FOREIGN KEY ("club_id","user_id") REFERENCES "public"."users"("club_id","id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "push_outbox" ADD CONSTRAINT "push_outbox_subscription_id_fk" FOREIGN KEY ("club_id","subscription_id") REFERENCES "public"."push_subscriptions"("club_id","id") ON DELETE SET NULL ("subscription_id") ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "push_subscriptions" ADD CONSTRAINT "push_subscriptions_club_id_clubs_id_fk" FOREIGN KEY ("club_id") REFERENCES "public"."clubs"("id") ON DELETE no action ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "push_subscriptions" ADD CONSTRAINT "push_subscriptions_user_id_fk" FOREIGN KEY ("club_id","user_id") REFERENCES "public"."users"("club_id","id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "push_subscriptions" ADD CONSTRAINT "push_subscriptions_session_token_hash_fk" FOREIGN KEY ("club_id","session_token_hash") REFERENCES "public"."sessions"("club_id","token_hash") ON DELETE SET NULL ("session_token_hash") ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "uploads" ADD CONSTRAINT "uploads_stored_name_unique" UNIQUE("club_id","stored_name");
--> statement-breakpoint
ALTER TABLE "players" ADD CONSTRAINT "players_user_id_unique" UNIQUE("club_id","user_id");
--> statement-breakpoint
ALTER TABLE "outbox" ADD CONSTRAINT "outbox_dedupe_key_unique" UNIQUE("club_id","dedupe_key");
--> statement-breakpoint
ALTER TABLE "calendar_tokens" ADD CONSTRAINT "calendar_tokens_token_hash_unique" UNIQUE("club_id","token_hash");
--> statement-breakpoint
ALTER TABLE "payer_references" ADD CONSTRAINT "payer_references_payer_user_id_unique" UNIQUE("club_id","payer_user_id");
--> statement-breakpoint
ALTER TABLE "statement_mappings" ADD CONSTRAINT "statement_mappings_headers_key_unique" UNIQUE("club_id","headers_key");
--> statement-breakpoint
ALTER TABLE "erasures" ADD CONSTRAINT "erasures_pseudonym_unique" UNIQUE("club_id","pseudonym");
--> statement-breakpoint
ALTER TABLE "push_outbox" ADD CONSTRAINT "push_outbox_dedupe_key_unique" UNIQUE("club_id","dedupe_key");
--> statement-breakpoint
ALTER TABLE "push_subscriptions" ADD CONSTRAINT "push_subscriptions_endpoint_unique" UNIQUE("club_id","endpoint");
--> statement-breakpoint
-- hand-written: begin
-- The content version is one row per club (its key is the club): a row's write bumps its own
-- club's version (made if missing); a TRUNCATE, which empties the table for every club (only
-- maintenance does it: backups restored, tests), bumps every club's.
CREATE OR REPLACE FUNCTION "content_changed"() RETURNS trigger
LANGUAGE plpgsql AS $$
DECLARE
  new_version integer;
  club uuid;
BEGIN
  IF current_setting('club.content_changed', true) = 'on' THEN
    RETURN NULL;
  END IF;
  PERFORM set_config('club.content_changed', 'on', true);
  IF TG_LEVEL = 'STATEMENT' THEN
    UPDATE "content_version" SET "version" = "version" + 1;
    PERFORM pg_notify('content_changed', '');
    RETURN NULL;
  END IF;
  IF TG_OP = 'DELETE' THEN club := OLD.club_id; ELSE club := NEW.club_id; END IF;
  UPDATE "content_version" SET "version" = "version" + 1 WHERE "club_id" = club RETURNING "version" INTO new_version;
  IF new_version IS NULL THEN
    INSERT INTO "content_version" ("club_id", "id", "version") VALUES (club, 1, 1)
      ON CONFLICT ("club_id") DO UPDATE SET "version" = "content_version"."version" + 1
      RETURNING "version" INTO new_version;
  END IF;
  PERFORM pg_notify('content_changed', new_version::text);
  RETURN NULL;
END;
$$;
--> statement-breakpoint
-- Row-level security, the second lock: a query that forgets the club still sees only the current
-- club's rows (superusers and BYPASSRLS roles skip it: the app's role is neither, see club_app).
-- No club on the connection (never set, or '' as the pool gives outside any club's work on a hosted
-- install) means no rows: nullif, because ''::uuid would fail the query instead.
DO $$
DECLARE
  t text;
BEGIN
  FOREACH t IN ARRAY ARRAY['access_changes', 'account_tokens', 'availability', 'availability_reminders', 'bank_imports', 'bank_lines', 'calendar_tokens', 'charge_overdue_marks', 'charges', 'child_collectors', 'club_file_downloads', 'club_pages', 'club_roles', 'consents', 'content_version', 'database_initialization', 'dbs_checks', 'dbs_notices', 'documents', 'email_suppressions', 'erasures', 'event_changes', 'feedback', 'fixture_selections', 'fixtures', 'guardian_invitations', 'guardian_requests', 'guardians', 'join_us_submissions', 'junior_notices', 'ledger_entries', 'login_throttle', 'medical_note_reads', 'message_reads', 'messages', 'news', 'notification_preferences', 'notifications', 'orders', 'outbox', 'password_reset_tokens', 'payer_references', 'payment_plans', 'player_stats', 'player_teams', 'players', 'privacy_notice_versions', 'privacy_request_downloads', 'privacy_requests', 'products', 'push_outbox', 'push_subscriptions', 'retention_log', 'retention_rules', 'role_changes', 'selection_publications', 'selection_versions', 'sessions', 'settings', 'setup_code', 'sponsors', 'statement_mappings', 'team_staff', 'teams', 'training_attendance', 'training_sessions', 'training_slots', 'upload_contents', 'uploads', 'users'] LOOP
    EXECUTE format('ALTER TABLE %I ENABLE ROW LEVEL SECURITY', t);
    EXECUTE format('ALTER TABLE %I FORCE ROW LEVEL SECURITY', t);
    EXECUTE format('DROP POLICY IF EXISTS club_rows ON %I', t);
    EXECUTE format(
      'CREATE POLICY club_rows ON %I USING (club_id = nullif(current_setting(''app.club_id'', true), '''')::uuid) '
      'WITH CHECK (club_id = nullif(current_setting(''app.club_id'', true), '''')::uuid)', t);
  END LOOP;
END;
$$;
--> statement-breakpoint
-- The app's own role (ADR 065): no superuser, no BYPASSRLS, owner of nothing, granted the tables.
-- Roles belong to the server, not the database: made once, when the migrating role may make roles.
DO $$
BEGIN
  IF NOT EXISTS (SELECT 1 FROM pg_roles WHERE rolname = 'club_app') THEN
    IF (SELECT rolsuper OR rolcreaterole FROM pg_roles WHERE rolname = current_user) THEN
      CREATE ROLE club_app NOLOGIN NOSUPERUSER NOBYPASSRLS;
    ELSE
      RAISE NOTICE 'club_app not created: % may not create roles', current_user;
      RETURN;
    END IF;
  END IF;
  EXECUTE format('GRANT CONNECT ON DATABASE %I TO club_app', current_database());
  GRANT USAGE ON SCHEMA public TO club_app;
  GRANT SELECT, INSERT, UPDATE, DELETE ON ALL TABLES IN SCHEMA public TO club_app;
  GRANT USAGE, SELECT ON ALL SEQUENCES IN SCHEMA public TO club_app;
  ALTER DEFAULT PRIVILEGES IN SCHEMA public GRANT SELECT, INSERT, UPDATE, DELETE ON TABLES TO club_app;
  ALTER DEFAULT PRIVILEGES IN SCHEMA public GRANT USAGE, SELECT ON SEQUENCES TO club_app;
END;
$$;
-- hand-written: end
--> statement-breakpoint
-- hand-written: begin
-- A sign-in ended before its time takes the phones turned on under it (migration 0040), in its own club.
CREATE OR REPLACE FUNCTION push_devices_end_with_session() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF OLD.expires_at > now() THEN
    DELETE FROM push_subscriptions WHERE club_id = OLD.club_id AND session_token_hash = OLD.token_hash;
  END IF;
  RETURN OLD;
END;
$$;
-- hand-written: end
