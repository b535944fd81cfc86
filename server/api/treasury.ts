import { createRoute, z } from '@hono/zod-openapi';
import {
  allocateLineSchema,
  BankLineSchema,
  ChargeSchema,
  ChargesCreatedSchema,
  chargeCreateSchema,
  ImportPreviewSchema,
  lineListQuerySchema,
  matchFeesSchema,
  PayerAccountSchema,
  PayerSearchSchema,
  reversalSchema,
  TreasuryMeSchema,
  UnknownLayoutSchema,
} from '../../shared/contracts/treasury';
import { invalid } from '../../shared/errors';
import { MAX_STATEMENT_BYTES, UnknownLayout } from '../services/treasury/imports';
import { router } from './env';
import { ErrorSchema, IdParam, jsonBody, jsonContent, readForm } from './openapi';
import { errors, noStore, security, tags, treasury, waiting, writeErrors } from './treasury-common';
import { treasuryPlansApi } from './treasury-plans';

/** The answer to PUT, PATCH or DELETE on a ledger row: it is never changed, only reversed. */
export const LEDGER_IS_APPEND_ONLY =
  'Charges and ledger entries are never changed or deleted: record a reversal instead (POST /api/treasury/charges/{id}/reversal or /api/treasury/lines/{id}/reversal).';

/** /api/treasury: subs and fees (issue 24, ADR 040). The services check who may do what. */
const base = router();
// Ledger rows are append-only: no edit, no delete. Who may not see them at all learns only that (401/403).
for (const path of ['/charges/:id', '/entries/:id', '/lines/:id']) {
  base.on(['PUT', 'PATCH', 'DELETE'], path, async (c) => {
    const user = c.get('user');
    if (!user) return c.json({ detail: 'Please sign in to continue.' }, 401);
    if (!(await treasury(c).isTreasurer(user))) return c.json({ detail: 'You do not have permission to do that.' }, 403);
    c.header('Allow', 'POST');
    return c.json({ detail: LEDGER_IS_APPEND_ONLY }, 405);
  });
}

// The role is checked before the upload is read: 401/403, never a 422 about a file nobody may send.
base.use('/imports', async (c, next) => {
  if (c.req.method === 'POST') await treasury(c).assertTreasurer(c.get('user'));
  await next();
});

export const treasuryApi = base
  .openapi(
    createRoute({
      method: 'get',
      path: '/me',
      operationId: 'myTreasury',
      tags,
      summary: 'Your payment reference, the club’s bank details and your money (any member)',
      description: 'The reference is made the first time you ask and never changes or goes to anyone else. Quote it on every transfer.',
      security,
      responses: { 200: jsonContent(TreasuryMeSchema, 'How to pay, and what you owe'), 401: errors[401], 403: waiting },
    }),
    async (c) => {
      noStore(c);
      return c.json(await treasury(c).me(c.get('user')), 200);
    },
  )
  .openapi(
    createRoute({
      method: 'post',
      path: '/imports',
      operationId: 'previewStatementImport',
      tags,
      summary: 'Upload a bank statement (CSV) for a preview; nothing is written to the ledger',
      description:
        'multipart/form-data with `file` (the bank’s CSV export, at most 5 MB) and, for a bank whose layout is not recognised, `mapping`: ' +
        'JSON naming the columns (`{"date": "Posted", "amount": "Value", "description": "Details"}`); it is saved for that bank’s header row. ' +
        'Starling, Monzo, Barclays, Lloyds, HSBC and NatWest are recognised. Answers the preview with its `id`; POST …/commit writes it.',
      security,
      responses: {
        201: jsonContent(ImportPreviewSchema, 'The preview'),
        400: jsonContent(ErrorSchema, 'A multipart body that cannot be read'),
        ...errors,
        413: jsonContent(ErrorSchema, 'Too large'),
        422: jsonContent(UnknownLayoutSchema, 'Not a statement we can read; for an unknown layout `headers` lists the columns to map'),
      },
    }),
    async (c) => {
      const user = c.get('user');
      if (!c.req.header('content-type')?.startsWith('multipart/form-data')) throw invalid('Send the statement as multipart/form-data in a field named "file".');
      const form = await readForm(c);
      const file = form.file;
      if (!(file instanceof File)) throw invalid('Choose the bank statement file to upload (field "file").');
      if (file.size > MAX_STATEMENT_BYTES) throw invalid('The statement is over 5 MB: export a shorter period.');
      const mapping = typeof form.mapping === 'string' ? form.mapping : undefined;
      try {
        const preview = await treasury(c).previewImport(user, { name: file.name, bytes: new Uint8Array(await file.arrayBuffer()) }, mapping);
        return c.json(preview, 201);
      } catch (error) {
        if (error instanceof UnknownLayout) return c.json({ detail: error.detail, headers: error.headers }, 422);
        throw error;
      }
    },
  )
  .openapi(
    createRoute({
      method: 'get',
      path: '/imports/{id}',
      operationId: 'getStatementImport',
      tags,
      summary: 'A statement import: its preview, or what its commit added',
      security,
      request: { params: IdParam },
      responses: { 200: jsonContent(ImportPreviewSchema, 'The import'), ...errors, 404: writeErrors[404] },
    }),
    async (c) => {
      noStore(c);
      return c.json(await treasury(c).getImport(c.get('user'), c.req.valid('param').id), 200);
    },
  )
  .openapi(
    createRoute({
      method: 'post',
      path: '/imports/{id}/commit',
      operationId: 'commitStatementImport',
      tags,
      summary: 'Write a previewed statement: its new lines, allocations and credits, in one go',
      description:
        'Lines committed before (by their fingerprint: date, amount, text, occurrence) are not added again, so an overlapping statement adds only what is new. ' +
        'Committing the same import twice answers the first result and writes nothing more.',
      security,
      request: { params: IdParam },
      responses: { 200: jsonContent(ImportPreviewSchema, 'Committed'), ...writeErrors },
    }),
    async (c) => c.json(await treasury(c).commitImport(c.get('user'), c.req.valid('param').id), 200),
  )
  .openapi(
    createRoute({
      method: 'get',
      path: '/lines',
      operationId: 'listBankLines',
      tags,
      summary: 'Committed bank lines, by status (unmatched and suggested ones wait for the treasurer)',
      security,
      request: { query: lineListQuerySchema },
      responses: { 200: jsonContent(z.array(BankLineSchema), 'Newest first (at most 2,000)'), ...errors, 422: writeErrors[422] },
    }),
    async (c) => {
      noStore(c);
      return c.json(await treasury(c).listLines(c.get('user'), c.req.valid('query')), 200);
    },
  )
  .openapi(
    createRoute({
      method: 'post',
      path: '/lines/{id}/allocate',
      operationId: 'allocateBankLine',
      tags,
      summary: 'Give a line to a payer: confirm a suggestion, or allocate an unmatched line by hand',
      description: 'Without `allocations` the money pays the payer’s open charges, earliest due first; what is left is credit.',
      security,
      request: { params: IdParam, body: jsonBody(allocateLineSchema) },
      responses: { 200: jsonContent(BankLineSchema, 'Allocated'), ...writeErrors },
    }),
    async (c) => c.json(await treasury(c).allocateLine(c.get('user'), c.req.valid('param').id, c.req.valid('json')), 200),
  )
  .openapi(
    createRoute({
      method: 'post',
      path: '/lines/{id}/ignore',
      operationId: 'ignoreBankLine',
      tags,
      summary: 'Set aside money in that is not a member’s payment (a grant, bar takings), with why',
      security,
      request: { params: IdParam, body: jsonBody(reversalSchema) },
      responses: { 200: jsonContent(BankLineSchema, 'Set aside'), ...writeErrors },
    }),
    async (c) => c.json(await treasury(c).ignoreLine(c.get('user'), c.req.valid('param').id, c.req.valid('json')), 200),
  )
  .openapi(
    createRoute({
      method: 'post',
      path: '/lines/{id}/reversal',
      operationId: 'reverseBankLine',
      tags,
      summary: 'Undo a line’s allocation: every entry it made is reversed (new rows, with who and why); the line is unmatched again',
      security,
      request: { params: IdParam, body: jsonBody(reversalSchema) },
      responses: { 200: jsonContent(BankLineSchema, 'Unmatched again'), ...writeErrors },
    }),
    async (c) => c.json(await treasury(c).reverseLine(c.get('user'), c.req.valid('param').id, c.req.valid('json')), 200),
  )
  .openapi(
    createRoute({
      method: 'get',
      path: '/payers',
      operationId: 'searchPayers',
      tags,
      summary: 'Find a payer by their name or the name of a member they pay for',
      security,
      request: { query: z.object({ q: z.string().max(100, 'Search at most 100 characters').default('') }) },
      responses: { 200: jsonContent(PayerSearchSchema, 'At most 20'), ...errors, 422: writeErrors[422] },
    }),
    async (c) => {
      noStore(c);
      return c.json(await treasury(c).searchPayers(c.get('user'), c.req.valid('query').q), 200);
    },
  )
  .openapi(
    createRoute({
      method: 'get',
      path: '/payers/{id}',
      operationId: 'payerAccount',
      tags,
      summary: 'A payer’s charges, ledger entries and balance (the treasurer, or the payer themself)',
      security,
      request: { params: IdParam },
      responses: { 200: jsonContent(PayerAccountSchema, 'The account'), ...errors, 404: writeErrors[404] },
    }),
    async (c) => {
      noStore(c);
      return c.json(await treasury(c).payerAccount(c.get('user'), c.req.valid('param').id), 200);
    },
  )
  .openapi(
    createRoute({
      method: 'get',
      path: '/charges',
      operationId: 'listCharges',
      tags,
      summary: 'Charges, with what is paid and outstanding: all, one payer’s or one member’s',
      security,
      request: { query: z.object({ payer_id: z.string().max(100).optional(), member_id: z.string().max(100).optional() }) },
      responses: { 200: jsonContent(z.array(ChargeSchema), 'Latest due first'), ...errors, 422: writeErrors[422] },
    }),
    async (c) => {
      noStore(c);
      return c.json(await treasury(c).listCharges(c.get('user'), c.req.valid('query')), 200);
    },
  )
  .openapi(
    createRoute({
      method: 'post',
      path: '/charges',
      operationId: 'createCharges',
      tags,
      summary: 'Charge one member, several, or a team’s current players; each payer is mailed with their reference and the bank details',
      description: 'A junior’s charge goes to their primary guardian. Amounts are whole pence.',
      security,
      request: { body: jsonBody(chargeCreateSchema) },
      responses: { 201: jsonContent(ChargesCreatedSchema, 'Charged'), ...writeErrors },
    }),
    async (c) => c.json(await treasury(c).createCharges(c.get('user'), c.req.valid('json')), 201),
  )
  .openapi(
    createRoute({
      method: 'post',
      path: '/charges/{id}/reversal',
      operationId: 'reverseCharge',
      tags,
      summary: 'Reverse a charge, with why: a new ledger row; money already paid for it stays the payer’s as credit',
      security,
      request: { params: IdParam, body: jsonBody(reversalSchema) },
      responses: { 201: jsonContent(ChargeSchema, 'Reversed'), ...writeErrors },
    }),
    async (c) => c.json(await treasury(c).reverseCharge(c.get('user'), c.req.valid('param').id, c.req.valid('json')), 201),
  )
  .openapi(
    createRoute({
      method: 'post',
      path: '/match-fees',
      operationId: 'chargeMatchFees',
      tags,
      summary: 'Match fees for a fixture’s published squad, or for who came to a session (once per player)',
      security,
      request: { body: jsonBody(matchFeesSchema) },
      responses: { 201: jsonContent(ChargesCreatedSchema, 'Charged (0 when done before)'), ...writeErrors },
    }),
    async (c) => c.json(await treasury(c).chargeMatchFees(c.get('user'), c.req.valid('json')), 201),
  )
  .route('/', treasuryPlansApi);
