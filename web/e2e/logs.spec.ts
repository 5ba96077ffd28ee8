import { expect, test, type Page } from '@playwright/test';
import { expectNoA11yViolations, signUp } from './support';

// Detailed logs, personal records, load and compliance, and the signed-in
// home (docs/training-logs.md).

const pad = (n: number) => String(n).padStart(2, '0');
const localDate = (d: Date) => `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}`;
const localDateTime = (d: Date) => `${localDate(d)}T${pad(d.getHours())}:${pad(d.getMinutes())}`;
const daysFromNow = (n: number) => {
  const d = new Date();
  d.setDate(d.getDate() + n);
  return d;
};

/** LOGS_SHOTS_DIR=/tmp/x keeps screenshots of each page for a look by eye. */
async function shot(page: Page, name: string) {
  const dir = process.env.LOGS_SHOTS_DIR;
  if (dir) await page.screenshot({ path: `${dir}/${name}.png`, fullPage: true });
}

/**
 * Puts a session on today's calendar: starts the first basic plan today and
 * moves its first session to today. Returns that session's title and minutes.
 */
async function planToday(page: Page): Promise<{ title: string; minutes: number }> {
  const plans = await (await page.request.get('/api/training-plans')).json();
  const plan = plans.find((p: { requiredTier: string }) => p.requiredTier === 'basic');
  const today = localDate(new Date());
  expect((await page.request.post(`/api/programs/${plan.id}/start`, { data: { startDate: today } })).status()).toBe(201);
  const cal = await (await page.request.get(`/api/calendar?from=${today}&to=${localDate(daysFromNow(13))}`)).json();
  const first = cal.sessions.find((s: { kind: string }) => s.kind === 'training');
  expect((await page.request.patch(`/api/calendar/sessions/${first.id}`, { data: { date: today } })).status()).toBe(200);
  return { title: first.title, minutes: first.minutes };
}

/** An earlier log of these exercises, 40 days ago: the baseline a later log beats to set a PR (a first value is no PR). */
async function baseline(page: Page, exercises: Record<string, string | number>[]) {
  const res = await page.request.post('/api/workout-logs', {
    data: { workoutName: 'E2E baseline', completedAt: daysFromNow(-40).toISOString(), duration: 30, rating: 3, exercises },
  });
  expect(res.status(), await res.text()).toBe(201);
}

test('an athlete logs a custom workout with actuals and RPE, sees the PR and the load, and edits it', async ({ page }) => {
  test.setTimeout(180_000);
  await signUp(page);
  await baseline(page, [
    { exercise: 'SkiErg', distanceM: 1000, timeS: 240 },
    { exercise: 'Sandbag lunges', loadKg: 15 },
  ]);

  // The form: a custom workout three days ago with per-exercise actuals.
  await page.goto('/workout-logs/new');
  await expect(page.getByRole('heading', { level: 1, name: 'Log a workout' })).toBeVisible();
  const form = page.getByRole('form', { name: 'Workout log' });
  await expect(form.getByLabel('How it felt')).toHaveValue('');
  await form.getByLabel('Workout name').fill('E2E engine builder');

  // Bad input first: next week, a negative load.
  await form.getByLabel('Date and time').fill(localDateTime(daysFromNow(7)));
  await form.getByRole('button', { name: 'Add exercise' }).click();
  const rows = form.getByTestId('exercise-row');
  await rows.nth(0).getByLabel('Exercise', { exact: true }).fill('Sandbag lunges');
  await rows.nth(0).getByLabel('Load (kg)').fill('-5');
  await form.getByRole('button', { name: 'Save workout' }).click();
  await expect(form.getByText('A workout cannot be completed in the future')).toBeVisible();
  await expect(form.getByText('Load cannot be negative')).toBeVisible();
  await expect(form.getByText('Please choose how it felt')).toBeVisible();
  await expectNoA11yViolations(page);

  await form.getByLabel('Date and time').fill(localDateTime(daysFromNow(-3)));
  await rows.nth(0).getByLabel('Sets').fill('4');
  await rows.nth(0).getByLabel('Reps').fill('20');
  await rows.nth(0).getByLabel('Load (kg)').fill('20');
  await form.getByRole('button', { name: 'Add exercise' }).click();
  await rows.nth(1).getByLabel('Exercise', { exact: true }).fill('SkiErg');
  await rows.nth(1).getByLabel('Distance (m)').fill('1000');
  await rows.nth(1).getByLabel('Time', { exact: true }).fill('3:50');
  await form.getByLabel('Duration').fill('50:00');
  await form.getByLabel('Effort (RPE 1-10)').selectOption('7');
  await form.getByLabel('How it felt').selectOption('3');
  await shot(page, 'log-form-desktop');
  await form.getByRole('button', { name: 'Save workout' }).click();

  // The log's page: a 'New PR' moment for both records.
  await expect(page).toHaveURL(/\/workout-logs\/\d+\?saved=1$/);
  await expect(page.getByRole('heading', { level: 1, name: 'E2E engine builder' })).toBeVisible();
  const pr = page.getByTestId('new-pr');
  await expect(pr).toContainText('New PRs!');
  await expect(pr).toContainText('SkiErg 1000 m: 3:50');
  await expect(pr).toContainText('Sandbag lunges (best load): 20 kg');
  await expect(page.getByTestId('log-exercises').getByText('PR')).toHaveCount(2);
  await expect(page.getByText('Custom workout')).toBeVisible();
  await expectNoA11yViolations(page);
  await shot(page, 'log-detail-desktop');
  const logUrl = new URL(page.url()).pathname;

  // The list, the records and the load chart.
  await page.goto('/workout-logs');
  const top = page.getByTestId('workout-log').first();
  await expect(top).toContainText('E2E engine builder');
  await expect(top).toContainText('RPE 7 · load 350');
  await expect(top).toContainText('How it felt: 3/5');
  await expect(page.getByTestId('personal-records')).toContainText('SkiErg 1000 m');
  await expect(page.getByTestId('personal-records')).toContainText('3:50');
  await expect(page.getByTestId('acute-load')).toHaveText('350');
  await expect(page.getByTestId('load-chart').locator('[data-value="350"]')).toHaveCount(1);
  await expect(page.getByTestId('minutes-chart').locator('[data-value="50"]')).toHaveCount(1);
  await expectNoA11yViolations(page);
  await shot(page, 'logs-list-desktop');
  await page.setViewportSize({ width: 360, height: 800 });
  await expectNoA11yViolations(page);
  await shot(page, 'logs-list-360');
  await page.setViewportSize({ width: 1280, height: 800 });

  // Edit: a faster SkiErg is a new PR; the first version stays in the history.
  await page.goto(logUrl);
  await page.getByRole('button', { name: 'Edit', exact: true }).click();
  const edit = page.getByRole('form', { name: 'Workout log' });
  await expect(edit.getByTestId('exercise-row')).toHaveCount(2);
  await edit.getByTestId('exercise-row').nth(1).getByLabel('Time', { exact: true }).fill('3:40');
  await edit.getByRole('button', { name: 'Save changes' }).click();
  await expect(page.getByTestId('new-pr')).toContainText('SkiErg 1000 m: 3:40');
  await expect(page.getByTestId('edited-badge')).toBeVisible();
  await expect(page.getByTestId('log-history')).toContainText('As first logged');
  await expectNoA11yViolations(page);
  await page.setViewportSize({ width: 360, height: 800 });
  await shot(page, 'log-detail-360');
  await page.emulateMedia({ colorScheme: 'dark' });
  await page.reload();
  await expect(page.getByTestId('log-history')).toBeVisible();
  await expectNoA11yViolations(page);
  await page.goto('/workout-logs');
  await expect(page.getByTestId('load-chart')).toBeVisible();
  await expectNoA11yViolations(page);
  await page.emulateMedia({ colorScheme: 'light' });
  await page.goto('/workout-logs/new');
  await shot(page, 'log-form-360');

  // The API refuses an RPE of 11 and changes nothing.
  const bad = await page.request.post('/api/workout-logs', { data: { workoutName: 'X', rpe: 11, rating: 3 } });
  expect(bad.status()).toBe(400);
  expect(((await bad.json()) as { errors: Record<string, string> }).errors.rpe).toBe('RPE must be between 1 and 10');
});

test("the signed-in home shows today's planned session, logs it and marks it done", async ({ page }) => {
  test.setTimeout(120_000);
  const user = await signUp(page);
  await page.goto('/');
  await expect(page.getByRole('heading', { level: 1, name: `Welcome, ${user.username}` })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Today', exact: true })).toBeVisible();
  await expect(page.getByText('Nothing planned today.')).toBeVisible();
  await expect(page.getByTestId('week-strip').getByRole('listitem')).toHaveCount(7);
  await expectNoA11yViolations(page);

  const planned = await planToday(page);
  await page.reload();
  const session = page.getByTestId('today-session').filter({ hasText: planned.title });
  await expect(session).toContainText(`${planned.minutes} min`);
  await shot(page, 'home-desktop');
  await page.setViewportSize({ width: 360, height: 800 });
  await expectNoA11yViolations(page);
  await shot(page, 'home-360');
  await page.setViewportSize({ width: 1280, height: 800 });

  // Log it: the form is pre-filled from the plan (or, without the calendar's
  // endpoint, from the session by the server) and saving marks it done.
  await session.getByRole('link', { name: `Log ${planned.title}` }).click();
  await expect(page).toHaveURL(/\/workout-logs\/new\?planned=\d+$/);
  const form = page.getByRole('form', { name: 'Workout log' });
  await form.getByLabel('Effort (RPE 1-10)').selectOption('6');
  await form.getByLabel('How it felt').selectOption('4');
  await expect(form.getByLabel('Workout name')).toHaveValue(planned.title);
  await form.getByRole('button', { name: 'Save workout' }).click();
  await expect(page).toHaveURL(/\/workout-logs\/\d+\?saved=1$/);
  await expect(page.getByText('Planned session')).toBeVisible();

  await page.goto('/');
  await expect(session).toContainText('Done');
  await expect(session.getByRole('link', { name: 'View log' })).toBeVisible();
  await expect(page.getByTestId('compliance')).toContainText('100% (1/1)');
  await expectNoA11yViolations(page);
  await page.emulateMedia({ colorScheme: 'dark' });
  await page.reload();
  await expect(session).toContainText('Done');
  await expectNoA11yViolations(page);
});

test('an athlete who chooses imperial units logs and reads loads in lb; the API keeps kg', async ({ page }) => {
  test.setTimeout(120_000);
  await signUp(page);
  await baseline(page, [{ exercise: 'Deadlift', loadKg: 90 }]);
  await page.goto('/profile');
  const units = page.getByLabel('Units');
  await expect(units).toHaveValue('metric');
  await expectNoA11yViolations(page);
  await units.selectOption('imperial');
  await expect(page.getByText('Units saved').first()).toBeVisible();
  await page.reload();
  await expect(page.getByLabel('Units')).toHaveValue('imperial');

  await page.goto('/workout-logs/new');
  const form = page.getByRole('form', { name: 'Workout log' });
  await form.getByLabel('Workout name').fill('E2E imperial strength');
  await form.getByRole('button', { name: 'Add exercise' }).click();
  const row = form.getByTestId('exercise-row').nth(0);
  await row.getByLabel('Exercise', { exact: true }).fill('Deadlift');
  await row.getByLabel('Sets').fill('5');
  await row.getByLabel('Reps').fill('5');
  await row.getByLabel('Load (lb)').fill('225');
  await form.getByRole('button', { name: 'Add exercise' }).click();
  const run = form.getByTestId('exercise-row').nth(1);
  await run.getByLabel('Exercise', { exact: true }).fill('Run');
  await run.getByLabel('Distance (m)').fill('5000');
  await run.getByLabel('Time', { exact: true }).fill('25:00');
  await form.getByLabel('How it felt').selectOption('4');
  await form.getByRole('button', { name: 'Save workout' }).click();

  await expect(page).toHaveURL(/\/workout-logs\/\d+\?saved=1$/);
  await expect(page.getByTestId('new-pr')).toContainText('Deadlift (best load): 225 lb');
  const table = page.getByTestId('log-exercises');
  await expect(table).toContainText('225 lb');
  await expect(table).toContainText('3.11 mi');
  await expectNoA11yViolations(page);
  // On a phone a value and its unit stay on one line.
  await page.setViewportSize({ width: 360, height: 740 });
  for (const value of ['225 lb', '3.11 mi']) {
    const cell = table.getByRole('cell', { name: value });
    const lines = await cell.evaluate((el) => {
      const text = document.createRange();
      text.selectNodeContents(el);
      return text.getClientRects().length; // one box per line the text takes
    });
    expect(lines, `${value} on one line`).toBe(1);
  }
  await page.setViewportSize({ width: 1280, height: 800 });
  const id = /\/workout-logs\/(\d+)/.exec(page.url())![1];
  const stored = (await (await page.request.get(`/api/workout-logs/${id}/detail`)).json()) as { exercises: { loadKg?: number }[] };
  expect(stored.exercises[0]!.loadKg).toBeCloseTo(102.058, 3);

  // Editing shows the load back as typed.
  await page.getByRole('button', { name: 'Edit', exact: true }).click();
  await expect(page.getByRole('form', { name: 'Workout log' }).getByTestId('exercise-row').nth(0).getByLabel('Load (lb)')).toHaveValue('225');
  await page.goto('/workout-logs');
  await expect(page.getByTestId('personal-records')).toContainText('225 lb');
});
