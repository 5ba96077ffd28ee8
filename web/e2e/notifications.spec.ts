import { expect, test } from '@playwright/test';
import { expectNoA11yViolations, signUp } from './support';

// Notification settings on the profile (docs/notifications.md): each kind is
// off until switched on and stays as set; the trial reminder is always on;
// the browser's zone is kept for the evening reminders.

test('a new athlete switches session reminders on in their profile, and it stays', async ({ browser }) => {
  const page = await (await browser.newContext({ timezoneId: 'Europe/Berlin' })).newPage();
  await signUp(page);
  await page.goto('/profile#notifications');
  const card = page.locator('#notifications');
  await expect(card.getByRole('heading', { name: 'Notifications' })).toBeVisible();
  const reminders = card.getByRole('checkbox', { name: 'Session reminders (the evening before)' });
  await expect(reminders).not.toBeChecked();
  const trial = card.getByRole('checkbox', { name: /My free trial is about to end/ });
  await expect(trial).toBeChecked();
  await expect(trial).toBeDisabled();
  await expect(card.getByText('Push is off on all your browsers: reminders come by e-mail.')).toBeVisible();
  await expectNoA11yViolations(page);

  const saved = page.waitForResponse((r) => r.url().endsWith('/api/notifications') && r.request().method() === 'PUT');
  await reminders.check();
  expect((await saved).status()).toBe(200);
  await page.reload();
  await expect(card.getByRole('checkbox', { name: 'Session reminders (the evening before)' })).toBeChecked();
  const settings = await (await page.request.get('/api/notifications')).json();
  expect(settings.timeZone).toBe('Europe/Berlin');

  await page.setViewportSize({ width: 360, height: 780 });
  await expect(card.getByRole('button', { name: 'Turn on push in this browser' })).toBeVisible();
  await expectNoA11yViolations(page);
});
