import { useId, useState } from 'react';
import { Button } from '@/components/ui/button';
import { FormError, FormField, InputField } from '@/components/ui/form-field';
import { Label } from '@/components/ui/label';
import { Select } from '@/components/ui/select';
import { useApiForm } from '@/components/ui/use-api-form';
import { toast } from '@/components/ui/use-toast';
import { ApiError } from '@/lib/api-client';
import { formatNumber } from '@/lib/format';
import { lookupBarcode, useCorrectBarcode, type BarcodeProduct, type ProductCorrection } from '../api/barcodes';
import { useCreateFoodEntry } from '../api/create-food-entry';
import { MEAL_LABELS } from '../lib/content';
import { mealForTime } from '../lib/dates';
import { GRAMS } from '../lib/portion';
import {
  barcodeSchema,
  portionSchema,
  productCorrectionSchema,
  type BarcodeInput,
  type BarcodeOutput,
  type PortionInput,
  type PortionOutput,
  type ProductCorrectionInput,
  type ProductCorrectionOutput,
} from '../schemas';
import { MealOptions } from './meal-options';

const NO_NETWORK = 'No connection: the barcode cannot be looked up now. Search the food database instead.';

type Detector = { detect(image: ImageBitmapSource): Promise<{ rawValue: string }[]> };
type DetectorClass = new (options: { formats: string[] }) => Detector;

/**
 * The barcode in a photo: the browser's BarcodeDetector where it exists and reads it,
 * otherwise ZXing (docs/nutrition-foods.md#barcodes). null when none is found.
 */
async function decodeImage(file: File): Promise<string | null> {
  const Native = (window as unknown as { BarcodeDetector?: DetectorClass }).BarcodeDetector;
  if (Native) {
    try {
      const found = await new Native({ formats: ['ean_13', 'ean_8', 'upc_a'] }).detect(await createImageBitmap(file));
      if (found[0]?.rawValue) return found[0].rawValue;
    } catch {
      // not supported on this platform: ZXing below
    }
  }
  const { BrowserMultiFormatReader } = await import('@zxing/browser');
  const url = URL.createObjectURL(file);
  try {
    return (await new BrowserMultiFormatReader().decodeFromImageUrl(url)).getText();
  } catch {
    return null;
  } finally {
    URL.revokeObjectURL(url);
  }
}

const fieldsOf = (p: BarcodeProduct): ProductCorrectionInput => ({
  name: p.name,
  brand: p.brand,
  kcal: String(p.kcal),
  protein: String(p.protein),
  carbs: String(p.carbs),
  fat: String(p.fat),
  sugars: String(p.sugars),
});

const decimal = { inputMode: 'decimal', autoComplete: 'off' } as const;

/** The athlete's correction of a product: theirs alone until another athlete confirms it. */
function CorrectionForm({ product, onSaved, onCancel }: { product: BarcodeProduct; onSaved: (p: BarcodeProduct) => void; onCancel: () => void }) {
  const correct = useCorrectBarcode();
  const { form, formError, submit } = useApiForm<ProductCorrectionInput, ProductCorrectionOutput>({
    schema: productCorrectionSchema,
    defaultValues: fieldsOf(product),
    fallback: 'Failed to save the correction',
  });
  const { errors } = form.formState;
  const field = (k: keyof ProductCorrectionInput) => ({ error: errors[k]?.message, ...form.register(k) });
  const onSubmit = submit(async (v) => {
    const fix: ProductCorrection = { ...product, ...v };
    onSaved(await correct.mutateAsync({ code: product.barcode, fix }));
  });
  return (
    <form onSubmit={onSubmit} noValidate className="grid grid-cols-1 gap-3" aria-label="Correct this product">
      <p className="text-sm text-muted-foreground">Values per 100 g. Only you see your correction until another athlete sends the same values.</p>
      <InputField label="Product name" maxLength={200} {...field('name')} />
      <InputField label="Brand" maxLength={100} {...field('brand')} />
      <div className="grid grid-cols-2 gap-3 [&>*]:min-w-0">
        <InputField label="Calories per 100 g" {...decimal} {...field('kcal')} />
        <InputField label="Protein per 100 g" {...decimal} {...field('protein')} />
        <InputField label="Carbs per 100 g" {...decimal} {...field('carbs')} />
        <InputField label="Sugars per 100 g" {...decimal} {...field('sugars')} />
        <InputField label="Fat per 100 g" {...decimal} {...field('fat')} />
      </div>
      <FormError message={formError} />
      <div className="flex flex-wrap gap-2">
        <Button type="submit" disabled={correct.isPending}>
          {correct.isPending ? 'Saving...' : 'Save correction'}
        </Button>
        <Button type="button" variant="outline" onClick={onCancel}>
          Cancel
        </Button>
      </div>
    </form>
  );
}

/** A product found by barcode: its values, the ODbL attribution, a portion (grams, portionSchema) and meal to log it. */
function ProductCard({ product, date, onLogged, onChanged }: { product: BarcodeProduct; date: string; onLogged: () => void; onChanged: (p: BarcodeProduct) => void }) {
  const uid = useId();
  const [correcting, setCorrecting] = useState(false);
  const create = useCreateFoodEntry();
  const { form, formError, submit } = useApiForm<PortionInput, PortionOutput>({
    schema: portionSchema,
    defaultValues: { measure: GRAMS, amount: String(product.servingGrams || 100), mealType: mealForTime(new Date()) },
    fields: ['mealType'],
    fallback: 'Failed to log the food',
  });
  const values = form.watch();
  const meal = values.mealType;
  // The grams are checked as they are typed: the figures below and the button follow them.
  const checked = portionSchema.safeParse(values);
  const g = checked.success ? checked.data.amount : Number.NaN;
  const gramsError = checked.success ? undefined : checked.error.issues.find((i) => i.path[0] === 'amount')?.message;
  const of = (per100: number) => Math.round((per100 * g) / 100);
  const title = product.brand ? `${product.name} (${product.brand})` : product.name;

  const log = submit(async ({ amount, mealType }) => {
    const at = (per100: number) => Math.round((per100 * amount) / 100);
    await create.mutateAsync({
      label: title.slice(0, 100),
      foodName: title.slice(0, 100),
      calories: Math.max(1, at(product.kcal)),
      protein: at(product.protein),
      carbs: at(product.carbs),
      fat: at(product.fat),
      quantity: `${formatNumber(amount)} g`,
      mealType,
      date,
    });
    toast({ title: 'Food logged', description: `${title.slice(0, 100)} added to ${MEAL_LABELS[mealType]}.` });
    onLogged();
  });

  return (
    <section aria-labelledby={`${uid}-name`} className="grid min-w-0 grid-cols-1 gap-3 rounded-md border p-3">
      <div>
        <h3 id={`${uid}-name`} className="font-semibold break-words">
          {title}
        </h3>
        <p className="text-sm text-muted-foreground tabular-nums">
          Barcode {product.barcode} · per 100 g: {formatNumber(product.kcal)} cal, {formatNumber(product.protein)} g protein, {formatNumber(product.carbs)} g
          carbs ({formatNumber(product.sugars)} g sugars), {formatNumber(product.fat)} g fat
        </p>
        {product.correction === 'yours' && <p className="text-sm">Your correction: only you see it until another athlete confirms it.</p>}
        {product.correction === 'confirmed' && <p className="text-sm">Corrected by athletes.</p>}
        <p className="text-xs text-muted-foreground">
          <a href="https://world.openfoodfacts.org" target="_blank" rel="noreferrer" className="underline">
            {product.attribution}
          </a>
        </p>
      </div>
      {correcting ? (
        <CorrectionForm
          product={product}
          onCancel={() => setCorrecting(false)}
          onSaved={(p) => {
            setCorrecting(false);
            onChanged(p);
            toast({ title: 'Correction saved', description: 'Only you see it until another athlete confirms it.' });
          }}
        />
      ) : (
        <form onSubmit={log} noValidate className="grid grid-cols-1 gap-3">
          <div className="grid grid-cols-2 gap-3 [&>*]:min-w-0">
            <InputField label="Grams" {...decimal} error={gramsError} {...form.register('amount')} />
            <FormField label="Meal" error={form.formState.errors.mealType?.message}>
              {(control) => (
                <Select {...control} {...form.register('mealType')}>
                  <MealOptions />
                </Select>
              )}
            </FormField>
          </div>
          {checked.success && (
            <p className="text-sm tabular-nums" aria-live="polite">
              {formatNumber(g)} g: {of(product.kcal)} cal · {of(product.protein)} g protein · {of(product.carbs)} g carbs · {of(product.fat)} g fat
            </p>
          )}
          <FormError message={formError} />
          <div className="flex flex-wrap gap-2">
            <Button type="submit" disabled={!checked.success || create.isPending}>
              {create.isPending ? 'Adding...' : `Add to ${MEAL_LABELS[meal]}`}
            </Button>
            <Button type="button" variant="outline" onClick={() => setCorrecting(true)}>
              Correct this product
            </Button>
          </div>
        </form>
      )}
    </section>
  );
}

/** The open barcode scanner (BarcodeScan): a photo or the number, the product found, logging it. */
export default function BarcodePanel({ date, onSearchInstead, onClose }: { date: string; onSearchInstead: () => void; onClose: () => void }) {
  const uid = useId();
  const [status, setStatus] = useState('');
  // The photo's own message (no barcode in it); the number's are the form's.
  const [photoError, setPhotoError] = useState<string | null>(null);
  const [offline, setOffline] = useState(false);
  const [product, setProduct] = useState<BarcodeProduct | null>(null);
  const { form, formError, setFormError, submit } = useApiForm<BarcodeInput, BarcodeOutput>({
    schema: barcodeSchema,
    defaultValues: { code: '' },
  });
  const busy = form.formState.isSubmitting;
  const codeError = form.formState.errors.code?.message;
  const error = codeError ?? formError ?? photoError;

  const lookUp = submit(async ({ code }) => {
    if (!navigator.onLine) {
      setOffline(true);
      return;
    }
    setStatus(`Looking up ${code}...`);
    try {
      const p = await lookupBarcode(code);
      setProduct(p);
      setStatus(`Found ${p.name}.`);
    } catch (err) {
      setStatus('');
      if (!(err instanceof ApiError)) return setOffline(true); // the request never reached us
      throw err; // the server's words: on the number (errors.code), else the form's message
    }
  });
  /** Looks up what the field holds (typed, or read from a photo), spaces dropped. */
  const lookUpCode = (raw: string) => {
    form.setValue('code', raw.replace(/\s/g, ''));
    setPhotoError(null);
    setOffline(false);
    setProduct(null);
    return lookUp();
  };

  const onPhoto = async (file: File | undefined) => {
    if (!file) return;
    form.clearErrors();
    setFormError(undefined);
    setPhotoError(null);
    setStatus('Reading the barcode...');
    const found = await decodeImage(file);
    if (!found) {
      setStatus('');
      setPhotoError('No barcode found in the photo. Hold the camera steady, close to the bars, or type the number.');
      return;
    }
    setStatus(`Read ${found}.`);
    await lookUpCode(found);
  };

  return (
    <section aria-labelledby={`${uid}-h`} className="grid min-w-0 grid-cols-1 gap-3 rounded-md border border-dashed p-3">
      <div className="flex items-center justify-between gap-2">
        <h3 id={`${uid}-h`} className="font-semibold">
          Scan a barcode
        </h3>
        <Button type="button" size="sm" variant="ghost" onClick={onClose}>
          Close
        </Button>
      </div>
      <div className="grid gap-1.5">
        <Label htmlFor={`${uid}-photo`}>Photo of the barcode</Label>
        <input
          id={`${uid}-photo`}
          type="file"
          accept="image/*"
          capture="environment"
          className="text-sm file:mr-3 file:rounded-md file:border file:bg-background file:px-3 file:py-1.5"
          onChange={(e) => void onPhoto(e.target.files?.[0])}
        />
      </div>
      <form
        className="flex flex-wrap items-end gap-2"
        noValidate
        onSubmit={(e) => {
          e.preventDefault();
          void lookUpCode(form.getValues('code'));
        }}
      >
        <div className="grid min-w-0 flex-1 gap-1.5">
          <Label htmlFor={`${uid}-code`}>Barcode number</Label>
          <input
            id={`${uid}-code`}
            inputMode="numeric"
            autoComplete="off"
            maxLength={16}
            aria-invalid={codeError ? true : undefined}
            aria-describedby={error ? `${uid}-error` : undefined}
            {...form.register('code')}
            className="h-10 w-full rounded-md border border-input bg-background px-3 text-base"
          />
        </div>
        <Button type="submit" disabled={busy}>
          {busy ? 'Looking up...' : 'Look up'}
        </Button>
      </form>
      <p role="status" className="text-sm text-muted-foreground">
        {status}
      </p>
      {error && (
        <p id={`${uid}-error`} role="alert" className="text-sm text-red-700 dark:text-red-400">
          {error}
        </p>
      )}
      {offline && (
        <div role="alert" className="grid gap-2 text-sm">
          <p>{NO_NETWORK}</p>
          <Button type="button" variant="outline" size="sm" className="justify-self-start" onClick={onSearchInstead}>
            Search instead
          </Button>
        </div>
      )}
      {product && (
        <ProductCard
          key={`${product.barcode}-${product.correction}-${product.kcal}`}
          product={product}
          date={date}
          onChanged={setProduct}
          onLogged={() => {
            setProduct(null);
            form.reset({ code: '' });
            setStatus('');
          }}
        />
      )}
    </section>
  );
}
