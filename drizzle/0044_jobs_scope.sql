-- hand-written: begin
-- The outbox workers claim the due rows of every club in one query (ADR 065 "Jobs across clubs"):
-- the claim runs in a transaction with app.scope = 'jobs' (set local to it), which these policies
-- allow beside each table's club_rows (permissive policies: either lets a row through). Reading and
-- updating only (the claim's lease, a release): no insert or delete in that scope. Each claimed row
-- is then sent in its own club's context, under club_rows again.
DROP POLICY IF EXISTS jobs_claim_read ON "outbox";
--> statement-breakpoint
CREATE POLICY jobs_claim_read ON "outbox" FOR SELECT USING (current_setting('app.scope', true) = 'jobs');
--> statement-breakpoint
DROP POLICY IF EXISTS jobs_claim_update ON "outbox";
--> statement-breakpoint
CREATE POLICY jobs_claim_update ON "outbox" FOR UPDATE USING (current_setting('app.scope', true) = 'jobs') WITH CHECK (current_setting('app.scope', true) = 'jobs');
--> statement-breakpoint
DROP POLICY IF EXISTS jobs_claim_read ON "push_outbox";
--> statement-breakpoint
CREATE POLICY jobs_claim_read ON "push_outbox" FOR SELECT USING (current_setting('app.scope', true) = 'jobs');
--> statement-breakpoint
DROP POLICY IF EXISTS jobs_claim_update ON "push_outbox";
--> statement-breakpoint
CREATE POLICY jobs_claim_update ON "push_outbox" FOR UPDATE USING (current_setting('app.scope', true) = 'jobs') WITH CHECK (current_setting('app.scope', true) = 'jobs');
-- hand-written: end
