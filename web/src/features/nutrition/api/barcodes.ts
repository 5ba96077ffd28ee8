import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { components } from '@/lib/api-types';
import { apiFetch } from '@/lib/api-client';

export type BarcodeProduct = components['schemas']['BarcodeProduct'];
export type ProductCorrection = components['schemas']['ProductCorrection'];

const path = (code: string) => `/api/nutrition/barcodes/${encodeURIComponent(code)}`;

/** GET /api/nutrition/barcodes/{code}: our copy, else Open Food Facts (docs/nutrition-foods.md#barcodes). */
export function lookupBarcode(code: string): Promise<BarcodeProduct> {
  return apiFetch<BarcodeProduct>(path(code));
}

/** PUT /api/nutrition/barcodes/{code}: my correction (docs/nutrition-foods.md#corrections). */
export function useCorrectBarcode() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: ({ code, fix }: { code: string; fix: ProductCorrection }) => apiFetch<BarcodeProduct>(path(code), { method: 'PUT', body: fix }),
    onSuccess: (p) => qc.setQueryData(['barcode', p.barcode], p),
  });
}

/** EAN-8, UPC-A or EAN-13 with a correct check digit (the server checks again). */
export function validBarcode(code: string): boolean {
  if (!/^(\d{8}|\d{12}|\d{13})$/.test(code)) return false;
  let sum = 0;
  for (let i = 0; i < code.length; i++) {
    const d = Number(code[code.length - 1 - i]);
    sum += i % 2 === 1 ? d * 3 : d;
  }
  return sum % 10 === 0;
}
