import { expect, test } from '@playwright/test';
import { expectNoA11yViolations, setTier, signUp } from './support';

// Water in the diary (issue 32, docs/nutrition-diary.md#water): at 360 px a
// pro athlete taps a glass and a bottle, sees the total against the target,
// deletes a drink (undo), and the page passes the axe check.

test('a pro athlete logs water in one tap and deletes a drink (360px)', async ({ page }) => {
  test.setTimeout(90_000);
  await page.setViewportSize({ width: 360, height: 800 });
  const user = await signUp(page);
  test.skip(!setTier(user, 'pro'), 'needs the harness database to make a user pro');
  await page.goto('/nutrition');

  const card = page.getByTestId('water-card');
  await expect(card.getByRole('heading', { name: 'Water' })).toBeVisible();
  await expect(card.getByTestId('water-rule')).toHaveText('Target 2000 ml on a day without training.');
  await expect(card.getByTestId('macro-water-current')).toHaveText('0');

  await card.getByRole('button', { name: '+ Glass 250 ml' }).click();
  await expect(card.getByTestId('macro-water-current')).toHaveText('250');
  await card.getByRole('button', { name: '+ Large bottle 750 ml' }).click();
  await expect(card.getByTestId('macro-water-current')).toHaveText('1,000');
  await expect(card.getByRole('progressbar', { name: 'Water' })).toHaveAttribute('aria-valuenow', '50');
  // No training today: no electrolyte guidance.
  await expect(card.getByTestId('water-electrolytes')).toHaveCount(0);

  // Undo the glass.
  await card.getByRole('button', { name: 'Delete 250 ml drink' }).click();
  await expect(card.getByTestId('macro-water-current')).toHaveText('750');
  await expect(card.getByRole('list', { name: 'Drinks today' }).getByRole('listitem')).toHaveCount(1);

  // The card fits the 360 px screen.
  const box = await card.boundingBox();
  expect(box && box.x + box.width).toBeLessThanOrEqual(360);
  await page.screenshot({ path: 'test-results/water-360.png', fullPage: false, clip: box ?? undefined });
  await expectNoA11yViolations(page);
});
