import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiFetch } from '@/lib/api-client';
import { useSessionUser } from '@/lib/session';
import type { BillingRecord } from './types';

type Page = { items: BillingRecord[]; nextCursor: string };

/** Every invoice: follows the cursor pages (a few invoices a year). */
export async function getBillingHistory(signal?: AbortSignal): Promise<BillingRecord[]> {
  const all: BillingRecord[] = [];
  let cursor = '';
  for (let i = 0; i < 50; i++) {
    const q = cursor ? `?limit=100&cursor=${encodeURIComponent(cursor)}` : '?limit=100';
    const page = await apiFetch<Page>(`/api/billing-history${q}`, { signal });
    all.push(...page.items);
    if (!page.nextCursor) break;
    cursor = page.nextCursor;
  }
  return all;
}

export const billingHistoryQueryOptions = () =>
  queryOptions({ queryKey: ['/api/billing-history'], queryFn: ({ signal }) => getBillingHistory(signal) });

export function useBillingHistory() {
  const { data: user } = useSessionUser();
  return useQuery({ ...billingHistoryQueryOptions(), enabled: !!user });
}
