import AxeBuilder from '@axe-core/playwright';
import { expect, type Page } from '@playwright/test';

/** Runs axe (WCAG 2.0 A/AA, 2.1 AA) on the page; fails listing every violation. */
export async function expectNoA11yViolations(page: Page, options: { exclude?: string[] } = {}) {
  let builder = new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21aa']);
  for (const sel of options.exclude ?? []) builder = builder.exclude(sel);
  const results = await builder.analyze();
  const report = results.violations
    .map(
      (v) =>
        `[${v.impact}] ${v.id}: ${v.help} (${v.helpUrl})\n` +
        v.nodes.map((n) => `    ${n.target.join(' ')}\n      ${n.failureSummary?.replace(/\n/g, '\n      ')}`).join('\n'),
    )
    .join('\n');
  expect(results.violations, `axe found ${results.violations.length} violation(s) on ${page.url()}:\n${report}`).toEqual([]);
}

export type TestUser = { id: number; username: string; email: string; password: string; subscriptionTier: string };

let counter = 0;

/**
 * Registers a fresh unique user through the API (POST /api/register); the
 * browser context is then signed in (page.request shares its cookies).
 */
export async function signUp(page: Page, overrides: Partial<Pick<TestUser, 'username' | 'email' | 'password'>> = {}): Promise<TestUser> {
  counter += 1;
  const tag = `${Date.now().toString(36)}${process.pid.toString(36)}${counter}`;
  const username = overrides.username ?? `e2e_${tag}`.slice(0, 32);
  const email = overrides.email ?? `${username}@example.com`;
  const password = overrides.password ?? 'Sup3r-secret-pass';
  const res = await page.request.post('/api/register', { data: { username, email, password } });
  expect(res.status(), `POST /api/register: ${await res.text()}`).toBeLessThan(300);
  const user = (await res.json()) as Omit<TestUser, 'password'>;
  return { ...user, password };
}
