ALTER TABLE "push_subscriptions" ADD COLUMN "session_token_hash" text;--> statement-breakpoint
ALTER TABLE "push_subscriptions" ADD CONSTRAINT "push_subscriptions_session_token_hash_sessions_token_hash_fk" FOREIGN KEY ("session_token_hash") REFERENCES "public"."sessions"("token_hash") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "push_subscriptions_session_idx" ON "push_subscriptions" USING btree ("session_token_hash");--> statement-breakpoint
-- hand-written: begin
-- A sign-in ended before its time takes the phones turned on under it; one that ran out leaves them (set null).
CREATE FUNCTION push_devices_end_with_session() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF OLD.expires_at > now() THEN
    DELETE FROM push_subscriptions WHERE session_token_hash = OLD.token_hash;
  END IF;
  RETURN OLD;
END;
$$;--> statement-breakpoint
CREATE TRIGGER push_devices_end_with_session BEFORE DELETE ON sessions FOR EACH ROW EXECUTE FUNCTION push_devices_end_with_session();
-- hand-written: end
