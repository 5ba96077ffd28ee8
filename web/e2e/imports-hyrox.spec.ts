import { expect, test } from '@playwright/test';
import { fitLapped, fitRun, hyroxLaps } from './fit-file';
import { expectNoA11yViolations, localDate, planToday, setTier, signUp, startToday } from './support';

// A HYROX race from its laps (docs/import.md#hyrox-races-and-simulations): a
// new athlete imports a lapped watch file with an ordinary run; the laps are
// recognised, the proposed mapping is checked and edited on the confirmation
// screen and saved as a simulation, which the result page and analytics show.
// The run completes the day's planned session: calendar, load and home.

for (const [label, viewport] of [
  ['desktop', { width: 1280, height: 800 }],
  ['360 px', { width: 360, height: 780 }],
] as const) {
  test(`${label}: a lapped FIT file becomes a HYROX simulation after the athlete confirms the mapping; a watch run fills the plan`, async ({ page }) => {
    test.setTimeout(150_000);
    await page.setViewportSize(viewport);
    const user = await signUp(page);
    test.skip(!setTier(user, 'pro'), 'needs the harness database to make the athlete pro (analytics)');
    const title = await planToday(page);

    await page.goto('/import');
    await page.getByLabel('Activity files').setInputFiles([
      { name: 'Morning_Run.fit', mimeType: 'application/octet-stream', buffer: fitRun(startToday(40), 3, 300) },
      // The race was two days ago (a run the same day would be another activity anyway).
      { name: 'HYROX_Sim.fit', mimeType: 'application/octet-stream', buffer: fitLapped(new Date(Date.now() - 2 * 86_400_000), hyroxLaps()) },
    ]);
    await page.getByRole('button', { name: 'Import 2 files' }).click();
    await expect(page.getByRole('status')).toHaveText('2 imported');
    const results = page.getByTestId('import-file');
    await expect(results.nth(0)).toContainText('(completed a planned session)');
    const hyroxLink = results.nth(1).getByRole('link', { name: 'HYROX laps found (16): save as a race or simulation' });
    await expect(hyroxLink).toBeVisible();
    await expectNoA11yViolations(page);

    // The confirmation screen: the proposal, editable.
    await hyroxLink.click();
    await expect(page.getByRole('heading', { level: 1, name: 'Save as a HYROX race' })).toBeVisible();
    await expect(page.getByText('The laps follow the HYROX order.')).toBeVisible();
    await expect(page.getByLabel('Lap 1 is')).toHaveValue('run:1');
    await expect(page.getByLabel('Lap 2 is')).toHaveValue('station:1');
    await expect(page.getByLabel('Lap 16 is')).toHaveValue('station:8');
    // 8 runs 38:20 + stations 31:45 = 1:10:05.
    await expect(page.getByTestId('hyrox-total')).toHaveText('1:10:05');
    await expectNoA11yViolations(page);

    // An edit shows at once; a lap left unmapped must be mapped before saving.
    await page.getByLabel('Lap 16 is').selectOption('skip');
    await expect(page.getByTestId('hyrox-total')).toHaveText('1:04:35');
    await page.getByLabel('Lap 16 is').selectOption('');
    await expect(page.getByText('1 laps still to map.')).toBeVisible();
    await expect(page.getByRole('button', { name: 'Save simulation' })).toBeDisabled();
    await page.getByLabel('Lap 16 is').selectOption('station:8');
    // A race needs its event's name.
    await page.getByRole('radio', { name: 'A race' }).check();
    await expect(page.getByRole('button', { name: 'Save race' })).toBeDisabled();
    await expect(page.getByText('Name the event to save a race.')).toBeVisible();
    await page.getByRole('radio', { name: 'A simulation' }).check();
    // The Roxzone is inside the 16 laps: the athlete gives it from the official results.
    await page.getByLabel('Roxzone time (optional; a race needs it)').fill('7:41');
    await expect(page.getByText('7:41 of Roxzone, taken out of the runs in proportion')).toBeVisible();
    await page.getByRole('button', { name: 'Save simulation' }).click();
    await expect(page.getByRole('status')).toContainText('Saved as a simulation: HYROX simulation, 1:10:05.');
    await expectNoA11yViolations(page);

    await page.getByRole('link', { name: 'Open the result' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'HYROX simulation' })).toBeVisible();
    await expect(page.getByTestId('result-total')).toHaveText('1:10:05');
    await expect(page.getByLabel('Roxzone (all 16 transitions)')).toHaveValue('7:41');
    await expectNoA11yViolations(page);

    await page.goto('/analytics');
    await expect(page.getByTestId('predicted-finish')).toBeVisible();
    await expect(page.getByRole('row', { name: /^Wall Balls/ }).first()).toContainText('5:30');
    await expectNoA11yViolations(page);

    // The watch run: the calendar, the load (compliance) and the home.
    await page.goto('/calendar');
    const day = page.locator(`[data-testid="calendar-day"][data-date="${localDate(new Date())}"]`);
    await expect(day.getByTestId('calendar-session').filter({ hasText: title }).getByText('Done')).toBeVisible();
    await expectNoA11yViolations(page);
    await page.goto('/workout-logs');
    await expect(page.getByTestId('compliance')).toContainText('(1/');
    await expect(page.getByText('Run 3.0 km').first()).toBeVisible();
    await expectNoA11yViolations(page);
    await page.goto('/');
    await expect(page.getByTestId('today-session').filter({ hasText: title }).getByText('Done')).toBeVisible();
    await expectNoA11yViolations(page);
  });
}

test('a lap count that fits no HYROX layout starts unmapped; the athlete maps each lap and saves', async ({ page }) => {
  test.setTimeout(90_000);
  await signUp(page);
  await page.goto('/import');
  // Sled Pull's lap was never pressed: 15 laps.
  await page.getByLabel('Activity files').setInputFiles([
    { name: 'Missed_Lap.fit', mimeType: 'application/octet-stream', buffer: fitLapped(new Date(Date.now() - 3 * 86_400_000), hyroxLaps().slice(0, 15)) },
  ]);
  await page.getByRole('button', { name: 'Import', exact: true }).click();
  await page.getByRole('link', { name: '15 laps: map them to a HYROX race' }).click();
  await expect(page.getByTestId('hyrox-manual')).toContainText('15 laps match no HYROX layout');
  for (let i = 1; i <= 15; i++) await expect(page.getByLabel(`Lap ${i} is`)).toHaveValue('');
  await expect(page.getByText('15 laps still to map.')).toBeVisible();
  await expectNoA11yViolations(page);
  const mapping = ['run:1', 'station:1', 'run:2', 'station:2', 'run:3', 'station:3', 'run:4', 'station:4', 'run:5', 'station:5', 'run:6', 'station:6', 'run:7', 'station:7', 'run:8'];
  for (const [i, target] of mapping.entries()) await page.getByLabel(`Lap ${i + 1} is`).selectOption(target);
  await page.getByRole('button', { name: 'Save simulation' }).click();
  // Wall Balls has no lap: a simulation may leave a station out.
  await expect(page.getByRole('status')).toContainText('Saved as a simulation: HYROX simulation, 1:04:35.');
});
