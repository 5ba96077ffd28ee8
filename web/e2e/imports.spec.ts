import { expect, test } from '@playwright/test';
import { fitRun } from './fit-file';
import { expectNoA11yViolations, localDate, planToday, signUp, startToday } from './support';

// Importing activity files (docs/import.md): a new athlete imports a watch
// FIT file; it becomes a log, completes the day's planned session on the
// calendar, and an unreadable file is reported by name beside it.

for (const [label, viewport] of [
  ['desktop', { width: 1280, height: 800 }],
  ['360 px', { width: 360, height: 780 }],
] as const) {
  test(`${label}: a new athlete imports a watch FIT file and sees it in the logs and on the calendar`, async ({ page }) => {
    test.setTimeout(120_000);
    await page.setViewportSize(viewport);
    await signUp(page);
    const title = await planToday(page);

    await page.goto('/import');
    await expect(page.getByRole('heading', { level: 1, name: 'Import activities' })).toBeVisible();
    await expectNoA11yViolations(page);

    await page.getByLabel('Activity files').setInputFiles([
      { name: 'Morning_Run.fit', mimeType: 'application/octet-stream', buffer: fitRun(startToday(40), 3, 300) },
      { name: 'notes.txt', mimeType: 'text/plain', buffer: Buffer.from('not an activity') },
    ]);
    const queue = page.getByRole('list', { name: 'Files to import' });
    await expect(queue.getByRole('listitem')).toHaveCount(2);
    await page.getByLabel('Your max heart rate (optional)').fill('190');
    await page.getByRole('button', { name: 'Import 2 files' }).click();

    await expect(page.getByRole('status')).toHaveText('1 imported, 1 failed');
    const results = page.getByTestId('import-file');
    await expect(results.nth(0)).toContainText('Morning_Run.fit');
    await expect(results.nth(0)).toContainText('Imported');
    await expect(results.nth(0)).toContainText('(completed a planned session)');
    await expect(results.nth(1)).toContainText('notes.txt is not a FIT, TCX, GPX (or .gz of one), Concept2 CSV or Strava export (.zip) file');
    await expectNoA11yViolations(page);

    // The link leads to the new log.
    await results.nth(0).getByRole('link', { name: /^Run/ }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Run 3.0 km' })).toBeVisible();
    await expect(page.getByText('Imported from Morning_Run.fit.', { exact: false })).toBeVisible();

    await page.goto('/workout-logs');
    await expect(page.getByText('Run 3.0 km').first()).toBeVisible();

    await page.goto('/calendar');
    const day = page.locator(`[data-testid="calendar-day"][data-date="${localDate(new Date())}"]`);
    const session = day.getByTestId('calendar-session').filter({ hasText: title });
    await expect(session.getByText('Done')).toBeVisible();
    await expectNoA11yViolations(page);

    // The same file again is skipped as a duplicate.
    await page.goto('/import');
    await page.getByLabel('Activity files').setInputFiles([
      { name: 'Morning_Run.fit', mimeType: 'application/octet-stream', buffer: fitRun(startToday(40), 3, 300) },
    ]);
    await page.getByRole('button', { name: 'Import', exact: true }).click();
    await expect(page.getByRole('status')).toHaveText('1 skipped as a duplicate');
  });
}
