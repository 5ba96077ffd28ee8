import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiFetch } from '@/lib/api-client';
import type { components } from '@/lib/api-types';
import { timeZone } from '@/lib/time-zone';

export type HyroxProposal = components['schemas']['HyroxProposal'];
export type HyroxSaved = components['schemas']['HyroxSaved'];
export type Roxzone = 'fold' | 'split';

export type HyroxConfirm = {
  mapping: string[];
  kind: 'simulation' | 'race';
  eventName?: string;
  division?: string;
  date?: string;
  /** With no lap mapped to the Roxzone: the Roxzone time, taken out of the runs. */
  roxzoneSeconds?: number;
};

const path = (id: number) => `/api/imports/activities/${id}/hyrox`;

/** GET /api/imports/activities/{id}/hyrox: the laps and the proposed mapping (docs/import.md#hyrox-races-and-simulations). */
export function hyroxProposalOptions(id: number, roxzone: Roxzone) {
  return queryOptions({
    queryKey: [path(id), { roxzone }] as const,
    queryFn: ({ signal }) =>
      apiFetch<HyroxProposal>(`${path(id)}?${new URLSearchParams({ roxzone, timeZone: timeZone() }).toString()}`, { signal }),
    retry: false,
  });
}

export function useHyroxProposal(id: number, roxzone: Roxzone) {
  return useQuery(hyroxProposalOptions(id, roxzone));
}

/** POST /api/imports/activities/{id}/hyrox: the confirmed mapping saved as a result; racing's reads are refreshed. */
export function useConfirmHyrox(id: number) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (body: HyroxConfirm) => apiFetch<HyroxSaved>(path(id), { method: 'POST', body }),
    onSuccess: () => qc.invalidateQueries(),
  });
}
