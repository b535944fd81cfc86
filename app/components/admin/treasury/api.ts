/**
 * The Money tab's calls to /api/treasury (issue 24), through the admin panel's typed client: paths,
 * inputs and answers are the API's own (shared/contracts/treasury.ts).
 */
import type { BankLine, ColumnMappingInput, ImportPreview } from '../../../../shared/contracts/treasury';
import { ApiError, client, read, type Answer } from '../../../lib/api-client';

export type { BankLine, ColumnMappingInput, ImportPreview };
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
  lines(status: 'unmatched' | 'suggested') {
    return read(client.treasury.lines.$get({ query: { status } }));
  },
  payers(q: string) {
    return read(client.treasury.payers.$get({ query: { q } }));
  },
  allocate(lineId: string, payerId: string) {
    return read(client.treasury.lines[':id'].allocate.$post({ param: { id: lineId }, json: { payer_id: payerId } }));
  },
};
