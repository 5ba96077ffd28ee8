import { expect, test } from '@playwright/test';
import { expectNoA11yViolations, setTier, signUp } from './support';

// Issue 32: athletes' staples SR24 lacks (docs/nutrition-foods.md#athletes-staples),
// found by the one food search and logged like any food.

test('a pro athlete finds Greek yogurt, skyr and gels first and logs a pot of Greek yogurt (360 px)', async ({ page }) => {
  test.setTimeout(90_000);
  await page.setViewportSize({ width: 360, height: 800 });
  const user = await signUp(page);
  test.skip(!setTier(user, 'pro'), 'needs the harness database to make a user pro');
  const targets = { dailyCalories: 2400, proteinTarget: 160, carbsTarget: 290, fatTarget: 67 };
  expect((await page.request.put(`/api/nutrition/${user.id}`, { data: targets })).status()).toBe(200);
  await page.goto('/nutrition');

  const search = page.getByLabel('Search foods');
  const first = page.getByRole('list', { name: 'Foods found' }).getByRole('button').first();
  for (const [q, name] of [
    ['skyr', 'Skyr, plain, 0 % fat'],
    ['gel', 'Gel, energy'],
  ]) {
    await search.fill(q);
    await expect(first).toContainText(name);
  }
  await search.fill('');
  await search.pressSequentially('greek yog', { delay: 30 });
  await expect(first).toContainText('Greek yogurt, plain, nonfat (0 %)');
  await expectNoA11yViolations(page);
  await first.click();

  // A pot (150 g) by default: 59 kcal and 10.2 g protein per 100 g (USDA FoodData Central).
  const form = page.getByRole('form', { name: 'Greek yogurt, plain, nonfat (0 %)' });
  await expect(form.getByLabel('Portion', { exact: true })).toHaveValue('container (5.3 oz)');
  await expect(page.getByTestId('portion-macros')).toHaveText(/^Weight150 gCalories89 calProtein15 gCarbs5 gFat1 g$/);
  await form.getByLabel('Meal', { exact: true }).selectOption('breakfast');
  await form.getByRole('button', { name: 'Add to Breakfast' }).click();
  const breakfast = page.getByTestId('meal-breakfast');
  await expect(breakfast.getByText('Greek yogurt, plain, nonfat (0 %)')).toBeVisible();
  await expect(breakfast.getByText('1 container (5.3 oz) · P 15g · C 5g · F 1g')).toBeVisible();
  await expect(page.getByTestId('macro-calories-current')).toHaveText('89');
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
  await expectNoA11yViolations(page);
});
