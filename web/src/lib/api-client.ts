import { takeFirstData } from './first-data';

/** Thrown for every non-2xx answer from the API. */
export class ApiError extends Error {
  readonly status: number;
  /** Field errors from the server's `errors` map (empty when none). */
  readonly errors: Record<string, string>;
  /** The parsed JSON body, or the raw text when the body is not JSON. */
  readonly body: unknown;

  constructor(status: number, message: string, errors: Record<string, string> = {}, body: unknown = null) {
    super(message);
    this.name = 'ApiError';
    this.status = status;
    this.errors = errors;
    this.body = body;
  }
}

/**
 * Builds an ApiError from a failed response's status and body text.
 * Message: the server's JSON `message` when present, else (docs/product.md#web-app)
 * '{status}: {body text or status text}'.
 */
export function buildApiError(status: number, statusText: string, text: string): ApiError {
  let body: unknown = text;
  let message = '';
  let errors: Record<string, string> = {};
  if (text) {
    try {
      body = JSON.parse(text) as unknown;
    } catch {
      body = text;
    }
  }
  if (body && typeof body === 'object' && !Array.isArray(body)) {
    const obj = body as Record<string, unknown>;
    if (typeof obj.message === 'string' && obj.message.trim() !== '') message = obj.message;
    if (obj.errors && typeof obj.errors === 'object' && !Array.isArray(obj.errors)) {
      errors = Object.fromEntries(
        Object.entries(obj.errors as Record<string, unknown>).map(([k, v]) => [k, String(v)]),
      );
    }
  }
  if (!message) message = `${status}: ${text || statusText}`;
  return new ApiError(status, message, errors, text ? body : null);
}

export type ApiInit = Omit<RequestInit, 'body'> & {
  /** A plain value is sent as JSON; FormData/Blob/string are sent as they are. */
  body?: unknown;
};

/**
 * fetch() for the app's API: sends the session cookie, JSON in and out.
 * Resolves to the parsed JSON body (or null for an empty body / 204);
 * throws ApiError on any non-2xx answer.
 */
export async function apiFetch<T = unknown>(path: string, init: ApiInit = {}): Promise<T> {
  if ((init.method ?? 'GET') === 'GET') {
    const first = takeFirstData(path);
    if (first) return first.value as T;
  }
  const { body, headers: initHeaders, ...rest } = init;
  const headers = new Headers(initHeaders);
  if (!headers.has('Accept')) headers.set('Accept', 'application/json');
  let payload: BodyInit | undefined;
  if (body !== undefined && body !== null) {
    if (typeof body === 'string' || body instanceof FormData || body instanceof Blob || body instanceof URLSearchParams) {
      payload = body;
    } else {
      payload = JSON.stringify(body);
      if (!headers.has('Content-Type')) headers.set('Content-Type', 'application/json');
    }
  }
  const res = await fetch(path, { credentials: 'include', ...rest, headers, body: payload });
  const text = await res.text();
  if (!res.ok) throw buildApiError(res.status, res.statusText, text);
  if (!text) return null as T;
  try {
    return JSON.parse(text) as T;
  } catch {
    return text as T;
  }
}

/** A readable message for any thrown value (toasts show this). */
export function errorMessage(err: unknown, fallback = 'Something went wrong'): string {
  if (err instanceof Error && err.message) return err.message;
  return fallback;
}
