import { ScanBarcode } from 'lucide-react';
import { useState } from 'react';
import { Button } from '@/components/ui/button';
import { deferred } from '@/lib/deferred';

// The scanner, with the form kit, loads apart from the food search (lib/deferred.tsx).
const BarcodePanel = deferred(() => import('./barcode-panel'));

/**
 * "Scan barcode" in the food logging flow (docs/nutrition-foods.md#barcodes): a photo of the
 * barcode (the phone's camera) or its number, looked up in our copy of Open Food Facts.
 * Without a connection it says so and sends the athlete to the search.
 */
export function BarcodeScan({ date, onSearchInstead }: { date: string; onSearchInstead: () => void }) {
  const [open, setOpen] = useState(false);
  if (!open) {
    return (
      <Button type="button" variant="outline" className="justify-self-start" onClick={() => setOpen(true)}>
        <ScanBarcode className="h-4 w-4" aria-hidden="true" />
        Scan barcode
      </Button>
    );
  }
  return <BarcodePanel date={date} onSearchInstead={onSearchInstead} onClose={() => setOpen(false)} />;
}
