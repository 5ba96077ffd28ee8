import { expect, test, type Browser, type Page } from '@playwright/test';
import { expectNoA11yViolations, makeCoach, setTier, signUp } from './support';

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

// E2E_SHOTS_DIR=/tmp/x keeps desktop and 360 px screenshots for a look by eye
// (of one part of the page when `part` is given).
async function screenshots(page: Page, name: string, part?: string) {
  const dir = process.env.E2E_SHOTS_DIR;
  if (!dir) return;
  const shot = (path: string) => (part ? page.locator(part).screenshot({ path }) : page.screenshot({ path, fullPage: true }));
  await shot(`${dir}/${name}-1280.png`);
  await page.setViewportSize({ width: 360, height: 780 });
  await shot(`${dir}/${name}-360.png`);
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

  // The coach's top bar says "Coach", not a plan.
  await expect(coachPage.getByTestId('user-menu')).toContainText('Coach');
  await expect(coachPage.getByTestId('user-menu')).not.toContainText('Plan');

  // Away from /coaching, a new message shows as a count on the Coaching item.
  await athletePage.goto('/training');
  const nav = athletePage.getByTestId('main-nav');
  await expect(nav.getByRole('link', { name: 'Coaching', exact: true })).toBeVisible();
  const more = `And bring your race shoes ${Date.now()}`;
  await coachPage.getByLabel('Your message').fill(more);
  await coachPage.getByRole('button', { name: 'Send' }).click();
  await expect(coachPage.getByRole('list', { name: 'Messages' }).getByText(more)).toBeVisible();
  await athletePage.reload();
  await expect(nav.getByRole('link', { name: 'Coaching, 1 unread' })).toBeVisible();
  await expect(nav.getByTestId('unread-badge')).toHaveText('1');
  await expectNoA11yViolations(athletePage);
  await screenshots(athletePage, 'coaching-unread', 'header >> nth=0');
  // Opening the conversation reads it: the count goes.
  await nav.getByRole('link', { name: 'Coaching, 1 unread' }).click();
  await expect(athletePage.getByRole('list', { name: 'Messages' }).getByText(more)).toBeVisible();
  await expect(nav.getByRole('link', { name: 'Coaching', exact: true })).toBeVisible();
});

test('below elite the coaches show with the tier message and cannot be chosen', async ({ page }) => {
  await signUp(page);
  await page.goto('/coaching');
  await expect(page.getByText('This feature requires an Elite subscription or higher.')).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Alex Morgan' })).toBeVisible();
  await expect(page.getByRole('button', { name: /Choose/ })).toHaveCount(0);
  await expectNoA11yViolations(page);
  const res = await page.request.put('/api/coaching/coach', { data: { coachId: 1 } });
  expect(res.status()).toBe(403);
  await screenshots(page, 'coaching-basic');
});

test("a pro member's question jumps a basic member's in the coach's queue", async ({ browser }) => {
  test.setTimeout(90_000);
  const stamp = Date.now();
  const basicPage = await (await browser.newContext()).newPage();
  await signUp(basicPage);
  await basicPage.goto('/community');
  await expect(basicPage.getByRole('heading', { name: 'Ask a Coach' })).toBeVisible();
  await basicPage.getByLabel('Your question').fill(`Basic: how long should my taper be? ${stamp}`);
  await basicPage.getByRole('button', { name: 'Ask a Coach' }).click();
  await expect(basicPage.getByText('Waiting for a coach')).toBeVisible();
  await expectNoA11yViolations(basicPage);

  const proPage = await (await browser.newContext()).newPage();
  const pro = await signUp(proPage);
  test.skip(!setTier(pro, 'pro'), 'needs the harness database to grant pro');
  await proPage.goto('/community');
  await proPage.getByLabel('Your question').fill(`Pro: sled push technique? ${stamp}`);
  await proPage.getByRole('button', { name: 'Ask a Coach' }).click();
  await expect(proPage.getByText('Priority · Pro')).toBeVisible();

  const coachPage = await signedInAs(browser, 'demo_coach', 'hyrox-demo');
  await coachPage.goto('/coaching');
  const mine = coachPage.getByTestId('queue-question').filter({ hasText: String(stamp) });
  await expect(mine).toHaveCount(2);
  await expect(mine.first()).toContainText('Pro: sled push technique?');
  await expect(mine.first().getByText('Priority · Pro')).toBeVisible();
  await expect(mine.last()).toContainText('Basic: how long should my taper be?');
  await expectNoA11yViolations(coachPage);

  // The coach answers the basic member: marked answered on their page.
  await mine.last().getByLabel(/^Answer /).fill('Ten days, with two short sharp sessions.');
  await mine.last().getByRole('button', { name: 'Send answer' }).click();
  await expect(coachPage.getByTestId('queue-question').filter({ hasText: String(stamp) })).toHaveCount(1);
  await basicPage.reload();
  await expect(basicPage.getByText('Answered by a coach')).toBeVisible();
  await expect(basicPage.getByText('Ten days, with two short sharp sessions.')).toBeVisible();
  await screenshots(coachPage, 'coaching-queue');
});

test('a member has at most 3 questions waiting; a 4th says why (docs/coaching.md#ask-a-coach)', async ({ page }) => {
  test.setTimeout(90_000);
  await signUp(page);
  await page.goto('/community');
  const ask = async (text: string) => {
    await page.getByLabel('Your question').fill(text);
    await page.getByRole('button', { name: 'Ask a Coach' }).click();
  };
  for (const n of [1, 2, 3]) {
    await ask(`Question ${n}: how do I pace the run?`);
    await expect(page.getByText('Waiting for a coach', { exact: true })).toHaveCount(n);
  }
  await ask('Question 4: and the sleds?');
  await expect(page.getByText('You have 3 questions waiting for a coach. You can ask another once one is answered.')).toBeVisible();
  await expect(page.getByText('Waiting for a coach', { exact: true })).toHaveCount(3);
  await expectNoA11yViolations(page);
});

test('the Elite channel: elite members post there, a basic member cannot see it', async ({ browser }) => {
  test.setTimeout(90_000);
  const marker = `elite-only-${Date.now()}`;
  const elitePage = await (await browser.newContext()).newPage();
  const elite = await signUp(elitePage);
  test.skip(!setTier(elite, 'elite'), 'needs the harness database to grant elite');
  await elitePage.goto('/community');
  await elitePage.getByRole('button', { name: 'Elite channel' }).click();
  await expect(elitePage.getByText('Only elite members and coaches can read and write here.')).toBeVisible();
  await elitePage.getByLabel('Share with elite members and coaches').fill(`Race-week plan ${marker}`);
  await elitePage.getByRole('button', { name: 'Post', exact: true }).click();
  await expect(elitePage.getByText('Your post is live in the Elite channel.').first()).toBeVisible();
  await expect(elitePage.locator('#discussion').getByText(`Race-week plan ${marker}`)).toBeVisible();
  await expectNoA11yViolations(elitePage);
  await elitePage.getByRole('button', { name: 'Public feed' }).click();
  await expect(elitePage.locator('#discussion').getByText(`Race-week plan ${marker}`)).toHaveCount(0);

  const basicPage = await (await browser.newContext()).newPage();
  await signUp(basicPage);
  await basicPage.goto('/community');
  await expect(basicPage.getByRole('heading', { level: 1, name: 'Community', exact: true })).toBeVisible();
  await expect(basicPage.getByRole('button', { name: 'Elite channel' })).toHaveCount(0);
  await expect(basicPage.getByText(marker)).toHaveCount(0);
  expect((await basicPage.request.get('/api/community/posts?channel=elite')).status()).toBe(403);
  const post = await basicPage.request.post('/api/community/posts', { data: { content: 'sneaking in', channel: 'elite' } });
  expect(post.status()).toBe(403);
  expect(((await post.json()) as { message: string }).message).toBe('The Elite channel is for elite members and coaches.');
  await screenshots(elitePage, 'community-elite', '#discussion');
});

test('a new coach (hyrox users set-role) completes their profile, which athletes then see', async ({ browser }) => {
  test.setTimeout(90_000);
  const page = await (await browser.newContext()).newPage();
  const coach = await signUp(page);
  test.skip(!makeCoach(coach.username), 'needs the harness database to set the role');
  await page.goto('/coaching');
  await expect(page.getByRole('heading', { level: 1, name: 'Your athletes' })).toBeVisible();
  await expect(page.getByText('No athletes are assigned to you yet.')).toBeVisible();
  const name = `Coach ${Date.now()}`;
  await page.getByLabel('Name', { exact: true }).fill(name);
  await page.getByLabel('Time zone').fill('Mars/Olympus');
  await page.getByLabel('Specialities').fill('Rowing, Sled pull');
  await page.getByLabel('Photo').selectOption('race-format');
  await page.getByRole('button', { name: 'Save profile' }).click();
  await expect(page.getByText('Enter a time zone such as Europe/London.')).toBeVisible();
  await page.getByLabel('Time zone').fill('America/New_York');
  await page.getByRole('button', { name: 'Save profile' }).click();
  await expect(page.getByText('Athletes see your new profile.').first()).toBeVisible();
  await expectNoA11yViolations(page);

  const athletePage = await (await browser.newContext()).newPage();
  await signUp(athletePage);
  await athletePage.goto('/coaching');
  const card = athletePage.getByRole('article').filter({ hasText: `@${coach.username}` });
  await expect(card.getByRole('heading', { name })).toBeVisible();
  await expect(card.getByText('America/New_York')).toBeVisible();
  await expect(card.getByText('Sled pull')).toBeVisible();
  await screenshots(page, 'coaching-new-coach');
});
