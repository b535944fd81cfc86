/**
 * The treasurer's screens' calls to /api/treasury (issue 24). The shapes follow the API's contract
 * (shared/contracts/treasury.ts).
 */
import { ApiError } from '../../../lib/api-client';

export interface ColumnMappingInput {
  date: string;
  amount?: string;
  paid_in?: string;
  paid_out?: string;
  reference?: string;
  counterparty?: string;
  description?: string;
  date_format?: 'DD/MM/YYYY' | 'YYYY-MM-DD' | 'D MMM YYYY';
}

export interface ImportPreview {
  id: string;
  layout: string;
  lines_read: number;
  incoming_pence: number;
  duplicates: number;
  new_lines: number;
  failed: { row: number; reason: string }[];
  allocated: number;
  suggested: number;
  unmatched: number;
  outgoing: number;
  lines_added: number | null;
}

export interface BankLine {
  id: string;
  date: string;
  amount_pence: number;
  counterparty: string;
  reference: string;
  description: string;
  status: string;
  payer_id: string | null;
  payer_name: string | null;
  reason: string | null;
}

export interface PayerSummary {
  payer_id: string;
  full_name: string;
  reference: string | null;
  owed_pence: number;
  members: string[];
}

/** A 422 for a file whose columns are not recognised: the headers to map. */
export class UnknownLayout extends ApiError {
  constructor(
    detail: string,
    readonly headers: string[],
  ) {
    super(422, detail);
  }
}

async function call<T>(method: string, path: string, body?: FormData | object): Promise<T> {
  let response: Response;
  try {
    response = await fetch(`/api/treasury${path}`, {
      method,
      credentials: 'same-origin',
      headers: body && !(body instanceof FormData) ? { accept: 'application/json', 'content-type': 'application/json' } : { accept: 'application/json' },
      body: body instanceof FormData ? body : body ? JSON.stringify(body) : undefined,
    });
  } catch {
    throw new ApiError(0, 'Could not reach the server. Check your connection and try again.');
  }
  const text = await response.text();
  const data = text ? (JSON.parse(text) as Record<string, unknown>) : null;
  if (!response.ok) {
    const detail = typeof data?.detail === 'string' ? data.detail : `Request failed (${response.status})`;
    if (response.status === 422 && Array.isArray(data?.headers)) throw new UnknownLayout(detail, data.headers as string[]);
    throw new ApiError(response.status, detail, Array.isArray(data?.errors) ? (data.errors as ApiError['errors']) : []);
  }
  return data as T;
}

export const treasuryApi = {
  preview(file: File, mapping?: ColumnMappingInput, saveAs?: string) {
    const body = new FormData();
    body.set('file', file);
    if (mapping) body.set('mapping', JSON.stringify(mapping));
    if (saveAs) body.set('save_mapping_as', saveAs);
    return call<ImportPreview>('POST', '/imports', body);
  },
  commit(id: string) {
    return call<ImportPreview>('POST', `/imports/${encodeURIComponent(id)}/commit`, {});
  },
  lines(status: 'unmatched' | 'suggested') {
    return call<{ items: BankLine[] } | BankLine[]>('GET', `/lines?status=${status}`).then((data) => (Array.isArray(data) ? data : data.items));
  },
  payers(query: string) {
    return call<{ items: PayerSummary[] } | PayerSummary[]>('GET', `/payers?q=${encodeURIComponent(query)}`).then((data) =>
      Array.isArray(data) ? data : data.items,
    );
  },
  allocate(lineId: string, payerId: string) {
    return call<unknown>('POST', `/lines/${encodeURIComponent(lineId)}/allocate`, { payer_id: payerId });
  },
};
