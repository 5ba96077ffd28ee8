import { expect, test, type Page } from '@playwright/test';
import { expectNoA11yViolations, signUp } from './support';

// docs/product.md#prerendered-pages: the public pages a visitor lands on arrive
// rendered, in the visitor's theme, and React takes the HTML over (hydration)
// without a mismatch and without rendering it again.

/** Console errors and warnings, and uncaught errors, from the page's start. */
function collectProblems(page: Page): string[] {
  const problems: string[] = [];
  page.on('console', (m) => {
    // playwright.config blocks the service worker; that notice is the test's, not the page's.
    if (m.text().includes('blocked by Playwright')) return;
    if (m.type() === 'error' || m.type() === 'warning') problems.push(`${m.type()}: ${m.text()}`);
  });
  page.on('pageerror', (e) => problems.push(`pageerror: ${e.message}`));
  return problems;
}

/**
 * Before any script of the page runs (readyState 'interactive': parsed, module
 * scripts not yet run), keeps the prerendered heading element and whether the
 * theme class was already set.
 */
async function watchParse(page: Page, headingId: string) {
  await page.addInitScript((id) => {
    document.addEventListener('readystatechange', () => {
      if (document.readyState !== 'interactive') return;
      const w = window as unknown as Record<string, unknown>;
      w.__parsedHeading = document.getElementById(id);
      w.__parsedDark = document.documentElement.classList.contains('dark');
      w.__parsedRootChildren = document.getElementById('root')?.childElementCount ?? 0;
    });
  }, headingId);
}

/** True once React has taken over the element (hydration attaches its fiber to it). */
const hydrated = (page: Page, selector: string) =>
  page.locator(selector).evaluate((el) => Object.keys(el).some((k) => k.startsWith('__reactFiber')));

const parsed = (page: Page) =>
  page.evaluate(() => {
    const w = window as unknown as { __parsedHeading: Element | null; __parsedDark: boolean; __parsedRootChildren: number };
    return {
      rootChildren: w.__parsedRootChildren,
      dark: w.__parsedDark,
      // The same element now: React kept the prerendered node (no second render).
      sameHeading: !!w.__parsedHeading && w.__parsedHeading.isConnected && w.__parsedHeading === document.getElementById(w.__parsedHeading.id),
    };
  });

test.describe('prerendered pages', () => {
  test('/ arrives with the hero, hydrates without a warning, keeps its nodes; axe clean', async ({ page }) => {
    const problems = collectProblems(page);
    const res = await page.request.get('/');
    const html = await res.text();
    expect(html).toContain('Train smarter.');
    expect(html).not.toContain('<div id="root"></div>');

    await watchParse(page, 'hero-heading');
    await page.goto('/');
    await expect.poll(() => hydrated(page, '#hero-heading')).toBe(true);
    await expect.poll(() => hydrated(page, 'footer')).toBe(true);
    expect(await parsed(page)).toEqual({ rootChildren: 1, dark: false, sameHeading: true });
    // The data the page asks for arrives after hydration and replaces the placeholders.
    await expect(page.locator('#training [aria-busy="true"]')).toHaveCount(0);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Train smarter. Race HYROX faster.');
    await expect(page).toHaveTitle('HYROX Training Hub');

    // Interactive: the theme toggle works.
    await page.getByTestId('theme-toggle').click();
    await expect(page.locator('html')).toHaveClass(/dark/);
    await expectNoA11yViolations(page);
    expect(problems).toEqual([]);
  });

  test('dark theme is set before the first paint and the toggle follows it after hydration', async ({ page }) => {
    const problems = collectProblems(page);
    await page.emulateMedia({ colorScheme: 'dark' });
    await watchParse(page, 'hero-heading');
    await page.goto('/');
    await expect.poll(() => hydrated(page, '#hero-heading')).toBe(true);
    expect(await parsed(page)).toEqual({ rootChildren: 1, dark: true, sameHeading: true });
    await expect(page.getByTestId('theme-toggle')).toHaveAccessibleName('Switch to light theme');
    expect(problems).toEqual([]);
  });

  for (const { path, heading, title } of [
    { path: '/pricing', heading: 'Pricing Plans', title: 'Pricing | HYROX Training Hub' },
    { path: '/about', heading: 'The training hub for HYROX athletes', title: 'About | HYROX Training Hub' },
    { path: '/hyrox-story', heading: 'Eight runs. Eight stations. One finish line.', title: 'The HYROX Story | HYROX Training Hub' },
  ]) {
    test(`${path} arrives rendered and hydrates without a warning; axe clean`, async ({ page }) => {
      const problems = collectProblems(page);
      expect(await (await page.request.get(path)).text()).toContain(heading);
      await page.goto(path);
      await expect.poll(() => hydrated(page, 'main h1')).toBe(true);
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(heading);
      await expect(page).toHaveTitle(title);
      await expectNoA11yViolations(page);
      expect(problems).toEqual([]);
    });
  }

  test('a query string the page was not rendered with gets the app shell: /pricing?from=mail', async ({ page }) => {
    const problems = collectProblems(page);
    expect(await (await page.request.get('/pricing?from=mail')).text()).toContain('<div id="root"></div>');
    await page.goto('/pricing?from=mail');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Pricing Plans');
    expect(problems).toEqual([]);
  });

  test('/auth arrives rendered with its form disabled, which hydration enables; login works; axe clean', async ({ page }) => {
    const problems = collectProblems(page);
    const user = await signUp(page);
    await page.context().clearCookies();
    const html = await (await page.request.get('/auth')).text();
    expect(html).toContain('Welcome back');
    expect(html).toContain('<title>Sign in | HYROX Training Hub</title>');
    expect(html).toMatch(/<form[^>]*aria-label="Login"[^>]*method="post"[^>]*><fieldset disabled=""/);

    // As parsed, before any script: the controls are there and disabled.
    await page.addInitScript(() => {
      document.addEventListener('readystatechange', () => {
        if (document.readyState !== 'interactive') return;
        const w = window as unknown as Record<string, unknown>;
        const field = document.querySelector('form[aria-label="Login"] fieldset');
        w.__parsedDisabled = field instanceof HTMLFieldSetElement ? field.disabled : 'no fieldset';
      });
    });
    await page.goto('/auth');
    await expect.poll(() => hydrated(page, 'form[aria-label="Login"]')).toBe(true);
    expect(await page.evaluate(() => (window as unknown as Record<string, unknown>).__parsedDisabled)).toBe(true);
    await expect(page.getByLabel('Password')).toBeEnabled();
    await expect(page).toHaveTitle('Sign in | HYROX Training Hub');
    await expectNoA11yViolations(page);

    await page.getByLabel('Username or email').fill(user.username);
    await page.getByLabel('Password').fill(user.password);
    await page.getByRole('button', { name: 'Login', exact: true }).click();
    await expect(page).toHaveURL(/\/$/);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(`Welcome, ${user.username}`);
    expect(problems).toEqual([]);
  });

  test('/auth before its script runs: nothing can be typed or sent', async ({ page }) => {
    // The page's scripts never arrive: the prerendered form stays as parsed.
    await page.route('**/assets/*.js', (route) => route.abort());
    const sent: string[] = [];
    page.on('request', (r) => {
      if (r.isNavigationRequest() || r.method() !== 'GET') sent.push(`${r.method()} ${r.url()}`);
    });
    await page.goto('/auth');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Welcome back');
    await expect(page.getByLabel('Username or email')).toBeDisabled();
    await expect(page.getByLabel('Password')).toBeDisabled();
    const login = page.getByRole('button', { name: 'Login', exact: true });
    await expect(login).toBeDisabled();
    await login.click({ force: true });
    await page.getByLabel('Password').press('Enter', { timeout: 1000 }).catch(() => {});
    await expect(page).toHaveURL(/\/auth$/);
    expect(sent).toEqual([`GET ${new URL('/auth', page.url()).href}`]);
  });

  test('/auth with a query string gets the app shell: ?tab=signup opens Sign Up', async ({ page }) => {
    const problems = collectProblems(page);
    expect(await (await page.request.get('/auth?tab=signup')).text()).toContain('<div id="root"></div>');
    await page.goto('/auth?tab=signup');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Join HYROX Training Hub');
    await expect(page.getByLabel('Confirm Password')).toBeEnabled();
    expect(problems).toEqual([]);
  });

  test('a signed-in visitor to / gets the signed-in shell, painted before the script, then their home', async ({ page }) => {
    const problems = collectProblems(page);
    const user = await signUp(page);
    const html = await (await page.request.get('/')).text();
    expect(html).toContain('<div id="root" data-app-shell="">');
    expect(html).not.toContain('Train smarter.');
    // The shell alone, as the phone paints it before the script: the chrome, no visitor's Login, nothing to press.
    const shell = await page.context().newPage();
    await shell.route('**/*.js', (route) => route.abort());
    await shell.goto('/');
    await expect(shell.getByRole('status').getByText('Loading...')).toBeVisible();
    await expect(shell.getByTestId('mobile-menu-button')).toBeDisabled();
    await expect(shell.getByRole('link', { name: 'Login' })).toHaveCount(0);
    await shell.screenshot({ path: 'test-results/signed-in-shell-before-script.png' });
    await shell.close();
    // With the script: React renders the home over the shell (no hydration of it, no warning).
    await watchParse(page, 'hero-heading');
    await page.goto('/');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(`Welcome, ${user.username}`);
    expect((await parsed(page)).rootChildren).toBe(1);
    await expect(page.getByRole('status').getByText('Loading...')).toHaveCount(0);
    await expect(page.getByTestId('mobile-menu-button')).toBeEnabled();
    await expectNoA11yViolations(page);
    expect(problems).toEqual([]);
  });
});
