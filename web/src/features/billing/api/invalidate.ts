import type { QueryClient } from '@tanstack/react-query';
import { USER_QUERY_KEY } from '@/lib/session';

/** After any tier or card change: status, user (top bar crown, guard), cards, history. */
export function refreshBilling(qc: QueryClient) {
  return Promise.all([
    qc.invalidateQueries({ queryKey: ['/api/subscription-status'] }),
    qc.invalidateQueries({ queryKey: USER_QUERY_KEY }),
    qc.invalidateQueries({ queryKey: ['/api/payment-methods'] }),
    qc.invalidateQueries({ queryKey: ['/api/billing-history'] }),
  ]);
}
