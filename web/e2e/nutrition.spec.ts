import { expect, test, type Page } from '@playwright/test';
import { expectNoA11yViolations, setTier, signUp, type TestUser } from './support';

// Nutrition (issue 6): a pro athlete builds a profile from the suggestion,
// logs food three ways, watches the sums and bars, moves between days and
// deletes an entry; a basic athlete meets the Upgrade Required screen.

async function newProUser(page: Page): Promise<TestUser> {
  const user = await signUp(page);
  test.skip(!setTier(user, 'pro'), 'needs the harness database to make a user pro');
  return { ...user, subscriptionTier: 'pro' };
}

const current = (page: Page, macro: string) => page.getByTestId(`macro-${macro}-current`);
const percent = (page: Page, macro: string) => page.getByTestId(`macro-${macro}-percent`);

test('a basic athlete gets Upgrade Required and the API answers 403', async ({ page }) => {
  const user = await signUp(page);
  await page.goto('/nutrition');
  await expect(page.getByRole('heading', { name: 'Upgrade Required' })).toBeVisible();
  await expect(page.getByText('This feature requires a Pro subscription or higher.')).toBeVisible();
  await expect(page.getByRole('link', { name: 'Upgrade Subscription' })).toHaveAttribute('href', '/pricing');
  await expectNoA11yViolations(page);

  const res = await page.request.get(`/api/nutrition/${user.id}`);
  expect(res.status()).toBe(403);
  expect(await res.json()).toMatchObject({ requiredTier: 'pro', message: 'This feature requires a Pro subscription or higher.' });
  expect((await page.request.get('/api/food-entries')).status()).toBe(403);

  // Home shows a labelled example day with a way to upgrade.
  await page.goto('/#nutrition');
  const block = page.locator('#nutrition');
  await expect(block.getByText('Example', { exact: true })).toBeVisible();
  await expect(block.getByRole('link', { name: 'Upgrade to Pro to track yours' })).toHaveAttribute('href', '/pricing');
});

test('a visitor sees the example day with a sign-up link on the home page', async ({ page }) => {
  await page.goto('/');
  const block = page.locator('#nutrition');
  await expect(block.getByText('An example day of a HYROX athlete, not your data.')).toBeVisible();
  await expect(block.getByRole('link', { name: 'Sign up to track yours' })).toHaveAttribute('href', '/auth');
  for (const card of ['Pre-Workout', 'During Workout', 'Post-Workout']) {
    await expect(block.getByRole('heading', { name: card })).toBeVisible();
  }
  await expect(block.getByText('Recovery shake')).toBeVisible();
  await expectNoA11yViolations(page);
});

test('a pro athlete tracks a day of food', async ({ page }) => {
  test.setTimeout(150_000); // a long story with several axe checks
  await newProUser(page);
  await page.goto('/nutrition');

  // Empty state with a create-profile form pre-filled from the suggestion.
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await expect(page.getByText('No nutrition profile found. Create one to start tracking.')).toBeVisible();
  const kcal = page.getByLabel('Daily calories (kcal)');
  await expect(kcal).toHaveValue('3070'); // 80 kg, 180 cm, 30, male, active
  await expect(page.getByText('2500-2600 kcal/day', { exact: false })).toBeVisible();
  await expect(page.getByText('160-170g protein', { exact: false })).toBeVisible();
  await expectNoA11yViolations(page);

  await page.getByLabel('Weight (kg)').fill('85');
  await page.getByRole('button', { name: 'Suggest targets' }).click();
  await expect(kcal).toHaveValue('3160');
  await expect(page.getByLabel('Protein (g)')).toHaveValue('170');
  await page.getByLabel('Carbs (g)').fill('400'); // the suggestion stays editable
  await page.getByRole('button', { name: 'Create Profile' }).click();

  const dashboard = page.getByTestId('nutrition-dashboard');
  await expect(dashboard.getByRole('heading', { name: 'Daily Nutrition Dashboard' })).toBeVisible();
  await expect(current(page, 'calories')).toHaveText('0');
  await expect(dashboard.getByText('/ 3,160 kcal')).toBeVisible();
  await expect(dashboard.getByText('/ 400 g')).toBeVisible();

  // 1. Through the form, after the form messages.
  await page.getByRole('button', { name: 'Log Food' }).click();
  const dialog = page.getByRole('dialog', { name: 'Log Food' });
  await dialog.getByRole('button', { name: 'Log Food' }).click();
  await expect(dialog.getByText('Food name is required')).toBeVisible();
  await expect(dialog.getByText('Quantity is required')).toBeVisible();
  await expect(dialog.getByText('Calories must be at least 1')).toBeVisible();
  await dialog.getByLabel('Protein (g)').fill('-3');
  await dialog.getByRole('button', { name: 'Log Food' }).click();
  await expect(dialog.getByText('Protein cannot be negative')).toBeVisible();
  await expectNoA11yViolations(page);

  await dialog.getByLabel('Meal type').selectOption('lunch');
  await dialog.getByLabel('Food name').fill('Chicken wrap');
  await dialog.getByLabel('Quantity').fill('1 wrap');
  await dialog.getByLabel('Calories').fill('450');
  await dialog.getByLabel('Protein (g)').fill('30');
  await dialog.getByLabel('Carbs (g)').fill('40');
  await dialog.getByLabel('Fat (g)').fill('15');
  await dialog.getByRole('button', { name: 'Log Food' }).click();
  await expect(dialog).toBeHidden();
  await expect(current(page, 'calories')).toHaveText('450');
  await expect(percent(page, 'calories')).toHaveText('14%'); // 450 / 3160
  await expect(page.getByTestId('meal-lunch').getByText('Chicken wrap')).toBeVisible();

  // 2. A common-food preset fills the form; the dialog opened clean.
  await page.getByRole('button', { name: 'Log Food' }).click();
  await expect(dialog.getByLabel('Food name')).toHaveValue('');
  await dialog.getByLabel('Common foods').selectOption({ label: 'Salmon (100g) - 208 cal' });
  await expect(dialog.getByLabel('Food name')).toHaveValue('Salmon');
  await expect(dialog.getByLabel('Calories')).toHaveValue('208');
  await dialog.getByLabel('Meal type').selectOption('dinner');
  await dialog.getByRole('button', { name: 'Log Food' }).click();
  await expect(dialog).toBeHidden();
  await expect(current(page, 'calories')).toHaveText('658');

  // 3. A quick-add food posts at once with the chosen meal type.
  await page.getByRole('button', { name: 'Log Food' }).click();
  await dialog.getByLabel('Meal type').selectOption('breakfast');
  await dialog.getByRole('button', { name: /Quick add Banana/ }).click();
  await expect(dialog).toBeHidden();
  await expect(current(page, 'calories')).toHaveText('763');
  await expect(current(page, 'protein')).toHaveText('53'); // 30 + 22 + 1
  await expect(page.getByTestId('meal-breakfast').getByText('Banana')).toBeVisible();

  // A big entry: the figure shows the real value, the bar stops at 100 %.
  await page.getByRole('button', { name: 'Log Food' }).click();
  await dialog.getByLabel('Meal type').selectOption('snack');
  await dialog.getByLabel('Food name').fill('Race-day pasta party');
  await dialog.getByLabel('Quantity').fill('everything');
  await dialog.getByLabel('Calories').fill('3000');
  await dialog.getByRole('button', { name: 'Log Food' }).click();
  await expect(dialog).toBeHidden();
  await expect(current(page, 'calories')).toHaveText('3,763');
  await expect(percent(page, 'calories')).toHaveText('119%');
  await expect(page.getByTestId('macro-calories-bar')).toHaveAttribute('style', /width: 100%/);
  await expect(page.getByRole('progressbar', { name: 'Calories' })).toHaveAttribute('aria-valuenow', '100');
  await expectNoA11yViolations(page);

  // Yesterday is empty; today comes back.
  await page.getByRole('button', { name: 'Previous day' }).click();
  await expect(page.getByTestId('day-label')).toHaveText('Yesterday');
  await expect(page).toHaveURL(/\/nutrition\?date=\d{4}-\d{2}-\d{2}$/);
  await expect(current(page, 'calories')).toHaveText('0');
  await expect(page.getByText('No food logged for this day yet.')).toBeVisible();
  await page.getByRole('button', { name: 'Next day' }).click();
  await expect(page.getByTestId('day-label')).toHaveText('Today');
  await expect(page.getByRole('button', { name: 'Next day' })).toBeDisabled();
  await expect(current(page, 'calories')).toHaveText('3,763');

  // Delete an entry.
  await page.getByRole('button', { name: 'Delete Race-day pasta party' }).click();
  await expect(current(page, 'calories')).toHaveText('763');
  await page.getByRole('button', { name: 'Delete Salmon' }).click();
  await expect(current(page, 'calories')).toHaveText('555');
  await expect(page.getByTestId('meal-dinner').getByText('Salmon')).toBeHidden();

  // Mobile width, and the home page shows the athlete's own day.
  await page.setViewportSize({ width: 375, height: 812 });
  await page.goto('/');
  const block = page.locator('#nutrition');
  await expect(block.getByRole('link', { name: 'Open Nutrition Tracker' })).toBeVisible();
  await expect(block.getByTestId('macro-calories-current')).toHaveText('555');
  await expect(block.getByText('Example', { exact: true })).toBeHidden();
  await expectNoA11yViolations(page);
});

test('a failed save shows a readable error in the dialog', async ({ page }) => {
  await newProUser(page);
  await page.goto('/nutrition');
  await page.getByRole('button', { name: 'Create Profile' }).click();
  await expect(page.getByTestId('nutrition-dashboard')).toBeVisible();
  await page.route('**/api/food-entries', (route) =>
    route.request().method() === 'POST'
      ? route.fulfill({ status: 429, contentType: 'application/json', body: JSON.stringify({ message: 'You are logging food too quickly. Please wait a moment.' }) })
      : route.fallback(),
  );
  await page.getByRole('button', { name: 'Log Food' }).click();
  const dialog = page.getByRole('dialog', { name: 'Log Food' });
  await dialog.getByLabel('Meal type').selectOption('snack');
  await dialog.getByRole('button', { name: /Quick add Oatmeal/ }).click();
  await expect(dialog.getByRole('alert')).toHaveText('You are logging food too quickly. Please wait a moment.');
  await expect(dialog).toBeVisible();
});

test('dark theme at 360 px wide passes axe with data and the dialog open', async ({ page }) => {
  test.setTimeout(90_000);
  const user = await newProUser(page);
  const put = await page.request.put(`/api/nutrition/${user.id}`, {
    data: { dailyCalories: 2550, proteinTarget: 165, carbsTarget: 300, fatTarget: 80 },
  });
  expect(put.status()).toBe(200);
  const post = await page.request.post('/api/food-entries', {
    data: { userId: user.id, foodName: 'Oatmeal', calories: 154, protein: 6, carbs: 28, fat: 3, quantity: '1 cup', mealType: 'breakfast', tz: Intl.DateTimeFormat().resolvedOptions().timeZone },
  });
  expect(post.status()).toBe(201);

  await page.emulateMedia({ colorScheme: 'dark' });
  await page.setViewportSize({ width: 360, height: 780 });
  await page.goto('/nutrition');
  await expect(current(page, 'calories')).toHaveText('154');
  await expectNoA11yViolations(page);
  await page.getByRole('button', { name: 'Log Food' }).click();
  await page.getByRole('dialog', { name: 'Log Food' }).getByRole('button', { name: 'Log Food' }).click();
  await expect(page.getByText('Food name is required')).toBeVisible();
  await expectNoA11yViolations(page);
});
