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
