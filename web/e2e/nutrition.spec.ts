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

  // One way to log (docs/nutrition-foods.md#one-way-to-log): "Log Food" leads to the food search.
  await page.getByRole('button', { name: 'Log Food' }).click();
  const search = page.getByLabel('Search foods');
  await expect(search).toBeFocused();
  await expect(page.getByRole('dialog')).toHaveCount(0);
  const results = page.getByRole('list', { name: 'Foods found' });
  const logFirst = async (q: string, portion: { label?: string; amount?: string }, meal: string) => {
    await search.fill(q);
    // The list shows the recent foods until the search answers: wait for a match.
    const first = results.getByRole('button').first();
    await expect(first).toContainText(new RegExp(q.split(' ')[0], 'i'));
    await first.click();
    const form = page.getByRole('form').filter({ has: page.getByLabel('Portion', { exact: true }) });
    if (portion.label) await form.getByLabel('Portion', { exact: true }).selectOption({ label: portion.label });
    if (portion.amount) await form.getByLabel(/^(How many|Grams)$/).fill(portion.amount);
    await form.getByLabel('Meal', { exact: true }).selectOption(meal);
    await form.getByRole('button', { name: /^Add to / }).click();
    return form;
  };

  // 1. 150 g of plain chicken breast for lunch: 114 kcal per 100 g.
  await logFirst('chicken breast', { label: 'grams', amount: '150' }, 'lunch');
  await expect(current(page, 'calories')).toHaveText('171');
  await expect(percent(page, 'calories')).toHaveText('5%'); // 171 / 3160
  await expect(page.getByTestId('meal-lunch').getByText('Chicken, broilers or fryers, breast, meat only, raw')).toBeVisible();

  // 2. A banana is one medium banana by default: 105 kcal.
  await logFirst('banana', {}, 'breakfast');
  await expect(current(page, 'calories')).toHaveText('276');
  await expect(page.getByTestId('meal-breakfast').getByText('Bananas, raw')).toBeVisible();
  await expectNoA11yViolations(page);

  // A big entry asks first; the figure then shows the real value, the bar stops at 100 %.
  const rice = await logFirst('rice wh', { amount: '15' }, 'snack');
  await expect(page.getByTestId('portion-confirm')).toContainText('far more than one person usually eats at a sitting');
  await rice.getByRole('button', { name: 'Log it anyway' }).click();
  await expect(current(page, 'calories')).toHaveText('3,357'); // + 15 cups, 2,370 g, 3,081 kcal
  await expect(percent(page, 'calories')).toHaveText('106%');
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
  await expect(current(page, 'calories')).toHaveText('3,357');

  // Delete entries.
  await page.getByRole('button', { name: 'Delete Rice, white, long-grain, regular, cooked' }).click();
  await expect(current(page, 'calories')).toHaveText('276');
  await page.getByRole('button', { name: 'Delete Chicken, broilers or fryers, breast, meat only, raw' }).click();
  await expect(current(page, 'calories')).toHaveText('105');

  // Mobile width, and the home page shows the athlete's own day.
  await page.setViewportSize({ width: 375, height: 812 });
  await page.goto('/');
  const block = page.locator('#nutrition');
  await expect(block.getByRole('link', { name: 'Open Nutrition Tracker' })).toBeVisible();
  await expect(block.getByTestId('macro-calories-current')).toHaveText('105');
  await expect(block.getByText('Example', { exact: true })).toBeHidden();
  await expectNoA11yViolations(page);
});

test('a failed save shows a readable error in the form', async ({ page }) => {
  await newProUser(page);
  await page.goto('/nutrition');
  await page.getByRole('button', { name: 'Create Profile' }).click();
  await expect(page.getByTestId('nutrition-dashboard')).toBeVisible();
  await page.route('**/api/food-entries', (route) =>
    route.request().method() === 'POST'
      ? route.fulfill({ status: 429, contentType: 'application/json', body: JSON.stringify({ message: 'You are logging food too quickly. Please wait a moment.' }) })
      : route.fallback(),
  );
  await page.getByLabel('Search foods').fill('banana');
  await page.getByRole('list', { name: 'Foods found' }).getByRole('button').first().click();
  const form = page.getByRole('form', { name: 'Bananas, raw' });
  await form.getByRole('button', { name: /^Add to / }).click();
  await expect(form.getByRole('alert')).toHaveText('You are logging food too quickly. Please wait a moment.');
  await expect(form).toBeVisible();
});

test('dark theme at 360 px wide passes axe with data and a portion form open', async ({ page }) => {
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
  await page.getByLabel('Search foods').fill('skyr');
  await page.getByRole('list', { name: 'Foods found' }).getByRole('button').first().click();
  await expect(page.getByRole('form', { name: 'Skyr, plain, 0 % fat' })).toBeVisible();
  await expectNoA11yViolations(page);
});
