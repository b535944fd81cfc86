import { sql } from 'drizzle-orm';
import { boolean, check, date, index, integer, jsonb, pgEnum, pgTable, text, timestamp, uniqueIndex, uuid, type AnyPgColumn } from 'drizzle-orm/pg-core';
import { CHARGE_CATEGORIES, LEDGER_KINDS, LINE_STATUSES, PLAN_KINDS } from '../../../shared/contracts/treasury';
import { users } from './accounts';
import { createdAt, id } from './columns';
import { players } from './squad';
import { teams } from './teams';

/**
 * Subs and fees (issue 24, ADR 040). Money is integer pence. Charges and ledger entries are never
 * changed or deleted (a trigger refuses it, migration 0018): corrections are reversal entries with
 * who and why. The only change allowed is a person's link becoming null when they are erased, so
 * the accounts keep their figures without their name.
 */

export const chargeCategoryEnum = pgEnum('charge_category', CHARGE_CATEGORIES);
export const ledgerKindEnum = pgEnum('ledger_kind', LEDGER_KINDS);
export const bankLineStatusEnum = pgEnum('bank_line_status', LINE_STATUSES);
export const bankImportStatusEnum = pgEnum('bank_import_status', ['previewed', 'committed']);
export const planKindEnum = pgEnum('plan_kind', PLAN_KINDS);

/** One reference per payer, never reused: the row stays when its payer is gone. */
export const payerReferences = pgTable('payer_references', {
  reference: text('reference').primaryKey(),
  payer_user_id: uuid('payer_user_id')
    .unique()
    .references(() => users.id, { onDelete: 'set null' }),
  created_at: createdAt(),
});

/** How a season's subs are charged: monthly, annual or in instalments, with the family rules. */
export const paymentPlans = pgTable('payment_plans', {
  id: id(),
  name: text('name').notNull(),
  kind: planKindEnum('kind').notNull(),
  category: chargeCategoryEnum('category').notNull().default('subs'),
  /** The season's total for one member. */
  amount_pence: integer('amount_pence').notNull(),
  instalments: integer('instalments').notNull().default(1),
  first_due_date: date('first_due_date', { mode: 'string' }).notNull(),
  season: text('season').notNull(),
  team_id: uuid('team_id').references(() => teams.id, { onDelete: 'set null' }),
  sibling_discount_percent: integer('sibling_discount_percent').notNull().default(0),
  family_cap_pence: integer('family_cap_pence'),
  prorate_joiners: boolean('prorate_joiners').notNull().default(true),
  created_by: uuid('created_by').references(() => users.id, { onDelete: 'set null' }),
  created_at: createdAt(),
});

export const charges = pgTable(
  'charges',
  {
    id: id(),
    /** Who pays: the member's own login, or a junior's primary guardian. */
    payer_user_id: uuid('payer_user_id').references(() => users.id, { onDelete: 'set null' }),
    player_id: uuid('player_id').references(() => players.id, { onDelete: 'set null' }),
    /** The team the member played for when charged (arrears and the export by team). */
    team_id: uuid('team_id').references(() => teams.id, { onDelete: 'set null' }),
    category: chargeCategoryEnum('category').notNull(),
    description: text('description').notNull(),
    /** The payment type as typed in the players' payments form (and payments before issue 24). */
    label: text('label'),
    amount_pence: integer('amount_pence').notNull(),
    due_date: date('due_date', { mode: 'string' }).notNull(),
    season: text('season').notNull(),
    period: text('period'),
    plan_id: uuid('plan_id').references(() => paymentPlans.id, { onDelete: 'set null' }),
    discount_note: text('discount_note'),
    /** For a charge made from a fixture's squad or a session's attendance: what makes it once per player. */
    source_key: text('source_key'),
    created_by: uuid('created_by').references(() => users.id, { onDelete: 'set null' }),
    created_by_name: text('created_by_name').notNull(),
    created_at: createdAt(),
  },
  (t) => [
    index('charges_payer_idx').on(t.payer_user_id, t.due_date),
    index('charges_player_idx').on(t.player_id, t.due_date),
    uniqueIndex('charges_source_key').on(t.source_key),
    check('charges_amount_positive', sql`${t.amount_pence} > 0`),
  ],
);

/**
 * A charge an admin marked overdue in the players' payments form (before issue 24 a payment's
 * status was typed, and "overdue" is kept as they set it): a flag for the lists, not money, so it
 * lives beside the append-only ledger and may be cleared.
 */
export const chargeOverdueMarks = pgTable('charge_overdue_marks', {
  charge_id: uuid('charge_id')
    .primaryKey()
    .references(() => charges.id, { onDelete: 'cascade' }),
  marked_by_name: text('marked_by_name').notNull(),
  marked_at: createdAt(),
});

/** A committed bank import: the file, its layout, who and when, and what it added. */
export const bankImports = pgTable('bank_imports', {
  id: id(),
  file_name: text('file_name').notNull(),
  file_hash: text('file_hash').notNull(),
  layout: text('layout').notNull(),
  status: bankImportStatusEnum('status').notNull().default('previewed'),
  uploaded_by: uuid('uploaded_by').references(() => users.id, { onDelete: 'set null' }),
  uploaded_by_name: text('uploaded_by_name').notNull(),
  lines_read: integer('lines_read').notNull(),
  incoming_pence: integer('incoming_pence').notNull(),
  outgoing_pence: integer('outgoing_pence').notNull(),
  duplicates: integer('duplicates').notNull(),
  /** The preview as shown (lines, decisions, failed rows): what the commit writes, unchanged. */
  preview: jsonb('preview').notNull(),
  lines_added: integer('lines_added'),
  committed_at: timestamp('committed_at', { withTimezone: true, mode: 'date' }),
  committed_by_name: text('committed_by_name'),
  created_at: createdAt(),
});

export const bankLines = pgTable(
  'bank_lines',
  {
    id: id(),
    import_id: uuid('import_id')
      .notNull()
      .references(() => bankImports.id, { onDelete: 'restrict' }),
    /** Date, amount, normalised text and the occurrence among equal lines: what makes a re-import add nothing. */
    fingerprint: text('fingerprint').notNull(),
    row: integer('row').notNull(),
    date: date('date', { mode: 'string' }).notNull(),
    amount_pence: integer('amount_pence').notNull(),
    counterparty: text('counterparty').notNull().default(''),
    reference: text('reference').notNull().default(''),
    description: text('description').notNull().default(''),
    balance_pence: integer('balance_pence'),
    status: bankLineStatusEnum('status').notNull(),
    /** Allocated to, or suggested for. */
    payer_user_id: uuid('payer_user_id').references(() => users.id, { onDelete: 'set null' }),
    reason: text('reason'),
    /**
     * An unmatched line's possible payers (their name is in its text, or a reference near theirs):
     * their reminders wait until the treasurer has decided the line.
     */
    candidates: uuid('candidates')
      .array()
      .notNull()
      .default(sql`'{}'::uuid[]`),
    decided_by_name: text('decided_by_name'),
    decided_at: timestamp('decided_at', { withTimezone: true, mode: 'date' }),
    created_at: createdAt(),
  },
  (t) => [
    uniqueIndex('bank_lines_fingerprint_key').on(t.fingerprint),
    index('bank_lines_status_idx').on(t.status, t.date),
    index('bank_lines_payer_idx').on(t.payer_user_id, t.date),
  ],
);

/**
 * The ledger, append-only. amount_pence is signed from the payer's side: a charge adds what they
 * owe (+), a payment (allocated to a charge) or a credit (money kept for them) takes it off (−),
 * a reversal is the opposite of the entry it reverses. A payer's balance is the sum.
 */
export const ledgerEntries = pgTable(
  'ledger_entries',
  {
    id: id(),
    kind: ledgerKindEnum('kind').notNull(),
    payer_user_id: uuid('payer_user_id').references(() => users.id, { onDelete: 'set null' }),
    charge_id: uuid('charge_id').references(() => charges.id, { onDelete: 'restrict' }),
    bank_line_id: uuid('bank_line_id').references(() => bankLines.id, { onDelete: 'restrict' }),
    reverses_id: uuid('reverses_id').references((): AnyPgColumn => ledgerEntries.id, { onDelete: 'restrict' }),
    amount_pence: integer('amount_pence').notNull(),
    reason: text('reason'),
    /** The day the money moved (a bank line's date) or the charge was made. */
    occurred_on: date('occurred_on', { mode: 'string' }).notNull(),
    created_by: uuid('created_by').references(() => users.id, { onDelete: 'set null' }),
    created_by_name: text('created_by_name').notNull(),
    created_at: createdAt(),
  },
  (t) => [
    index('ledger_payer_idx').on(t.payer_user_id),
    index('ledger_charge_idx').on(t.charge_id),
    index('ledger_line_idx').on(t.bank_line_id),
    uniqueIndex('ledger_reverses_key').on(t.reverses_id),
    check('ledger_amount_not_zero', sql`${t.amount_pence} <> 0`),
  ],
);

/** A custom column mapping, saved for the bank whose header row it was made for. */
export const statementMappings = pgTable('statement_mappings', {
  id: id(),
  /** The header row, normalised: the next file with it uses this mapping. */
  headers_key: text('headers_key').notNull().unique(),
  mapping: jsonb('mapping').notNull(),
  created_by_name: text('created_by_name').notNull(),
  created_at: createdAt(),
});
