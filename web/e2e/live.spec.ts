import { expect, test, type Browser, type Page } from '@playwright/test';
import { expectNoA11yViolations, setTier, signUp } from './support';

// The app's one live stream (docs/live.md): what another person does shows
// on an open page without a reload: a coach's answer on the asker's
// community page, and a session the coach cancels on the athlete's page.

async function signedInAs(browser: Browser, username: string, password: string): Promise<Page> {
  const page = await (await browser.newContext()).newPage();
  const res = await page.request.post('/api/login', { data: { username, password } });
  expect(res.status(), `login ${username}: ${await res.text()}`).toBe(200);
  return page;
}

/** Resolves once the page's live stream is open (its first bytes arrived). */
async function streamOpen(page: Page) {
  await page.waitForResponse((r) => r.url().endsWith('/api/live') && r.status() === 200);
}

test("a coach's answer appears on the asker's open page, without a reload", async ({ browser }) => {
  test.setTimeout(90_000);
  const stamp = Date.now();
  const askerPage = await (await browser.newContext()).newPage();
  await signUp(askerPage);
  const opened = streamOpen(askerPage);
  await askerPage.goto('/community');
  await opened;
  await askerPage.getByLabel('Your question').fill(`Live: how do I breathe on the rower? ${stamp}`);
  await askerPage.getByRole('button', { name: 'Ask a Coach' }).click();
  await expect(askerPage.getByText('Waiting for a coach')).toBeVisible();

  const coachPage = await signedInAs(browser, 'demo_coach', 'hyrox-demo');
  await coachPage.goto('/coaching');
  const mine = coachPage.getByTestId('queue-question').filter({ hasText: String(stamp) });
  await mine.getByLabel(/^Answer /).fill('Exhale on the drive, inhale on the recovery.');
  await mine.getByRole('button', { name: 'Send answer' }).click();
  await expect(mine).toHaveCount(0);

  // No reload: the stream brought the answer.
  await expect(askerPage.getByText('Exhale on the drive, inhale on the recovery.')).toBeVisible();
  await expect(askerPage.getByText('Answered by a coach')).toBeVisible();
  await expectNoA11yViolations(askerPage);
});

test("a session the coach cancels leaves the athlete's open page, without a reload", async ({ browser }) => {
  test.setTimeout(120_000);
  const athletePage = await (await browser.newContext({ timezoneId: 'America/New_York' })).newPage();
  const athlete = await signUp(athletePage);
  test.skip(!setTier(athlete, 'elite'), 'needs the harness database to grant elite');
  const opened = streamOpen(athletePage);
  await athletePage.goto('/coaching');
  await opened;
  await athletePage
    .getByRole('article')
    .filter({ hasText: '@demo_coach' })
    .getByRole('button', { name: 'Choose Alex Morgan as my coach' })
    .click();
  await expect(athletePage.getByRole('heading', { name: 'Book a session' })).toBeVisible();

  // The athlete books the last day's first free 30 minutes.
  const day = athletePage.getByLabel('Day');
  await expect(day.locator('option').first()).toBeAttached();
  await day.selectOption((await day.locator('option').last().getAttribute('value'))!);
  const times = athletePage.getByRole('group', { name: 'Free times (America/New_York)' }).getByRole('button');
  const time = (await times.first().textContent())!.trim();
  await times.first().click();
  await athletePage.getByRole('button', { name: `Book ${time} (30 minutes)` }).click();
  const upcoming = athletePage.getByRole('list', { name: 'Upcoming sessions' });
  await expect(upcoming.getByRole('listitem')).toHaveCount(1);
  await expectNoA11yViolations(athletePage);

  // The coach cancels it from their side (the API, in their own session).
  const sessions = await (await athletePage.request.get('/api/coaching/sessions')).json();
  const booked = sessions.sessions[0];
  const coach = await signedInAs(browser, 'demo_coach', 'hyrox-demo');
  expect((await coach.request.post(`/api/coaching/sessions/${booked.id}/cancel`)).status()).toBe(200);

  // The athlete's open page shows it, live.
  await expect(athletePage.getByText('No sessions booked yet.')).toBeVisible();
});
