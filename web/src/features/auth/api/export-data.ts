import { useMutation } from '@tanstack/react-query';
import { apiFetch, errorMessage } from '@/lib/api-client';
import { toLocalISODate } from '@/lib/format';
import { toast } from '@/components/ui/use-toast';

/** GET /api/user/export: everything the product holds about me. */
export function exportData(): Promise<unknown> {
  return apiFetch('/api/user/export');
}

/** Saves data as a JSON file through a temporary link. */
export function downloadJSON(data: unknown, filename: string) {
  const blob = new Blob([JSON.stringify(data, null, 2)], { type: 'application/json' });
  const url = URL.createObjectURL(blob);
  const a = document.createElement('a');
  a.href = url;
  a.download = filename;
  document.body.appendChild(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}

export function useExportData(username: string) {
  return useMutation({
    mutationFn: exportData,
    onSuccess: (data) => {
      downloadJSON(data, `hyrox-export-${username}-${toLocalISODate()}.json`);
      toast({ title: 'Export ready', description: 'Your data was downloaded as a JSON file.' });
    },
    onError: (err) => {
      toast({ title: 'Export failed', description: errorMessage(err, 'Failed to export your data'), variant: 'destructive' });
    },
  });
}
