/**
 * The admin panel's REST client (ADR 004): same-origin fetches to /api with the session cookie.
 * The browser sends Origin on these requests, which satisfies the API's CSRF check.
 * Paths, inputs and answers are typed by the API's own routes (hono/client over the type of
 * server/api/index.ts, imported as a type only): a field changed in shared/contracts/ fails the
 * admin panel's typecheck. A failed call throws an ApiError carrying the server's `detail`.
 */
import { hc, type ClientResponse, type InferRequestType } from 'hono/client';
import type { ClubApi } from '../../server/api';
import type { ApiErrorBody } from '../../shared/contracts/common';

/** One field's problem in a refusal (`errors[]` of the API's Error answer). */
export type ApiFieldError = NonNullable<ApiErrorBody['errors']>[number];

export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly detail: string,
    readonly errors: ApiFieldError[] = [],
  ) {
    super(detail);
    this.name = 'ApiError';
  }

  /** Field errors keyed by field name, for showing beside form controls. */
  get fieldErrors(): Record<string, string> {
    // A field's first problem is the one to fix first ("is required" before "is not valid").
    const byField: Record<string, string> = {};
    for (const e of this.errors) byField[e.field] ??= e.message;
    return byField;
  }
}

/** The detail to show for any failure: the server's text, else the error's message. */
export function errorDetail(error: unknown): string {
  if (error instanceof ApiError) return error.detail;
  if (error instanceof Error) return error.message;
  return 'Something went wrong';
}

async function sameOriginFetch(input: RequestInfo | URL, init?: RequestInit): Promise<Response> {
  try {
    return await fetch(input, { ...init, credentials: 'same-origin', headers: withAccept(init?.headers) });
  } catch {
    throw new ApiError(0, 'Could not reach the server. Check your connection and try again.');
  }
}

function withAccept(headers: HeadersInit | undefined): Headers {
  const all = new Headers(headers);
  all.set('accept', 'application/json');
  return all;
}

/** The API, typed by its routes: `client.fixtures[':id'].$put({ param: { id }, json })`. */
export const client = hc<ClubApi>('/api', { fetch: sameOriginFetch });

/** Any call of the client, before it is read. */
export type Call = Promise<ClientResponse<unknown>>;

/**
 * The JSON body a call takes, as a type: what an admin list form's fields are declared against
 * (`resourceFor<Team, JsonOf<typeof client.teams.$post>>()`, app/components/admin/resource-tab.tsx).
 * Never cast a payload to it: build the payload typed and let the call check it.
 */
export type JsonOf<F> = InferRequestType<F> extends { json: infer J } ? J : never;

type SuccessStatus = 200 | 201 | 202 | 204;
/** What a call answers when it succeeds: the body its route declares for 2xx. */
export type Answer<R> = R extends ClientResponse<infer T, infer S, infer _F> ? (S extends SuccessStatus ? T : never) : never;

/** Waits for a call and returns its success body; any other answer throws an ApiError with the server's detail. */
export async function read<R extends ClientResponse<unknown>>(call: Promise<R>): Promise<Answer<R>> {
  const response = await call;
  const text = await response.text();
  let data: unknown = null;
  if (text) {
    try {
      data = JSON.parse(text);
    } catch {
      data = text;
    }
  }
  if (!response.ok) {
    const payload = (typeof data === 'object' && data) as { detail?: unknown; errors?: ApiFieldError[] } | false;
    const detail = payload && typeof payload.detail === 'string' ? payload.detail : `Request failed (${response.status})`;
    throw new ApiError(response.status, detail, payload && Array.isArray(payload.errors) ? payload.errors : []);
  }
  return data as Answer<R>;
}

type Item<T> = T extends readonly (infer I)[] ? I : T extends { items: readonly (infer I)[] } ? I : never;

/**
 * For list loads: a failure is logged and leaves an empty list (docs/product.md#toasts), except that
 * being signed out or refused is not hidden.
 */
export async function loadList<R extends ClientResponse<unknown>>(what: string, call: Promise<R>): Promise<Item<Answer<R>>[]> {
  try {
    const data = (await read(call)) as unknown;
    if (Array.isArray(data)) return data;
    const items = (data as { items?: unknown } | null)?.items;
    return Array.isArray(items) ? items : [];
  } catch (error) {
    console.error(`[admin] loading ${what} failed:`, errorDetail(error));
    return [];
  }
}
