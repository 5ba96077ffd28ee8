import 'fake-indexeddb/auto';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { addToOutbox, clearOutbox, flushOutbox, listOutbox } from './outbox';

// docs/offline.md#the-outbox: sent in the order made, each with its key; a
// refused item keeps the server's message; no connection keeps the rest.

type Call = { path: string; method: string; key: string | null };

function server(answers: Record<string, () => Response>) {
  const calls: Call[] = [];
  vi.spyOn(globalThis, 'fetch').mockImplementation(async (input, init) => {
    const path = String(input);
    if (path === '/api/user') return new Response(JSON.stringify({ id: 7 }), { status: 200 });
    const h = new Headers(init?.headers);
    calls.push({ path, method: init?.method ?? 'GET', key: h.get('Idempotency-Key') });
    const answer = answers[`${init?.method} ${path}`];
    if (!answer) throw new TypeError('Failed to fetch');
    return answer();
  });
  return calls;
}

const item = (path: string, key: string, userId = 7) =>
  addToOutbox({ key, userId, kind: 'food-entry', method: 'POST', path, body: { n: key }, label: key });

beforeEach(async () => clearOutbox());
afterEach(() => vi.restoreAllMocks());

describe('outbox', () => {
  it('sends in the order made with each key, and keeps the refused one with its message', async () => {
    await item('/api/a', 'k1');
    await item('/api/b', 'k2');
    await item('/api/c', 'k3');
    const calls = server({
      'POST /api/a': () => new Response('{}', { status: 201 }),
      'POST /api/b': () => new Response(JSON.stringify({ message: 'That workout log does not exist.' }), { status: 404 }),
      'POST /api/c': () => new Response('{}', { status: 201 }),
    });
    const r = await flushOutbox();
    expect(calls.map((c) => `${c.path} ${c.key}`)).toEqual(['/api/a k1', '/api/b k2', '/api/c k3']);
    expect(r).toEqual({ sent: 2, failed: 1, waiting: 0 });
    const left = await listOutbox();
    expect(left).toHaveLength(1);
    expect(left[0]).toMatchObject({ key: 'k2', state: 'failed', message: 'That workout log does not exist.' });
  });

  it('stops at the first item it cannot send now, and keeps the order for later', async () => {
    await item('/api/a', 'k1');
    await item('/api/down', 'k2');
    await item('/api/c', 'k3');
    const calls = server({ 'POST /api/a': () => new Response('{}', { status: 201 }) });
    expect(await flushOutbox()).toEqual({ sent: 1, failed: 0, waiting: 2 });
    expect(calls.map((c) => c.path)).toEqual(['/api/a', '/api/down']);
    expect((await listOutbox()).map((i) => [i.key, i.state])).toEqual([
      ['k2', 'waiting'],
      ['k3', 'waiting'],
    ]);
    // "still running" (409 with Retry-After) and server errors wait too.
    vi.restoreAllMocks();
    server({ 'POST /api/down': () => new Response('{}', { status: 409, headers: { 'Retry-After': '1' } }) });
    expect(await flushOutbox()).toEqual({ sent: 0, failed: 0, waiting: 2 });
  });

  it("never sends another user's items", async () => {
    await item('/api/a', 'mine');
    await item('/api/b', 'theirs', 8);
    const calls = server({ 'POST /api/a': () => new Response('{}', { status: 201 }), 'POST /api/b': () => new Response('{}', { status: 201 }) });
    await flushOutbox();
    expect(calls.map((c) => c.key)).toEqual(['mine']);
    expect((await listOutbox()).map((i) => i.key)).toEqual(['theirs']);
  });
});
