import { expect, test } from '@playwright/test';
import { advanceSandbox, expectNoA11yViolations, fillCard, signUp } from './support';

// Elite ends, the coaching ends (docs/coaching.md#choosing-a-coach): a cancelled
// elite subscription keeps the coach until the paid period is over, on the
// sandbox clock (`bin/hyrox sandbox advance`, as in billing.spec.ts).

test('an elite athlete who cancels keeps their coach to the end of the paid period, then the coaching ends', async ({ page }) => {
  test.setTimeout(150_000);
  await signUp(page);

  // Elite through the sandbox checkout (a 7-day trial for a new athlete).
  await page.goto('/subscription');
  await page.getByRole('button', { name: 'Upgrade to Elite' }).click();
  await fillCard(page, '4242 4242 4242 4242');
  await page.getByRole('button', { name: 'Start Free Trial' }).click();
  await expect(page).toHaveURL(/\/subscription\/success\?plan=elite/);

  // Choose demo_coach and write to them.
  await page.goto('/coaching');
  const card = page.getByRole('article').filter({ hasText: '@demo_coach' });
  await card.getByRole('button', { name: 'Choose Alex Morgan as my coach' }).click();
  await expect(card.getByText('Your coach')).toBeVisible();
  await page.getByLabel('Your message').fill('Starting my build today.');
  await page.getByRole('button', { name: 'Send' }).click();
  await expect(page.getByRole('list', { name: 'Messages' }).getByText('Starting my build today.')).toBeVisible();

  // Cancel: elite, and so the coaching, last to the period's end.
  await page.goto('/subscription');
  await page.getByRole('button', { name: 'Cancel Subscription' }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Confirm Cancellation' }).click();
  await expect(page.getByTestId('expiry-badge')).toContainText('Ends');
  await page.goto('/coaching');
  await expect(page.getByLabel('Your message')).toBeVisible();
  await expect(page.getByText('This coaching ended')).toHaveCount(0);

  // The period ends on the sandbox clock: basic, and the coaching is over; the thread stays readable.
  advanceSandbox(8);
  await page.goto('/subscription');
  await expect(page.getByTestId('plan-basic').getByRole('button', { name: 'Free Plan' })).toBeVisible();
  await page.goto('/coaching');
  await expect(page.getByRole('list', { name: 'Messages' }).getByText('Starting my build today.')).toBeVisible();
  await expect(page.getByText('This coaching ended: the conversation stays readable but takes no new messages.')).toBeVisible();
  await expect(page.getByText('Ended', { exact: true })).toBeVisible();
  await expectNoA11yViolations(page);
  const overview = (await (await page.request.get('/api/coaching')).json()) as { coach: unknown; threads: { active: boolean }[] };
  expect(overview.coach).toBeNull();
  expect(overview.threads.map((t) => t.active)).toEqual([false]);
});
