import { QueryClient, type QueryFunction } from '@tanstack/react-query';
import { apiFetch } from './api-client';

/** Default query function (docs/product.md#web-app): joins the key's segments with "/" and GETs it. */
export const defaultQueryFn: QueryFunction = ({ queryKey, signal }) =>
  apiFetch(queryKeyToPath(queryKey), { signal });

export function queryKeyToPath(queryKey: readonly unknown[]): string {
  return queryKey.map((segment) => String(segment)).join('/');
}

/**
 * docs/product.md#web-app: data never stale, no refetch on focus, no polling, no retries.
 * 'offlineFirst': without a connection requests still go out, so the service
 * worker answers reads from its cache and the offline writes reach the outbox
 * instead of pausing (docs/offline.md).
 */
export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: {
        queryFn: defaultQueryFn,
        staleTime: Infinity,
        refetchOnWindowFocus: false,
        refetchInterval: false,
        retry: false,
        networkMode: 'offlineFirst',
      },
      mutations: { retry: false, networkMode: 'offlineFirst' },
    },
  });
}

export const queryClient = createQueryClient();
