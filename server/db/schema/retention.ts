import { boolean, index, integer, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { users } from './accounts';
import { clubId, clubKey, clubRef, id } from './columns';

/**
 * The club's choices for the retention rules (issue 34, shared/retention.ts): a rule's period and
 * whether the nightly job purges it without asking. No row: the rule's default, not automatic.
 */
export const retentionRules = pgTable(
  'retention_rules',
  {
    club_id: clubId(),
    /** A key of RETENTION_RULES. */
    key: text('key').notNull(),
    /** In the rule's own unit (days or months). */
    period: integer('period').notNull(),
    automatic: boolean('automatic').notNull().default(false),
    updated_by: text('updated_by'),
    updated_by_id: uuid('updated_by_id'),
    updated_at: timestamp('updated_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (t) => [clubKey(t, t.key), clubRef('retention_rules_updated_by_id_fk', t, t.updated_by_id, users, users.id).onDelete('set null')],
);

/**
 * Every purge a retention rule made: which rule, how many rows, whether the job did it by itself
 * or who approved it, and a summary without anyone's personal data ("3 enquiries deleted").
 */
export const retentionLog = pgTable(
  'retention_log',
  {
    club_id: clubId(),
    id: id(),
    rule: text('rule').notNull(),
    rows: integer('rows').notNull(),
    automatic: boolean('automatic').notNull(),
    approved_by_id: uuid('approved_by_id'),
    approved_by: text('approved_by'),
    summary: text('summary').notNull(),
    purged_at: timestamp('purged_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (t) => [
    clubKey(t, t.id),
    clubRef('retention_log_approved_by_id_fk', t, t.approved_by_id, users, users.id).onDelete('set null'),
    index('retention_log_purged_idx').on(t.purged_at),
  ],
);
