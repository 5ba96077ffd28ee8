import { fileURLToPath } from 'node:url';
import { expect, test } from '@playwright/test';
import { expectNoA11yViolations, setTier, signUp } from './support';

// Issue 32: scan a barcode (a photo of an EAN-13 through the decoder: headless Chromium has
// no camera), look it up in the local Open Food Facts replay the e2e server is pointed at
// (e2e/off-replay.ts), log it, correct it (docs/nutrition-foods.md#barcodes).

const photo = fileURLToPath(new URL('./fixtures/ean13-5000112637922.png', import.meta.url));

test('a pro athlete scans a gel, logs it and corrects it (360 px)', async ({ page }) => {
  test.setTimeout(90_000);
  await page.setViewportSize({ width: 360, height: 800 });
  const user = await signUp(page);
  test.skip(!setTier(user, 'pro'), 'needs the harness database to make a user pro');
  const targets = { dailyCalories: 2400, proteinTarget: 160, carbsTarget: 290, fatTarget: 67 };
  expect((await page.request.put(`/api/nutrition/${user.id}`, { data: targets })).status()).toBe(200);
  await page.goto('/nutrition');

  await page.getByRole('button', { name: 'Scan barcode' }).click();
  // A typed number with a wrong check digit: a clear message, nothing looked up.
  await page.getByLabel('Barcode number').fill('5000112637923');
  await page.getByRole('button', { name: 'Look up' }).click();
  await expect(page.getByRole('alert')).toContainText('not a valid barcode');

  // The photo is decoded in the browser, then looked up.
  await page.getByLabel('Photo of the barcode').setInputFiles(photo);
  await expect(page.getByLabel('Barcode number')).toHaveValue('5000112637922');
  const product = page.getByRole('region', { name: 'Gel 100 (Maurten)' });
  await expect(product).toContainText('per 100 g: 250 cal, 0 g protein, 62.5 g carbs (30 g sugars), 0 g fat');
  await expect(product.getByRole('link', { name: 'Data from Open Food Facts, ODbL' })).toBeVisible();
  await expect(product.getByLabel('Grams')).toHaveValue('40');
  await expect(product).toContainText('40 g: 100 cal · 0 g protein · 25 g carbs · 0 g fat');
  await expectNoA11yViolations(page);
  await product.getByLabel('Meal').selectOption('snack');
  await product.getByRole('button', { name: 'Add to Snack' }).click();
  const snack = page.getByTestId('meal-snack');
  await expect(snack.getByText('Gel 100 (Maurten)')).toBeVisible();
  await expect(page.getByTestId('macro-calories-current')).toHaveText('100');

  // Correct it: my values, marked as mine alone.
  await page.getByLabel('Barcode number').fill('5000112637922');
  await page.getByRole('button', { name: 'Look up' }).click();
  await page.getByRole('button', { name: 'Correct this product' }).click();
  const form = page.getByRole('form', { name: 'Correct this product' });
  await form.getByLabel('Sugars per 100 g').fill('31');
  await form.getByLabel('Calories per 100 g').fill('255');
  await expectNoA11yViolations(page);
  await form.getByRole('button', { name: 'Save correction' }).click();
  const corrected = page.getByRole('region', { name: 'Gel 100 (Maurten)' });
  await expect(corrected).toContainText('per 100 g: 255 cal');
  await expect(corrected).toContainText('Your correction: only you see it until another athlete confirms it.');
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
  await page.screenshot({ path: 'test-results/nutrition-barcode-360.png', fullPage: false });

  // Without a connection the scan says so and offers the search.
  await page.context().setOffline(true);
  await page.getByLabel('Barcode number').fill('3017620422003');
  await page.getByRole('button', { name: 'Look up' }).click();
  await expect(page.getByRole('alert')).toContainText('No connection: the barcode cannot be looked up now. Search the food database instead.');
  await page.getByRole('button', { name: 'Search instead' }).click();
  await expect(page.getByLabel('Search foods')).toBeFocused();
  await page.context().setOffline(false);
});
