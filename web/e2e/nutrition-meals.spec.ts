import { expect, test } from '@playwright/test';
import { expectNoA11yViolations, setTier, signUp } from './support';

// Saved meals and recipes (issue 32, docs/nutrition-diary.md#saved-meals-and-recipes):
// at 360 px a pro athlete saves two of today's foods as "Usual breakfast"
// (bad input first: nothing chosen, no name), logs it into yesterday's lunch
// in one tap, renames it, and the page passes the axe check.

test('a pro athlete saves the day’s foods as a meal and logs it on another day (360px)', async ({ page }) => {
  test.setTimeout(120_000);
  await page.setViewportSize({ width: 360, height: 800 });
  const user = await signUp(page);
  test.skip(!setTier(user, 'pro'), 'needs the harness database to make a user pro');
  const today = await page.evaluate(() => {
    const d = new Date();
    return `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}-${String(d.getDate()).padStart(2, '0')}`;
  });
  for (const body of [
    { foodName: 'Oatmeal', calories: 154, protein: 6, carbs: 28, fat: 3, quantity: '1 cup', mealType: 'breakfast', date: today },
    { foodName: 'Banana', calories: 105, protein: 1, carbs: 27, fat: 0, quantity: '1 medium', mealType: 'breakfast', date: today },
    { foodName: 'Coffee', calories: 5, protein: 0, carbs: 0, fat: 0, quantity: '1 cup', mealType: 'snack', date: today },
  ]) {
    expect((await page.request.post('/api/food-entries', { data: body })).status()).toBe(201);
  }
  await page.goto('/nutrition');

  const card = page.getByTestId('saved-meals-card');
  await expect(card.getByRole('heading', { name: 'Saved meals and recipes' })).toBeVisible();
  await expect(card.getByText('No saved meals yet.')).toBeVisible();
  const form = card.getByRole('form', { name: 'Save foods of this day as a meal' });

  // Bad input: nothing chosen and no name; nothing is saved.
  await form.getByRole('button', { name: 'Save meal' }).click();
  await expect(form.getByText('Choose at least one food')).toBeVisible();
  await expect(form.getByText('Name is required')).toBeVisible();
  await expect(card.getByText('No saved meals yet.')).toBeVisible();

  await form.getByRole('checkbox', { name: /^Oatmeal/ }).check();
  await form.getByRole('checkbox', { name: /^Banana/ }).check();
  await form.getByLabel('Name').fill('Usual breakfast');
  await form.getByRole('button', { name: 'Save meal' }).click();
  const saved = card.getByTestId('saved-meal');
  await expect(saved).toHaveCount(1);
  await expect(saved.getByText('Usual breakfast')).toBeVisible();
  await expect(saved.getByText('2 foods · 259 cal')).toBeVisible();
  await expect(form.getByLabel('Name')).toHaveValue('');
  await expectNoA11yViolations(page);

  // Yesterday: log it into lunch in one tap.
  await page.getByRole('button', { name: 'Previous day' }).click();
  await expect(page.getByTestId('day-label')).toHaveText('Yesterday');
  const lunch = page.getByTestId('meal-lunch');
  await expect(lunch.getByTestId('food-entry')).toHaveCount(0);
  await saved.getByLabel('Log into').selectOption('lunch');
  await saved.getByRole('button', { name: 'Log Usual breakfast' }).click();
  await expect(lunch.getByTestId('food-entry')).toHaveCount(2);
  await expect(lunch.getByText('Oatmeal')).toBeVisible();
  await expect(lunch.getByText('Banana')).toBeVisible();
  await expect(lunch.getByText('259 cal')).toBeVisible();

  // Rename; an empty name is refused.
  await saved.getByRole('button', { name: 'Rename Usual breakfast' }).click();
  const rename = saved.getByRole('form', { name: 'Rename Usual breakfast' });
  await rename.getByLabel('New name').fill(' ');
  await rename.getByRole('button', { name: 'Save name' }).click();
  await expect(rename.getByText('Name is required')).toBeVisible();
  await rename.getByLabel('New name').fill('Race-week breakfast');
  await rename.getByRole('button', { name: 'Save name' }).click();
  await expect(saved.getByText('Race-week breakfast')).toBeVisible();

  // The card fits the 360 px screen.
  const box = await card.boundingBox();
  expect(box && box.x + box.width).toBeLessThanOrEqual(360);
  await page.screenshot({ path: 'test-results/saved-meals-360.png', clip: box ?? undefined });
  await expectNoA11yViolations(page);
});
