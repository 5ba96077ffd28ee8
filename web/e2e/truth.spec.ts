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
