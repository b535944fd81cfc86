/**
 * The UK banks' CSV export layouts, recognised from the header row.
 *
 * Column names come from open-source parsers of real exports (see
 * shared/research/next-capabilities.md §4): Starling (vault `starling.py`), Monzo, Barclays, Lloyds,
 * HSBC and NatWest (uk.selfemploy `bankimport`, transactions-mapper, bank-statement-parse). Banks
 * change their layouts, so a preset is recognised by the few columns it needs (in any order, with
 * any case or spacing, extra columns allowed), and any other bank is read with a custom mapping.
 */
import type { ColumnMapping, PresetName } from './types';

export interface Preset {
  name: PresetName;
  /** Headers that must all be present (normalised: lower case, single spaces). */
  requires: string[];
  mapping: ColumnMapping;
}

export const PRESETS: readonly Preset[] = [
  {
    // Date, Counter Party, Reference, Type, Amount (GBP), Balance (GBP), Spending Category[, Notes]
    name: 'starling',
    requires: ['date', 'counter party', 'reference', 'amount (gbp)'],
    mapping: {
      date: 'Date',
      counterparty: 'Counter Party',
      reference: 'Reference',
      amount: 'Amount (GBP)',
      balance: 'Balance (GBP)',
      extra_text: ['Type', 'Notes'],
      date_format: 'DD/MM/YYYY',
    },
  },
  {
    // Transaction ID, Date, Time, Type, Name, Emoji, Category, Amount, Currency, Local amount, Local currency,
    // Notes and #tags, Address, Receipt, Description, Category split. No balance. A transfer's reference is in
    // "Notes and #tags" (and in Description).
    name: 'monzo',
    requires: ['transaction id', 'date', 'name', 'amount'],
    mapping: {
      date: 'Date',
      counterparty: 'Name',
      reference: 'Notes and #tags',
      amount: 'Amount',
      extra_text: ['Type', 'Description'],
      date_format: 'DD/MM/YYYY',
    },
  },
  {
    // Transaction Date, Transaction Type, Sort Code, Account Number, Transaction Description, Debit Amount,
    // Credit Amount, Balance. The sort code is written '30-91-74 (leading apostrophe, stripped); the payer's
    // name and reference share the description.
    name: 'lloyds',
    requires: ['transaction date', 'transaction description', 'debit amount', 'credit amount'],
    mapping: {
      date: 'Transaction Date',
      description: 'Transaction Description',
      paid_in: 'Credit Amount',
      paid_out: 'Debit Amount',
      balance: 'Balance',
      extra_text: ['Transaction Type'],
      date_format: 'DD/MM/YYYY',
    },
  },
  {
    // Date, Type, Description, Value, Balance, Account Name, Account Number
    name: 'natwest',
    requires: ['date', 'type', 'description', 'value'],
    mapping: { date: 'Date', description: 'Description', amount: 'Value', balance: 'Balance', extra_text: ['Type'] },
  },
  {
    // Number, Date, Account, Amount, Subcategory, Memo (the memo holds name and reference)
    name: 'barclays',
    requires: ['number', 'date', 'account', 'amount', 'memo'],
    mapping: { date: 'Date', description: 'Memo', amount: 'Amount', extra_text: ['Subcategory'], date_format: 'DD/MM/YYYY' },
  },
  {
    // Barclays' newer online export: Date, Description, Money Out, Money In, Balance
    name: 'barclays',
    requires: ['date', 'description', 'money out', 'money in'],
    mapping: { date: 'Date', description: 'Description', paid_in: 'Money In', paid_out: 'Money Out', balance: 'Balance' },
  },
  {
    // Date, Type, Description, Paid Out, Paid In, Balance
    name: 'hsbc',
    requires: ['date', 'description', 'paid out', 'paid in'],
    mapping: { date: 'Date', description: 'Description', paid_in: 'Paid In', paid_out: 'Paid Out', balance: 'Balance', extra_text: ['Type'] },
  },
  {
    // " Transaction Date,Description,Amount,Balance," — leading space, trailing comma, 1,234.56, D MMM YYYY.
    name: 'hsbc',
    requires: ['transaction date', 'description', 'amount'],
    mapping: { date: 'Transaction Date', description: 'Description', amount: 'Amount', balance: 'Balance' },
  },
];

/**
 * HSBC's personal and business "Download transactions" often has no header row at all: each line is
 * date, description, amount and sometimes the balance (`08 Nov 2025,"J SMITH RRFC7KQ2MX",25.00`). When the
 * first line of a file already reads as such a transaction, the file is read with this preset and every line
 * (line 1 included) is a transaction.
 */
export const HEADERLESS_HSBC: Preset = {
  name: 'hsbc',
  requires: [],
  mapping: { date: 'Date', description: 'Description', amount: 'Amount', balance: 'Balance' },
};
export const HEADERLESS_HSBC_HEADERS = ['Date', 'Description', 'Amount', 'Balance'];

/** A header as compared: lower case, without a BOM, quotes or an apostrophe, single spaces. */
export function normaliseHeader(header: string): string {
  return header
    .replace(/^\uFEFF/, '')
    .replace(/^['"]+|['"]+$/g, '')
    .trim()
    .replace(/\s+/g, ' ')
    .toLowerCase();
}

export function findPreset(headers: string[]): Preset | null {
  const present = new Set(headers.map(normaliseHeader));
  return PRESETS.find((preset) => preset.requires.every((name) => present.has(name))) ?? null;
}
