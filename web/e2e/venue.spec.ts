import { expect, test, type Page } from '@playwright/test';
import { expectNoA11yViolations, signUp } from './support';

// A race at a fitted venue shows its time at an average venue; one at a venue the
// model does not know says it gets no correction (docs/analytics.md#venues).
async function createRace(page: Page, eventName: string, date: string): Promise<number> {
  const res = await page.request.post('/api/race-results', {
    data: {
      date,
      eventName,
      kind: 'race',
      division: 'open_men',
      runSplits: Array(8).fill(300),
      stationSplits: [240, 150, 200, 180, 260, 100, 200, 220],
      roxzoneSeconds: 450,
    },
  });
  expect(res.status(), await res.text()).toBe(201);
  return (await res.json()).id;
}

for (const width of [1280, 360]) {
  test(`a race result shows its time at an average venue (${width} px)`, async ({ page }) => {
    await page.setViewportSize({ width, height: 900 });
    await signUp(page);
    const madrid = await createRace(page, 'HYROX Madrid', '2026-01-10');
    const unknown = await createRace(page, 'HYROX Stockholm', '2026-01-11');

    await page.goto(`/race-results/${madrid}`);
    await expect(page.getByTestId('result-total')).toHaveText('1:13:20');
    const note = page.getByTestId('venue-time');
    await expect(note).toContainText('At an average venue:');
    await expect(note).toContainText('S6 2024 Madrid');
    // 4400 s / Madrid's factor (about 1.05): over 3 minutes faster.
    await expect(note.locator('strong')).toHaveText(/^1:(09|10):\d\d$/);
    await expectNoA11yViolations(page);
    await page.screenshot({ path: `test-results/venue-${width}.png`, fullPage: true });

    await page.goto(`/race-results/${unknown}`);
    await expect(page.getByTestId('venue-time')).toHaveText(
      'No venue correction: the model does not know this venue, so this time is shown as run.',
    );
    await expectNoA11yViolations(page);
  });
}

// The leaderboard ranks races across events by their time at an average venue and
// says so near the table; the time as run is shown under it (docs/analytics.md#venues).
test('the leaderboard ranks the time at an average venue and says so (360 px)', async ({ page }) => {
  await page.setViewportSize({ width: 360, height: 900 });
  await signUp(page);
  const today = new Date().toISOString().slice(0, 10);
  // 4400 s at Incheon (a fast venue, factor about 0.965): about 1:16 at an average venue.
  await createRace(page, 'HYROX Incheon', today);

  await page.goto('/leaderboard');
  await expect(page.getByRole('heading', { name: 'Leaderboard' })).toBeVisible();
  await expect(page.getByTestId('venue-note')).toHaveText('Times are corrected to an average venue.');
  const mine = page.getByTestId('my-row');
  await expect(mine).toContainText('1:13:20 as run');
  await expect(mine).toContainText(/1:1[56]:\d\d/);
  await expect(page.getByTestId('my-rank')).toContainText(/with 1:1[56]:\d\d/);
  await expectNoA11yViolations(page);
  await page.screenshot({ path: 'test-results/venue-leaderboard-360.png', fullPage: true });

  // Simulations have no venue: their board has no such note.
  await page.getByRole('radio', { name: 'Simulations' }).click();
  await expect(page.getByTestId('simulation-note')).toBeVisible();
  await expect(page.getByTestId('venue-note')).toHaveCount(0);
});
