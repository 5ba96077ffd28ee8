import { expect, test, type Page } from '@playwright/test';
import { expectNoA11yViolations, signUp } from './support';

type Plan = { id: number; name: string; requiredTier: string; locked: boolean };

async function plans(page: Page): Promise<Plan[]> {
  const res = await page.request.get('/api/training-plans');
  expect(res.status()).toBe(200);
  return (await res.json()) as Plan[];
}

test('home shows plan cards and the Sample HYROX Workout', async ({ page }) => {
  await page.goto('/');
  const section = page.locator('#training');
  await expect(section.getByTestId('plan-card')).toHaveCount(4);
  const sample = section.getByTestId('sample-workout');
  await expect(sample.getByText('Sample HYROX Workout')).toBeVisible();
  await expect(sample.getByRole('listitem').first()).toContainText('Run');
  await expectNoA11yViolations(page);
});

test('a basic user opens a plan, logs, edits and deletes a workout; pro plans are locked', async ({ page }) => {
  test.setTimeout(180_000); // a long journey; shared CI machines are slow
  const user = await signUp(page);
  const all = await plans(page);
  const basicPlan = all.find((p) => p.requiredTier === 'basic')!;
  const proPlan = all.find((p) => p.requiredTier === 'pro')!;

  // Training Plans page: cards, benefits, sample session; pro plans locked with an upgrade link.
  await page.goto('/training');
  await expect(page.getByRole('heading', { level: 1, name: 'HYROX Training Plans' })).toBeVisible();
  await expect(page.getByTestId('plan-card')).toHaveCount(all.length);
  for (const title of ['Time-Efficient', 'Proven Results', 'Progressive']) {
    await expect(page.getByRole('heading', { name: title })).toBeVisible();
  }
  const session = page.getByTestId('sample-session');
  await expect(session.getByRole('heading', { name: 'Sample HYROX Training Session' })).toBeVisible();
  await expect(session.getByText('Pro Tip')).toBeVisible();
  await expect(session.getByText('Train like the pros')).toBeVisible();
  await expect(session.getByTestId('sample-exercises').getByRole('listitem').first()).toContainText('1');
  const locked = page.getByRole('link', { name: `Upgrade to unlock ${proPlan.name}` });
  await expect(locked).toHaveAttribute('href', '/pricing');
  await expectNoA11yViolations(page);

  // The API refuses a pro plan's detail to a basic user; the page shows the lock.
  const refused = await page.request.get(`/api/training-plans/${proPlan.id}`);
  expect(refused.status()).toBe(403);
  expect(((await refused.json()) as { requiredTier: string }).requiredTier).toBe('pro');
  await page.goto(`/training/${proPlan.id}`);
  await expect(page.getByRole('heading', { name: 'This plan is locked' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Upgrade Subscription' })).toHaveAttribute('href', '/pricing');
  await expectNoA11yViolations(page);

  // Open a basic plan: weeks and sessions.
  await page.goto('/training');
  await page.getByRole('link', { name: `View plan: ${basicPlan.name}` }).click();
  await expect(page).toHaveURL(new RegExp(`/training/${basicPlan.id}$`));
  await expect(page.getByRole('heading', { level: 1, name: basicPlan.name })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Week 1' })).toBeVisible();
  await expectNoA11yViolations(page);

  // Log its first session from the dialog (workout preselected, its target time as the duration, 'how it felt' not chosen).
  await page.getByRole('button', { name: /^Log .*week 1/ }).first().click();
  const dialog = page.getByRole('dialog', { name: 'Log Workout' });
  await expect(dialog).toBeVisible();
  await expect(dialog.getByLabel('Duration')).toHaveValue(/^\d+:00$/);
  await dialog.getByLabel('Duration').fill('30:00');
  await expect(dialog.getByLabel('How it felt')).toHaveValue('');
  await expectNoA11yViolations(page);
  await dialog.getByRole('button', { name: 'Log Workout' }).click();
  await expect(dialog.getByText('Please choose how it felt')).toBeVisible();
  await dialog.getByLabel('How it felt').selectOption('5');
  await dialog.getByRole('button', { name: 'Log Workout' }).click();
  await expect(dialog).toBeHidden();

  // Workout logs page: the log at the top, stats counted.
  await page.goto('/workout-logs');
  await expect(page.getByRole('heading', { level: 1, name: 'My Workouts' })).toBeVisible();
  await expect(page.getByTestId('stat-total-workouts')).toContainText('1');
  await expect(page.getByTestId('stat-total-minutes')).toContainText('30 min');
  await expect(page.getByTestId('stat-avg-rating')).toContainText('5.0');

  // Log another on the log page, checking the form messages first.
  await page.getByRole('link', { name: 'Log Workout' }).click();
  await expect(page).toHaveURL(/\/workout-logs\/new$/);
  const log = page.getByRole('form', { name: 'Workout log' });
  await log.getByLabel('Duration').fill('0:20');
  await log.getByRole('button', { name: 'Save workout' }).click();
  await expect(log.getByText('Workout name is required')).toBeVisible();
  await expect(log.getByText('Duration must be at least 1 minute')).toBeVisible();
  await expect(log.getByText('Please choose how it felt')).toBeVisible();
  await log.getByLabel('Duration').fill('5:01:00');
  await log.getByRole('button', { name: 'Save workout' }).click();
  await expect(log.getByText('Duration cannot exceed 5 hours')).toBeVisible();
  const workoutSelect = log.getByLabel('Workout', { exact: true });
  await workoutSelect.selectOption({ index: 2 });
  const chosen = ((await workoutSelect.locator('option:checked').textContent()) ?? '').trim();
  await expect(log.getByLabel('Workout name')).toHaveValue(chosen);
  await log.getByLabel('Duration').fill('45:00');
  await log.getByLabel('How it felt').selectOption('3');
  await log.getByLabel('Notes (optional)').fill('Wall balls unbroken to 60');
  await log.getByRole('button', { name: 'Save workout' }).click();
  await expect(page).toHaveURL(/\/workout-logs\/\d+\?saved=1$/);
  await expect(page.getByRole('heading', { level: 1, name: chosen })).toBeVisible();

  await page.goto('/workout-logs');
  const top = page.getByTestId('workout-log').first();
  await expect(top).toContainText(chosen);
  await expect(top).toContainText('45 min');
  await expect(top).toContainText('Moderate');
  await expect(page.getByTestId('stat-total-workouts')).toContainText('2');
  await expect(page.getByTestId('stat-total-minutes')).toContainText('1h 15m');
  await expect(page.getByTestId('stat-avg-rating')).toContainText('4.0');
  await expectNoA11yViolations(page);

  // Edit it on its page; the edit shows and the previous version is kept.
  await top.getByRole('button', { name: /^Edit / }).click();
  await expect(page).toHaveURL(/\/workout-logs\/\d+$/);
  await page.getByRole('button', { name: 'Edit', exact: true }).click();
  const edit = page.getByRole('form', { name: 'Workout log' });
  await expect(edit.getByLabel('Duration')).toHaveValue('45:00');
  await edit.getByLabel('Duration').fill('1:30:00');
  await edit.getByLabel('How it felt').selectOption('1');
  await edit.getByRole('button', { name: 'Save changes' }).click();
  await expect(page.getByTestId('edited-badge')).toBeVisible();
  await expect(page.getByTestId('log-history')).toContainText('As first logged');
  await page.goto('/workout-logs');
  await expect(page.getByTestId('workout-log').first()).toContainText('1h 30m');
  await expect(page.getByTestId('workout-log').first()).toContainText('Very Easy');
  await expect(page.getByTestId('stat-total-minutes')).toContainText('2h');
  await expect(page.getByTestId('stat-avg-rating')).toContainText('3.0');

  // Delete it.
  await page.getByTestId('workout-log').first().getByRole('button', { name: /^Delete / }).click();
  const confirm = page.getByRole('dialog', { name: 'Delete Workout' });
  await confirm.getByRole('button', { name: 'Delete' }).click();
  await expect(confirm).toBeHidden();
  await expect(page.getByTestId('workout-log')).toHaveCount(1);
  await expect(page.getByTestId('stat-total-workouts')).toContainText('1');
  await expect(page.getByTestId('stat-total-minutes')).toContainText('30 min');

  // The list belongs to this user only.
  const other = await page.request.get(`/api/workout-logs/${user.id + 100000}`);
  expect(other.status()).toBe(403);
});

test('dark theme on a phone: plans and the log form stay readable', async ({ page }) => {
  test.setTimeout(120_000);
  await page.emulateMedia({ colorScheme: 'dark' });
  await page.setViewportSize({ width: 360, height: 780 });
  await signUp(page);
  await page.goto('/training');
  await expect(page.getByTestId('plan-card').first()).toBeVisible();
  await expectNoA11yViolations(page);
  await page.goto('/workout-logs');
  await expect(page.getByText('No workouts logged yet.', { exact: false })).toBeVisible();
  await expect(page.getByTestId('stat-avg-rating')).toContainText('N/A');
  await page.getByRole('link', { name: 'Log Workout' }).click();
  const form = page.getByRole('form', { name: 'Workout log' });
  await form.getByRole('button', { name: 'Save workout' }).click();
  await expect(form.getByText('Workout name is required')).toBeVisible();
  await expectNoA11yViolations(page);
});

test('the recent list pages with Load more, newest first', async ({ page }) => {
  test.setTimeout(120_000);
  const user = await signUp(page);
  const workouts = (await (await page.request.get('/api/workouts')).json()) as { id: number; name: string }[];
  for (let i = 1; i <= 11; i++) {
    const w = workouts[i % workouts.length]!;
    const res = await page.request.post('/api/workout-logs', {
      data: { userId: user.id, workoutId: w.id, workoutName: w.name, duration: i, rating: 3, notes: `session ${i}`, exercises: {} },
    });
    expect(res.status()).toBe(201);
  }
  await page.goto('/workout-logs');
  await expect(page.getByTestId('workout-log')).toHaveCount(10);
  await expect(page.getByTestId('workout-log').first()).toContainText('session 11');
  await page.getByRole('button', { name: 'Load more' }).click();
  await expect(page.getByTestId('workout-log')).toHaveCount(11);
  await expect(page.getByTestId('workout-log').last()).toContainText('session 1');
  await expect(page.getByRole('button', { name: 'Load more' })).toHaveCount(0);
  await expect(page.getByTestId('stat-total-minutes')).toContainText('1h 6m');
});
