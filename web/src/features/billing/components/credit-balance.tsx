import { Wallet } from 'lucide-react';
import { cn } from '@/lib/cn';
import { formatMoney } from '@/lib/format';

/**
 * The account's credit balance (docs/billing-rules.md#credit): shown whenever
 * there is some, since the next invoices use it before charging the card.
 */
export function CreditBalanceNote({ credit, className }: { credit: number | null | undefined; className?: string }) {
  if (!credit || credit <= 0) return null;
  return (
    <p
      className={cn('flex items-start gap-2 rounded-md border border-green-600/40 bg-green-50 p-3 text-sm text-green-900 dark:bg-green-950 dark:text-green-100', className)}
      data-testid="credit-balance"
    >
      <Wallet className="mt-0.5 h-4 w-4 shrink-0" aria-hidden="true" />
      <span>
        Credit balance: <strong>{formatMoney(credit, 'USD')}</strong>. Your next invoices use it before your card is charged.
      </span>
    </p>
  );
}
