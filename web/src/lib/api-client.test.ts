import { afterEach, describe, expect, it, vi } from 'vitest';
import { ApiError, apiFetch, buildApiError } from './api-client';
import { queryKeyToPath } from './query-client';

describe('buildApiError', () => {
  it("uses the server's JSON message and field errors", () => {
    const err = buildApiError(400, 'Bad Request', JSON.stringify({ message: 'Invalid input', errors: { email: 'Please enter a valid email address' } }));
    expect(err).toBeInstanceOf(ApiError);
    expect(err.status).toBe(400);
    expect(err.message).toBe('Invalid input');
    expect(err.errors).toEqual({ email: 'Please enter a valid email address' });
    expect(err.body).toEqual({ message: 'Invalid input', errors: { email: 'Please enter a valid email address' } });
  });
  it("falls back to '{status}: {body text}' for a non-JSON body", () => {
    const err = buildApiError(502, 'Bad Gateway', 'upstream down');
    expect(err.message).toBe('502: upstream down');
    expect(err.errors).toEqual({});
    expect(err.body).toBe('upstream down');
  });
  it("falls back to '{status}: {status text}' for an empty body", () => {
    const err = buildApiError(500, 'Internal Server Error', '');
    expect(err.message).toBe('500: Internal Server Error');
    expect(err.body).toBeNull();
  });
  it('uses the body text when JSON has no message', () => {
    const err = buildApiError(403, 'Forbidden', '{"requiredTier":"pro"}');
    expect(err.message).toBe('403: {"requiredTier":"pro"}');
    expect(err.body).toEqual({ requiredTier: 'pro' });
  });
});

describe('apiFetch', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('sends credentials and JSON, and parses the answer', async () => {
    const fetchMock = vi.fn(async () => new Response(JSON.stringify({ ok: 1 }), { status: 200 }));
    vi.stubGlobal('fetch', fetchMock);
    const data = await apiFetch<{ ok: number }>('/api/thing', { method: 'POST', body: { a: 1 } });
    expect(data).toEqual({ ok: 1 });
    const [path, init] = fetchMock.mock.calls[0] as unknown as [string, RequestInit];
    expect(path).toBe('/api/thing');
    expect(init.credentials).toBe('include');
    expect(init.body).toBe('{"a":1}');
    expect(new Headers(init.headers).get('Content-Type')).toBe('application/json');
  });

  it('resolves null for an empty body', async () => {
    vi.stubGlobal('fetch', vi.fn(async () => new Response(null, { status: 204 })));
    await expect(apiFetch('/api/logout', { method: 'POST' })).resolves.toBeNull();
  });

  it('throws ApiError with the server message on non-2xx', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => new Response(JSON.stringify({ message: 'Invalid username or password' }), { status: 401, statusText: 'Unauthorized' })),
    );
    await expect(apiFetch('/api/login', { method: 'POST', body: {} })).rejects.toMatchObject({
      name: 'ApiError',
      status: 401,
      message: 'Invalid username or password',
    });
  });
});

describe('queryKeyToPath', () => {
  it('joins the key segments with "/"', () => {
    expect(queryKeyToPath(['/api/training-plans'])).toBe('/api/training-plans');
    expect(queryKeyToPath(['/api/workout-logs', 7])).toBe('/api/workout-logs/7');
  });
});
