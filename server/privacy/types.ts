/**
 * The data map's vocabulary (issue 34): for every table, whose data a row is, which section of an
 * access download it belongs to, and what erasure does to it. The map itself is server/privacy/map/;
 * the export (server/services/privacy/export.ts) and the erasure (…/erasure.ts) are both driven by
 * it, so adding a table means saying once what happens to it, and the two can never drift apart.
 */
import type { AnyPgColumn, PgTable } from 'drizzle-orm/pg-core';

/** The sections of an access download, in the order the ZIP lists them (one CSV each). */
export const EXPORT_SECTIONS = [
  'profile',
  'account',
  'guardianships',
  'consents',
  'team_spells',
  'availability',
  'attendance',
  'selections',
  'coach_feedback',
  'stats',
  'documents',
  'orders',
  'ledger',
  'messages',
  'mails',
  'enquiries',
  'roles_and_audit',
] as const;
export type ExportSection = (typeof EXPORT_SECTIONS)[number];

/**
 * How a row is about a person: the column that names them. With `by: true` the column only says
 * who did something to someone else's row (granted a role, recorded a consent, read a medical
 * note): the row is not the person's data, so the export leaves it out (`rowsAbout` skips it
 * unless asked) and erasure detaches it (the reference becomes null, their name in `mentions` the
 * pseudonym) whatever the table's `erase` says.
 */
export type About = (
  /** The column holds the subject's player record id. */
  | { player: AnyPgColumn }
  /** The column holds the subject's login id. */
  | { user: AnyPgColumn }
  /** The column holds one of the subject's e-mail addresses (compared without case). */
  | { email: AnyPgColumn }
  /** A uuid[] column that lists player ids among others (a published squad). */
  | { playerInArray: AnyPgColumn }
  /** A uuid[] column that lists login ids among others (a bank line's possible payers). */
  | { userInArray: AnyPgColumn }
) & { by?: true };

/** Why something is kept after an erasure, and until when. */
export interface RetentionBasis {
  /** In plain words, shown in the erasure preview: "Accounts must be kept for HMRC". */
  reason: string;
  /** Until when: six years after the end of the club's financial year the row falls in. */
  until: 'six_years_after_financial_year';
}

/** What erasing the subject does to a row about them. */
export type Erasure =
  /** The row goes (photos, medical notes, consents, the login …). */
  | { do: 'delete' }
  /**
   * The row stays under a legal basis; the columns about the subject become the pseudonym
   * ("Former member 7f3a") or null, keeping amounts and dates (ledger rows, charges).
   */
  | { do: 'pseudonymise'; keep: RetentionBasis }
  /**
   * The row is someone else's record that mentions the subject (who approved a link, who read a
   * note): the reference is set null and any name of the subject becomes the pseudonym.
   */
  | { do: 'detach'; reason: string };

/** One table of the database, declared once. */
export interface MappedTable {
  table: PgTable;
  /** Every way a row can be about a person; empty when the table holds nobody's personal data. */
  about: About[];
  /** The access download's section; null for a table with nothing about a person. */
  section: ExportSection | null;
  /**
   * Every column of the table by its SQL name, classified: `personal` identifies or describes a
   * person; `other` does not. The map's test compares both lists with the database, so a new
   * column cannot arrive unclassified.
   */
  personal: readonly string[];
  other: readonly string[];
  /** Free-text columns that may name the subject in someone else's row (a mail's body, a bank line): erasure replaces their names there. */
  mentions?: readonly string[];
  /**
   * Columns left out of the subject's export: about other people in a row about the subject (a
   * team sheet keeps only their own line), or secrets (a password's or a token's hash).
   */
  redact?: readonly string[];
  /** What erasure does; absent only when `about` is empty. */
  erase?: Erasure;
}
