import { expect, test, type Page } from '@playwright/test';
import { expectNoA11yViolations, setTier, signUp } from './support';

// Pro and elite users are the seeded demo athletes (password hyrox-demo).
// Each test uses its own account and checks only what it wrote, so the tests
// do not depend on each other.

async function logIn(page: Page, username: string) {
  const res = await page.request.post('/api/login', { data: { username, password: 'hyrox-demo' } });
  expect(res.status(), await res.text()).toBe(200);
}

// A 55:00 simulation: runs 8 x 3:30 = 28:00, stations 22:00, Roxzone 5:00.
const RUNS = Array(8).fill('3:30');
const STATIONS: [string, string][] = [
  ['SkiErg', '3:40'],
  ['Sled Push', '2:00'],
  ['Sled Pull', '2:40'],
  ['Burpee Broad Jumps', '2:30'],
  ['Rowing', '3:50'],
  ['Farmers Carry', '1:20'],
  ['Sandbag Lunges', '2:40'],
  ['Wall Balls', '3:20'],
];

test('a pro athlete enters a simulation, sees it on the simulations board (not the races) and gets analytics', async ({ page }) => {
  test.setTimeout(120_000);
  await logIn(page, 'demo_pro');
  await page.goto('/race-results');
  await expect(page.getByRole('heading', { name: 'Race Results' })).toBeVisible();
  // The previous result's division is reused.
  await expect(page.getByLabel('Division')).toHaveValue('open_men');
  await page.getByLabel('Event name').fill('E2E simulation');
  await page.getByRole('radio', { name: 'Simulation' }).check();
  for (let i = 0; i < 8; i++) {
    await page.getByLabel(`Run ${i + 1}`, { exact: true }).fill(RUNS[i]);
    await page.getByLabel(STATIONS[i][0], { exact: true }).fill(STATIONS[i][1]);
  }
  await page.getByLabel('Roxzone (all 16 transitions)').fill('5:00');
  await expect(page.getByTestId('running-total')).toHaveText('55:00');
  await expectNoA11yViolations(page);
  await page.getByRole('button', { name: 'Save result' }).click();
  await expect(page.getByText('Result saved').first()).toBeVisible();
  await expect(page.getByRole('listitem').filter({ hasText: 'E2E simulation' }).first()).toContainText('55:00');

  // The weekly block on the home page ranks official races only: the simulation is not there.
  await page.goto('/');
  await expect(page.getByText('Official races this week.')).toBeVisible();
  await expect(page.getByRole('list', { name: "This week's top 3" }).getByText('55:00')).toHaveCount(0);
  await page.locator('#community').scrollIntoViewIfNeeded();
  await expectNoA11yViolations(page);
  await page.getByRole('link', { name: 'View Full Leaderboard' }).click();
  await expect(page).toHaveURL(/\/leaderboard$/);
  // The board opens on my division, races; my simulation ranks on the simulations' board.
  await expect(page.getByLabel('Division')).toHaveValue('open_men');
  await expect(page.getByRole('radio', { name: 'Races' })).toHaveAttribute('aria-checked', 'true');
  await page.getByRole('radio', { name: 'Simulations' }).click();
  await expect(page.getByTestId('simulation-note')).toBeVisible();
  await expect(page.getByTestId('my-row')).toContainText('demo_pro');
  await expect(page.getByTestId('my-rank')).toContainText('#1');
  await page.getByLabel('Division').selectOption('pro_women');
  await expect(page.getByTestId('my-row')).toHaveCount(0);
  await page.getByRole('radio', { name: 'All time' }).click();
  await expect(page.getByRole('cell', { name: 'jess_wallballs' })).toBeVisible();
  await page.getByLabel('Division').selectOption('all');
  await expectNoA11yViolations(page);

  // Analytics, by hand: sum of parts 1680 + 1320 + 300 = 3300 s = 55:00, every
  // part recorded so no range; Roxzone 300 / 16 = 18.8 s a passage and
  // 300 / 3300 = 9.1 % of the race; wall balls 3:20.
  await page.goto('/analytics');
  await expect(page.getByTestId('predicted-finish')).toHaveText('55:00');
  await expect(page.getByTestId('predicted-range')).toHaveCount(0);
  await expect(page.getByText('Method: sum of parts.')).toBeVisible();
  await expect(page.getByTestId('runs-only')).toContainText(/From your 8 runs alone: [\d:]+ \(80% range [\d:]+–[\d:]+\)/);
  await expect(page.getByRole('img', { name: /^Roxzone: 18.8 seconds per passage .* 9.1% of the race/ })).toBeVisible();
  await expect(page.locator('strong', { hasText: /^18\.8 s$/ })).toBeVisible();
  await expect(page.locator('strong', { hasText: /^9\.1%$/ })).toBeVisible();
  const wallBalls = page.getByRole('row', { name: /^Wall Balls/ }).first();
  await expect(wallBalls).toContainText('3:20');
  await expect(page.getByTestId('readiness-score')).toBeVisible();
  await expect(page.getByRole('img', { name: /Station times against the reference/ })).toBeVisible();
  await expect(page.getByRole('img', { name: /Finish time trend/ })).toBeVisible();
  await expectNoA11yViolations(page);
  await page.emulateMedia({ colorScheme: 'dark' });
  await page.evaluate(() => document.documentElement.classList.add('dark'));
  await expectNoA11yViolations(page);
});

// A half simulation of a 1:24 Men's Open athlete: 8 runs, stations 1-4 and the
// Roxzone; stations 5-8 not done.
const HALF_RUNS = ['4:50', '5:20', '5:20', '5:20', '5:20', '5:20', '5:20', '5:34'];
const HALF_STATIONS = ['4:22', '2:59', '4:35', '4:48'];

test('a pro athlete with a half simulation sees a prediction, its 80% range and station percentiles', async ({ page }) => {
  test.setTimeout(120_000);
  const user = await signUp(page);
  test.skip(!setTier(user, 'pro'), 'needs the harness database to make a user pro');
  await page.goto('/race-results');
  await page.getByLabel('Event name').fill('Half simulation');
  await page.getByRole('radio', { name: 'Simulation' }).check();
  await page.getByLabel('Division').selectOption('open_men');
  for (let i = 0; i < 8; i++) await page.getByLabel(`Run ${i + 1}`, { exact: true }).fill(HALF_RUNS[i]);
  for (let i = 0; i < 4; i++) await page.getByLabel(STATIONS[i][0], { exact: true }).fill(HALF_STATIONS[i]);
  await page.getByLabel('Roxzone (all 16 transitions)').fill('6:53');
  await page.getByRole('button', { name: 'Save result' }).click();
  await expect(page.getByText('Result saved').first()).toBeVisible();

  // The page shows what the API computed from the fitted real-data model.
  const a = await (await page.request.get('/api/analytics')).json();
  const clock = (s: number) => `${Math.floor(s / 3600)}:${String(Math.floor(s / 60) % 60).padStart(2, '0')}:${String(s % 60).padStart(2, '0')}`;
  expect(a.prediction.method).toBe('filled');
  expect(a.prediction.lowSeconds).toBeLessThan(a.prediction.seconds);
  expect(a.prediction.highSeconds).toBeGreaterThan(a.prediction.seconds);
  // About 1:24 (runs 42:24, stations 1-4 16:44, Roxzone 6:53, the rest filled).
  expect(a.prediction.seconds).toBeGreaterThan(4800);
  expect(a.prediction.seconds).toBeLessThan(5300);

  await page.goto('/analytics');
  await expect(page.getByTestId('predicted-finish')).toHaveText(clock(a.prediction.seconds));
  await expect(page.getByTestId('predicted-range')).toHaveText(`80% range: ${clock(a.prediction.lowSeconds)}–${clock(a.prediction.highSeconds)}`);
  await expect(page.getByText(/Method: missing parts filled from real race results\. .*Open Men athletes of your run profile/)).toBeVisible();
  await expect(page.getByText('Filled: Rowing, Farmers Carry, Sandbag Lunges, Wall Balls.')).toBeVisible();
  // Percentiles among athletes within 10 % of the predicted finish.
  const ski = a.stations[0];
  expect(ski.percentile).toBeGreaterThanOrEqual(5);
  await expect(page.getByRole('row', { name: /^SkiErg/ })).toContainText(`${ski.percentile}%`);
  await expect(page.getByRole('row', { name: /^Rowing/ })).toContainText('not done');
  await expect(page.getByTestId('roxzone-percentile')).toContainText(`Faster than ${a.roxzone.percentile}%`);
  await expect(page.getByText(new RegExp(`Compared with ${a.reference.peerCount} Open Men finishers of real races within 10%`))).toBeVisible();
  await expectNoA11yViolations(page);

  // At 360 px the bar charts keep labels of a readable size.
  await page.setViewportSize({ width: 360, height: 800 });
  const bars = page.getByRole('img', { name: /Station times against the reference/ });
  await expect(bars).toBeVisible();
  const sizes = await bars.locator('li > span').evaluateAll((els) => els.map((e) => parseFloat(getComputedStyle(e).fontSize)));
  expect(Math.min(...sizes)).toBeGreaterThanOrEqual(12);
  await expect(bars.getByText('Burpee Broad Jumps')).toBeVisible();
  const rox = page.getByRole('img', { name: /^Roxzone: / });
  const roxSizes = await rox.locator('span').evaluateAll((els) => els.filter((e) => e.textContent).map((e) => parseFloat(getComputedStyle(e).fontSize)));
  expect(Math.min(...roxSizes)).toBeGreaterThanOrEqual(12);
  await expectNoA11yViolations(page);
  await page.setViewportSize({ width: 1280, height: 800 });

  // The signed-in home carries the same prediction and range.
  await page.goto('/');
  const home = page.getByTestId('home-racing');
  await expect(home).toContainText(`Predicted finish ${clock(a.prediction.seconds)}`);
  await expect(home).toContainText(`80% range ${clock(a.prediction.lowSeconds)}–${clock(a.prediction.highSeconds)}`);
  await expectNoA11yViolations(page);
});

test('a basic athlete is sent to Upgrade Required for analytics and the API refuses', async ({ page }) => {
  test.setTimeout(60_000);
  await signUp(page);
  await page.goto('/analytics');
  await expect(page.getByRole('heading', { name: 'Upgrade Required' })).toBeVisible();
  await expect(page.getByText('This feature requires a Pro subscription or higher.')).toBeVisible();
  const res = await page.request.get('/api/analytics');
  expect(res.status()).toBe(403);
  expect((await res.json()).requiredTier).toBe('pro');
  await expectNoA11yViolations(page);
  // The leaderboard is for every signed-in athlete.
  await page.goto('/leaderboard');
  await expect(page.getByRole('heading', { name: 'Leaderboard' })).toBeVisible();
  await expect(page.getByRole('table')).toBeVisible();
});

test('an elite athlete gets a pacing plan whose parts add up to the goal', async ({ page }) => {
  test.setTimeout(60_000);
  await logIn(page, 'demo_elite');
  await page.goto('/race-strategy');
  await page.getByLabel('Goal time (h:mm:ss)').fill('1:05:00');
  await page.getByRole('button', { name: 'Build pacing plan' }).click();
  await expect(page.getByRole('heading', { name: /Pacing plan for 1:05:00/ })).toBeVisible();
  const cells = page.getByTestId('plan-seconds');
  await expect(cells).toHaveCount(17);
  const seconds = await cells.evaluateAll((els) => els.map((e) => Number(e.getAttribute('data-seconds'))));
  expect(seconds.reduce((a, b) => a + b, 0)).toBe(3900);
  await expect(page.getByTestId('plan-total')).toHaveText('1:05:00');
  await expect(page.getByRole('rowheader', { name: /Run 1/ })).toBeVisible();
  await expectNoA11yViolations(page);
});

// The analytics page at 360 and 1280 px: the prediction's range and a station
// percentile, the road 5K input's prediction (by hand against the API's own
// answer), the trend chart's legend and one date format, labels of a readable
// size; axe at each width.
for (const width of [360, 1280]) {
  test(`analytics at ${width} px: range, percentile, a road 5K's prediction and the trend legend`, async ({ page }) => {
    test.setTimeout(120_000);
    const user = await signUp(page);
    test.skip(!setTier(user, 'pro'), 'needs the harness database to make a user pro');
    await page.setViewportSize({ width, height: 900 });
    // Two complete simulations for the trend, then a half simulation (the
    // latest: a prediction with a range), through the API (the form has its own test above).
    const sim = (date: string, run1: number, complete: boolean) => ({
      date,
      eventName: `Simulation ${date}`,
      kind: 'simulation',
      division: 'open_women',
      runSplits: [run1, 330, 330, 330, 330, 330, 330, 345],
      stationSplits: complete ? [270, 190, 290, 300, 300, 120, 280, 330] : [270, 190, 290, 300, null, null, null, null],
      roxzoneSeconds: 420,
    });
    for (const [date, run1, complete] of [['2026-01-10', 310, true], ['2026-02-14', 300, true], ['2026-03-01', 300, false]] as const) {
      const res = await page.request.post('/api/race-results', { data: sim(date, run1, complete) });
      expect(res.status(), await res.text()).toBe(201);
    }
    const a = await (await page.request.get('/api/analytics')).json();
    const clock = (s: number) =>
      s >= 3600 ? `${Math.floor(s / 3600)}:${String(Math.floor(s / 60) % 60).padStart(2, '0')}:${String(s % 60).padStart(2, '0')}` : `${Math.floor(s / 60)}:${String(s % 60).padStart(2, '0')}`;

    await page.goto('/analytics');
    await expect(page.getByTestId('predicted-range')).toHaveText(`80% range: ${clock(a.prediction.lowSeconds)}–${clock(a.prediction.highSeconds)}`);
    const ski = a.stations[0];
    await expect(page.getByRole('row', { name: /^SkiErg/ })).toContainText(`${ski.percentile}%`);
    await expect(page.getByText(/Training load is not connected yet|Your last 7 days' load|No workouts with an RPE/)).toBeVisible();

    // The trend: a legend and dates as "Jan 10, 2026" (the page's one format).
    const legend = page.getByTestId('trend-legend');
    await expect(legend).toContainText('finish time (higher is faster)');
    await expect(legend).toContainText('simulation');
    const chart = page.getByRole('img', { name: /Finish time trend over 2 complete results: from .* on Jan 10, 2026 to .* on Feb 14, 2026/ });
    await expect(chart).toBeVisible();
    await expect(chart.getByText('Jan 10, 2026')).toBeVisible();
    await expect(chart.getByText('Feb 14, 2026')).toBeVisible();
    const labelSizes = await chart.locator('span').evaluateAll((els) => els.filter((e) => e.textContent).map((e) => parseFloat(getComputedStyle(e).fontSize)));
    expect(Math.min(...labelSizes)).toBeGreaterThanOrEqual(12);
    // Nothing wider than the screen.
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);

    // A road 5K: bad input gets its message, then 24:30 gets the API's prediction and range.
    const road = page.getByRole('heading', { name: 'From a road 5K or 10K' }).locator('xpath=ancestor::*[contains(@class,"rounded")][1]');
    await road.getByLabel('Road time').fill('9:00');
    await road.getByRole('button', { name: 'Predict' }).click();
    await expect(road.getByText('Enter a 5 km time between 12:30 and 1:30:00, as mm:ss or h:mm:ss.')).toBeVisible();
    await expect(road.getByLabel('Division')).toHaveValue('open_women');
    await road.getByLabel('Road time').fill('24:30');
    await road.getByRole('button', { name: 'Predict' }).click();
    const p = await (
      await page.request.post('/api/analytics/road-prediction', { data: { distanceKm: 5, seconds: 1470, division: 'open_women' } })
    ).json();
    await expect(road.getByTestId('road-predicted')).toHaveText(clock(p.seconds));
    await expect(road.getByTestId('road-range')).toHaveText(`Range: ${clock(p.lowSeconds)}–${clock(p.highSeconds)}`);
    await expect(road.getByText(/Riegel's formula/)).toBeVisible();
    expect(p.lowSeconds).toBeLessThan(p.seconds);
    expect(p.highSeconds).toBeGreaterThan(p.seconds);
    await expectNoA11yViolations(page);
    await page.screenshot({ path: test.info().outputPath(`analytics-${width}.png`), fullPage: true });
  });
}

test('a pro athlete without results predicts a finish from a road 10K', async ({ page }) => {
  test.setTimeout(60_000);
  const user = await signUp(page);
  test.skip(!setTier(user, 'pro'), 'needs the harness database to make a user pro');
  await page.goto('/analytics');
  await expect(page.getByText('No results yet.')).toBeVisible();
  await page.getByLabel('Distance').selectOption('10');
  await page.getByLabel('Road time').fill('50:00');
  await page.getByLabel('Division').selectOption('doubles_mixed');
  await page.getByRole('button', { name: 'Predict' }).click();
  const p = await (
    await page.request.post('/api/analytics/road-prediction', { data: { distanceKm: 10, seconds: 3000, division: 'doubles_mixed' } })
  ).json();
  const clock = (s: number) =>
    s >= 3600 ? `${Math.floor(s / 3600)}:${String(Math.floor(s / 60) % 60).padStart(2, '0')}:${String(s % 60).padStart(2, '0')}` : `${Math.floor(s / 60)}:${String(s % 60).padStart(2, '0')}`;
  await expect(page.getByTestId('road-predicted')).toHaveText(clock(p.seconds));
  await expect(page.getByText(/Your 10 km in 50:00 is .* for 8 km of fresh running/)).toBeVisible();
  await expectNoA11yViolations(page);
});
