/** The data map (issue 34): subs and fees, the ledger and bank imports (server/db/schema/treasury.ts, ADR 040). */
import { bankImports, bankLines, chargeOverdueMarks, charges, ledgerEntries, payerReferences, paymentPlans, statementMappings } from '../../db/schema';
import type { MappedTable } from '../types';
import { BY_REASON, detach, KEEP_FOR_HMRC } from './common';

export const TREASURY_MAP: MappedTable[] = [
  {
    // A reference is never given to anyone else: the row stays for ever, its payer detached.
    table: payerReferences,
    about: [{ user: payerReferences.payer_user_id }],
    section: 'ledger',
    personal: ['payer_user_id'],
    other: ['reference', 'created_at'],
    erase: detach('A payment reference is never given to anyone else; the row stays without its payer'),
  },
  {
    table: paymentPlans,
    about: [{ user: paymentPlans.created_by, by: true }],
    section: 'ledger',
    personal: ['created_by'],
    other: [
      'id',
      'name',
      'kind',
      'category',
      'amount_pence',
      'instalments',
      'first_due_date',
      'season',
      'team_id',
      'sibling_discount_percent',
      'family_cap_pence',
      'prorate_joiners',
      'created_at',
    ],
    erase: detach(BY_REASON),
  },
  {
    // Append-only (a trigger allows only the person links becoming null): amounts and dates stay.
    table: charges,
    about: [{ user: charges.payer_user_id }, { player: charges.player_id }, { user: charges.created_by, by: true }],
    section: 'ledger',
    personal: ['payer_user_id', 'player_id', 'created_by', 'created_by_name'],
    other: [
      'id',
      'team_id',
      'category',
      'description',
      'label',
      'amount_pence',
      'due_date',
      'season',
      'period',
      'plan_id',
      'discount_note',
      'source_key',
      'created_at',
    ],
    mentions: ['description', 'label', 'discount_note', 'created_by_name'],
    redact: ['created_by'],
    erase: KEEP_FOR_HMRC,
  },
  {
    // A flag on a charge: the charge says whose it is.
    table: chargeOverdueMarks,
    about: [],
    section: null,
    personal: ['marked_by_name'],
    other: ['charge_id', 'created_at'],
    mentions: ['marked_by_name'],
  },
  {
    // The import is the treasurer's; its preview holds the statement's lines as read (payers' names).
    table: bankImports,
    about: [{ user: bankImports.uploaded_by, by: true }],
    section: 'ledger',
    personal: ['uploaded_by', 'uploaded_by_name', 'committed_by_name', 'preview'],
    other: ['id', 'file_name', 'file_hash', 'layout', 'status', 'lines_read', 'incoming_pence', 'outgoing_pence', 'duplicates', 'lines_added', 'committed_at', 'created_at'],
    mentions: ['uploaded_by_name', 'committed_by_name', 'preview', 'file_name'],
    erase: detach(BY_REASON),
  },
  {
    // A bank statement's line is an accounting record: kept, the payer detached and named by pseudonym.
    // Its fingerprint is a hash of the line (kept: a re-import of the statement must add nothing).
    table: bankLines,
    about: [{ user: bankLines.payer_user_id }, { userInArray: bankLines.candidates }],
    section: 'ledger',
    personal: ['counterparty', 'reference', 'description', 'payer_user_id', 'candidates', 'decided_by_name'],
    other: ['id', 'import_id', 'fingerprint', 'row', 'date', 'amount_pence', 'balance_pence', 'status', 'reason', 'decided_at', 'created_at'],
    mentions: ['counterparty', 'reference', 'description', 'reason', 'decided_by_name'],
    redact: ['candidates', 'decided_by_name'],
    erase: KEEP_FOR_HMRC,
  },
  {
    table: ledgerEntries,
    about: [{ user: ledgerEntries.payer_user_id }, { user: ledgerEntries.created_by, by: true }],
    section: 'ledger',
    personal: ['payer_user_id', 'created_by', 'created_by_name'],
    other: ['id', 'kind', 'charge_id', 'bank_line_id', 'reverses_id', 'amount_pence', 'reason', 'occurred_on', 'created_at'],
    mentions: ['reason', 'created_by_name'],
    redact: ['created_by'],
    erase: KEEP_FOR_HMRC,
  },
  {
    table: statementMappings,
    about: [],
    section: null,
    personal: ['created_by_name'],
    other: ['id', 'headers_key', 'mapping', 'created_at'],
    mentions: ['created_by_name'],
  },
];
