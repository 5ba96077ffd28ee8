import { expect, test } from '@playwright/test';
import { expectNoA11yViolations, localDate, setTier, signUp } from './support';

// Saved meals and recipes (issue 32, docs/nutrition-diary.md#saved-meals-and-recipes):
// at 360 px a pro athlete saves two of today's foods as "Usual breakfast"
// (bad input first: nothing chosen, no name), logs it into yesterday's lunch
// in one tap, renames it, and the page passes the axe check.

test('a pro athlete saves the day’s foods as a meal and logs it on another day (360px)', async ({ page }) => {
  test.setTimeout(120_000);
  await page.setViewportSize({ width: 360, height: 800 });
  const user = await signUp(page);
  test.skip(!setTier(user, 'pro'), 'needs the harness database to make a user pro');
  const today = localDate(new Date());
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

// What a phone user types into a recipe: a number of servings far too large is
// refused with its message and nothing is saved; a fair one saves the recipe,
// and logging a too-large number of servings is refused before 1.5 is logged
// as one entry of one and a half servings (checked on the server).
test('a recipe refuses absurd servings and logs 1.5 servings as one entry (360px)', async ({ page }) => {
  test.setTimeout(120_000);
  await page.setViewportSize({ width: 360, height: 800 });
  const user = await signUp(page);
  test.skip(!setTier(user, 'pro'), 'needs the harness database to make a user pro');
  const today = localDate(new Date());
  for (const body of [
    { foodName: 'Rice', calories: 400, protein: 8, carbs: 88, fat: 1, quantity: '100 g', mealType: 'dinner', date: today },
    { foodName: 'Chicken', calories: 330, protein: 62, carbs: 0, fat: 7, quantity: '200 g', mealType: 'dinner', date: today },
  ]) {
    expect((await page.request.post('/api/food-entries', { data: body })).status()).toBe(201);
  }
  await page.goto('/nutrition');
  const card = page.getByTestId('saved-meals-card');
  const form = card.getByRole('form', { name: 'Save foods of this day as a meal' });
  await form.getByRole('checkbox', { name: /^Rice/ }).check();
  await form.getByRole('checkbox', { name: /^Chicken/ }).check();
  await form.getByLabel('Name').fill('Rice bowl');
  await form.getByLabel('Servings (recipes only)').fill('1000');
  await form.getByRole('button', { name: 'Save meal' }).click();
  await expect(form.getByText('Servings must be more than 0 and at most 100')).toBeVisible();
  await expect(card.getByText('No saved meals yet.')).toBeVisible();

  await form.getByLabel('Servings (recipes only)').fill('2');
  await form.getByRole('button', { name: 'Save meal' }).click();
  const saved = card.getByTestId('saved-meal');
  await expect(saved).toHaveCount(1);
  await expect(saved.getByText(/^Recipe, 2 servings · per serving 365 cal/)).toBeVisible();

  const servings = saved.getByRole('spinbutton');
  await servings.fill('50');
  await saved.getByRole('button', { name: 'Log Rice bowl' }).click();
  await expect(page.getByText('Servings must be more than 0 and at most 20').first()).toBeVisible();
  type Day = { meals: { entries: { foodName: string; quantity: string; calories: number }[] }[] };
  const entriesOfToday = async () =>
    ((await (await page.request.get(`/api/food-entries?date=${today}`)).json()) as Day).meals.flatMap((m) => m.entries);
  expect(await entriesOfToday()).toHaveLength(2);

  await servings.fill('1.5');
  await saved.getByRole('button', { name: 'Log Rice bowl' }).click();
  await expect(page.getByText(/^Rice bowl: 1 entry in/)).toBeVisible();
  const after = await entriesOfToday();
  const logged = after.find((e) => e.foodName.startsWith('Rice bowl'));
  expect(after).toHaveLength(3);
  expect(logged?.quantity).toContain('1.5');
  expect(logged?.calories).toBe(548); // 730 cal / 2 servings x 1.5, rounded
  await expectNoA11yViolations(page);
});
