import { expect, test } from '@playwright/test';
import { expectNoA11yViolations, signUp } from './support';

test.describe('home', () => {
  test('hero, sections in order, Explore More links, no axe violations', async ({ page }) => {
    await page.goto('/');
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    const hero = page.locator('section[aria-labelledby="hero-heading"]');
    await expect(hero.getByRole('link', { name: 'Start Training' })).toHaveAttribute('href', '/training');
    await expect(hero.getByRole('link', { name: 'Join the Community' })).toHaveAttribute('href', '/community');
    for (const stat of ['175K+', '50+', '95%']) await expect(page.getByTestId('hero-stats')).toContainText(stat);

    const ids = await page.locator('main section[id]').evaluateAll((els) => els.map((e) => e.id));
    expect(ids.filter((id) => ['training', 'nutrition', 'community', 'about'].includes(id))).toEqual([
      'training',
      'nutrition',
      'community',
      'about',
    ]);
    await expect(page.locator('#training h2')).toHaveText('HYROX Training Plans');
    await expect(page.locator('#nutrition h2')).toHaveText('Nutrition Tracking');
    await expect(page.locator('#community h2')).toHaveText('Join the Community');
    await expect(page.locator('#about h2')).toHaveText('Built Exclusively for HYROX');
    for (const point of ['HYROX-Specific Training', 'Dedicated Community', 'Performance Analytics']) {
      await expect(page.locator('#about').getByRole('heading', { name: point })).toBeVisible();
    }
    await expect(page.locator('#about')).toContainText('400%');
    await expect(page.getByRole('link', { name: 'Watch HYROX Story' })).toHaveAttribute('href', '/hyrox-story');

    const explore = page.locator('#explore');
    await expect(explore.getByRole('heading', { name: 'Explore More' })).toBeVisible();
    await expect(explore.getByRole('link', { name: /View Pricing Plans/ })).toHaveAttribute('href', '/pricing');
    await expect(explore.getByRole('link', { name: /Read Training Blog/ })).toHaveAttribute('href', '/blog');
    await expect(explore.getByRole('link', { name: /Join Community/ })).toHaveAttribute('href', '/community');

    // Anonymous chrome.
    const header = page.locator('header');
    await expect(header.getByRole('link', { name: 'Login' })).toHaveAttribute('href', '/auth');
    // /auth on the Sign Up tab (docs/product.md#navigation).
    await expect(header.getByRole('link', { name: 'Start Training' })).toHaveAttribute('href', '/auth?tab=signup');
    await expectNoA11yViolations(page);
  });

  test('no axe violations in dark theme', async ({ page }) => {
    await page.emulateMedia({ colorScheme: 'dark' });
    await page.goto('/');
    await expect(page.locator('html')).toHaveClass(/dark/);
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await expectNoA11yViolations(page);
  });
});

test('about page', async ({ page }) => {
  await page.goto('/about');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await expect(page.getByText('Wall Balls')).toBeVisible();
  await expect(page.locator('main').getByRole('link', { name: /Start Training/ })).toHaveAttribute('href', '/training');
  await expect(page.locator('main').getByRole('link', { name: 'View Pricing Plans' })).toHaveAttribute('href', '/pricing');
  await expectNoA11yViolations(page);
});

test('unknown path shows the 404 page', async ({ page }) => {
  await page.goto('/no/such/page');
  await expect(page.getByRole('heading', { name: 'Page Not Found' })).toBeVisible();
  await expect(page.getByText('Did you forget to add the page to the router?')).toBeVisible();
  await expect(page.locator('main').getByRole('link', { name: /home/i })).toHaveAttribute('href', '/');
  await expectNoA11yViolations(page);
});

test('anonymous visitor on /training is sent to /auth', async ({ page }) => {
  await page.goto('/training');
  await expect(page).toHaveURL(/\/auth\?next=%2Ftraining$/);
});

test('mobile menu opens and closes when a link is tapped', async ({ page }) => {
  await page.setViewportSize({ width: 375, height: 812 });
  await page.goto('/');
  const button = page.getByTestId('mobile-menu-button');
  await expect(button).toBeVisible();
  await expect(page.getByTestId('mobile-menu')).toHaveCount(0);
  await button.click();
  const menu = page.getByTestId('mobile-menu');
  await expect(menu).toBeVisible();
  await expect(button).toHaveAttribute('aria-expanded', 'true');
  await expect(menu.getByRole('link', { name: 'Login' })).toBeVisible();
  await expect(menu.getByRole('link', { name: 'Start Training' })).toBeVisible();
  await expectNoA11yViolations(page);
  await menu.getByRole('link', { name: 'About' }).click();
  await expect(page).toHaveURL(/\/about$/);
  await expect(page.getByTestId('mobile-menu')).toHaveCount(0);
  await expect(button).toHaveAttribute('aria-expanded', 'false');
});

test('theme toggle switches and remembers the theme', async ({ page }) => {
  await page.emulateMedia({ colorScheme: 'light' });
  await page.goto('/');
  const html = page.locator('html');
  await expect(html).not.toHaveClass(/dark/);
  await page.getByTestId('theme-toggle').click();
  await expect(html).toHaveClass(/dark/);
  await page.reload();
  await expect(html).toHaveClass(/dark/);
  await page.getByTestId('theme-toggle').click();
  await expect(html).not.toHaveClass(/dark/);
  expect(await page.evaluate(() => localStorage.getItem('hyrox-theme'))).toBe('light');
});

test('signed-in chrome: user menu, tier gate, guest-only /auth, logout', async ({ page }) => {
  // Five pages, an axe check and a sign-out: 25-40 s on a slow 2-core machine running two workers.
  test.setTimeout(60_000);
  await page.goto('/');
  const user = await signUp(page);
  await page.reload();
  const menuButton = page.getByTestId('user-menu');
  await expect(menuButton).toContainText(user.username);
  await expect(menuButton).toContainText('Basic Plan');
  // Home is a section of the top bar; no 'Dashboard' button that opened the workout list.
  await expect(page.locator('header').getByRole('link', { name: 'Dashboard' })).toHaveCount(0);
  await expect(page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Home', exact: true })).toHaveAttribute('href', '/');

  await page.goto('/training');
  await expect(page).toHaveURL(/\/training$/);
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();

  await page.goto('/nutrition');
  await expect(page.getByRole('heading', { name: 'Upgrade Required' })).toBeVisible();
  await expect(page.getByText('This feature requires a Pro subscription or higher.')).toBeVisible();
  await expect(page.getByRole('link', { name: 'Upgrade Subscription' })).toHaveAttribute('href', '/pricing');
  await expectNoA11yViolations(page);

  await page.goto('/race-strategy');
  await expect(page.getByText('This feature requires an Elite subscription or higher.')).toBeVisible();

  await page.goto('/auth');
  await expect(page).toHaveURL(/\/$/);

  await page.getByTestId('user-menu').click();
  await expect(page.getByRole('menuitem', { name: 'Profile' })).toBeVisible();
  await expect(page.getByRole('menuitem', { name: 'Subscription' })).toHaveAttribute('href', '/pricing');
  await page.getByRole('menuitem', { name: 'Logout' }).click();
  await expect(page.getByText('Successfully logged out. See you next training!', { exact: true })).toBeVisible();
  await expect(page.locator('header').getByRole('link', { name: 'Login' })).toBeVisible();
  await page.goto('/training');
  await expect(page).toHaveURL(/\/auth\?next=%2Ftraining$/);
});
