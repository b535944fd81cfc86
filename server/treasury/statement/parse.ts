/**
 * Reads a bank's CSV export into statement lines: pure, no database.
 *
 * - The CSV itself is split by csv-parse (quoted fields, commas and doubled quotes inside them, line
 *   breaks inside quotes); this module handles what banks do on top: a BOM, CRLF or LF, Windows-1252
 *   files, header rows below a few lines of account details, Lloyds' leading apostrophes, blank lines.
 * - The layout is recognised from the header row (./presets.ts), or given as a custom mapping.
 * - Money is integer pence read from the decimal text (./money.ts); dates become YYYY-MM-DD.
 * - A row that cannot be read (wrong number of cells, no date, no amount) is reported in `failed` with
 *   its line number and a plain reason; parsing never throws for a row. It throws UnknownLayoutError
 *   only when it cannot tell which column is which (and then says what the headers are).
 */
import { createHash } from 'node:crypto';
import { parse as parseCsv } from 'csv-parse/sync';
import { formatPounds, parseDate, parsePence } from './money';
import { findPreset, HEADERLESS_HSBC, HEADERLESS_HSBC_HEADERS, normaliseHeader, type Preset } from './presets';
import type { ColumnMapping, ParsedStatement, PresetName, StatementLine } from './types';

export type { ColumnMapping, ParsedStatement, PresetName, StatementLine } from './types';
export type { DateFormat } from './money';
export { formatPounds, parseDate, parsePence } from './money';

/** The file's header row matches no preset (or not the mapping given): ask the treasurer which column is which. */
export class UnknownLayoutError extends Error {
  headers: string[];
  constructor(message: string, headers: string[]) {
    super(message);
    this.name = 'UnknownLayoutError';
    this.headers = headers;
  }
}

/** The preset a header row belongs to, or null. Case, spacing, extra columns and column order do not matter. */
export function detectLayout(headers: string[]): PresetName | null {
  return findPreset(headers)?.name ?? null;
}

interface RawRecord {
  row: number;
  cells: string[];
}

/** How many lines down the file a header row may be (some banks write account details above it). */
const HEADER_SEARCH_ROWS = 15;

function decode(input: string | Buffer): string {
  if (typeof input === 'string') return input;
  try {
    return new TextDecoder('utf-8', { fatal: true }).decode(input);
  } catch {
    // Not UTF-8: older bank exports are Windows-1252 (a £ is byte 0xA3).
    return new TextDecoder('windows-1252').decode(input);
  }
}

function readRecords(text: string, failed: ParsedStatement['failed']): RawRecord[] {
  const normalised = text.replace(/^\uFEFF/, '').replace(/\r\n?/g, '\n');
  const records = parseCsv(normalised, {
    info: true,
    relax_column_count: true,
    relax_quotes: true,
    skip_empty_lines: true,
    trim: true,
    skip_records_with_error: true,
    on_skip: (error) => {
      if (error) failed.push({ row: Number(error.lines) || 0, reason: `This line could not be read as CSV (${error.message.replace(/:.*$/, '')}).` });
    },
  }) as unknown as { info: { lines: number }; record: string[] }[];
  return records.map(({ info, record }) => {
    // info.lines is the line the record ends on; a quoted field may have spanned several lines.
    const breaks = record.reduce((sum, cell) => sum + (cell.match(/\n/g)?.length ?? 0), 0);
    return { row: info.lines - breaks, cells: record.map((cell) => cell.replace(/^'/, '').trim()) };
  });
}

function isBlank(cells: string[]): boolean {
  return cells.every((cell) => cell === '');
}

/** The first cells of a header-less HSBC line: a date, some text, an amount (and perhaps a balance). */
function looksLikeHeaderlessHsbc(cells: string[]): boolean {
  const filled = trimTrailingEmpty(cells);
  return (
    (filled.length === 3 || filled.length === 4) &&
    parseDate(filled[0]) !== null &&
    parsePence(filled[2]) !== null &&
    (filled.length === 3 || parsePence(filled[3]) !== null)
  );
}

function trimTrailingEmpty(cells: string[]): string[] {
  let end = cells.length;
  while (end > 0 && cells[end - 1] === '') end--;
  return cells.slice(0, end);
}

function mappingColumns(mapping: ColumnMapping): string[] {
  const named = [mapping.date, mapping.description, mapping.counterparty, mapping.reference, mapping.amount, mapping.paid_in, mapping.paid_out];
  return named.filter((name): name is string => !!name && name.trim() !== '');
}

function validateMapping(mapping: ColumnMapping, headers: string[]): void {
  if (!mapping.date) throw new UnknownLayoutError('The column mapping must say which column is the date.', headers);
  if (!mapping.amount && !mapping.paid_in && !mapping.paid_out) {
    throw new UnknownLayoutError('The column mapping must say which column is the amount, or which are paid in and paid out.', headers);
  }
}

interface Layout {
  layout: PresetName | 'custom';
  mapping: ColumnMapping;
  headerIndex: number; // index in records of the header row; -1 when the file has none
  headers: string[];
}

function findLayout(records: RawRecord[], mapping?: ColumnMapping): Layout {
  const firstFilled = records.find((record) => !isBlank(record.cells));
  const firstHeaders = firstFilled ? trimTrailingEmpty(firstFilled.cells) : [];
  if (!firstFilled) throw new UnknownLayoutError('The file has no lines.', []);
  const window = records.slice(0, HEADER_SEARCH_ROWS);
  if (mapping) {
    validateMapping(mapping, firstHeaders);
    const wanted = mappingColumns(mapping).map(normaliseHeader);
    const index = window.findIndex((record) => {
      const present = new Set(record.cells.map(normaliseHeader));
      return wanted.every((name) => present.has(name));
    });
    if (index < 0) {
      const missing = wanted.filter((name) => !firstFilled.cells.map(normaliseHeader).includes(name));
      throw new UnknownLayoutError(
        `This file has no column named ${missing.map((name) => `"${name}"`).join(', ')}, which the column mapping uses.`,
        firstHeaders,
      );
    }
    return { layout: 'custom', mapping, headerIndex: index, headers: trimTrailingEmpty(records[index].cells) };
  }
  for (let index = 0; index < window.length; index++) {
    const preset: Preset | null = findPreset(window[index].cells);
    if (preset) return { layout: preset.name, mapping: preset.mapping, headerIndex: index, headers: trimTrailingEmpty(window[index].cells) };
  }
  if (looksLikeHeaderlessHsbc(firstFilled.cells)) {
    return { layout: 'hsbc', mapping: HEADERLESS_HSBC.mapping, headerIndex: -1, headers: HEADERLESS_HSBC_HEADERS };
  }
  throw new UnknownLayoutError('The header row does not match a bank layout this site knows. Say which column is which.', firstHeaders);
}

/** Upper case, letters and digits only, single spaces: how text is compared and fingerprinted. */
export function normaliseText(text: string): string {
  return text
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toUpperCase()
    .replace(/[^A-Z0-9]+/g, ' ')
    .trim();
}

/**
 * A line's fingerprint: sha256 (hex, first 32 characters) of its date, amount, normalised text and
 * balance, and how many identical lines (same four) came before it in the same file. The same line in
 * another export of the same account (the file again, or an overlapping period) gets the same one; two
 * genuinely identical payments on one day (same payer, amount, reference, no balance column) stay two.
 */
export function fingerprintOf(date: string, amountPence: number, text: string, balancePence: number | null, occurrence: number): string {
  const key = [date, String(amountPence), normaliseText(text), balancePence === null ? '' : String(balancePence), String(occurrence)].join('|');
  return createHash('sha256').update(key).digest('hex').slice(0, 32);
}

/**
 * Parses a bank statement CSV. Without a mapping the layout is recognised from the header row (or is a
 * header-less HSBC file); with one, the mapping says which header is which and the layout is 'custom'.
 */
export function parseStatement(input: string | Buffer, mapping?: ColumnMapping): ParsedStatement {
  const failed: ParsedStatement['failed'] = [];
  const records = readRecords(decode(input), failed);
  const found = findLayout(records, mapping);
  const { mapping: map } = found;
  const headerCells = found.headerIndex >= 0 ? records[found.headerIndex].cells : HEADERLESS_HSBC_HEADERS;
  const columnIndex = new Map<string, number>();
  headerCells.forEach((header, index) => {
    const key = normaliseHeader(header);
    if (key !== '' && !columnIndex.has(key)) columnIndex.set(key, index);
  });
  const col = (name: string | undefined): number => (name ? (columnIndex.get(normaliseHeader(name)) ?? -1) : -1);
  const dateCol = col(map.date);
  const counterpartyCol = col(map.counterparty);
  const referenceCol = col(map.reference);
  const descriptionCol = col(map.description);
  const amountCol = col(map.amount);
  const paidInCol = col(map.paid_in);
  const paidOutCol = col(map.paid_out);
  const balanceCol = col(map.balance);
  const extraCols = (map.extra_text ?? []).map(col).filter((index) => index >= 0);
  const width = headerCells.length;
  const filledWidth = trimTrailingEmpty(headerCells).length;
  // Columns a row must reach to be read; a header-less file's balance column is optional.
  const needed = Math.max(dateCol, amountCol, paidInCol, paidOutCol) + 1;

  const lines: StatementLine[] = [];
  const seen = new Map<string, number>();
  let incoming = 0;
  let outgoing = 0;
  const dataStart = found.headerIndex + 1;
  for (const { row, cells } of records.slice(dataStart)) {
    if (isBlank(cells)) continue;
    const fail = (reason: string) => failed.push({ row, reason });
    const count = cells.length;
    const shapeOk =
      found.headerIndex < 0
        ? trimTrailingEmpty(cells).length >= needed && trimTrailingEmpty(cells).length <= width
        : count === width || count === filledWidth || (count > width && isBlank(cells.slice(width)));
    if (!shapeOk) {
      fail(`This line has ${count} cells; the header has ${found.headerIndex < 0 ? `${needed} to ${width}` : filledWidth}.`);
      continue;
    }
    const cell = (index: number) => (index >= 0 ? (cells[index] ?? '') : '');
    const rawDate = cell(dateCol);
    const date = parseDate(rawDate, map.date_format);
    if (!date) {
      fail(rawDate === '' ? 'The date is missing.' : `"${rawDate}" is not a date${map.date_format ? ` in the form ${map.date_format}` : ''}.`);
      continue;
    }
    let amount: number;
    if (amountCol >= 0) {
      const raw = cell(amountCol);
      const pence = parsePence(raw);
      if (pence === null) {
        fail(raw === '' ? 'The amount is missing.' : `"${raw}" is not an amount of money.`);
        continue;
      }
      amount = pence;
    } else {
      const rawIn = cell(paidInCol);
      const rawOut = cell(paidOutCol);
      if (rawIn === '' && rawOut === '') {
        fail('Neither a paid-in nor a paid-out amount.');
        continue;
      }
      const paidIn = rawIn === '' ? 0 : parsePence(rawIn);
      const paidOut = rawOut === '' ? 0 : parsePence(rawOut);
      if (paidIn === null || paidOut === null) {
        fail(`"${paidIn === null ? rawIn : rawOut}" is not an amount of money.`);
        continue;
      }
      amount = Math.abs(paidIn) - Math.abs(paidOut);
    }
    const balance = balanceCol >= 0 ? parsePence(cell(balanceCol)) : null;
    const counterparty = cell(counterpartyCol);
    const descriptionText = cell(descriptionCol);
    const reference = referenceCol >= 0 ? cell(referenceCol) : descriptionText;
    const texts: string[] = [];
    for (const text of [counterparty, reference, descriptionText, ...extraCols.map(cell)]) {
      if (text !== '' && !texts.includes(text)) texts.push(text);
    }
    const description = texts.join(' ');
    const key = [date, amount, normaliseText(description), balance ?? ''].join('|');
    const occurrence = seen.get(key) ?? 0;
    seen.set(key, occurrence + 1);
    if (amount > 0) incoming += amount;
    else outgoing -= amount;
    lines.push({
      row,
      date,
      counterparty,
      reference,
      description,
      amount_pence: amount,
      balance_pence: balance,
      fingerprint: fingerprintOf(date, amount, description, balance, occurrence),
    });
  }
  failed.sort((a, b) => a.row - b.row);
  return { layout: found.layout, headers: found.headers, lines, failed, incoming_pence: incoming, outgoing_pence: outgoing };
}

/** A one-line summary of a parsed statement, for logs and messages. */
export function describeStatement(parsed: ParsedStatement): string {
  return `${parsed.lines.length} lines (${formatPounds(parsed.incoming_pence)} in, ${formatPounds(parsed.outgoing_pence)} out), ${parsed.failed.length} failed`;
}
