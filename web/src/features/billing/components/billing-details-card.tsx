import { Skeleton } from '@/components/ui/skeleton';
import { Building2 } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';
import { FormError, InputField } from '@/components/ui/form-field';
import { toast } from '@/components/ui/use-toast';
import { useApiForm } from '@/components/ui/use-api-form';
import { useBillingDetails, useSaveBillingDetails } from '../api/billing-details';
import type { BillingDetails } from '../api/types';
import { billingDetailsSchema, type BillingDetailsValues } from '../schemas';

const EMPTY: BillingDetailsValues = { name: '', addressLine1: '', addressLine2: '', city: '', postalCode: '', country: '', vatNumber: '' };

/**
 * Billing settings: who invoices are made out to: name, billing address and
 * an optional VAT number, printed on every invoice PDF (docs/billing-rules.md#invoices).
 */
export function BillingDetailsCard() {
  const { data, isError } = useBillingDetails();
  return (
    <Card className="mt-8" data-testid="billing-details">
      <CardHeader>
        <CardTitle className="flex items-center gap-2">
          <Building2 className="h-5 w-5" aria-hidden="true" /> Billing Details
        </CardTitle>
        <p className="text-sm text-muted-foreground">
          Who your invoices are made out to. Every invoice PDF, past ones included, prints these details.
        </p>
      </CardHeader>
      <CardContent>
        {data ? (
          <DetailsForm initial={data} />
        ) : isError ? (
          <p role="alert">We could not load your billing details. Please try again later.</p>
        ) : (
          <Skeleton className="h-48" />
        )}
      </CardContent>
    </Card>
  );
}

function DetailsForm({ initial }: { initial: BillingDetails }) {
  const save = useSaveBillingDetails();
  const { form, formError, submit } = useApiForm<BillingDetailsValues>({ schema: billingDetailsSchema, defaultValues: { ...EMPTY, ...initial } });
  const { errors } = form.formState;
  const field = (key: keyof BillingDetailsValues) => ({ error: errors[key]?.message, ...form.register(key) });

  const onSubmit = submit(async (values) => {
    await save.mutateAsync(values);
    toast({ title: 'Billing Details Saved', description: 'Your invoices are now made out to these details.' });
  });

  return (
    <form onSubmit={onSubmit} className="grid gap-4 sm:grid-cols-2" noValidate>
      <InputField label="Name or company" autoComplete="organization" className="sm:col-span-2" required {...field('name')} />
      <InputField label="Address line 1" autoComplete="address-line1" className="sm:col-span-2" required {...field('addressLine1')} />
      <InputField label="Address line 2 (optional)" autoComplete="address-line2" className="sm:col-span-2" {...field('addressLine2')} />
      <InputField label="Postal code" autoComplete="postal-code" {...field('postalCode')} />
      <InputField label="City" autoComplete="address-level2" required {...field('city')} />
      <InputField label="Country code" hint="Two letters, e.g. GB, DE, US" autoComplete="country" required {...field('country')} />
      <InputField label="VAT number (optional)" hint="With its country prefix, e.g. DE123456789" {...field('vatNumber')} />
      <div className="grid gap-2 sm:col-span-2">
        <FormError message={formError} />
        <div>
          <Button type="submit" disabled={save.isPending}>
            {save.isPending ? 'Saving...' : 'Save Billing Details'}
          </Button>
        </div>
      </div>
    </form>
  );
}
