import { expect, test, type Page } from '@playwright/test';
import { expectNoA11yViolations, setTier, signUp } from './support';

// Programs, the calendar and its ICS feed (docs/training.md).

type Plan = { id: number; name: string; requiredTier: string };

const pad = (n: number) => String(n).padStart(2, '0');
const iso = (d: Date) => `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}`;
function thisMonday(): string {
  const d = new Date();
  d.setDate(d.getDate() - ((d.getDay() + 6) % 7));
  return iso(d);
}

/** With PROGRAMS_SHOTS=dir, saves the page at 1280 px and 360 px wide for a look by eye. */
async function shots(page: Page, name: string) {
  const dir = process.env.PROGRAMS_SHOTS;
  if (!dir) return;
  await page.screenshot({ path: `${dir}/${name}-1280.png`, fullPage: true });
  const size = page.viewportSize();
  await page.setViewportSize({ width: 360, height: 800 });
  await page.screenshot({ path: `${dir}/${name}-360.png`, fullPage: true });
  if (size) await page.setViewportSize(size);
}

test('a new athlete starts a plan and sees this week on the calendar; moves and skips a session; the library links', async ({ page }) => {
  test.setTimeout(120_000);
  await signUp(page);
  const plans = (await (await page.request.get('/api/training-plans')).json()) as Plan[];
  const plan = plans.find((p) => p.name === 'HYROX WOD Starter') ?? plans.find((p) => p.requiredTier === 'basic')!;

  await page.goto(`/training/${plan.id}`);
  await expect(page.getByRole('heading', { level: 1, name: plan.name })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Week 4' })).toBeVisible();
  await expect(page.getByText('Race day').first()).toBeVisible();
  const start = page.getByRole('form', { name: `Start ${plan.name}` });
  await start.getByLabel('Start date').fill('2001-01-01');
  await start.getByRole('button', { name: 'Start on my calendar' }).click();
  await expect(start.getByText('The start date can be at most 4 weeks ago')).toBeVisible();
  await start.getByLabel('Start date').fill(thisMonday());
  await start.getByRole('button', { name: 'Start on my calendar' }).click();
  await expect(start.getByRole('status')).toContainText('sessions added');
  await expectNoA11yViolations(page);
  await shots(page, 'plan-detail');

  await start.getByRole('link', { name: 'Open the calendar' }).click();
  await expect(page).toHaveURL(/\/calendar/);
  await expect(page.getByRole('heading', { level: 1, name: 'Calendar' })).toBeVisible();
  await expect(page.getByTestId('calendar-day')).toHaveCount(7);
  const sessions = page.getByTestId('calendar-session');
  await expect(sessions.first()).toBeVisible();
  const count = await sessions.count();
  expect(count).toBeGreaterThanOrEqual(3);
  // A session of a day gone by shows as missed, today's and later ones as planned.
  for (const day of await page.getByTestId('calendar-day').all()) {
    const date = (await day.getAttribute('data-date')) ?? '';
    for (const s of await day.getByTestId('calendar-session').all()) {
      await expect(s.getByText(date < iso(new Date()) ? 'Missed' : 'Planned', { exact: true })).toBeVisible();
    }
  }
  await expect(sessions.first().getByRole('link', { name: 'Log this session' })).toHaveAttribute('href', /\/workout-logs\/new\?planned=\d+/);
  await expectNoA11yViolations(page);
  await shots(page, 'calendar-week');

  // Skip the first session, then move the second to Sunday.
  await sessions.first().getByRole('button', { name: 'Skip' }).click();
  await expect(sessions.first().getByText('Skipped')).toBeVisible();
  const second = sessions.nth(1);
  const title = (await second.locator('p.font-semibold').textContent()) ?? '';
  await second.getByRole('button', { name: 'Move' }).click();
  const sunday = new Date(`${thisMonday()}T12:00:00`);
  sunday.setDate(sunday.getDate() + 6);
  await second.getByLabel('New date').fill(iso(sunday));
  await second.getByRole('button', { name: 'Save' }).click();
  const sundayCell = page.locator(`[data-testid="calendar-day"][data-date="${iso(sunday)}"]`);
  await expect(sundayCell.getByText(title, { exact: true })).toBeVisible();
  await expect(sundayCell.getByText(/moved from/)).toBeVisible();

  // A planned session moved to yesterday shows as missed (the month grid holds yesterday).
  const planned = sessions.filter({ has: page.getByText('Planned', { exact: true }) }).first();
  const plannedTitle = (await planned.locator('p.font-semibold').textContent()) ?? '';
  await planned.getByRole('button', { name: 'Move' }).click();
  const yesterday = new Date();
  yesterday.setDate(yesterday.getDate() - 1);
  await planned.getByLabel('New date').fill(iso(yesterday));
  await planned.getByRole('button', { name: 'Save' }).click();

  // Month view and Today.
  await page.getByRole('button', { name: 'Month' }).click();
  await expect(page.getByTestId('month-day')).toHaveCount(42);
  await expect(page.locator(`[data-testid="month-day"][data-date="${iso(yesterday)}"] button`)).toHaveAttribute(
    'aria-label',
    new RegExp(`${plannedTitle.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')} \\(Missed\\)`),
  );
  await expectNoA11yViolations(page);
  await shots(page, 'calendar-month');
  await page.getByRole('button', { name: 'Today' }).click();
  await page.getByRole('button', { name: 'Week' }).click();
  await expect(page.getByTestId('calendar-day')).toHaveCount(7);

  // The home page's week strip marks it missed too (yesterday is in this week unless today is a Monday).
  if (iso(yesterday) >= thisMonday()) {
    await page.goto('/');
    await expect(page.locator(`[data-testid="week-strip"] li[aria-label*=${JSON.stringify(`${plannedTitle} (missed)`)}]`)).toHaveCount(1);
    await expect(page.getByTestId('week-strip').getByLabel('missed').first()).toBeAttached();
    await shots(page, 'home-week');
  }

  // Workout names link to the workout, its lines to the exercise library.
  await page.goto(`/training/${plan.id}`);
  await page.locator('a[href^="/workouts/"]').first().click();
  await expect(page).toHaveURL(/\/workouts\/\d+$/);
  await expect(page.getByRole('heading', { name: 'The workout' })).toBeVisible();
  await expectNoA11yViolations(page);
  await shots(page, 'workout');
  await page.locator('a[href^="/exercises/"]').last().click();
  await expect(page.getByRole('heading', { name: 'Standards and loads' })).toBeVisible();
  await expectNoA11yViolations(page);
  await shots(page, 'exercise');
  await page.goto('/exercises');
  await expect(page.getByRole('heading', { name: 'The 8 HYROX stations' })).toBeVisible();
  await expect(page.locator('#group-station ~ ul > li')).toHaveCount(8);
  await expectNoA11yViolations(page);
  await shots(page, 'exercises');
});

test('an elite athlete builds a 4-week program, starts it and subscribes to the ICS feed', async ({ page }) => {
  test.setTimeout(150_000);
  const user = await signUp(page);
  // Below elite: the API refuses with the tier message.
  const refused = await page.request.post('/api/programs', { data: { name: 'x', weeks: [{}] } });
  expect(refused.status()).toBe(403);
  expect(((await refused.json()) as { requiredTier: string }).requiredTier).toBe('elite');
  test.skip(!setTier(user, 'elite'), 'needs the harness database to set the tier');

  await page.goto('/programs');
  await expect(page.getByRole('heading', { level: 1, name: 'My programs' })).toBeVisible();
  await expectNoA11yViolations(page);
  await page.getByRole('link', { name: 'New program' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'New program' })).toBeVisible();
  await page.getByLabel('Program name').fill('Sled block');
  await page.getByLabel('Week 1 focus').fill('Build the base');
  await page.getByRole('button', { name: 'Add session to week 1' }).click();
  const s1 = page.getByTestId('builder-session').first();
  await s1.getByLabel('Workout').selectOption({ label: 'Sled Strength Builder' });
  await expect(s1.getByLabel('Title')).toHaveValue('Sled Strength Builder');
  await s1.getByRole('button', { name: 'Add exercise' }).click();
  await s1.getByLabel('Exercise', { exact: true }).fill('Sled Push');
  await s1.getByLabel('Sets').fill('4');
  await s1.getByLabel('Load kg').fill('-5');
  await page.getByRole('button', { name: 'Add session to week 1' }).click();
  const s2 = page.getByTestId('builder-session').nth(1);
  await s2.getByLabel('Title').fill('Long easy run');
  await s2.getByLabel('Day', { exact: true }).selectOption('6');
  await s2.getByRole('button', { name: /a day later/ }).click();
  await expect(s2.getByLabel('Day', { exact: true })).toHaveValue('7');

  // Bad input: a clear message on the field, nothing saved.
  await page.getByRole('button', { name: 'Save as draft' }).click();
  await expect(s1.getByText('Load cannot be negative')).toBeVisible();
  await expect(page).toHaveURL(/\/programs\/new$/);
  await expectNoA11yViolations(page);
  await s1.getByLabel('Load kg').fill('150');
  await page.getByRole('button', { name: 'Save as draft' }).click();
  await expect(page).toHaveURL(/\/programs\/\d+\/edit$/);
  await expect(page.getByText('Saved as a draft.')).toBeVisible();

  // Four weeks: copy week 1 three times.
  for (const n of [1, 2, 3]) await page.getByRole('button', { name: `Copy week ${n}` }).click();
  await expect(page.getByTestId('builder-week')).toHaveCount(4);
  await page.getByLabel('Week 4 focus').fill('Taper');
  await page.getByRole('button', { name: 'Save and publish' }).click();
  await expect(page.getByText('Published.')).toBeVisible();
  await expectNoA11yViolations(page);
  await shots(page, 'builder');

  const start = page.getByRole('form', { name: 'Start Sled block' });
  await start.getByLabel('Start date').fill(thisMonday());
  await start.getByRole('button', { name: 'Start on my calendar' }).click();
  await expect(start.getByRole('status')).toContainText('8 sessions added');

  await page.goto('/programs');
  await expect(page.getByTestId('program-card')).toHaveCount(1);
  await expect(page.getByTestId('program-card')).toContainText('4 weeks');
  await shots(page, 'programs');

  await page.goto('/calendar');
  await expect(page.getByTestId('calendar-session').filter({ hasText: 'Sled Strength Builder' })).toHaveCount(1);
  const feed = page.getByTestId('calendar-feed');
  await feed.getByRole('button', { name: 'Create feed URL' }).click();
  const url = await feed.getByLabel('Your feed URL (shown once)').inputValue();
  expect(url).toMatch(/\/calendar\/feed\/[\w-]{40,}\.ics$/);
  await expectNoA11yViolations(page);
  await shots(page, 'calendar-feed');
  const ics = await page.request.get(new URL(url).pathname);
  expect(ics.status()).toBe(200);
  expect(ics.headers()['content-type']).toContain('text/calendar');
  const body = await ics.text();
  expect(body.startsWith('BEGIN:VCALENDAR\r\n')).toBe(true);
  expect(body).toContain('SUMMARY:Sled Strength Builder');
  expect(body).toContain(`DTSTART;VALUE=DATE:${thisMonday().replaceAll('-', '')}`);

  // Revoke: the URL stops working.
  await feed.getByRole('button', { name: 'Revoke feed' }).click();
  await expect(feed.getByRole('button', { name: 'Create feed URL' })).toBeVisible();
  expect((await page.request.get(new URL(url).pathname)).status()).toBe(404);
});
