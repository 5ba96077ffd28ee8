import { expect, test } from '@playwright/test';
import { expectNoA11yViolations, makeCoach, setTier, signUp } from './support';

// The coach's workspace (docs/coaching.md#the-coachs-workspace): a fresh
// coach sees their athlete needing attention, opens them, reads their week
// and a log through the read-only view and comments on the log; the athlete
// sees the comment on their log page, and their top bar's unread badge grows
// live on a page that is not /coaching.

test('a coach opens an athlete needing attention, reads a log and comments on it; the athlete sees it', async ({ browser }) => {
  test.setTimeout(120_000);
  const coachPage = await (await browser.newContext()).newPage();
  const coach = await signUp(coachPage);
  test.skip(!makeCoach(coach.username), 'needs the harness database to set the role');

  // An elite athlete chooses the coach, logs a session and writes to them.
  const athletePage = await (await browser.newContext()).newPage();
  const athlete = await signUp(athletePage);
  test.skip(!setTier(athlete, 'elite'), 'needs the harness database to grant elite');
  const chosen = await athletePage.request.put('/api/coaching/coach', { data: { coachId: coach.id } });
  expect(chosen.status(), await chosen.text()).toBe(200);
  const thread = (await chosen.json()) as { id: number };
  const workoutName = `Sled intervals ${Date.now()}`;
  const logged = await athletePage.request.post('/api/workout-logs', {
    data: {
      workoutName,
      duration: 40,
      rpe: 8,
      rating: 4,
      completedAt: new Date(Date.now() - 3_600_000).toISOString(),
      notes: 'Legs gone at round 5.',
      exercises: [{ exercise: 'Sled push', sets: 5, distanceM: 50, loadKg: 152 }],
    },
  });
  expect(logged.status(), await logged.text()).toBe(201);
  const log = (await logged.json()) as { id: number };
  const sent = await athletePage.request.post(`/api/coaching/threads/${thread.id}/messages`, { data: { body: 'Logged the sled session.' } });
  expect(sent.status()).toBe(201);

  // The coach's home is the workspace summary; /coach lists the athlete with what needs attention.
  await coachPage.goto('/');
  await expect(coachPage.getByRole('heading', { level: 1, name: `Welcome, ${coach.username}` })).toBeVisible();
  await expect(coachPage.getByRole('list', { name: 'My athletes' }).getByText(athlete.username)).toBeVisible();
  await expectNoA11yViolations(coachPage);
  await coachPage.goto('/coach');
  await expect(coachPage.getByRole('heading', { level: 1, name: 'My athletes' })).toBeVisible();
  const row = coachPage.getByRole('link', { name: new RegExp(athlete.username) });
  await expect(row.getByText('1 unread message')).toBeVisible();
  await expect(coachPage.getByTestId('attention-summary')).toHaveText('1 athlete, 1 needs your attention.');
  await expectNoA11yViolations(coachPage);

  // The athlete's page: their week, their logs, a log's detail; read only.
  await row.click();
  await expect(coachPage).toHaveURL(new RegExp(`/coach/athletes/${athlete.id}$`));
  await expect(coachPage.getByRole('heading', { level: 1, name: athlete.username })).toBeVisible();
  await expect(coachPage.getByRole('heading', { name: 'Calendar' })).toBeVisible();
  await expect(coachPage.getByTestId('athlete-calendar').getByRole('listitem')).toHaveCount(7);
  await expect(coachPage.getByRole('link', { name: 'Write a program' })).toHaveAttribute('href', `/programs/new?athlete=${athlete.id}`);
  const logButton = coachPage.getByRole('button', { name: new RegExp(workoutName) });
  await logButton.click();
  await expect(logButton).toHaveAttribute('aria-expanded', 'true');
  const detail = coachPage.getByTestId('log-detail');
  await expect(detail.getByText('Legs gone at round 5.')).toBeVisible();
  // What the athlete did per exercise, in the training area's own table.
  await expect(detail.getByTestId('log-exercises')).toContainText('Sled push');
  await expect(detail.getByTestId('log-exercises')).toContainText('152 kg');
  await expect(detail.getByText('No comments yet.')).toBeVisible();
  await expectNoA11yViolations(coachPage);

  // The athlete waits on their logs page (not /coaching): the badge goes up live.
  await athletePage.goto('/workout-logs');
  const coachingLink = athletePage.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: /^Coaching/ });
  await expect(coachingLink).toHaveAccessibleName('Coaching');

  // Bad input is refused and nothing is stored; then the comment.
  const comment = `Keep the hips low on the sled, ${Date.now()}.`;
  await detail.getByLabel('Your comment').fill('   ');
  await expect(detail.getByRole('button', { name: 'Comment' })).toBeDisabled();
  await detail.getByLabel('Your comment').fill(comment);
  await detail.getByRole('button', { name: 'Comment' }).click();
  await expect(detail.getByTestId('coach-log-comments').getByText(comment)).toBeVisible();
  await expect(detail.getByLabel('Your comment')).toHaveValue('');

  await expect(coachingLink).toHaveAccessibleName('Coaching, 1 unread', { timeout: 10_000 });

  // The thread's line links the log's page with a readable label, never the raw path.
  await athletePage.goto('/coaching');
  const messages = athletePage.getByRole('list', { name: 'Messages' });
  await expect(messages.getByText(`/workout-logs/${log.id}`)).toHaveCount(0);
  await messages.getByRole('link', { name: 'view the log' }).click();
  await expect(athletePage).toHaveURL(new RegExp(`/workout-logs/${log.id}$`));

  // The athlete sees the comment on the log's page.
  await athletePage.goto(`/workout-logs/${log.id}`);
  await expect(athletePage.getByRole('heading', { level: 1, name: workoutName })).toBeVisible();
  const comments = athletePage.getByTestId('log-comments');
  await expect(comments.getByText(comment)).toBeVisible();
  await expect(comments.getByText(coach.username)).toBeVisible();
  await expectNoA11yViolations(athletePage);

  // Another athlete cannot see this athlete through the coach's view.
  const strangerPage = await (await browser.newContext()).newPage();
  await signUp(strangerPage);
  await strangerPage.goto(`/coach/athletes/${athlete.id}`);
  await expect(strangerPage.getByRole('heading', { level: 1, name: 'Athlete not found' })).toBeVisible();
  await expectNoA11yViolations(strangerPage);
});
