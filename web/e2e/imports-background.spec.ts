import { expect, test } from '@playwright/test';
import { fitRun } from './fit-file';
import { expectNoA11yViolations, signUp } from './support';
import { zipFiles } from './zip-file';

// Background imports (docs/import.md#background-imports): a Strava export and
// a handful of watch files run on the job queue with a progress bar that a
// reload does not lose; every activity arrives once, and importing them again
// skips each one.

const stravaDate = (d: Date) =>
  `"${d.toLocaleString('en-US', { month: 'short', day: 'numeric', year: 'numeric', timeZone: 'UTC' })}, ${d.toLocaleString('en-US', { hour: 'numeric', minute: '2-digit', second: '2-digit', hour12: true, timeZone: 'UTC' })}"`;

test('a Strava export imports in the background with a progress bar that survives a reload', async ({ page }) => {
  test.setTimeout(120_000);
  await page.setViewportSize({ width: 360, height: 780 });
  await signUp(page);
  const hour = 3600_000;
  const now = Date.now();
  const archived = Array.from({ length: 6 }, (_, i) => new Date(now - (i + 2) * 24 * hour));
  const csv =
    'Activity ID,Activity Date,Activity Name,Activity Type,Elapsed Time,Distance,Filename,Distance\n' +
    archived.map((d, i) => `${200 + i},${stravaDate(d)},Run ${i},Run,900,3.0,activities/${200 + i}.fit,3000`).join('\n') +
    '\n';
  const archive = zipFiles([
    { name: 'activities.csv', data: Buffer.from(csv) },
    ...archived.map((d, i) => ({ name: `activities/${200 + i}.fit`, data: fitRun(d, 3, 300 + i) })),
  ]);
  const watchFiles = Array.from({ length: 5 }, (_, i) => ({
    name: `watch-${i}.fit`,
    mimeType: 'application/octet-stream',
    buffer: fitRun(new Date(now - (i + 10) * 24 * hour), 5, 290 + i),
  }));
  const files = [{ name: 'export_4242.zip', mimeType: 'application/zip', buffer: archive }, ...watchFiles];

  await page.goto('/import');
  await page.getByLabel('Activity files').setInputFiles(files);
  await page.getByRole('button', { name: 'Import 6 files' }).click();
  await expect(page.getByRole('heading', { name: /Importing in the background|Import finished/ })).toBeVisible();

  // A reload midway: the import goes on and the page finds it again.
  await page.reload();
  await expect(page.getByRole('heading', { name: /Importing in the background|Import finished/ })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Import finished' })).toBeVisible({ timeout: 60_000 });
  await expect(page.getByRole('status').filter({ hasText: 'Files read' })).toHaveText(
    'Files read: 6 of 6 · Imported: 11 · Skipped (already there): 0 · Failed: 0',
  );
  // The archive's own activities, counted as they were read.
  await expect(page.getByText('Activities read from export_4242.zip: 6 of 6')).toBeVisible();
  await expectNoA11yViolations(page);
  const me = await (await page.request.get('/api/user')).json();
  const logs = await (await page.request.get(`/api/workout-logs/${me.id}?limit=50`)).json();
  expect(logs.items).toHaveLength(11);

  // The same files again: every activity is found already there.
  await page.getByLabel('Activity files').setInputFiles(files);
  await page.getByRole('button', { name: 'Import 6 files' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Files read' })).toHaveText(
    'Files read: 6 of 6 · Imported: 0 · Skipped (already there): 11 · Failed: 0',
    { timeout: 60_000 },
  );
});

test('a large archive lists its failures first and the first 20 files until asked for all', async ({ page }) => {
  test.setTimeout(120_000);
  await page.setViewportSize({ width: 360, height: 780 });
  await signUp(page);
  const hour = 3600_000;
  const now = Date.now();
  const dates = Array.from({ length: 24 }, (_, i) => new Date(now - (i + 2) * 24 * hour));
  const csv =
    'Activity ID,Activity Date,Activity Name,Activity Type,Elapsed Time,Distance,Filename\n' +
    dates.map((d, i) => `${300 + i},${stravaDate(d)},Run ${i},Run,900,3.0,activities/${300 + i}.fit`).join('\n') +
    `\n399,${stravaDate(new Date(now - 40 * 24 * hour))},Broken,Run,900,3.0,activities/399.fit\n`;
  const archive = zipFiles([
    { name: 'activities.csv', data: Buffer.from(csv) },
    ...dates.map((d, i) => ({ name: `activities/${300 + i}.fit`, data: fitRun(d, 3, 300 + i) })),
    { name: 'activities/399.fit', data: Buffer.from('not a FIT file at all') },
  ]);

  await page.goto('/import');
  await page.getByLabel('Activity files').setInputFiles([{ name: 'export_25.zip', mimeType: 'application/zip', buffer: archive }]);
  await page.getByRole('button', { name: 'Import' }).click();
  await expect(page.getByRole('heading', { name: 'Import finished' })).toBeVisible({ timeout: 60_000 });
  const results = page.getByRole('list', { name: 'Background import results' });
  const rows = results.getByTestId('import-file');
  await expect(rows).toHaveCount(20);
  await expect(rows.first()).toContainText('activities/399.fit');
  await expect(rows.first()).toContainText('Failed');
  await expectNoA11yViolations(page);
  await page.getByRole('button', { name: 'Show all 25 files' }).click();
  await expect(rows).toHaveCount(25);
  await expect(page.getByRole('button', { name: /Show all/ })).toHaveCount(0);
});
