import { sql } from 'drizzle-orm';
import { boolean, check, date, index, integer, jsonb, pgEnum, pgTable, text, timestamp, unique, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { CHARGE_CATEGORIES, LEDGER_KINDS, LINE_STATUSES, PLAN_KINDS } from '../../../shared/contracts/treasury';
import { users } from './accounts';
import { clubId, clubKey, clubRef, createdAt, id } from './columns';
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
export const payerReferences = pgTable(
  'payer_references',
  {
    club_id: clubId(),
    reference: text('reference').notNull(),
    payer_user_id: uuid('payer_user_id'),
    created_at: createdAt(),
  },
  (t) => [
    clubKey(t, t.reference),
    clubRef('payer_references_payer_user_id_fk', t, t.payer_user_id, users, users.id).onDelete('set null'),
    unique('payer_references_payer_user_id_unique').on(t.club_id, t.payer_user_id),
  ],
);

/** How a season's subs are charged: monthly, annual or in instalments, with the family rules. */
export const paymentPlans = pgTable(
  'payment_plans',
  {
    club_id: clubId(),
    id: id(),
    name: text('name').notNull(),
    kind: planKindEnum('kind').notNull(),
    category: chargeCategoryEnum('category').notNull().default('subs'),
    /** The season's total for one member. */
    amount_pence: integer('amount_pence').notNull(),
    instalments: integer('instalments').notNull().default(1),
    first_due_date: date('first_due_date', { mode: 'string' }).notNull(),
    season: text('season').notNull(),
    team_id: uuid('team_id'),
    sibling_discount_percent: integer('sibling_discount_percent').notNull().default(0),
    family_cap_pence: integer('family_cap_pence'),
    prorate_joiners: boolean('prorate_joiners').notNull().default(true),
    created_by: uuid('created_by'),
    created_at: createdAt(),
  },
  (t) => [
    clubKey(t, t.id),
    clubRef('payment_plans_team_id_fk', t, t.team_id, teams, teams.id).onDelete('set null'),
    clubRef('payment_plans_created_by_fk', t, t.created_by, users, users.id).onDelete('set null'),
  ],
);

export const charges = pgTable(
  'charges',
  {
    club_id: clubId(),
    id: id(),
    /** Who pays: the member's own login, or a junior's primary guardian. */
    payer_user_id: uuid('payer_user_id'),
    player_id: uuid('player_id'),
    /** The team the member played for when charged (arrears and the export by team). */
    team_id: uuid('team_id'),
    category: chargeCategoryEnum('category').notNull(),
    description: text('description').notNull(),
    /** The payment type as typed in the players' payments form (and payments before issue 24). */
    label: text('label'),
    amount_pence: integer('amount_pence').notNull(),
    due_date: date('due_date', { mode: 'string' }).notNull(),
    season: text('season').notNull(),
    period: text('period'),
    plan_id: uuid('plan_id'),
    discount_note: text('discount_note'),
    /** For a charge made from a fixture's squad or a session's attendance: what makes it once per player. */
    source_key: text('source_key'),
    created_by: uuid('created_by'),
    created_by_name: text('created_by_name').notNull(),
    created_at: createdAt(),
  },
  (t) => [
    clubKey(t, t.id),
    clubRef('charges_payer_user_id_fk', t, t.payer_user_id, users, users.id).onDelete('set null'),
    clubRef('charges_player_id_fk', t, t.player_id, players, players.id).onDelete('set null'),
    clubRef('charges_team_id_fk', t, t.team_id, teams, teams.id).onDelete('set null'),
    clubRef('charges_plan_id_fk', t, t.plan_id, paymentPlans, paymentPlans.id).onDelete('set null'),
    clubRef('charges_created_by_fk', t, t.created_by, users, users.id).onDelete('set null'),
    index('charges_payer_idx').on(t.payer_user_id, t.due_date),
    index('charges_player_idx').on(t.player_id, t.due_date),
    uniqueIndex('charges_source_key').on(t.club_id, t.source_key),
    check('charges_amount_positive', sql`${t.amount_pence} > 0`),
  ],
);

/**
 * A charge an admin marked overdue in the players' payments form (before issue 24 a payment's
 * status was typed, and "overdue" is kept as they set it): a flag for the lists, not money, so it
 * lives beside the append-only ledger and may be cleared.
 */
export const chargeOverdueMarks = pgTable(
  'charge_overdue_marks',
  {
    club_id: clubId(),
    charge_id: uuid('charge_id').notNull(),
    marked_by_name: text('marked_by_name').notNull(),
    marked_at: createdAt(),
  },
  (t) => [clubKey(t, t.charge_id), clubRef('charge_overdue_marks_charge_id_fk', t, t.charge_id, charges, charges.id).onDelete('cascade')],
);

/** A committed bank import: the file, its layout, who and when, and what it added. */
export const bankImports = pgTable(
  'bank_imports',
  {
    club_id: clubId(),
    id: id(),
    file_name: text('file_name').notNull(),
    file_hash: text('file_hash').notNull(),
    layout: text('layout').notNull(),
    status: bankImportStatusEnum('status').notNull().default('previewed'),
    uploaded_by: uuid('uploaded_by'),
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
  },
  (t) => [clubKey(t, t.id), clubRef('bank_imports_uploaded_by_fk', t, t.uploaded_by, users, users.id).onDelete('set null')],
);

export const bankLines = pgTable(
  'bank_lines',
  {
    club_id: clubId(),
    id: id(),
    import_id: uuid('import_id').notNull(),
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
    payer_user_id: uuid('payer_user_id'),
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
    clubKey(t, t.id),
    clubRef('bank_lines_import_id_fk', t, t.import_id, bankImports, bankImports.id).onDelete('restrict'),
    clubRef('bank_lines_payer_user_id_fk', t, t.payer_user_id, users, users.id).onDelete('set null'),
    uniqueIndex('bank_lines_fingerprint_key').on(t.club_id, t.fingerprint),
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
    club_id: clubId(),
    id: id(),
    kind: ledgerKindEnum('kind').notNull(),
    payer_user_id: uuid('payer_user_id'),
    charge_id: uuid('charge_id'),
    bank_line_id: uuid('bank_line_id'),
    reverses_id: uuid('reverses_id'),
    amount_pence: integer('amount_pence').notNull(),
    reason: text('reason'),
    /** The day the money moved (a bank line's date) or the charge was made. */
    occurred_on: date('occurred_on', { mode: 'string' }).notNull(),
    created_by: uuid('created_by'),
    created_by_name: text('created_by_name').notNull(),
    created_at: createdAt(),
  },
  (t) => [
    clubKey(t, t.id),
    clubRef('ledger_entries_payer_user_id_fk', t, t.payer_user_id, users, users.id).onDelete('set null'),
    clubRef('ledger_entries_charge_id_fk', t, t.charge_id, charges, charges.id).onDelete('restrict'),
    clubRef('ledger_entries_bank_line_id_fk', t, t.bank_line_id, bankLines, bankLines.id).onDelete('restrict'),
    clubRef('ledger_entries_reverses_id_fk', t, t.reverses_id, t, t.id).onDelete('restrict'),
    clubRef('ledger_entries_created_by_fk', t, t.created_by, users, users.id).onDelete('set null'),
    index('ledger_payer_idx').on(t.payer_user_id),
    index('ledger_charge_idx').on(t.charge_id),
    index('ledger_line_idx').on(t.bank_line_id),
    uniqueIndex('ledger_reverses_key').on(t.club_id, t.reverses_id),
    check('ledger_amount_not_zero', sql`${t.amount_pence} <> 0`),
  ],
);

/** A custom column mapping, saved for the bank whose header row it was made for. */
export const statementMappings = pgTable(
  'statement_mappings',
  {
    club_id: clubId(),
    id: id(),
    /** The header row, normalised: the next file with it uses this mapping. */
    headers_key: text('headers_key').notNull(),
    mapping: jsonb('mapping').notNull(),
    created_by_name: text('created_by_name').notNull(),
    created_at: createdAt(),
  },
  (t) => [clubKey(t, t.id), unique('statement_mappings_headers_key_unique').on(t.club_id, t.headers_key)],
);
