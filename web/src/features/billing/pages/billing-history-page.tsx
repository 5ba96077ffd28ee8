import { PageHeader } from '@/components/ui/page-header';
import { Link } from 'wouter';
import { Download, Receipt } from 'lucide-react';
import { Badge, type BadgeVariant } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';
import { DataTable, type Column } from '@/components/ui/data-table';
import { Skeleton } from '@/components/ui/skeleton';
import { paths } from '@/app/paths';
import { formatDate, formatMoney } from '@/lib/format';
import { useBillingHistory } from '../api/get-billing-history';
import type { BillingRecord } from '../api/types';
import { useSupportEmail } from '@/lib/site';
import { useSubscriptionStatus } from '../api/get-subscription-status';
import { CreditBalanceNote } from '../components/credit-balance';

const STATUS_COLOURS: Record<string, BadgeVariant> = { paid: 'success', pending: 'warning', failed: 'danger', refunded: 'info' };

const capitalise = (s: string) => (s ? s.charAt(0).toUpperCase() + s.slice(1) : s);

const COLUMNS: Column<BillingRecord>[] = [
  {
    header: 'Date',
    cell: (r) => (
      <>
        <div>{formatDate(r.createdAt)}</div>
        {r.paidAt && <div className="text-xs text-muted-foreground">Paid: {formatDate(r.paidAt)}</div>}
      </>
    ),
  },
  {
    header: 'Description',
    cell: (r) => (
      <>
        <div>{r.description}</div>
        <div className="text-xs text-muted-foreground">Invoice #{r.stripeInvoiceId.slice(-8)}</div>
      </>
    ),
  },
  { header: 'Plan', cell: (r) => capitalise(r.subscriptionTier) },
  {
    header: 'Amount',
    cell: (r) => (
      <>
        <div className="font-semibold">{formatMoney(r.amount, r.currency)}</div>
        {(r.creditApplied ?? 0) > 0 && (
          <div className="text-xs text-muted-foreground" data-testid="credit-applied">
            Credit applied: {formatMoney(r.creditApplied ?? 0, r.currency)}
          </div>
        )}
        {(r.taxAmount ?? 0) > 0 && (
          <div className="text-xs text-muted-foreground">
            Incl. tax{r.taxRate ? ` (${r.taxRate}%)` : ''}: {formatMoney(r.taxAmount ?? 0, r.currency)}
          </div>
        )}
      </>
    ),
  },
  { header: 'Status', cell: (r) => <Badge variant={STATUS_COLOURS[r.status] ?? 'default'}>{capitalise(r.status)}</Badge> },
  {
    header: 'Invoice',
    cell: (r) =>
      r.pdfUrl ? (
        <Button asChild variant="outline" size="sm">
          <a href={r.pdfUrl} target="_blank" rel="noopener noreferrer">
            <Download className="h-4 w-4" aria-hidden="true" /> Download
            <span className="sr-only"> invoice {r.stripeInvoiceId.slice(-8)} as a PDF (opens in a new tab)</span>
          </a>
        </Button>
      ) : (
        <Button variant="outline" size="sm" disabled>
          N/A
        </Button>
      ),
  },
];

export default function BillingHistoryPage() {
  const { data: records, isPending, isError } = useBillingHistory();
  const { data: status } = useSubscriptionStatus();
  const supportEmail = useSupportEmail();
  const paid = records?.filter((r) => r.status === 'paid') ?? [];
  const pending = records?.filter((r) => r.status === 'pending') ?? [];
  const totalPaid = paid.reduce((sum, r) => sum + r.amount, 0);

  return (
    <div className="mx-auto max-w-6xl px-4 py-12">
      <PageHeader title="Billing History" description="Every invoice of your subscription." />
      <CreditBalanceNote credit={status?.creditBalance} className="mt-4" />

      {isPending && <Skeleton className="mt-8 h-64 rounded-xl" />}
      {isError && <p role="alert" className="mt-8">We could not load your billing history. Please try again later.</p>}

      {records && records.length === 0 && (
        <Card className="mt-8 py-10 text-center">
          <CardContent className="grid justify-items-center gap-3 pt-6">
            <Receipt className="h-12 w-12 text-muted-foreground" aria-hidden="true" />
            <h2 className="text-xl font-bold">No Billing History</h2>
            <p className="text-muted-foreground">Your invoices appear here once you subscribe to a plan.</p>
            <Button asChild>
              <Link href={paths.subscription}>View Plans</Link>
            </Button>
          </CardContent>
        </Card>
      )}

      {records && records.length > 0 && (
        <>
          <Card className="mt-8">
            <CardHeader>
              <CardTitle>Transactions</CardTitle>
              <p className="text-sm text-muted-foreground" data-testid="transaction-count">
                {records.length} transaction(s) found
              </p>
            </CardHeader>
            {/* relative: the Download links' screen-reader text is absolutely positioned; this keeps it inside the card. */}
            <CardContent className="relative">
              <DataTable columns={COLUMNS} rows={records} rowKey={(r) => r.id} rowTestId="billing-row" caption="Invoices, newest first" />
            </CardContent>
          </Card>

          <div className="mt-6 grid gap-4 sm:grid-cols-3" data-testid="billing-summary">
            <Card>
              <CardContent className="pt-6">
                <p className="text-sm text-muted-foreground">Paid invoices</p>
                <p className="text-2xl font-black" data-testid="summary-paid-count">{paid.length}</p>
              </CardContent>
            </Card>
            <Card>
              <CardContent className="pt-6">
                <p className="text-sm text-muted-foreground">Total paid</p>
                <p className="text-2xl font-black" data-testid="summary-total">{formatMoney(totalPaid, 'USD')}</p>
              </CardContent>
            </Card>
            <Card>
              <CardContent className="pt-6">
                <p className="text-sm text-muted-foreground">Pending</p>
                <p className="text-2xl font-black" data-testid="summary-pending-count">{pending.length}</p>
              </CardContent>
            </Card>
          </div>
        </>
      )}

      <Card className="mt-8">
        <CardContent className="pt-6">
          <ul className="grid list-disc gap-1 pl-5 text-sm text-muted-foreground">
            <li>An invoice is generated for every billing cycle.</li>
            <li>Download any invoice as a PDF from the Invoice column; it is named after the invoice number.</li>
            <li>Credit from a plan change is used first by your next invoices; each invoice shows the credit it used.</li>
            <li>
              Invoices are made out to your{' '}
              <Link className="underline" href={paths.paymentMethods}>
                billing details
              </Link>
              .
            </li>
            <li>Failed payments are retried automatically.</li>
            <li>
              Questions about a charge? Write to <a className="underline" href={`mailto:${supportEmail}`}>{supportEmail}</a>.
            </li>
          </ul>
        </CardContent>
      </Card>
    </div>
  );
}
