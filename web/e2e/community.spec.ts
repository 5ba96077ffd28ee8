import { expect, test, type Browser, type Page } from '@playwright/test';
import { expectNoA11yViolations, signUp } from './support';

// Two athletes in two browser contexts: one posts, the other likes and
// comments, and both see the counts change. A post with <script> shows as text.

async function athlete(browser: Browser) {
  const context = await browser.newContext();
  await context.grantPermissions(['clipboard-read', 'clipboard-write']);
  const page = await context.newPage();
  const user = await signUp(page);
  return { context, page, user };
}

function discussionPost(page: Page, marker: string) {
  return page.locator('#discussion').getByTestId('community-post').filter({ hasText: marker });
}

test('two athletes: post, like, comment, share, permalink; markup stays text', async ({ browser }) => {
  test.setTimeout(180_000); // two browsers and several axe runs on a shared machine
  const ana = await athlete(browser);
  const ben = await athlete(browser);
  const marker = `marker-${Date.now()}`;
  const content = `Sled push PR today ${marker} <script>window.__pwned = 1</script> <b>bold?</b> https://example.com/race`;

  // Ana posts from the composer.
  await ana.page.goto('/community');
  // Members get the feed first (docs/product.md#navigation): no marketing blocks.
  await expect(ana.page.getByRole('heading', { level: 1, name: 'Community' })).toBeVisible();
  await expect(ana.page.getByTestId('community-stats')).toHaveCount(0);
  await expect(ana.page.getByRole('heading', { name: 'Weekly Leaderboard', exact: true })).toBeVisible();
  await expect(ana.page.getByRole('link', { name: 'View Full Leaderboard' })).toBeVisible();
  await expect(ana.page.getByRole('heading', { name: 'Athlete Spotlights' })).toHaveCount(0);
  await expectNoA11yViolations(ana.page);
  await ana.page.getByLabel('Share with the community').fill(content);
  await ana.page.getByRole('button', { name: 'Post', exact: true }).click();
  await expect(ana.page.getByText('Your post is live in the community feed.', { exact: true }).first()).toBeVisible();
  const anaPost = discussionPost(ana.page, marker);
  await expect(anaPost).toHaveCount(1);
  await expect(anaPost.getByTestId('post-content')).toContainText('<script>window.__pwned = 1</script> <b>bold?</b>');
  await expect(anaPost.getByText('just now')).toBeVisible();
  expect(await anaPost.locator('script, b').count()).toBe(0);
  expect(await ana.page.evaluate(() => (window as unknown as { __pwned?: number }).__pwned)).toBeUndefined();
  const link = anaPost.getByRole('link', { name: 'https://example.com/race' });
  await expect(link).toHaveAttribute('rel', 'noopener nofollow ugc');
  await expect(anaPost.getByTestId('like-count')).toHaveText('0');

  // Ben likes (optimistic) and comments.
  await ben.page.goto('/community');
  const benPost = discussionPost(ben.page, marker);
  await expect(benPost).toHaveCount(1);
  const likeButton = benPost.getByRole('button', { name: /^Like/ });
  await likeButton.click();
  await expect(likeButton).toHaveAttribute('aria-pressed', 'true');
  await expect(benPost.getByTestId('like-count')).toHaveText('1');

  await benPost.getByRole('button', { name: /^Comments/ }).click();
  await benPost.getByLabel('Write a comment').fill(`Huge! ${marker}-comment`);
  await benPost.getByRole('button', { name: 'Comment', exact: true }).click();
  await expect(benPost.getByText(`Huge! ${marker}-comment`)).toBeVisible();
  await expect(benPost.getByTestId('comment-count')).toHaveText('1');
  await expectNoA11yViolations(ben.page);

  // A refused like rolls back and says why.
  await ben.page.route('**/api/community/posts/*/like', (route) =>
    route.fulfill({ status: 429, contentType: 'application/json', body: JSON.stringify({ message: 'Too many likes at once. Please wait a moment.' }) }),
  );
  await likeButton.click();
  await expect(ben.page.getByText('Too many likes at once. Please wait a moment.', { exact: true }).first()).toBeVisible();
  await expect(likeButton).toHaveAttribute('aria-pressed', 'true');
  await expect(benPost.getByTestId('like-count')).toHaveText('1');
  await ben.page.unroute('**/api/community/posts/*/like');

  // Share copies the permalink where there is no share sheet.
  await ben.page.evaluate(() => {
    Object.defineProperty(navigator, 'share', { value: undefined, configurable: true });
  });
  await benPost.getByRole('button', { name: 'Share' }).click();
  await expect(ben.page.getByText('Link copied', { exact: true }).first()).toBeVisible();
  const copied = await ben.page.evaluate(() => navigator.clipboard.readText());
  expect(copied).toMatch(/\/community\/posts\/\d+$/);

  // Ana sees the new counts and Ben's comment.
  await ana.page.reload();
  await expect(anaPost.getByTestId('like-count')).toHaveText('1');
  await expect(anaPost.getByTestId('comment-count')).toHaveText('1');
  await anaPost.getByRole('button', { name: /^Comments/ }).click();
  await expect(anaPost.getByText(`Huge! ${marker}-comment`)).toBeVisible();
  // Ana cannot delete Ben's comment (no button); she can delete her own post.
  await expect(anaPost.getByRole('button', { name: 'Delete comment' })).toHaveCount(0);
  await expect(benPost.getByRole('button', { name: 'Delete post' })).toHaveCount(0);

  // The permalink page shows the post with its comments open.
  await ana.page.goto(new URL(copied).pathname);
  await expect(ana.page.getByRole('heading', { level: 1, name: 'Community Post' })).toBeVisible();
  await expect(ana.page.getByText(`Huge! ${marker}-comment`)).toBeVisible();
  await expect(ana.page.getByTestId('post-content')).toContainText('<script>');
  await expectNoA11yViolations(ana.page);

  // Ben unlikes; Ana's permalink shows 0 after a reload.
  await ben.page.reload();
  await discussionPost(ben.page, marker).getByRole('button', { name: /^Like/ }).click();
  await expect(discussionPost(ben.page, marker).getByTestId('like-count')).toHaveText('0');
  await ana.page.reload();
  await expect(ana.page.getByTestId('like-count')).toHaveText('0');

  // Home: the community section shows the feed block with the newest posts.
  await ana.page.goto('/');
  const home = ana.page.locator('#community');
  await expect(home.getByRole('heading', { name: 'Community Feed' })).toBeVisible();
  await expect(home.getByTestId('community-post')).toHaveCount(2);
  await expect(home.getByRole('link', { name: 'View Full Leaderboard' })).toBeVisible();
  await expect(home.getByRole('link', { name: 'Join Discussion' })).toHaveAttribute('href', '/community#discussion');
  await expectNoA11yViolations(ana.page);

  // The community page on a phone, light and dark.
  await ana.page.goto('/community');
  await expect(discussionPost(ana.page, marker)).toHaveCount(1);
  await ana.page.setViewportSize({ width: 375, height: 800 });
  await expectNoA11yViolations(ana.page);
  await ana.page.emulateMedia({ colorScheme: 'dark' });
  await ana.page.reload();
  await expect(discussionPost(ana.page, marker)).toHaveCount(1);
  await expectNoA11yViolations(ana.page);

  // Ana deletes her post.
  await ana.page.setViewportSize({ width: 1280, height: 800 });
  await discussionPost(ana.page, marker).getByRole('button', { name: 'Delete post' }).click();
  await discussionPost(ana.page, marker).getByRole('button', { name: 'Delete', exact: true }).click();
  await expect(discussionPost(ana.page, marker)).toHaveCount(0);

  await ana.context.close();
  await ben.context.close();
});

test('anonymous visitors are sent to sign in; home asks them to sign in', async ({ page }) => {
  await page.goto('/community');
  await expect(page).toHaveURL(/\/auth(\?next=.*)?$/);
  await page.goto('/');
  const home = page.locator('#community');
  await expect(home.getByText('Sign in to read and join the latest discussions.')).toBeVisible();
  await expect(home.getByRole('link', { name: 'Join Discussion' })).toHaveAttribute('href', '/auth');
});
