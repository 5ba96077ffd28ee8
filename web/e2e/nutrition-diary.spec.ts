import { expect, test, type Page } from '@playwright/test';
import { expectNoA11yViolations, setTier, signUp } from './support';

// The food diary's depth, history and plans (issue 15): log 1.5 cups to
// breakfast and check the macros to the gram, edit it, delete and undo, copy
// yesterday's lunch, the date picker, the week chart; a generated meal logged
// in one tap. SR24 has no Greek yogurt (see nutrition-foods.spec.ts): plain
// low-fat yogurt, 63 kcal, 5.25 g protein, 7.04 g carbs, 1.55 g fat per 100 g.

const YOGURT = 'Yogurt, plain, low fat, 12 grams protein per 8 ounce';

async function newProUser(page: Page) {
  const user = await signUp(page);
  test.skip(!setTier(user, 'pro'), 'needs the harness database to make a user pro');
  const targets = { dailyCalories: 2500, proteinTarget: 165, carbsTarget: 300, fatTarget: 80 };
  expect((await page.request.put(`/api/nutrition/${user.id}`, { data: targets })).status()).toBe(200);
  return user;
}

/** The browser's local today and yesterday, as the page computes them. */
async function localDays(page: Page) {
  return page.evaluate(() => {
    const iso = (d: Date) => `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}-${String(d.getDate()).padStart(2, '0')}`;
    const now = new Date();
    const y = new Date(now.getFullYear(), now.getMonth(), now.getDate() - 1, 12);
    const t = new Date(now.getFullYear(), now.getMonth(), now.getDate() + 1, 12);
    return { today: iso(now), yesterday: iso(y), tomorrow: iso(t) };
  });
}

for (const view of [
  { name: 'desktop', size: { width: 1280, height: 900 } },
  { name: '360px', size: { width: 360, height: 800 } },
]) {
  test(`a pro athlete edits, deletes and undoes, copies and looks back (${view.name})`, async ({ page }) => {
    test.setTimeout(150_000);
    await page.setViewportSize(view.size);
    await newProUser(page);
    await page.goto('/nutrition');
    const { today, yesterday, tomorrow } = await localDays(page);
    // Yesterday's lunch, to copy later.
    for (const body of [
      { foodName: 'Chicken breast', calories: 165, protein: 31, carbs: 0, fat: 4, quantity: '100g', mealType: 'lunch', date: yesterday },
      { foodName: 'Brown rice', calories: 216, protein: 5, carbs: 45, fat: 2, quantity: '1 cup', mealType: 'lunch', date: yesterday },
      { foodName: 'Oatmeal', calories: 154, protein: 6, carbs: 28, fat: 3, quantity: '1 cup', mealType: 'breakfast', date: yesterday },
    ]) {
      expect((await page.request.post('/api/food-entries', { data: body })).status()).toBe(201);
    }

    // Log 1.5 cups of yogurt to breakfast: 367.5 g, 232 kcal, 19 g protein, 26 g carbs, 6 g fat.
    await page.getByLabel('Search foods').pressSequentially('yog pla', { delay: 30 });
    const results = page.getByRole('list', { name: 'Foods found' });
    await results.getByRole('button', { name: new RegExp(`^${YOGURT}`) }).first().click();
    const form = page.getByRole('form', { name: YOGURT });
    await form.getByLabel('Portion', { exact: true }).selectOption({ label: 'cup (8 fl oz) (245 g)' });
    await form.getByLabel('How many').fill('1.5');
    await form.getByLabel('Meal', { exact: true }).selectOption('breakfast');
    await form.getByRole('button', { name: 'Add to Breakfast' }).click();
    const breakfast = page.getByTestId('meal-breakfast');
    await expect(breakfast.getByText('1.5 cup (8 fl oz) · P 19g · C 26g · F 6g')).toBeVisible();
    await expect(breakfast.getByText('232 cal').first()).toBeVisible();
    await expect(page.getByTestId('macro-calories-current')).toHaveText('232');
    await expectNoA11yViolations(page);

    // Edit: 2 cups (490 g): 309 kcal, 26 g protein, 34 g carbs, 8 g fat, from the grams.
    await breakfast.getByRole('button', { name: `Edit ${YOGURT}` }).click();
    const dialog = page.getByRole('dialog', { name: 'Edit entry' });
    await expect(dialog.getByLabel('How many')).toHaveValue('1.5');
    await dialog.getByLabel('How many').fill('2');
    await expect(dialog.getByTestId('portion-macros')).toHaveText(/^Weight490 gCalories309 calProtein26 gCarbs34 gFat8 g$/);
    await expectNoA11yViolations(page);
    await dialog.getByRole('button', { name: 'Save changes' }).click();
    await expect(dialog).toBeHidden();
    await expect(breakfast.getByText('2 cup (8 fl oz) · P 26g · C 34g · F 8g')).toBeVisible();
    await expect(page.getByTestId('macro-calories-current')).toHaveText('309');

    // Delete, then Undo: the same entry comes back.
    await breakfast.getByRole('button', { name: `Delete ${YOGURT}` }).click();
    await expect(breakfast.getByTestId('food-entry')).toHaveCount(0);
    await expect(page.getByTestId('macro-calories-current')).toHaveText('0');
    await page.getByRole('button', { name: 'Undo' }).click();
    await expect(breakfast.getByText('2 cup (8 fl oz) · P 26g · C 34g · F 8g')).toBeVisible();
    await expect(page.getByTestId('macro-calories-current')).toHaveText('309');

    // Copy yesterday's lunch into today.
    const copy = page.getByRole('form', { name: 'Copy from another day' });
    await expect(copy.getByLabel('Copy from')).toHaveValue(yesterday);
    await copy.getByLabel('What').selectOption('lunch');
    await copy.getByRole('button', { name: 'Copy to this day' }).click();
    await expect(copy.getByRole('status')).toHaveText('Copied 2 foods (Lunch of Yesterday).');
    const lunch = page.getByTestId('meal-lunch');
    await expect(lunch.getByTestId('food-entry')).toHaveCount(2);
    await expect(page.getByTestId('macro-calories-current')).toHaveText('690');
    await expect(page.getByTestId('meal-breakfast').getByTestId('food-entry')).toHaveCount(1); // only lunch came over
    // A future day cannot be copied: said clearly, nothing changed.
    const future = await page.request.post('/api/food-entries/copy', { data: { fromDate: tomorrow, toDate: today, tz: 'UTC' } });
    if (tomorrow > new Date().toISOString().slice(0, 10)) {
      expect(future.status()).toBe(400);
      expect(await future.json()).toMatchObject({ message: 'You cannot copy from a day in the future.' });
    }
    await expect(lunch.getByTestId('food-entry')).toHaveCount(2);
    await expectNoA11yViolations(page);

    // The week chart: today and yesterday against the target line.
    const history = page.getByTestId('nutrition-history');
    await history.scrollIntoViewIfNeeded();
    await expect(history.getByTestId('history-summary')).toContainText('2 of 7');
    // Each day against its own target (docs/nutrition-foods.md#day-targets): no calendar here, so the profile's.
    await expect(history.getByRole('img', { name: /^Calories: .*690 kcal \(target 2,500 kcal\)\.$/ })).toBeVisible();
    await expect(history.getByRole('img', { name: /^Calories: .* 535 kcal \(target 2,500 kcal\); .*690 kcal/ })).toBeVisible();
    await history.getByRole('button', { name: '12 weeks' }).click();
    await expect(history.getByTestId('history-weeks')).toBeVisible();
    await expectNoA11yViolations(page);

    // The date picker goes to yesterday; its lunch is still there.
    await page.getByLabel('Go to date').fill(yesterday);
    await expect(page.getByTestId('day-label')).toHaveText('Yesterday');
    await expect(page).toHaveURL(new RegExp(`/nutrition\\?date=${yesterday}$`));
    await expect(page.getByTestId('meal-lunch').getByTestId('food-entry')).toHaveCount(2);
    await expect(page.getByTestId('macro-calories-current')).toHaveText('535');
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(view.size.width);
    await expectNoA11yViolations(page);
  });
}

test('a pro athlete logs a generated meal in one tap, after a swap', async ({ page }) => {
  test.setTimeout(90_000);
  await newProUser(page);
  await page.goto('/nutrition');
  const plan = page.getByTestId('nutrition-plan');
  await expect(plan.getByTestId('plan-explanation')).toContainText('so these are your profile targets');
  await expect(plan.getByTestId('plan-targets')).toContainText('Carbs 300 g');
  // No calendar: the dashboard keeps the profile's targets and says nothing of the day.
  await expect(page.getByTestId('macro-carbs')).toContainText('/ 300 g');
  await expect(page.getByTestId('dashboard-targets-note')).toHaveCount(0);
  // The day meets calories and protein within 5 %.
  const totals = await plan.getByTestId('plan-totals').textContent();
  const [, kcal, protein] = /The day: ([\d,]+) kcal and (\d+) g protein/.exec(totals ?? '') ?? [];
  expect(Math.abs(Number(kcal?.replace(',', '')) - 2500)).toBeLessThanOrEqual(125);
  expect(Math.abs(Number(protein) - 165)).toBeLessThanOrEqual(8);
  await expectNoA11yViolations(page);

  const breakfast = plan.getByTestId('plan-breakfast');
  const before = await breakfast.getByRole('heading').textContent();
  await plan.getByRole('button', { name: 'Swap Breakfast' }).click();
  await expect(breakfast.getByRole('heading')).not.toHaveText(before ?? '');
  const mealKcal = Number(/^([\d,]+) kcal/.exec((await breakfast.locator('p').first().textContent()) ?? '')?.[1]?.replace(',', ''));
  await breakfast.getByRole('button', { name: 'Log Breakfast' }).click();
  await expect(page.getByText(/foods of .* added to Breakfast\./).first()).toBeVisible();
  const items = await breakfast.getByRole('listitem').count();
  await expect(page.getByTestId('meal-breakfast').getByTestId('food-entry')).toHaveCount(items);
  await expect(page.getByTestId('macro-calories-current')).toHaveText(mealKcal.toLocaleString('en-US'));
  await expectNoA11yViolations(page);
});

test('a pro athlete adds a custom food, logs it and stars a food of the database', async ({ page }) => {
  test.setTimeout(90_000);
  await newProUser(page);
  await page.goto('/nutrition');
  await page.getByRole('button', { name: 'New custom food' }).click();
  const dialog = page.getByRole('dialog', { name: 'New custom food' });
  await dialog.getByRole('button', { name: 'Save food' }).click();
  await expect(dialog.getByText('Name is required')).toBeVisible();
  await dialog.getByLabel('Name', { exact: true }).fill('Homemade oat bar');
  await dialog.getByLabel('Calories per 100 g').fill('400');
  await dialog.getByLabel('Protein per 100 g').fill('10');
  await dialog.getByLabel('Carbs per 100 g').fill('60');
  await dialog.getByLabel('Fat per 100 g').fill('12');
  await dialog.getByLabel('Portion name (optional)').fill('bar');
  await dialog.getByLabel('Portion weight (g)').fill('60');
  await expectNoA11yViolations(page);
  await dialog.getByRole('button', { name: 'Save food' }).click();
  await expect(dialog).toBeHidden();
  // Its form opens: 2 bars of 60 g = 480 kcal, 12 g protein, 72 g carbs, 14 g fat.
  const form = page.getByRole('form', { name: 'Homemade oat bar' });
  await form.getByLabel('How many').fill('2');
  await form.getByLabel('Meal', { exact: true }).selectOption('snack');
  await expect(form.getByTestId('portion-macros')).toHaveText(/^Weight120 gCalories480 calProtein12 gCarbs72 gFat14 g$/);
  await form.getByRole('button', { name: 'Add to Snack' }).click();
  await expect(page.getByTestId('meal-snack').getByText('2 bar · P 12g · C 72g · F 14g')).toBeVisible();
  await expect(page.getByRole('button', { name: /^My foods \(1\)$/ })).toBeVisible();

  // Edit it in the same dialog: the creation rules; the snack already logged keeps its figures.
  await page.getByRole('button', { name: /^My foods \(1\)$/ }).click();
  await page.getByRole('list', { name: 'My foods' }).getByRole('button', { name: 'Edit Homemade oat bar' }).click();
  const edit = page.getByRole('dialog', { name: 'Edit custom food' });
  await expect(edit.getByLabel('Name', { exact: true })).toHaveValue('Homemade oat bar');
  await expect(edit.getByLabel('Portion weight (g)')).toHaveValue('60');
  await edit.getByLabel('Name', { exact: true }).fill('');
  await edit.getByLabel('Calories per 100 g').fill('901');
  await edit.getByRole('button', { name: 'Save changes' }).click();
  await expect(edit.getByText('Name is required')).toBeVisible();
  await expect(edit.getByText('Calories per 100 g must be between 0 and 900')).toBeVisible();
  await expectNoA11yViolations(page);
  await edit.getByLabel('Name', { exact: true }).fill('Oat bar, less sugar');
  await edit.getByLabel('Calories per 100 g').fill('350');
  await edit.getByLabel('Portion weight (g)').fill('50');
  await edit.getByRole('button', { name: 'Save changes' }).click();
  await expect(edit).toBeHidden();
  const mine = page.getByRole('list', { name: 'My foods' });
  await expect(mine.getByRole('button', { name: /^Oat bar, less sugar/ })).toContainText('350 cal / 100 g');
  await expect(mine.getByText('Homemade oat bar')).toHaveCount(0);
  await expect(page.getByTestId('meal-snack').getByText('Homemade oat bar')).toBeVisible();
  await expect(page.getByTestId('meal-snack').getByText('2 bar · P 12g · C 72g · F 14g')).toBeVisible();
  // New entries use the new values: one 50 g bar at 350 kcal / 100 g is 175 kcal.
  await mine.getByRole('button', { name: /^Oat bar, less sugar/ }).click();
  await expect(page.getByRole('form', { name: 'Oat bar, less sugar' }).getByTestId('portion-macros')).toContainText('Weight50 gCalories175 cal');
  await page.getByRole('button', { name: 'Back to my foods' }).click();

  // Star a food of the database; it shows in Starred.
  await page.getByLabel('Search foods').fill('yog pla');
  await page.getByRole('list', { name: 'Foods found' }).getByRole('button', { name: new RegExp(`^${YOGURT}`) }).first().click();
  await page.getByRole('form', { name: YOGURT }).getByRole('button', { name: 'Star' }).click();
  await expect(page.getByRole('form', { name: YOGURT }).getByRole('button', { name: 'Starred' })).toHaveAttribute('aria-pressed', 'true');
  await page.getByLabel('Search foods').fill('');
  await page.getByRole('button', { name: /^Starred \(1\)$/ }).click();
  await expect(page.getByRole('list', { name: 'Starred' }).getByRole('button', { name: new RegExp(`^${YOGURT}`) })).toBeVisible();
  await expectNoA11yViolations(page);
});

test('the diary refuses bad input and another athlete\'s data', async ({ page, browser }) => {
  await newProUser(page);
  const { today } = await localDays(page);
  const logged = await page.request.post('/api/food-entries', { data: { foodId: 1117, grams: 100, mealType: 'lunch', date: today } });
  const entry = (await logged.json()) as { id: number };
  const bad = await page.request.patch(`/api/food-entries/${entry.id}`, { data: { grams: 10000 } });
  expect(bad.status()).toBe(400);
  expect(await bad.json()).toMatchObject({ message: 'Portion cannot exceed 5000 g' });
  const food = await page.request.post('/api/nutrition/custom-foods', { data: { name: 'Oat bar', kcal: 400, protein: 10, carbs: 60, fat: 12 } });
  const custom = (await food.json()) as { id: number };

  const other = await browser.newPage();
  await newProUser(other);
  expect((await other.request.get(`/api/nutrition/custom-foods/${custom.id}`)).status()).toBe(404);
  expect((await other.request.patch(`/api/food-entries/${entry.id}`, { data: { grams: 50 } })).status()).toBe(404);
  const log = await other.request.post('/api/food-entries', { data: { customFoodId: custom.id, grams: 50, mealType: 'snack' } });
  expect(log.status()).toBe(404);
  await other.close();
});

test("a pro athlete's day targets follow the training calendar: the hardest session moved to today raises carbohydrate", async ({ page }) => {
  test.setTimeout(90_000);
  await newProUser(page);
  await page.goto('/nutrition');
  const { today } = await localDays(page);
  // Follow a catalogue plan from today and move its hardest session (minutes x RPE) of the next two weeks to today.
  const plans: { id: number; requiredTier: string }[] = await (await page.request.get('/api/training-plans')).json();
  const plan = plans.find((p) => p.requiredTier !== 'elite')!;
  expect((await page.request.post(`/api/programs/${plan.id}/start`, { data: { startDate: today } })).status()).toBe(201);
  const inTwoWeeks = new Date(Date.now() + 13 * 86_400_000).toISOString().slice(0, 10);
  const cal: { sessions: { id: number; kind: string; minutes: number; rpe: number; date: string }[] } = await (
    await page.request.get(`/api/calendar?from=${today}&to=${inTwoWeeks}`)
  ).json();
  const load = (s: { minutes: number; rpe: number }) => s.minutes * (s.rpe || 5);
  const hardest = cal.sessions.filter((s) => s.kind === 'training').sort((a, b) => load(b) - load(a))[0];
  expect(load(hardest), 'the plan holds a session harder than an hour at RPE 5').toBeGreaterThan(300);
  // Today may already hold sessions of the plan: skip them, so today's load is the hardest session's alone.
  for (const s of cal.sessions.filter((s) => s.date === today && s.id !== hardest.id)) {
    expect((await page.request.patch(`/api/calendar/sessions/${s.id}`, { data: { status: 'skipped' } })).status()).toBe(200);
  }
  expect((await page.request.patch(`/api/calendar/sessions/${hardest.id}`, { data: { date: today } })).status()).toBe(200);

  await page.reload();
  const plan_ = page.getByTestId('nutrition-plan');
  await expect(plan_.getByTestId('plan-explanation')).toContainText(`Training day: ${hardest.minutes} minutes planned, load ${load(hardest)}`);
  await expect(plan_.getByTestId('plan-explanation')).toContainText('so carbohydrate is up');
  const carbs = Number(/Carbs (\d+) g/.exec((await plan_.getByTestId('plan-carbs').textContent()) ?? '')?.[1]);
  expect(carbs).toBeGreaterThan(300);
  await expect(plan_.getByTestId('plan-carbs')).toContainText('(profile 300 g)');
  // The dashboard's bars measure against the day's targets, and say so.
  const dashboard = page.getByTestId('nutrition-dashboard');
  await expect(dashboard.getByTestId('dashboard-targets-note')).toHaveText("Today's targets: training day");
  await expect(dashboard.getByTestId('macro-carbs')).toContainText(`/ ${carbs} g`);
  await expect(dashboard.getByTestId('macro-protein')).toContainText('/ 165 g');
  const planKcal = /Calories ([\d,]+) kcal/.exec((await plan_.getByTestId('plan-targets').textContent()) ?? '')?.[1];
  await expect(dashboard.getByTestId('macro-calories')).toContainText(`/ ${planKcal} kcal`);
  await expectNoA11yViolations(page);

  // The day's generated lunch is logged in one tap.
  const lunch = plan_.getByTestId('plan-lunch');
  await lunch.getByRole('button', { name: 'Log Lunch' }).click();
  await expect(page.getByText(/foods of .* added to Lunch\./).first()).toBeVisible();
  await expect(page.getByTestId('meal-lunch').getByTestId('food-entry')).toHaveCount(await lunch.getByRole('listitem').count());

  // The signed-in home's nutrition block measures against the same targets.
  await page.goto('/');
  const home = page.locator('#nutrition').getByTestId('nutrition-dashboard');
  await expect(home.getByTestId('dashboard-targets-note')).toHaveText("Today's targets: training day");
  await expect(home.getByTestId('macro-carbs')).toContainText(`/ ${carbs} g`);
  await expectNoA11yViolations(page);
});
