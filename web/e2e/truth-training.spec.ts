import { expect, test, type Page } from '@playwright/test';
import { expectNoA11yViolations, setTier, signUp } from './support';

// One truth per number in training (docs/training-logs.md): a PR only where it
// is one, one load message on every page, charts drawn to a written scale.

const pad = (n: number) => String(n).padStart(2, '0');
const localDate = (d: Date) => `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}`;
const daysAgo = (n: number, hour = 10) => {
  const d = new Date();
  d.setDate(d.getDate() - n);
  d.setHours(hour, 0, 0, 0);
  return d;
};

/** A simulation log: eight 1 km runs with these times, then the SkiErg. */
async function logSimulation(page: Page, at: Date, runs: number[], ski: number): Promise<{ id: number; newRecords?: unknown[] }> {
  const exercises = [...runs.map((timeS) => ({ exercise: 'Run', distanceM: 1000, timeS })), { exercise: 'SkiErg', distanceM: 1000, timeS: ski }];
  const res = await page.request.post('/api/workout-logs', {
    data: { workoutName: 'E2E full simulation', completedAt: at.toISOString(), duration: 90, rpe: 9, rating: 4, exercises },
  });
  expect(res.status(), await res.text()).toBe(201);
  return res.json();
}

test('a first simulation log is a baseline with no PR; a faster second one shows exactly one PR, on its fastest run', async ({ page }) => {
  test.setTimeout(120_000);
  await signUp(page);
  const first = await logSimulation(page, daysAgo(3), [300, 310, 305, 320, 315, 330, 325, 340], 240);
  expect(first.newRecords ?? []).toHaveLength(0);
  await page.goto(`/workout-logs/${first.id}?saved=1`);
  await expect(page.getByTestId('log-exercises')).toContainText('5:00');
  await expect(page.getByTestId('new-pr')).toHaveCount(0);
  await expect(page.getByTestId('pr-badge')).toHaveCount(0);
  await expectNoA11yViolations(page);
  await page.goto('/workout-logs');
  await expect(page.getByText('No records yet.')).toBeVisible();

  const second = await logSimulation(page, daysAgo(1), [299, 299, 280, 301, 310, 320, 330, 335], 250);
  await page.goto(`/workout-logs/${second.id}?saved=1`);
  await expect(page.getByTestId('new-pr')).toContainText('New PR!');
  await expect(page.getByTestId('new-pr').getByRole('listitem')).toHaveCount(1);
  await expect(page.getByTestId('pr-badge')).toHaveCount(1);
  await expect(page.getByRole('row').filter({ has: page.getByTestId('pr-badge') })).toContainText('4:40');
  await expectNoA11yViolations(page);
  await page.goto('/workout-logs');
  await expect(page.getByTestId('personal-records').getByRole('listitem')).toHaveCount(1);
  await expect(page.getByTestId('personal-records')).toContainText('4:40');
  await expectNoA11yViolations(page);
});

test('the home, the logs page and the analytics say the same about the load; a 50 % compliance week is half a bar', async ({ page }) => {
  test.setTimeout(150_000);
  const user = await signUp(page);
  test.skip(!setTier(user, 'pro'), 'needs the harness database to make a user pro');
  const race = await page.request.post('/api/race-results', {
    data: {
      date: localDate(daysAgo(2)),
      eventName: 'E2E simulation',
      kind: 'simulation',
      division: 'open_men',
      runSplits: [290, 320, 320, 320, 320, 320, 320, 334],
      stationSplits: [262, 179, 275, 288, 283, 131, 289, 366],
      roxzoneSeconds: 413,
    },
  });
  expect(race.status(), await race.text()).toBe(201);

  // A first week of training: the ratio (always 4 then) is not judged anywhere.
  await logSimulation(page, daysAgo(2), [300, 300, 300, 300, 300, 300, 300, 300], 240);
  await page.goto('/');
  const message = await page.getByTestId('load-message').textContent();
  expect(message).toContain('needs load logged 8 to 28 days ago');
  await expect(page.getByTestId('load-ratio')).toHaveText('—');
  await expectNoA11yViolations(page);
  await page.goto('/workout-logs');
  await expect(page.getByTestId('load-message')).toHaveText(message!);
  await page.goto('/analytics');
  await expect(page.getByTestId('readiness-trainingLoad')).toHaveText(message!);
  await expect(page.getByTestId('readiness-trainingLoad')).not.toContainText('4.00');
  await expectNoA11yViolations(page);

  // Last week on the calendar: two sessions due, one done -> 50 % compliance.
  const monday = new Date();
  monday.setDate(monday.getDate() - ((monday.getDay() + 6) % 7) - 7);
  const plans = await (await page.request.get('/api/training-plans')).json();
  const plan = plans.find((p: { name: string }) => p.name === 'Station Strength Foundations');
  expect((await page.request.post(`/api/programs/${plan.id}/start`, { data: { startDate: localDate(monday) } })).status()).toBe(201);
  const sunday = new Date(monday);
  sunday.setDate(sunday.getDate() + 6);
  const cal = await (await page.request.get(`/api/calendar?from=${localDate(monday)}&to=${localDate(sunday)}`)).json();
  const week = cal.sessions.filter((s: { kind: string }) => s.kind === 'training');
  expect(week.length).toBe(3);
  const later = new Date();
  later.setDate(later.getDate() + 14);
  expect((await page.request.patch(`/api/calendar/sessions/${week[2].id}`, { data: { date: localDate(later) } })).status()).toBe(200);
  const done = new Date(monday);
  done.setHours(18, 0, 0, 0);
  const logged = await page.request.post('/api/workout-logs', {
    data: { plannedSessionId: week[0].id, completedAt: done.toISOString(), duration: 60, rpe: 6, rating: 3 },
  });
  expect(logged.status(), await logged.text()).toBe(201);

  // Now there is a base: the same judgement, in the same words, on every page.
  await page.goto('/');
  const judged = await page.getByTestId('load-message').textContent();
  expect(judged).toMatch(/Your last 7 days' load is \d\.\d\d x your weekly average/);
  const ratio = await page.getByTestId('load-ratio').textContent();
  expect(judged).toContain(`${ratio} x`);
  await expectNoA11yViolations(page);
  await page.goto('/workout-logs');
  await expect(page.getByTestId('load-message')).toHaveText(judged!);
  await expect(page.getByTestId('load-ratio')).toHaveText(ratio!);
  const bar = page.getByTestId('compliance-chart').locator('[data-value="50"]');
  await expect(bar).toHaveCount(1);
  const [barHeight, chartHeight] = await Promise.all([bar.evaluate((el) => el.getBoundingClientRect().height), page.getByTestId('compliance-chart').evaluate((el) => el.clientHeight)]);
  expect(barHeight / chartHeight).toBeCloseTo(0.5, 1);
  await expect(page.getByTestId('compliance-chart-axis')).toContainText('100%');
  await expect(page.getByTestId('compliance-chart')).toHaveAttribute('aria-label', /scale 0 to 100%.*50%/);
  await expectNoA11yViolations(page);
  await page.setViewportSize({ width: 360, height: 800 });
  await expectNoA11yViolations(page);
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.goto('/analytics');
  await expect(page.getByTestId('readiness-trainingLoad')).toHaveText(judged!);
  await expectNoA11yViolations(page);
});
