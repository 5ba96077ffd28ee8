import { expect, test, type Page } from '@playwright/test';
import { expectNoA11yViolations, setTier, signUp } from './support';

// The food database (issue 15): search by word prefixes in any order, pick a
// household portion and a count, see the macros, log it to a meal. SR24 itself has no
// Greek yogurt (the staples add it: nutrition-staples.spec.ts); this story logs the plain low-fat
// yogurt that "yog pla" finds: 63 kcal, 5.25 g protein, 7.04 g carbs, 1.55 g fat
// per 100 g, a cup (8 fl oz) of 245 g.

async function newProUser(page: Page) {
  const user = await signUp(page);
  test.skip(!setTier(user, 'pro'), 'needs the harness database to make a user pro');
  return user;
}

const YOGURT = 'Yogurt, plain, low fat, 12 grams protein per 8 ounce';

for (const view of [
  { name: 'desktop', size: { width: 1280, height: 900 } },
  { name: '360px', size: { width: 360, height: 800 } },
]) {
  test(`a pro athlete logs 1.5 cups of yogurt found by typing "yog pla" (${view.name})`, async ({ page }) => {
    test.setTimeout(90_000);
    await page.setViewportSize(view.size);
    const user = await newProUser(page);
    const targets = { dailyCalories: 2500, proteinTarget: 165, carbsTarget: 300, fatTarget: 80 };
    expect((await page.request.put(`/api/nutrition/${user.id}`, { data: targets })).status()).toBe(200);
    await page.goto('/nutrition');

    const search = page.getByLabel('Search foods');
    await search.pressSequentially('yog pla', { delay: 30 }); // typed, as a person would
    const results = page.getByRole('list', { name: 'Foods found' });
    await expect(results.getByRole('button').first()).toContainText(YOGURT);
    await expect(page.getByRole('status').filter({ hasText: 'foods found' })).toBeVisible();
    await expectNoA11yViolations(page);

    // Keyboard only: into the list, pick the first food.
    await search.press('Tab');
    await expect(results.getByRole('button').first()).toBeFocused();
    await page.keyboard.press('Enter');
    const form = page.getByRole('form', { name: YOGURT });
    await expect(form.getByRole('heading', { name: YOGURT })).toBeFocused();

    await form.getByLabel('Portion', { exact: true }).selectOption({ label: 'cup (8 fl oz) (245 g)' });
    await form.getByLabel('How many').fill('1.5');
    await form.getByLabel('Meal', { exact: true }).selectOption('breakfast');
    // 367.5 g: 231.5 kcal, 19.3 g protein, 25.9 g carbs, 5.7 g fat.
    const macros = page.getByTestId('portion-macros');
    await expect(macros).toHaveText(/^Weight367\.5 gCalories232 calProtein19 gCarbs26 gFat6 g$/);
    await expectNoA11yViolations(page);
    await macros.scrollIntoViewIfNeeded();

    await form.getByRole('button', { name: 'Add to Breakfast' }).click();
    await expect(page.getByText(`${YOGURT} added to Breakfast.`).first()).toBeVisible();
    const breakfast = page.getByTestId('meal-breakfast');
    await expect(breakfast.getByTestId('food-entry')).toHaveCount(1);
    await expect(breakfast.getByText(YOGURT)).toBeVisible();
    await expect(breakfast.getByText('1.5 cup (8 fl oz) · P 19g · C 26g · F 6g')).toBeVisible();
    await expect(breakfast.getByText('232 cal').first()).toBeVisible();
    await expect(page.getByTestId('macro-calories-current')).toHaveText('232');
    // The long USDA name truncates: the page never scrolls sideways.
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(view.size.width);
    await expectNoA11yViolations(page);
    await breakfast.scrollIntoViewIfNeeded();

    // The food is now first for this athlete, marked as logged before.
    await search.fill('yog');
    await expect(results.getByRole('button').first()).toContainText('Logged before');
  });
}

test('the search explains bad input', async ({ page }) => {
  await newProUser(page);
  const res = await page.request.get(`/api/nutrition/foods?q=${'x'.repeat(500)}`);
  expect(res.status()).toBe(400);
  expect(await res.json()).toMatchObject({ message: 'Search must be at most 100 characters' });
  const zero = await page.request.post('/api/food-entries', { data: { foodId: 1117, grams: 0, mealType: 'lunch' } });
  expect(zero.status()).toBe(400);
  expect(await zero.json()).toMatchObject({ message: 'Portion must be more than 0 g' });

  await page.goto('/nutrition');
  await page.getByLabel('Search foods').fill('zzqx');
  await expect(page.getByRole('status').filter({ hasText: 'No foods found.' })).toBeVisible();
});
