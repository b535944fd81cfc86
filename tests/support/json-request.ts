/** How the tests call the API like a client: JSON in, `{ status, body, headers }` out, over any transport. */

export interface JsonInit {
  method?: string;
  body?: unknown;
  /** A Bearer token. */
  token?: string;
  headers?: Record<string, string>;
}

/** A JSON caller over `send` (the app in this process, or fetch to a running server). */
export function jsonCaller(send: (path: string, init: RequestInit) => Promise<Response>) {
  return async function json<T = any>(path: string, init: JsonInit = {}) {
    const headers: Record<string, string> = { ...init.headers };
    if (init.body !== undefined) headers['content-type'] ??= 'application/json';
    if (init.token) headers.authorization = `Bearer ${init.token}`;
    const response = await send(path, {
      method: init.method ?? (init.body === undefined ? 'GET' : 'POST'),
      headers,
      body: init.body === undefined ? undefined : typeof init.body === 'string' ? init.body : JSON.stringify(init.body),
    });
    const text = await response.text();
    let body: any = text;
    try {
      body = text ? JSON.parse(text) : null;
    } catch {
      // not JSON: keep the text
    }
    return { status: response.status, body: body as T, headers: response.headers };
  };
}
