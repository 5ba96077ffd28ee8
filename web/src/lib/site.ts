import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiFetch } from './api-client';
import type { components } from './api-types';

// GET /api/site (docs/product.md#navigation): the configured support address
// and where e-mails go. Shared by every area that shows them.

export type SiteInfo = components['schemas']['SiteInfo'];

/** The address shown until GET /api/site answers (the server's default). */
export const DEFAULT_SUPPORT_EMAIL = 'support@hyroxtraininghub.com';

export const siteQueryOptions = () =>
  queryOptions({ queryKey: ['/api/site'], queryFn: ({ signal }) => apiFetch<SiteInfo>('/api/site', { signal }) });

export function useSiteInfo() {
  return useQuery(siteQueryOptions());
}

/** The support address: the configured one, or the default while it loads. */
export function useSupportEmail(): string {
  return useSiteInfo().data?.supportEmail ?? DEFAULT_SUPPORT_EMAIL;
}
