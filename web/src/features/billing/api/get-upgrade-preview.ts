import { useQuery } from '@tanstack/react-query';
import { apiFetch } from '@/lib/api-client';
import type { UpgradePreview } from './types';

export type LockedFeature = 'nutrition' | 'analytics' | 'programs' | 'race-strategy';

/** What a locked page previews (docs/billing-rules.md#locked-pages). */
export function useUpgradePreview(feature: LockedFeature) {
  return useQuery({
    queryKey: ['/api/upgrade-preview', feature],
    queryFn: ({ signal }) => apiFetch<UpgradePreview>(`/api/upgrade-preview?feature=${feature}`, { signal }),
  });
}
