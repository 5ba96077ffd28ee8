import { FlaskConical } from 'lucide-react';
import { usePaymentConfig } from '../api/get-config';

/** The visible "Test mode" marker on every screen in sandbox mode (docs/product.md#billing). */
export function TestModeBanner() {
  const { data } = usePaymentConfig();
  if (data?.provider !== 'sandbox') return null;
  return (
    <div
      role="note"
      data-testid="test-mode-banner"
      className="flex items-center justify-center gap-2 bg-amber-200 px-3 py-1 text-center text-xs font-semibold text-amber-950"
    >
      <FlaskConical className="h-3.5 w-3.5" aria-hidden="true" />
      Test mode - no real charges
    </div>
  );
}
