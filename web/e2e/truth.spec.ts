import { expect, test } from '@playwright/test';
import { expectNoA11yViolations, setTier, signUp } from './support';

// Issue 28, "one truth per number": the goal time, the leaderboard's default
// board and a simulation logged as a workout, each as the athlete sees it.

const today = () => new Date().toISOString().slice(0, 10);

test('the goal set in analytics is the goal race strategy plans for', async ({ page }) => {
  test.setTimeout(120_000);
  const user = await signUp(page);
  test.skip(!setTier(user, 'elite'), 'needs the harness database to make a user elite');
  const res = await page.request.post('/api/race-results', {
    data: {
      date: today(), eventName: 'Goal simulation', kind: 'simulation', division: 'open_women',
      runSplits: [300, 330, 330, 330, 330, 330, 330, 345], stationSplits: [270, 190, 280, 290, 290, 140, 300, 380], roxzoneSeconds: 420,
    },
  });
  expect(res.status(), await res.text()).toBe(201);

  await page.goto('/analytics');
  await page.getByLabel('Goal time (h:mm:ss)').fill('1:20:00');
  await page.getByRole('button', { name: 'Set goal' }).click();
  await expect(page.getByText(/Against your goal of 1:20:00/)).toBeVisible();
  await expectNoA11yViolations(page);

  await page.goto('/race-strategy');
  await expect(page.getByLabel('Goal time (h:mm:ss)')).toHaveValue('1:20:00');
  await expect(page.getByRole('heading', { name: /Pacing plan for 1:20:00/ })).toBeVisible();
  await expect(page.getByTestId('plan-total')).toHaveText('1:20:00');
  await expectNoA11yViolations(page);

  // A plan for another goal makes it the goal analytics shows.
  await page.getByLabel('Goal time (h:mm:ss)').fill('1:18:30');
  await page.getByRole('button', { name: 'Build pacing plan' }).click();
  await expect(page.getByRole('heading', { name: /Pacing plan for 1:18:30/ })).toBeVisible();
  await page.goto('/analytics');
  await expect(page.getByLabel('Goal time (h:mm:ss)')).toHaveValue('1:18:30');
  await expect(page.getByText(/Against your goal of 1:18:30/)).toBeVisible();
});

const daysAgo = (n: number) => new Date(Date.now() - n * 86_400_000);

test('a simulation logged as a workout counts in analytics as stations done', async ({ page }) => {
  test.setTimeout(120_000);
  const user = await signUp(page);
  test.skip(!setTier(user, 'pro'), 'needs the harness database to make a user pro');
  // A race six weeks ago: its stations are older than the last 4 weeks.
  const race = await page.request.post('/api/race-results', {
    data: {
      date: daysAgo(42).toISOString().slice(0, 10), eventName: 'HYROX Hamburg', kind: 'race', division: 'open_men',
      runSplits: [290, 320, 320, 320, 320, 320, 320, 334], stationSplits: [262, 179, 275, 288, 283, 131, 289, 366], roxzoneSeconds: 413,
    },
  });
  expect(race.status(), await race.text()).toBe(201);
  await page.goto('/analytics');
  await expect(page.getByText('0 of 8 stations done in a race or simulation in the last 4 weeks.')).toBeVisible();

  // The catalogue's Full HYROX Simulation, logged as a workout two days ago.
  const workouts: { id: number; name: string }[] = await (await page.request.get('/api/workouts')).json();
  const full = workouts.find((w) => w.name === 'Full HYROX Simulation');
  expect(full).toBeTruthy();
  const logged = await page.request.post('/api/workout-logs', {
    data: { workoutId: full!.id, workoutName: full!.name, duration: 85, rating: 4, rpe: 8, completedAt: daysAgo(2).toISOString() },
  });
  expect(logged.status(), await logged.text()).toBe(201);
  const log = await logged.json();

  await page.goto('/analytics');
  await expect(page.getByText('8 of 8 stations done in a race or simulation in the last 4 weeks.')).toBeVisible();
  await expect(page.getByText(/2 race\(s\) or simulation\(s\) in the last 8 weeks \(1 logged as a workout\)/)).toBeVisible();
  const listed = page.getByTestId('logged-simulations');
  await expect(listed.getByRole('link', { name: 'Full HYROX Simulation' })).toHaveAttribute('href', `/workout-logs/${log.id}`);
  await expect(listed).toContainText('all 8 stations');
  await expectNoA11yViolations(page);

  // It is not a result: the leaderboard does not show it.
  await page.goto('/leaderboard');
  await page.getByRole('radio', { name: 'Simulations' }).click();
  await page.getByRole('radio', { name: 'All time' }).click();
  await expect(page.getByTestId('my-row')).toHaveCount(0);
});

test('the leaderboard opens on my division and ranks races, simulations apart', async ({ page }) => {
  test.setTimeout(120_000);
  const user = await signUp(page);
  const today = new Date().toISOString().slice(0, 10);
  const splits = { runSplits: [300, 330, 330, 330, 330, 330, 330, 345], stationSplits: [270, 190, 280, 290, 290, 140, 300, 380], roxzoneSeconds: 420 };
  // A race, and a faster simulation: the simulation never ranks against races.
  for (const [kind, first] of [['race', 300], ['simulation', 240]] as const) {
    const res = await page.request.post('/api/race-results', {
      data: { date: today, eventName: `My ${kind}`, kind, division: 'pro_women', ...splits, runSplits: [first, ...splits.runSplits.slice(1)] },
    });
    expect(res.status(), await res.text()).toBe(201);
  }
  await page.goto('/leaderboard');
  await expect(page.getByLabel('Division')).toHaveValue('pro_women');
  await expect(page.getByRole('radio', { name: 'Races' })).toHaveAttribute('aria-checked', 'true');
  const mine = page.getByTestId('my-row');
  await expect(mine).toContainText(user.username);
  await expect(mine).toContainText('Race');
  await expect(page.getByRole('table')).not.toContainText('Simulation');
  await expectNoA11yViolations(page);

  await page.getByRole('radio', { name: 'Simulations' }).click();
  await expect(page.getByTestId('simulation-note')).toContainText('self-reported');
  await expect(mine).toContainText('Simulation');
  await expect(page.getByRole('table')).not.toContainText(/\bRace\b/);
  await expectNoA11yViolations(page);

  // A visitor's board is Open Men.
  const visitor = await page.context().browser()!.newContext();
  const res = await visitor.request.get(new URL('/api/leaderboard/default', page.url()).toString());
  expect(await res.json()).toEqual({ period: 'week', division: 'open_men', kind: 'race' });
  await visitor.close();
});
