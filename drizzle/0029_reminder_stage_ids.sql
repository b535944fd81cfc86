-- Reminder stages named for good (ADR 054): no schema change, only the stored keys.
-- hand-written: begin
-- The availability reminders' stages were keyed by their timing ('6d', '48h'), the payment reminders'
-- and the DBS reminders' by their days ('3d', '10d', '21d'; '60d', '30d'). They now have ids of their
-- own ('early', 'late'; 'reminder', 'overdue', 'final'; 'first', 'final'): the keys of reminders
-- already sent move to the new ids, so a run after this release knows who was reminded and sends
-- nobody the same stage twice. A later rename of a stage id copies this: one (pattern, replacement)
-- row per renamed stage. A key whose new form is already taken is left as it is (the new one
-- already dedupes).
WITH "renames" ("pattern", "replacement") AS (VALUES
  ('^(availability-reminder:[^:]+:[^:]+:)6d(:|$)', '\1early\2'),
  ('^(availability-reminder:[^:]+:[^:]+:)48h(:|$)', '\1late\2'),
  ('^(payment-reminder:[^:]+:)3d(:|$)', '\1reminder\2'),
  ('^(payment-reminder:[^:]+:)10d(:|$)', '\1overdue\2'),
  ('^(payment-reminder:[^:]+:)21d(:|$)', '\1final\2'),
  ('^dbs-60d:', 'dbs-first:'),
  ('^dbs-30d:', 'dbs-final:')
), "moved" AS (
  SELECT o."id", regexp_replace(o."dedupe_key", r."pattern", r."replacement") AS "key"
  FROM "outbox" o JOIN "renames" r ON o."dedupe_key" ~ r."pattern"
)
UPDATE "outbox" SET "dedupe_key" = m."key"
FROM "moved" m
WHERE "outbox"."id" = m."id"
  AND NOT EXISTS (SELECT 1 FROM "outbox" taken WHERE taken."dedupe_key" = m."key");
--> statement-breakpoint
-- A child's automatic reminders are claimed once per child and key in junior_notices (the digest to
-- their parents is keyed by a hash of these keys, so it follows them).
WITH "renames" ("pattern", "replacement") AS (VALUES
  ('^(availability-reminder:[^:]+:[^:]+:)6d(:|$)', '\1early\2'),
  ('^(availability-reminder:[^:]+:[^:]+:)48h(:|$)', '\1late\2')
), "moved" AS (
  SELECT n."player_id", n."kind", regexp_replace(n."kind", r."pattern", r."replacement") AS "key"
  FROM "junior_notices" n JOIN "renames" r ON n."kind" ~ r."pattern"
)
UPDATE "junior_notices" SET "kind" = m."key"
FROM "moved" m
WHERE "junior_notices"."player_id" = m."player_id" AND "junior_notices"."kind" = m."kind"
  AND NOT EXISTS (SELECT 1 FROM "junior_notices" taken WHERE taken."player_id" = m."player_id" AND taken."kind" = m."key");
--> statement-breakpoint
-- A DBS notice is claimed once per person, kind (now the stage id) and expiry date in dbs_notices.
UPDATE "dbs_notices" n
SET "kind" = CASE n."kind" WHEN '60d' THEN 'first' ELSE 'final' END
WHERE n."kind" IN ('60d', '30d')
  AND NOT EXISTS (
    SELECT 1 FROM "dbs_notices" taken
    WHERE taken."player_id" = n."player_id" AND taken."expires_on" = n."expires_on"
      AND taken."kind" = CASE n."kind" WHEN '60d' THEN 'first' ELSE 'final' END);
-- hand-written: end
