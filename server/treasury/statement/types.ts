/** The shapes of a parsed bank statement (re-exported by ./parse, which is where callers import them from). */
import type { DateFormat } from './money';

export type PresetName = 'starling' | 'monzo' | 'barclays' | 'lloyds' | 'hsbc' | 'natwest';

/**
 * Which header holds what, for a bank without a preset (or to override one). Header names are matched
 * ignoring case and spacing. Give `amount` (signed: + money in, - money out) or `paid_in` and/or `paid_out`
 * (each a positive figure). `description` is a bank's single text column (name and reference together);
 * when there is no `reference` column the reference is read from it.
 */
export interface ColumnMapping {
  date: string;
  description?: string;
  counterparty?: string;
  reference?: string;
  amount?: string;
  paid_in?: string;
  paid_out?: string;
  balance?: string;
  date_format?: DateFormat;
  /** Further text columns (e.g. Type, Notes) added to `description` for searching and to the fingerprint. */
  extra_text?: string[];
}

export interface StatementLine {
  /** 1-based line number in the file where the row starts; the header is line 1 (a file without a header starts its data at 1). */
  row: number;
  /** YYYY-MM-DD */
  date: string;
  counterparty: string;
  reference: string;
  /** All text of the line joined (counterparty, reference, description and extra text columns), for searching. */
  description: string;
  /** Integer pence: + money in, - money out. */
  amount_pence: number;
  balance_pence: number | null;
  /** Same line in another file (the same file again, an overlapping period) → same fingerprint. */
  fingerprint: string;
}

export interface ParsedStatement {
  layout: PresetName | 'custom';
  /** The header row as written (trimmed), or the assumed headers of a header-less HSBC file. */
  headers: string[];
  lines: StatementLine[];
  failed: { row: number; reason: string }[];
  /** Total of the money-in lines, in pence. */
  incoming_pence: number;
  /** Total of the money-out lines, in pence, as a positive figure. */
  outgoing_pence: number;
}
