import { expect, test, type Page } from '@playwright/test';
import { expectNoA11yViolations, setTier, signUp } from './support';

// Issue 28 (nutrition): entry that cannot go wrong, one truth per number.
// docs/nutrition-foods.md#portions and #day-targets.

async function newProUser(page: Page) {
  const user = await signUp(page);
  test.skip(!setTier(user, 'pro'), 'needs the harness database to make a user pro');
  const targets = { dailyCalories: 2400, proteinTarget: 160, carbsTarget: 290, fatTarget: 67 };
  expect((await page.request.put(`/api/nutrition/${user.id}`, { data: targets })).status()).toBe(200);
  return user;
}

test('a banana logs as one medium banana, and three cups of eggs ask first (360 px)', async ({ page }) => {
  test.setTimeout(90_000);
  await page.setViewportSize({ width: 360, height: 800 });
  await newProUser(page);
  await page.goto('/nutrition');

  const search = page.getByLabel('Search foods');
  await search.pressSequentially('banana', { delay: 30 });
  const results = page.getByRole('list', { name: 'Foods found' });
  await expect(results.getByRole('button').first()).toContainText('Bananas, raw');
  await results.getByRole('button').first().click();
  const form = page.getByRole('form', { name: 'Bananas, raw' });
  // Not "cup, mashed" (225 g, 200 kcal): one medium banana, 118 g, 105 kcal.
  await expect(form.getByLabel('Portion', { exact: true })).toHaveValue('medium (7" to 7-7/8" long)');
  await expect(form.getByLabel('How many')).toHaveValue('1');
  await expect(page.getByTestId('portion-macros')).toContainText('Weight118 gCalories105 cal');
  await expectNoA11yViolations(page);
  await form.getByLabel('Meal', { exact: true }).selectOption('snack');
  await form.getByRole('button', { name: 'Add to Snack' }).click();
  const snack = page.getByTestId('meal-snack');
  await expect(snack.getByText('1 medium (7" to 7-7/8" long) · P 1g · C 27g · F 0g')).toBeVisible();

  // An egg starts as one large egg; six cups of eggs (1,458 g) ask before saving.
  await search.fill('egg whole raw');
  await results.getByRole('button').filter({ hasText: 'Egg, whole, raw, fresh' }).first().click();
  const egg = page.getByRole('form', { name: 'Egg, whole, raw, fresh' });
  await expect(egg.getByLabel('Portion', { exact: true })).toHaveValue('large');
  await egg.getByLabel('Portion', { exact: true }).selectOption({ label: 'cup (4.86 large eggs) (243 g)' });
  await egg.getByLabel('How many').fill('6');
  await egg.getByRole('button', { name: /^Add to / }).click();
  await expect(page.getByTestId('portion-confirm')).toContainText('2,085 cal (1,458 g), far more than one person');
  await expectNoA11yViolations(page);
  await expect(snack.getByTestId('food-entry')).toHaveCount(1); // nothing saved yet
  await egg.getByLabel('How many').fill('1');
  await expect(page.getByTestId('portion-confirm')).toHaveCount(0);
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
});

test('one target per day: the dashboard, the history and the plan agree, and a logged session counts (360 px)', async ({ page }) => {
  test.setTimeout(90_000);
  await page.setViewportSize({ width: 360, height: 800 });
  await newProUser(page);
  // An 80-minute simulation at RPE 9, logged, not planned: load 720, carbohydrate +42 %:
  // 290 g -> 412 g, 2,400 kcal -> 2,888 kcal.
  const log = await page.request.post('/api/workout-logs', {
    data: { workoutName: 'HYROX simulation', duration: 80, rating: 4, rpe: 9, exercises: [] },
  });
  expect(log.status()).toBe(201);
  await page.goto('/nutrition');

  const dashboard = page.getByTestId('nutrition-dashboard');
  await expect(dashboard.getByTestId('macro-calories')).toContainText('/ 2,888 kcal');
  await expect(dashboard.getByTestId('macro-carbs')).toContainText('/ 412 g');
  await expect(page.getByTestId('dashboard-targets-note')).toHaveText("Today's targets: training day");
  await expectNoA11yViolations(page);

  const history = page.getByTestId('nutrition-history');
  await history.scrollIntoViewIfNeeded();
  await expect(history.getByTestId('history-target-calories')).toHaveText('target 2,888 kcal');
  await expect(history.getByTestId('history-target-carbs')).toHaveText('target 412 g');

  const plan = page.getByTestId('plan-targets');
  await plan.scrollIntoViewIfNeeded();
  await expect(plan).toContainText('Calories 2,888 kcal (profile 2,400 kcal)');
  await expect(page.getByText(/80 minutes logged, load 720 .* carbohydrate is up 42 %/)).toBeVisible();
  await expectNoA11yViolations(page);
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
});
