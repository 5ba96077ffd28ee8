import { expect, test, type Page } from '@playwright/test';
import { expectNoA11yViolations, makeCoach, setTier, signUp } from './support';

// A coach writes a program for an athlete they coach, publishes it and starts
// it on the athlete's calendar; the athlete sees it on /programs ("From your
// coach") and on /calendar (docs/training.md#programs-written-by-a-coach).

const pad = (n: number) => String(n).padStart(2, '0');
function thisMonday(): string {
  const d = new Date();
  d.setDate(d.getDate() - ((d.getDay() + 6) % 7));
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}`;
}

/** With COACH_PROGRAMS_SHOTS=dir, saves the page at 1280 px and 360 px wide for a look by eye. */
async function shots(page: Page, name: string) {
  const dir = process.env.COACH_PROGRAMS_SHOTS;
  if (!dir) return;
  await page.screenshot({ path: `${dir}/${name}-1280.png`, fullPage: true });
  const size = page.viewportSize();
  await page.setViewportSize({ width: 360, height: 800 });
  await page.screenshot({ path: `${dir}/${name}-360.png`, fullPage: true });
  if (size) await page.setViewportSize(size);
}

test('a coach writes a program the athlete then sees on their programs and calendar', async ({ browser }) => {
  test.setTimeout(150_000);
  const athletePage = await (await browser.newContext()).newPage();
  const athlete = await signUp(athletePage);
  test.skip(!setTier(athlete, 'elite'), 'needs the harness database to grant elite');
  const coachPage = await (await browser.newContext()).newPage();
  const coach = await signUp(coachPage);
  test.skip(!makeCoach(coach.username), 'needs the harness database to make a coach');
  // The athlete chooses the coach (the coaching page's flow is coaching.spec.ts).
  const chose = await athletePage.request.put('/api/coaching/coach', { data: { coachId: coach.id } });
  expect(chose.status(), await chose.text()).toBe(200);

  // The coach finds the athlete and opens the builder for them.
  await coachPage.goto('/programs');
  await expect(coachPage.getByRole('heading', { level: 1, name: 'Programs for your athletes' })).toBeVisible();
  await expectNoA11yViolations(coachPage);
  await coachPage.getByRole('link', { name: `Programs for ${athlete.username}`, exact: true }).click();
  await expect(coachPage.getByRole('heading', { level: 1, name: `Programs for ${athlete.username}` })).toBeVisible();
  await expect(coachPage.getByText(`No programs for ${athlete.username} yet.`)).toBeVisible();
  await expectNoA11yViolations(coachPage);
  await coachPage.getByRole('link', { name: `New program for ${athlete.username}` }).click();
  await expect(coachPage).toHaveURL(new RegExp(`/programs/new\\?athlete=${athlete.id}$`));
  await expect(coachPage.getByRole('heading', { level: 1, name: `New program for ${athlete.username}` })).toBeVisible();

  // One week, two sessions; a missing name is refused first.
  await coachPage.getByRole('button', { name: 'Add session to week 1' }).click();
  await coachPage.getByRole('button', { name: 'Add session to week 1' }).click();
  const s1 = coachPage.getByTestId('builder-session').first();
  const s2 = coachPage.getByTestId('builder-session').nth(1);
  await s1.getByLabel('Title', { exact: true }).fill('Sled intervals');
  await s1.getByRole('button', { name: 'Add exercise' }).click();
  await s1.getByLabel('Exercise', { exact: true }).fill('Sled Push');
  await s1.getByLabel('Sets').fill('4');
  await s2.getByLabel('Day', { exact: true }).selectOption('3');
  await s2.getByLabel('Title', { exact: true }).fill('Tempo run');
  await coachPage.getByRole('button', { name: 'Save and publish' }).click();
  await expect(coachPage.getByRole('alert').filter({ hasText: 'Program name is required' })).toBeVisible();
  await expect(coachPage).toHaveURL(/\/programs\/new\?athlete=/);
  await coachPage.getByLabel('Program name').fill('Race block from coach');
  await coachPage.getByRole('button', { name: 'Save and publish' }).click();
  await expect(coachPage).toHaveURL(/\/programs\/\d+\/edit$/);
  await expect(coachPage.getByRole('heading', { level: 1, name: `Edit program for ${athlete.username}` })).toBeVisible();
  await expect(coachPage.getByText('Published.')).toBeVisible();
  const programId = Number(/\/programs\/(\d+)\/edit$/.exec(coachPage.url())?.[1]);

  // Start it on the athlete's calendar this week.
  const start = coachPage.getByRole('form', { name: 'Start Race block from coach' });
  await start.getByLabel('Start date').fill(thisMonday());
  await start.getByRole('button', { name: `Start on ${athlete.username}'s calendar` }).click();
  await expect(start.getByRole('status')).toContainText(`2 sessions added to ${athlete.username}'s calendar`);
  await expectNoA11yViolations(coachPage);
  await shots(coachPage, 'coach-builder');

  // Someone who does not coach the athlete cannot read it.
  const strangerPage = await (await browser.newContext()).newPage();
  await signUp(strangerPage);
  expect((await strangerPage.request.get(`/api/programs/${programId}`)).status()).toBeGreaterThanOrEqual(403);

  // The athlete sees it, from their coach, read-only.
  await athletePage.goto('/programs');
  const card = athletePage.getByTestId('program-card').filter({ hasText: 'Race block from coach' });
  await expect(card).toContainText(`From your coach ${coach.username}`);
  await expect(card.getByRole('link', { name: /^Edit/ })).toHaveCount(0);
  await expectNoA11yViolations(athletePage);
  await shots(athletePage, 'athlete-programs');
  await card.getByRole('link', { name: 'View Race block from coach' }).click();
  await expect(athletePage.getByRole('heading', { level: 1, name: 'Race block from coach' })).toBeVisible();
  await expect(athletePage.getByText('Sled intervals')).toBeVisible();
  await expect(athletePage.getByText('Tempo run')).toBeVisible();
  await expectNoA11yViolations(athletePage);
  await shots(athletePage, 'athlete-program');

  // And on their calendar, this week.
  await athletePage.goto('/calendar');
  await expect(athletePage.getByRole('heading', { level: 1, name: 'Calendar' })).toBeVisible();
  const sessions = athletePage.getByTestId('calendar-session');
  await expect(sessions.filter({ hasText: 'Sled intervals' })).toHaveCount(1);
  await expect(sessions.filter({ hasText: 'Tempo run' })).toHaveCount(1);
  await expectNoA11yViolations(athletePage);
  await shots(athletePage, 'athlete-calendar');
});
