import { SESSION_CACHE_MS } from './harness';
import { spawnSync } from 'node:child_process';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Page } from '@playwright/test';

/**
 * Waits until the page holds still: React owns the root's content (a
 * prerendered page is hydrated, not half taken over), fonts and images have
 * loaded, and no transition or animation is running (axe measures colours as
 * they are at that moment, a colour mid-transition included).
 */
async function settled(page: Page) {
  await expect
    .poll(() =>
      page.evaluate(() => {
        const first = document.getElementById('root')?.firstElementChild;
        return !!first && Object.keys(first).some((k) => k.startsWith('__react'));
      }),
    )
    .toBe(true);
  await page.evaluate(async () => {
    await document.fonts.ready;
    // Lazy images off screen never load, and a spinner never ends: neither is waited for.
    const loading = Array.from(document.images).filter((img) => !img.complete && img.loading !== 'lazy');
    await Promise.all(
      loading.map(
        (img) =>
          new Promise((done) => {
            img.addEventListener('load', done, { once: true });
            img.addEventListener('error', done, { once: true });
          }),
      ),
    );
    const ending = document.getAnimations().filter((a) => a.effect?.getComputedTiming().iterations !== Infinity);
    await Promise.all(ending.map((a) => a.finished.catch(() => undefined)));
  });
}

/** Runs axe (WCAG 2.0 A/AA, 2.1 AA) on the page; fails listing every violation. */
export async function expectNoA11yViolations(page: Page, options: { exclude?: string[] } = {}) {
  await settled(page);
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

const hyrox = join(resolve(dirname(fileURLToPath(import.meta.url)), '..', '..'), 'bin', 'hyrox');

/**
 * Waits until the server's session cache (SESSION_CACHE_MS, docs/sessions.md) has let
 * go of what a `bin/hyrox` command run in its own process changed: on SQLite such
 * a command cannot evict the server's cached lookups (a tier, for instance).
 * Against an external server the default 2 s hold.
 */
export function waitForSessionCache() {
  const cached = process.env.E2E_DATABASE_URL ? SESSION_CACHE_MS : 2000;
  Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, cached + 100);
}

/**
 * Runs a `bin/hyrox` support command on the harness database, then waits for
 * the session cache. Returns false against an external E2E_BASE_URL server,
 * where the harness database is not known.
 */
function hyroxCommand(args: string[], env: Record<string, string> = {}): boolean {
  const databaseURL = process.env.E2E_DATABASE_URL;
  if (!databaseURL) return false;
  const res = spawnSync(hyrox, args, {
    env: { ...process.env, DATABASE_URL: databaseURL, APP_ENV: 'test', ...env },
    encoding: 'utf8',
    timeout: 30_000,
  });
  expect(res.status, `hyrox ${args.join(' ')}: ${res.stderr}`).toBe(0);
  waitForSessionCache();
  return true;
}

/** Gives a user a tier with `hyrox users set-tier` (the support tool, no payment); false without the harness database. */
export function setTier(user: Pick<TestUser, 'username'>, tier: 'basic' | 'pro' | 'elite'): boolean {
  return hyroxCommand(['users', 'set-tier', user.username, tier]);
}

/**
 * Moves the sandbox provider's clock on by days (`hyrox sandbox advance`); the
 * server runs the renewals and cancellations then due when the status is next
 * read. Skips the test against an external E2E_BASE_URL server.
 */
export function advanceSandbox(days: number) {
  const ran = hyroxCommand(['sandbox', 'advance', '--days', String(days)], { PAYMENT_PROVIDER: 'sandbox' });
  test.skip(!ran, 'needs the harness database to move the sandbox clock');
}

/** Fills the sandbox checkout's card fields. */
export async function fillCard(page: Page, number: string, expiry = '12 / 34', cvc = '123') {
  await page.getByLabel('Card number').fill(number);
  await page.getByLabel('Expiration date (MM / YY)').fill(expiry);
  await page.getByLabel('CVC').fill(cvc);
}

/** Makes an account a coach with `hyrox users set-role`; false without the harness database. */
export function makeCoach(username: string): boolean {
  return hyroxCommand(['users', 'set-role', username, 'coach']);
}

/**
 * The server's log so far (stdout and stderr of the bin/hyrox the harness
 * started; global-setup exports its path as E2E_SERVER_LOG). Empty when the
 * specs run against a server started elsewhere (E2E_BASE_URL).
 */
export async function readServerLog(): Promise<string> {
  const path = process.env.E2E_SERVER_LOG;
  if (!path) return '';
  const { readFile } = await import('node:fs/promises');
  return readFile(path, 'utf8').catch(() => '');
}

const pad = (n: number) => String(n).padStart(2, '0');

/** The local calendar date of d, YYYY-MM-DD. */
export const localDate = (d: Date) => `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}`;

/** Starts the first basic plan today and moves its first training session to today; answers the session's title. */
export async function planToday(page: Page): Promise<string> {
  const plans = await (await page.request.get('/api/training-plans')).json();
  const plan = plans.find((p: { requiredTier: string }) => p.requiredTier === 'basic');
  const today = localDate(new Date());
  expect((await page.request.post(`/api/programs/${plan.id}/start`, { data: { startDate: today } })).status()).toBe(201);
  const to = new Date();
  to.setDate(to.getDate() + 13);
  const cal = await (await page.request.get(`/api/calendar?from=${today}&to=${localDate(to)}`)).json();
  const first = cal.sessions.find((s: { kind: string }) => s.kind === 'training');
  expect((await page.request.patch(`/api/calendar/sessions/${first.id}`, { data: { date: today } })).status()).toBe(200);
  return first.title as string;
}

/** A start earlier today: `minutes` ago, but never before 00:01 local time. */
export function startToday(minutes: number): Date {
  const now = new Date();
  const midnight = new Date(now.getFullYear(), now.getMonth(), now.getDate(), 0, 1);
  return new Date(Math.max(midnight.getTime(), now.getTime() - minutes * 60_000));
}
