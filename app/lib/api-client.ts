/**
 * The admin panel's REST client (ADR 004): same-origin fetches to /api with the session cookie.
 * The browser sends Origin on these requests, which satisfies the API's CSRF check.
 * JSON in, JSON out; a failed call throws an ApiError carrying the server's `detail`.
 */

export interface ApiFieldError {
  field: string;
  message: string;
}

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

type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

async function request<T>(method: Method, path: string, body?: unknown): Promise<T> {
  const init: RequestInit = { method, credentials: 'same-origin', headers: { accept: 'application/json' } };
  if (body instanceof FormData) {
    init.body = body; // the browser sets the multipart boundary
  } else if (body !== undefined) {
    init.headers = { ...init.headers, 'content-type': 'application/json' };
    init.body = JSON.stringify(body);
  }
  let response: Response;
  try {
    response = await fetch(path, init);
  } catch {
    throw new ApiError(0, 'Could not reach the server. Check your connection and try again.');
  }
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
  return data as T;
}

export const api = {
  get: <T>(path: string) => request<T>('GET', path),
  post: <T = unknown>(path: string, body?: unknown) => request<T>('POST', path, body),
  put: <T = unknown>(path: string, body?: unknown) => request<T>('PUT', path, body),
  patch: <T = unknown>(path: string, body?: unknown) => request<T>('PATCH', path, body),
  delete: <T = unknown>(path: string) => request<T>('DELETE', path),
};

/**
 * For list loads: a failure is logged and leaves an empty list (docs/product.md#toasts), except that
 * being signed out or refused is not hidden.
 */
export async function loadList<T>(path: string): Promise<T[]> {
  try {
    const data = await api.get<T[] | { items: T[] }>(path);
    return Array.isArray(data) ? data : Array.isArray(data?.items) ? data.items : [];
  } catch (error) {
    console.error(`[admin] loading ${path} failed:`, errorDetail(error));
    return [];
  }
}
