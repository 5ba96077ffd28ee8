import { expect, test } from '@playwright/test';
import { expectNoA11yViolations, setTier, signUp } from './support';

// Micronutrients (issue 32, docs/nutrition-foods.md#micronutrients): at 360 px
// a pro athlete gives sex and birth year in the profile form, logs foods, sees
// the day's minerals and vitamins against the reference intakes for women of
// their age, an incomplete total where a typed-in entry gives none, and, after
// a 100-minute session, sodium and potassium flagged with a higher sodium
// reference. The page passes the axe check.

test('a pro athlete sees the day’s micronutrients against her reference intakes, flagged after a long session (360px)', async ({ page }) => {
  test.setTimeout(120_000);
  await page.setViewportSize({ width: 360, height: 800 });
  const user = await signUp(page);
  test.skip(!setTier(user, 'pro'), 'needs the harness database to make a user pro');
  await page.goto('/nutrition');

  // The profile form: suggested targets, plus sex and birth year.
  const year = new Date().getFullYear();
  await expect(page.getByLabel('Daily calories (kcal)')).not.toHaveValue('');
  await page.getByLabel('Birth year (optional)').fill(String(year + 1));
  await page.getByRole('button', { name: 'Create Profile' }).click();
  await expect(page.getByText(`Birth year must be between ${year - 100} and ${year - 14}`)).toBeVisible();
  await page.getByLabel('Sex (optional)').selectOption('female');
  await page.getByLabel('Birth year (optional)').fill(String(year - 36));
  await page.getByRole('button', { name: 'Create Profile' }).click();
  await expect(page.getByTestId('nutrition-dashboard')).toBeVisible();

  const card = page.getByTestId('micros-card');
  await expect(card.getByRole('heading', { name: 'Micronutrients' })).toBeVisible();
  await expect(card.getByTestId('micros-basis')).toHaveText('Reference intakes for women aged 31-50.');
  await expect(card.getByTestId('micros-empty')).toBeVisible();

  // A banana through the search (one medium, 118 g), broccoli and a typed-in entry through the API.
  const search = page.getByLabel('Search foods');
  await search.pressSequentially('banana', { delay: 30 });
  const results = page.getByRole('list', { name: 'Foods found' });
  await expect(results.getByRole('button').first()).toContainText('Bananas, raw');
  await results.getByRole('button').first().click();
  const form = page.getByRole('form', { name: 'Bananas, raw' });
  await form.getByLabel('Meal', { exact: true }).selectOption('snack');
  await form.getByRole('button', { name: 'Add to Snack' }).click();
  await expect(card.getByTestId('micro-potassium-amount')).toHaveText('422 mg');

  const tz = await page.evaluate(() => Intl.DateTimeFormat().resolvedOptions().timeZone);
  const broccoli = await page.request.post('/api/food-entries', { data: { foodId: 11090, grams: 200, mealType: 'lunch', tz } });
  expect(broccoli.status()).toBe(201);
  const typed = await page.request.post('/api/food-entries', {
    data: { foodName: 'Pasta salad', quantity: '1 bowl', calories: 450, protein: 12, carbs: 60, fat: 15, mealType: 'dinner', tz },
  });
  expect(typed.status()).toBe(201);
  await page.reload();

  // Potassium 358 mg x 1.18 + 316 mg x 2: 1,054 of the 2,600 mg adequate intake for women.
  const potassium = card.getByTestId('micro-potassium');
  await expect(potassium.getByTestId('micro-potassium-amount')).toHaveText('1,054 mg');
  await expect(potassium).toContainText('/ 2,600 mg');
  await expect(potassium.getByRole('progressbar', { name: 'Potassium' })).toHaveAttribute('aria-valuenow', '41');
  // The typed-in entry gives none: said once, not on every row.
  await expect(card.getByTestId('micros-incomplete')).toHaveText(
    '1 food of 3 logged gives no minerals or vitamins (typed in, a custom food or a scanned product): the totals below are incomplete.',
  );
  await expect(potassium.getByTestId('micro-potassium-missing')).toHaveCount(0);
  // Iron against the 18 mg for women aged 31-50; sugars have no reference.
  await expect(card.getByTestId('micro-iron')).toContainText('/ 18 mg');
  await expect(card.getByTestId('micro-sugars')).toContainText('No reference intake');
  await expect(card.getByTestId('micro-sodium-flag')).toHaveCount(0);
  await expectNoA11yViolations(page);

  // A 100-minute session logged today: sodium's reference gains 750 mg, and both are flagged.
  const log = await page.request.post('/api/workout-logs', {
    data: { workoutName: 'HYROX simulation', duration: 100, rating: 4, rpe: 8, exercises: [] },
  });
  expect(log.status()).toBe(201);
  await page.reload();
  await expect(card.getByTestId('micro-sodium-flag')).toContainText('Long session today (100 min)');
  await expect(card.getByTestId('micro-sodium')).toContainText('/ 2,250 mg');
  await expect(card.getByTestId('micro-potassium-flag')).toContainText('sweat takes potassium too');

  // The card fits the 360 px screen.
  await card.scrollIntoViewIfNeeded();
  const box = await card.boundingBox();
  expect(box && box.x + box.width).toBeLessThanOrEqual(360);
  await page.screenshot({ path: 'test-results/micros-360.png', fullPage: true });
  await expectNoA11yViolations(page);
});
