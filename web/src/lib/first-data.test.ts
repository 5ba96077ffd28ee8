import { QueryClient, QueryObserver } from '@tanstack/react-query';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

// The answers the page came with (docs/product.md#first-data-with-the-html)
// seed the queries that read them: created with their data, not fetched.

const FIRST = {
  '/api/user': { id: 7, username: 'ada' },
  '/api/food-entries?date=2026-11-29': { meals: [] },
  '/api/community/posts?limit=20': { posts: [], nextCursor: '' },
  '/api/race-goal': { goalSeconds: null },
  liveLastEventId: 42,
};

// A fresh module per test: the first data is read once per page load.
async function load(firstData: Record<string, unknown> | null) {
  document.getElementById('first-data')?.remove();
  if (firstData) {
    const script = document.createElement('script');
    script.type = 'application/json';
    script.id = 'first-data';
    script.textContent = JSON.stringify(firstData);
    document.body.append(script);
  }
  vi.resetModules();
  return { ...(await import('./first-data')), ...(await import('./api-client')), ...(await import('./api-query')) };
}

const fetchMock = vi.fn(async () => new Response(JSON.stringify({ from: 'network' }), { status: 200 }));

beforeEach(() => {
  fetchMock.mockClear();
  vi.stubGlobal('fetch', fetchMock);
});

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  document.getElementById('first-data')?.remove();
});

describe('seedFromFirstData', () => {
  it("gives the page's answer once, by the path with its query in any order", async () => {
    const { seedFromFirstData } = await load(FIRST);
    const seed = seedFromFirstData('/api/food-entries?date=2026-11-29');
    expect(seed.initialData()).toEqual({ meals: [] });
    expect(seed.initialData()).toBeUndefined();
    expect(seedFromFirstData('/api/user?').initialData()).toEqual({ id: 7, username: 'ada' });
  });

  it('keeps a null answer as data', async () => {
    const { seedFromFirstData } = await load({ '/api/nutrition/7?date=2026-11-29&tz=UTC': null });
    expect(seedFromFirstData('/api/nutrition/7?tz=UTC&date=2026-11-29').initialData()).toBeNull();
  });

  it('leaves the query to the network without first data, and never builds the path', async () => {
    const { seedFromFirstData } = await load(null);
    const path = vi.fn(() => '/api/user');
    expect(seedFromFirstData(path).initialData()).toBeUndefined();
    expect(path).not.toHaveBeenCalled();
  });

  it('gives nothing once the page is no longer new (FRESH_MS)', async () => {
    const { seedFromFirstData } = await load(FIRST);
    vi.spyOn(performance, 'now').mockReturnValue(30_001);
    expect(seedFromFirstData('/api/user').initialData()).toBeUndefined();
  });

  it("shapes the answer as the query keeps it (an infinite query's first page)", async () => {
    const { seedFromFirstData } = await load(FIRST);
    const seed = seedFromFirstData('/api/community/posts?limit=20', (page: unknown) => ({ pages: [page], pageParams: [''] }));
    expect(seed.initialData()).toEqual({ pages: [{ posts: [], nextCursor: '' }], pageParams: [''] });
  });

  it("dates the answer at the page's start", async () => {
    const { seedFromFirstData } = await load(FIRST);
    expect(seedFromFirstData('/api/user').initialDataUpdatedAt()).toBe(Math.floor(performance.timeOrigin));
  });

  it("shares the single use with apiFetch and leaves the live stream's resume id", async () => {
    const { seedFromFirstData, apiFetch, takeLiveLastEventId } = await load(FIRST);
    expect(seedFromFirstData('/api/race-goal').initialData()).toEqual({ goalSeconds: null });
    await expect(apiFetch('/api/race-goal')).resolves.toEqual({ from: 'network' });
    expect(fetchMock).toHaveBeenCalledTimes(1);
    // apiFetch took /api/user first: the seed then has nothing.
    await expect(apiFetch('/api/user')).resolves.toEqual({ id: 7, username: 'ada' });
    expect(seedFromFirstData('/api/user').initialData()).toBeUndefined();
    expect(takeLiveLastEventId()).toBe(42);
  });
});

describe('apiQuery (lib/api-query.ts)', () => {
  const client = () => new QueryClient({ defaultOptions: { queries: { staleTime: Infinity, retry: false } } });

  it('creates the query with its data: the first render has it, nothing is fetched', async () => {
    const { apiQuery } = await load(FIRST);
    const observer = new QueryObserver(client(), { queryKey: ['/api/food-entries', '2026-11-29'], ...apiQuery('/api/food-entries?date=2026-11-29') });
    const first = observer.getCurrentResult();
    expect(first.status).toBe('success');
    expect(first.data).toEqual({ meals: [] });
    const unsubscribe = observer.subscribe(() => {});
    expect(observer.getCurrentResult().isFetching).toBe(false);
    unsubscribe();
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('fetches as ever without first data (a visitor, a later page)', async () => {
    const { apiQuery } = await load(null);
    const observer = new QueryObserver(client(), { queryKey: ['/api/home'], ...apiQuery(() => '/api/home?today=2026-11-29&tzOffset=60') });
    expect(observer.getCurrentResult().status).toBe('pending');
    const unsubscribe = observer.subscribe(() => {});
    await vi.waitFor(() => expect(observer.getCurrentResult().data).toEqual({ from: 'network' }));
    unsubscribe();
    expect(fetchMock).toHaveBeenCalledWith('/api/home?today=2026-11-29&tzOffset=60', expect.objectContaining({ credentials: 'include' }));
  });
});
