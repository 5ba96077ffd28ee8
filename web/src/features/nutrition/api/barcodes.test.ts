import { describe, expect, it } from 'vitest';
import { validBarcode } from './barcodes';

describe('validBarcode', () => {
  it('accepts EAN-13, EAN-8 and UPC-A with a correct check digit', () => {
    for (const code of ['5000112637922', '3017620422003', '96385074', '036000291452']) expect(validBarcode(code)).toBe(true);
  });
  it('refuses a wrong check digit, a wrong length or anything but digits', () => {
    for (const code of ['5000112637923', '96385075', '036000291453', '', '123', '50001126379a2', '50001126379222', ' 96385074'])
      expect(validBarcode(code)).toBe(false);
  });
});
