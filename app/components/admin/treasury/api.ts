/**
 * The Money tab's calls to /api/treasury (issue 24), through the admin panel's typed client: paths,
 * inputs and answers are the API's own (shared/contracts/treasury.ts).
 */
import type {
  Arrears,
  BankLine,
  Charge,
  ChargeCreateInput,
  ColumnMappingInput,
  ImportPreview,
  MatchFeeSources,
  Plan,
  PlanCreateInput,
} from '../../../../shared/contracts/treasury';
import { ApiError, client, read, type Answer } from '../../../lib/api-client';

export type { Arrears, BankLine, Charge, ChargeCreateInput, ColumnMappingInput, ImportPreview, MatchFeeSources, Plan, PlanCreateInput };
export type ChargesCreated = Answer<Awaited<ReturnType<typeof client.treasury.charges.$post>>>;
export type PayerSummary = Answer<Awaited<ReturnType<typeof client.treasury.payers.$get>>>[number];

/** A 422 for a file whose header row is no layout the site knows: the headers, to map. */
export class UnknownLayout extends ApiError {
  constructor(
    detail: string,
    readonly headers: string[],
  ) {
    super(422, detail);
  }
}

export const treasuryApi = {
  /** POST /api/treasury/imports: the preview (nothing written), or UnknownLayout with the file's headers. */
  async preview(file: File, mapping?: ColumnMappingInput): Promise<ImportPreview> {
    const body = new FormData();
    body.set('file', file);
    if (mapping) body.set('mapping', JSON.stringify(mapping));
    // The route reads the multipart body itself.
    const call = client.treasury.imports.$post(undefined, { init: { body } });
    const response = await call;
    if (response.status === 422) {
      const answer = (await response
        .clone()
        .json()
        .catch(() => null)) as { detail?: string; headers?: unknown } | null;
      if (answer && Array.isArray(answer.headers) && answer.headers.length > 0) {
        throw new UnknownLayout(answer.detail ?? 'Say which column is which.', answer.headers as string[]);
      }
    }
    return read(Promise.resolve(response)) as Promise<ImportPreview>;
  },
  commit(id: string) {
    return read(client.treasury.imports[':id'].commit.$post({ param: { id } }));
  },
  lines(status: 'unmatched' | 'suggested' | 'allocated') {
    return read(client.treasury.lines.$get({ query: { status } }));
  },
  payers(q: string) {
    return read(client.treasury.payers.$get({ query: { q } }));
  },
  allocate(lineId: string, payerId: string) {
    return read(client.treasury.lines[':id'].allocate.$post({ param: { id: lineId }, json: { payer_id: payerId } }));
  },
  /** Money in that is not a member's payment (a grant, bar takings): set aside, with why. */
  ignoreLine(lineId: string, reason: string) {
    return read(client.treasury.lines[':id'].ignore.$post({ param: { id: lineId }, json: { reason } }));
  },
  /** An allocation undone: the line is unmatched again. */
  reverseLine(lineId: string, reason: string) {
    return read(client.treasury.lines[':id'].reversal.$post({ param: { id: lineId }, json: { reason } }));
  },
  charges() {
    return read(client.treasury.charges.$get({ query: {} }));
  },
  charge(json: ChargeCreateInput) {
    return read(client.treasury.charges.$post({ json }));
  },
  reverseCharge(chargeId: string, reason: string) {
    return read(client.treasury.charges[':id'].reversal.$post({ param: { id: chargeId }, json: { reason } }));
  },
  matchFeeSources() {
    return read(client.treasury['match-fee-sources'].$get());
  },
  matchFees(json: { fixture_id?: string; session_id?: string; amount_pence: number; due_date: string; description?: string }) {
    return read(client.treasury['match-fees'].$post({ json }));
  },
  plans() {
    return read(client.treasury.plans.$get());
  },
  createPlan(json: PlanCreateInput) {
    return read(client.treasury.plans.$post({ json }));
  },
  chargePlan(planId: string, json: { team_ids?: string[]; member_ids?: string[] }) {
    return read(client.treasury.plans[':id'].charges.$post({ param: { id: planId }, json }));
  },
  arrears() {
    return read(client.treasury.arrears.$get({ query: {} }));
  },
};

/** The ledger's CSV export, filtered: a plain link the browser downloads with the session cookie. */
export function exportHref(filter: { category?: string; team?: string; season?: string }) {
  const query = new URLSearchParams(Object.entries(filter).filter((entry): entry is [string, string] => Boolean(entry[1])));
  const text = query.toString();
  return `/api/treasury/export.csv${text ? `?${text}` : ''}`;
}
