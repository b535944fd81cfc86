import { z } from '@hono/zod-openapi';
import { clubDateField } from '../dates';
import '../zod-messages';
import { CHARGE_CATEGORIES, pence, season, teamIds, text, uuid } from './treasury-fields';

export { formatSortCode, formatPence } from '../treasury'; // bank details: admin Settings (shared/content.ts)

/**
 * Subs and fees (issue 24, ADR 040): money is whole pence (`*_pence` integers), charges and payments
 * are rows of an append-only ledger, every payer has one bank reference, and the treasurer imports
 * the bank's CSV statement to match transfers to charges. The treasurer (club role) and admins run
 * it; team staff see paid/unpaid for their own players only; every member sees their own money.
 */

export { CHARGE_CATEGORY_LABELS, PLAN_KINDS, PLAN_KIND_LABELS, type ChargeCategory, type PlanKind } from '../treasury';
export { CHARGE_CATEGORIES } from './treasury-fields';

export const LEDGER_KINDS = ['charge', 'payment', 'credit', 'reversal'] as const;
export type LedgerKind = (typeof LEDGER_KINDS)[number];

export const LINE_STATUSES = ['allocated', 'suggested', 'unmatched', 'outgoing', 'ignored'] as const;
export type LineStatus = (typeof LINE_STATUSES)[number];


export { MAX_PENCE } from './treasury-fields';

// ---------------------------------------------------------------------------------------------
// Charges and the ledger

export const ChargeSchema = z
  .object({
    id: z.string().uuid(),
    payer_id: z.string().uuid().nullable().openapi({ description: 'The login that pays: the member, or a junior’s primary guardian' }),
    payer_name: z.string().nullable(),
    member_id: z.string().uuid().nullable().openapi({ description: 'The member (player) the charge is for' }),
    member_name: z.string().nullable(),
    team_id: z.string().uuid().nullable(),
    category: z.enum(CHARGE_CATEGORIES),
    description: z.string(),
    amount_pence: z.number().int(),
    due_date: z.string(),
    season: z.string(),
    period: z.string().nullable().openapi({ description: 'E.g. "October 2026", "instalment 2 of 3"' }),
    discount_note: z
      .string()
      .nullable()
      .openapi({ description: 'What was adjusted, said in words: a prorated joiner, a moved due date, a family discount or a family cap' }),
    paid_pence: z.number().int(),
    outstanding_pence: z.number().int(),
    reversed: z.boolean(),
    status: z.enum(['paid', 'part_paid', 'unpaid', 'reversed']),
    created_by: z.string(),
    created_at: z.string(),
  })
  .openapi('Charge');
export type Charge = z.infer<typeof ChargeSchema>;

const chargeCommon = {
  category: z.enum(CHARGE_CATEGORIES, { error: 'Category must be subs, match_fee, kit, tour or other' }),
  description: text('Description', 200),
  amount_pence: pence('Amount'),
  due_date: clubDateField('Due date'),
  season: season.optional(),
  period: z.string().trim().max(100, 'Period must be at most 100 characters').optional(),
};


/**
 * POST /api/treasury/charges: one member (`member_id`), several (`member_ids`), a whole team
 * (`team_id`: its current players) or several teams (`team_ids`: a player in two of them is charged
 * once). Each charge goes to the member's payer.
 */
export const chargeCreateSchema = z
  .object({
    ...chargeCommon,
    member_id: uuid('Member').optional(),
    member_ids: z.array(uuid('Member')).min(1, 'Choose at least one member').max(500, 'At most 500 members at once').optional(),
    team_id: uuid('Team').optional(),
    team_ids: teamIds.optional(),
  })
  .strict()
  .refine((v) => [v.member_id, v.member_ids, v.team_id, v.team_ids].filter((x) => x !== undefined).length === 1, {
    message: 'Say who pays: one member, several members, a team or several teams',
    path: ['member_id'],
  })
  .openapi('ChargeCreate');
export type ChargeCreateInput = z.infer<typeof chargeCreateSchema>;

/** POST /api/treasury/charges/{id}/reversal and /api/treasury/entries/{id}/reversal. */
export const reversalSchema = z
  .object({ reason: text('Reason', 500) })
  .strict()
  .openapi('ReversalInput');

/** POST /api/treasury/match-fees: a fee for every player in a fixture's published squad, or who came to a session. */
export const matchFeesSchema = z
  .object({
    fixture_id: uuid('Fixture').optional(),
    session_id: uuid('Training session').optional(),
    amount_pence: pence('Amount'),
    due_date: clubDateField('Due date'),
    description: z.string().trim().max(200, 'Description must be at most 200 characters').optional(),
  })
  .strict()
  .refine((v) => (v.fixture_id === undefined) !== (v.session_id === undefined), {
    message: 'Choose a fixture (its published squad) or a training session (who came)',
    path: ['fixture_id'],
  })
  .openapi('MatchFeesInput');

/** GET /api/treasury/match-fee-sources: what match fees can be charged for, newest first. */
export const MatchFeeSourcesSchema = z
  .object({
    fixtures: z.array(
      z.object({
        id: z.string().uuid(),
        team_name: z.string(),
        opponent: z.string(),
        date: z.string(),
        players: z.number().int().openapi({ description: 'In the published squad' }),
      }),
    ),
    sessions: z.array(
      z.object({
        id: z.string().uuid(),
        team_name: z.string(),
        title: z.string(),
        date: z.string(),
        players: z.number().int().openapi({ description: 'Who came' }),
      }),
    ),
  })
  .openapi('MatchFeeSources');
export type MatchFeeSources = z.infer<typeof MatchFeeSourcesSchema>;

export const ChargesCreatedSchema = z.object({ created: z.number().int(), charges: z.array(ChargeSchema) }).openapi('ChargesCreated');

export const LedgerEntrySchema = z
  .object({
    id: z.string().uuid(),
    kind: z.enum(LEDGER_KINDS),
    payer_id: z.string().uuid().nullable(),
    charge_id: z.string().uuid().nullable(),
    bank_line_id: z.string().uuid().nullable(),
    reverses_id: z.string().uuid().nullable(),
    amount_pence: z
      .number()
      .int()
      .openapi({ description: 'Signed, from the payer’s side: a charge adds what they owe (+), a payment or credit takes it off (−)' }),
    reason: z.string().nullable(),
    occurred_on: z.string(),
    created_by: z.string(),
    created_at: z.string(),
  })
  .openapi('LedgerEntry');
export type LedgerEntry = z.infer<typeof LedgerEntrySchema>;

export const PayerAccountSchema = z
  .object({
    payer_id: z.string().uuid(),
    payer_name: z.string(),
    reference: z.string().nullable(),
    owed_pence: z.number().int().openapi({ description: 'Outstanding on open charges' }),
    credit_pence: z.number().int().openapi({ description: 'Money received and not yet used' }),
    balance_pence: z.number().int().openapi({ description: 'credit − owed: negative while they owe' }),
    charges: z.array(ChargeSchema),
    entries: z.array(LedgerEntrySchema),
  })
  .openapi('PayerAccount');

// ---------------------------------------------------------------------------------------------
// The payer's own page: reference and the club's bank details

export const TreasuryMeSchema = z
  .object({
    reference: z.string().openapi({ description: 'Quote it on every transfer: at most 18 characters of A-Z and 2-9', example: 'HTF7KQ2MX' }),
    account_name: z.string(),
    sort_code: z.string().openapi({ example: '30-91-74' }),
    account_number: z.string().openapi({ example: '12345678' }),
    bank_details_set: z.boolean().openapi({ description: 'False until an admin fills in the club’s bank details in Settings' }),
    paid_by_guardian: z.boolean().openapi({ description: 'Under 18: a guardian pays, and `reference` is theirs (blank while none)' }),
    owed_pence: z.number().int(),
    credit_pence: z.number().int(),
    balance_pence: z.number().int().openapi({ description: 'credit − owed: negative while you owe' }),
    charges: z.array(ChargeSchema).openapi({ description: 'Your charges and those of the children you pay for, latest due first' }),
  })
  .openapi('TreasuryMe');
export type TreasuryMe = z.infer<typeof TreasuryMeSchema>;

// ---------------------------------------------------------------------------------------------
// Statement import

export const ColumnMappingSchema = z
  .object({
    date: text('Date column', 100),
    description: z.string().max(100).optional(),
    counterparty: z.string().max(100).optional(),
    reference: z.string().max(100).optional(),
    amount: z.string().max(100).optional(),
    paid_in: z.string().max(100).optional(),
    paid_out: z.string().max(100).optional(),
    balance: z.string().max(100).optional(),
    date_format: z.enum(['DD/MM/YYYY', 'D MMM YYYY', 'YYYY-MM-DD', 'MM/DD/YYYY']).optional(),
    extra_text: z.array(z.string().max(100)).max(10).optional(),
  })
  .strict()
  .refine((m) => m.amount !== undefined || m.paid_in !== undefined, { message: 'Name the amount column, or the paid-in column', path: ['amount'] })
  .openapi('ColumnMapping');
export type ColumnMappingInput = z.infer<typeof ColumnMappingSchema>;

export const PreviewLineSchema = z
  .object({
    row: z.number().int(),
    date: z.string(),
    counterparty: z.string(),
    reference: z.string(),
    description: z.string(),
    amount_pence: z.number().int(),
    duplicate: z.boolean().openapi({ description: 'Already committed, or repeated in this file: it will not be added again' }),
    decision: z.enum(['allocated', 'suggested', 'unmatched', 'outgoing']),
    payer_id: z.string().uuid().nullable(),
    payer_name: z.string().nullable(),
    reason: z.string().nullable(),
  })
  .openapi('PreviewLine');

export const ImportPreviewSchema = z
  .object({
    id: z.string().uuid(),
    file_name: z.string(),
    layout: z.string().openapi({ description: 'starling, monzo, barclays, lloyds, hsbc, natwest, or custom' }),
    status: z.enum(['previewed', 'committed']),
    lines_read: z.number().int(),
    incoming_pence: z.number().int(),
    outgoing_pence: z.number().int(),
    duplicates: z.number().int(),
    failed: z.array(z.object({ row: z.number().int(), reason: z.string() })),
    new_lines: z.number().int().openapi({ description: 'Lines the commit adds' }),
    allocated: z.number().int(),
    suggested: z.number().int(),
    unmatched: z.number().int(),
    outgoing: z.number().int(),
    lines: z.array(PreviewLineSchema),
    committed_at: z.string().nullable(),
    lines_added: z.number().int().nullable().openapi({ description: 'After the commit: the lines it added' }),
  })
  .openapi('ImportPreview');
export type ImportPreview = z.infer<typeof ImportPreviewSchema>;

export const UnknownLayoutSchema = z
  .object({
    detail: z.string(),
    headers: z.array(z.string()).optional().openapi({ description: 'For an unknown layout: the file’s header row, to map its columns with `mapping`' }),
  })
  .openapi('UnknownLayout');

export const BankLineSchema = z
  .object({
    id: z.string().uuid(),
    import_id: z.string().uuid(),
    date: z.string(),
    counterparty: z.string(),
    reference: z.string(),
    description: z.string(),
    amount_pence: z.number().int(),
    status: z.enum(LINE_STATUSES),
    payer_id: z.string().uuid().nullable(),
    payer_name: z.string().nullable(),
    reason: z.string().nullable(),
    decided_by: z.string().nullable(),
  })
  .openapi('BankLine');
export type BankLine = z.infer<typeof BankLineSchema>;

export const lineListQuerySchema = z.object({
  status: z.enum(LINE_STATUSES, { error: 'Status must be allocated, suggested, unmatched, outgoing or ignored' }).optional(),
});

/**
 * POST /api/treasury/lines/{id}/allocate: the treasurer gives a line to a payer (a suggestion
 * confirmed, or an unmatched line found by name). Without `allocations`, oldest charge first and
 * any rest as credit.
 */
export const allocateLineSchema = z
  .object({
    payer_id: uuid('Payer'),
    allocations: z
      .array(z.object({ charge_id: uuid('Charge'), pence: pence('Amount') }).strict())
      .max(100)
      .optional(),
  })
  .strict()
  .openapi('AllocateLine');
export type AllocateLineInput = z.infer<typeof allocateLineSchema>;

export const PayerSearchSchema = z
  .array(
    z.object({
      payer_id: z.string().uuid(),
      full_name: z.string(),
      reference: z.string().nullable(),
      owed_pence: z.number().int(),
      members: z.array(z.string()),
    }),
  )
  .openapi('PayerSearch');

export * from './treasury-plans';
