import { expect, test, type Browser, type Page } from '@playwright/test';
import { expectNoA11yViolations, setTier, signUp } from './support';

// Coaching (docs/coaching.md): an elite athlete picks demo_coach and they
// exchange messages that appear live in the other's open page (two browser
// contexts, server-sent events); below elite the coach cannot be chosen.

async function signedInAs(browser: Browser, username: string, password: string): Promise<Page> {
  const context = await browser.newContext();
  const page = await context.newPage();
  const res = await page.request.post('/api/login', { data: { username, password } });
  expect(res.status(), `login ${username}: ${await res.text()}`).toBe(200);
  return page;
}

async function screenshots(page: Page, name: string) {
  if (!process.env.E2E_SHOTS_DIR) return;
  await page.screenshot({ path: `${process.env.E2E_SHOTS_DIR}/${name}-1280.png`, fullPage: true });
  await page.setViewportSize({ width: 360, height: 780 });
  await page.screenshot({ path: `${process.env.E2E_SHOTS_DIR}/${name}-360.png`, fullPage: true });
  await page.setViewportSize({ width: 1280, height: 800 });
}

test('an elite athlete picks demo_coach and they message each other live', async ({ browser }) => {
  test.setTimeout(120_000);
  const athletePage = await (await browser.newContext()).newPage();
  const athlete = await signUp(athletePage);
  test.skip(!setTier(athlete, 'elite'), 'needs the harness database to grant elite');

  await athletePage.goto('/coaching');
  await expect(athletePage.getByRole('heading', { level: 1, name: '1:1 coaching' })).toBeVisible();
  const card = athletePage.getByRole('article').filter({ hasText: '@demo_coach' });
  await expect(card.getByRole('heading', { name: 'Alex Morgan' })).toBeVisible();
  await expect(card.getByText('Race strategy')).toBeVisible();
  await expectNoA11yViolations(athletePage);
  await card.getByRole('button', { name: 'Choose Alex Morgan as my coach' }).click();
  await expect(card.getByText('Your coach')).toBeVisible();
  await expect(athletePage.getByRole('heading', { name: 'Messages with Alex Morgan' })).toBeVisible();

  // The coach opens the athlete's conversation.
  const coachPage = await signedInAs(browser, 'demo_coach', 'hyrox-demo');
  await coachPage.goto('/coaching');
  await expect(coachPage.getByRole('heading', { level: 1, name: 'Your athletes' })).toBeVisible();
  await coachPage.getByRole('navigation', { name: 'Conversations' }).getByRole('button', { name: athlete.username }).click();
  await expect(coachPage.getByRole('heading', { name: `Messages with ${athlete.username}` })).toBeVisible();
  await expect(coachPage.getByText('No messages yet. Say hello!')).toBeVisible();
  await expectNoA11yViolations(coachPage);

  // Athlete -> coach, live.
  const hello = `Hi coach, my race is in 8 weeks ${Date.now()}`;
  await athletePage.getByLabel('Your message').fill(hello);
  await athletePage.getByRole('button', { name: 'Send' }).click();
  await expect(athletePage.getByRole('list', { name: 'Messages' }).getByText(hello)).toBeVisible();
  await expect(coachPage.getByRole('list', { name: 'Messages' }).getByText(hello)).toBeVisible({ timeout: 5_000 });

  // Coach -> athlete, live.
  const reply = `Great, we start with a 5 km time trial ${Date.now()}`;
  await coachPage.getByLabel('Your message').fill(reply);
  await coachPage.getByRole('button', { name: 'Send' }).click();
  await expect(athletePage.getByRole('list', { name: 'Messages' }).getByText(reply)).toBeVisible({ timeout: 5_000 });
  // Newest at the bottom.
  await expect(athletePage.getByRole('list', { name: 'Messages' }).getByRole('listitem').filter({ hasText: /\S/ }).last()).toContainText(reply);

  // A message of 5000 characters gets a clear message and changes nothing.
  await athletePage.getByLabel('Your message').fill('x'.repeat(5000));
  await athletePage.getByRole('button', { name: 'Send' }).click();
  await expect(athletePage.getByRole('alert').filter({ hasText: 'A message can be at most 4000 characters (this one has 5000).' })).toBeVisible();
  await expect(coachPage.getByRole('list', { name: 'Messages' }).getByRole('listitem').filter({ hasText: /\S/ })).toHaveCount(2);

  await screenshots(athletePage, 'coaching-athlete');
  await screenshots(coachPage, 'coaching-coach');
});

test('below elite the coaches show with the tier message and cannot be chosen', async ({ page }) => {
  await signUp(page);
  await page.goto('/coaching');
  await expect(page.getByText('This feature requires a elite subscription or higher.')).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Alex Morgan' })).toBeVisible();
  await expect(page.getByRole('button', { name: /Choose/ })).toHaveCount(0);
  await expectNoA11yViolations(page);
  const res = await page.request.put('/api/coaching/coach', { data: { coachId: 1 } });
  expect(res.status()).toBe(403);
  await screenshots(page, 'coaching-basic');
});
