import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium, expect, test, type BrowserContext, type Page } from '@playwright/test';
import { CHROME_ARGS } from '../playwright.config';
import { expectNoA11yViolations, setTier, signUp, type TestUser } from './support';

// These specs are about the service worker: let it run (playwright.config.ts blocks it elsewhere).
test.use({ serviceWorkers: 'allow' });

// Issue 29 (docs/offline.md): the installable app logs without signal. A
// workout and two foods logged offline survive a reload and reach the server
// exactly once when the connection returns; an offline edit of an entry
// deleted meanwhile shows the server's message by the item; a new service
// worker waiting shows "A new version is ready".

const BANANA = 'Bananas, raw';
const APPLE = 'Apples, raw, with skin';

async function newProUser(page: Page) {
  const user = await signUp(page);
  test.skip(!setTier(user, 'pro'), 'needs the harness database to make a user pro');
  const targets = { dailyCalories: 2500, proteinTarget: 165, carbsTarget: 300, fatTarget: 80 };
  expect((await page.request.put(`/api/nutrition/${user.id}`, { data: targets })).status()).toBe(200);
  return user;
}

/** Waits until the service worker controls the page (its first install claims it). */
async function controlled(page: Page) {
  await expect.poll(() => page.evaluate(() => !!navigator.serviceWorker.controller), { timeout: 20_000 }).toBe(true);
}

async function localToday(page: Page) {
  return page.evaluate(() => {
    const d = new Date();
    return `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}-${String(d.getDate()).padStart(2, '0')}`;
  });
}

async function searchFood(page: Page, words: string, name: string) {
  const box = page.getByLabel('Search foods');
  await box.fill('');
  await box.pressSequentially(words, { delay: 20 });
  await page.getByRole('list', { name: 'Foods found' }).getByRole('button', { name: new RegExp(`^${name.replace(/[(),]/g, '.')}`) }).first().click();
}

async function addFood(page: Page, words: string, name: string, meal: 'breakfast' | 'snack') {
  await searchFood(page, words, name);
  const form = page.getByRole('form', { name });
  await form.getByLabel('Meal', { exact: true }).selectOption(meal);
  await form.getByRole('button', { name: `Add to ${meal === 'snack' ? 'Snack' : 'Breakfast'}` }).click();
}

async function serverCounts(page: Page, user: TestUser, day: string) {
  const logs = (await (await page.request.get(`/api/workout-logs/${user.id}?limit=50`)).json()) as { items?: { workoutName: string }[]; logs?: { workoutName: string }[] };
  const list = logs.items ?? logs.logs ?? [];
  const diary = JSON.stringify(await (await page.request.get(`/api/food-entries?date=${day}`)).json());
  return {
    workout: list.filter((l) => l.workoutName === 'Basement wall balls').length,
    banana: diary.split(`"foodName":"${BANANA}"`).length - 1,
    apple: diary.split(`"foodName":"${APPLE}"`).length - 1,
  };
}

async function goOffline(context: BrowserContext, page: Page, offline: boolean) {
  await context.setOffline(offline);
  await expect.poll(() => page.evaluate(() => navigator.onLine)).toBe(!offline);
}

test('a workout and two foods logged offline reach the server once each, after a reload', async ({ page, context }) => {
  test.setTimeout(180_000);
  const user = await newProUser(page);
  await page.goto('/');
  await controlled(page);

  // Online first: the pages of the day and the two food searches are seen once.
  await page.goto('/nutrition');
  const today = await localToday(page);
  await searchFood(page, 'banana raw', BANANA);
  await searchFood(page, 'apple raw skin', APPLE);
  await page.goto('/workout-logs/new');
  await expect(page.getByRole('heading', { level: 1, name: 'Log a workout' })).toBeVisible();
  await page.goto('/calendar');
  await page.goto('/');
  await expect(page.getByRole('heading', { level: 1, name: `Welcome, ${user.username}` })).toBeVisible();

  await goOffline(context, page, true);

  // The home page reads offline from what was last loaded.
  await page.reload();
  await expect(page.getByRole('heading', { level: 1, name: `Welcome, ${user.username}` })).toBeVisible();
  await expect(page.getByTestId('outbox')).toContainText('Offline: showing what was last loaded.');

  // A workout, offline.
  await page.goto('/workout-logs/new');
  const form = page.getByRole('form', { name: 'Workout log' });
  await form.getByLabel('Workout name').fill('Basement wall balls');
  await form.getByLabel('How it felt').selectOption('4');
  await form.getByRole('button', { name: 'Save workout' }).click();
  await expect(page.getByText('Workout kept on this device').first()).toBeVisible();
  const outbox = page.getByTestId('outbox');
  await expect(outbox.getByTestId('outbox-item')).toHaveCount(1);
  await expect(outbox).toContainText('Workout: Basement wall balls');
  await expect(outbox).toContainText('Waiting to send');

  // Two foods, offline.
  await page.goto('/nutrition');
  await addFood(page, 'banana raw', BANANA, 'snack');
  await expect(page.getByText('Food kept on this device').first()).toBeVisible();
  await addFood(page, 'apple raw skin', APPLE, 'breakfast');
  await expect(outbox.getByTestId('outbox-item')).toHaveCount(3);
  await expect(outbox).toContainText(`Food: ${BANANA}`);
  await expect(outbox).toContainText(`Food: ${APPLE}`);
  await expectNoA11yViolations(page);
  await page.setViewportSize({ width: 360, height: 800 });
  await page.screenshot({ path: test.info().outputPath('offline-outbox-360.png') });
  await page.setViewportSize({ width: 1280, height: 900 });

  // A reload (an app restart) keeps everything typed.
  await page.reload();
  await expect(page.getByTestId('outbox').getByTestId('outbox-item')).toHaveCount(3);
  expect(await serverCounts(page, user, today)).toEqual({ workout: 0, banana: 0, apple: 0 });

  // Back online: sent in order, once each; the outbox empties.
  await goOffline(context, page, false);
  await expect(page.getByTestId('outbox')).toHaveCount(0, { timeout: 20_000 });
  expect(await serverCounts(page, user, today)).toEqual({ workout: 1, banana: 1, apple: 1 });
  await expect(page.getByTestId('meal-snack')).toContainText(BANANA);

  // Another open does not send anything again.
  await page.reload();
  await expect(page.getByTestId('meal-breakfast')).toContainText(APPLE);
  expect(await serverCounts(page, user, today)).toEqual({ workout: 1, banana: 1, apple: 1 });
});

test('an offline edit of an entry deleted meanwhile shows the reason by the item', async ({ page, context }) => {
  test.setTimeout(120_000);
  await newProUser(page);
  await page.goto('/nutrition');
  await controlled(page);
  const today = await localToday(page);
  const res = await page.request.post('/api/food-entries', {
    data: { foodName: 'Protein bar', calories: 200, protein: 20, carbs: 22, fat: 6, quantity: '1 bar', mealType: 'snack', date: today },
  });
  expect(res.status()).toBe(201);
  const entry = (await res.json()) as { id: number };
  await page.reload();
  const snack = page.getByTestId('meal-snack');
  await expect(snack).toContainText('Protein bar');

  await goOffline(context, page, true);
  await snack.getByRole('button', { name: 'Edit Protein bar' }).click();
  const dialog = page.getByRole('dialog', { name: 'Edit entry' });
  await dialog.getByLabel('Calories').fill('250');
  await dialog.getByRole('button', { name: 'Save changes' }).click();
  await expect(dialog).toBeHidden();
  const item = page.getByTestId('outbox-item').filter({ hasText: 'Edit: Protein bar' });
  await expect(item).toContainText('Waiting to send');

  // Meanwhile, on another device, the entry is deleted.
  expect((await page.request.delete(`/api/food-entries/${entry.id}`)).status()).toBe(204);

  await goOffline(context, page, false);
  await expect(item).toContainText('Not sent: Food entry not found.', { timeout: 20_000 });
  // The diary follows the server: the entry is gone there.
  await expect(snack).not.toContainText('Protein bar');
  await expectNoA11yViolations(page);
  await page.screenshot({ path: test.info().outputPath('offline-conflict.png') });
  await item.getByRole('button', { name: 'Discard Edit: Protein bar' }).click();
  await expect(page.getByTestId('outbox')).toHaveCount(0);
});

test('a new service worker waiting shows "A new version is ready" and Reload moves to it', async ({ page }) => {
  test.setTimeout(90_000);
  await signUp(page);
  await page.goto('/');
  await controlled(page);
  const first = await page.evaluate(async () => (await navigator.serviceWorker.getRegistration())?.active?.scriptURL);
  expect(first).toContain('/sw.js');
  // A deploy: a new worker script for the same scope installs and waits
  // while the current one controls the page (a changed script URL is a new
  // version to the browser, as a changed sw.js is).
  await page.evaluate(async () => void (await navigator.serviceWorker.register('/sw.js?next=1', { scope: '/' })));
  const prompt = page.getByRole('status').filter({ hasText: 'A new version is ready.' });
  await expect(prompt).toBeVisible({ timeout: 20_000 });
  await expectNoA11yViolations(page);
  await Promise.all([page.waitForEvent('load'), prompt.getByRole('button', { name: 'Reload' }).click()]);
  await expect(prompt).toHaveCount(0);
  await expect
    .poll(() => page.evaluate(async () => (await navigator.serviceWorker.getRegistration())?.active?.scriptURL))
    .toContain('/sw.js?next=1');
});

test("Chromium finds the app installable: manifest, icons, service worker", async () => {
  test.setTimeout(60_000);
  // A profile on disk: Chromium never offers to install from an incognito
  // context, which is what a test's own context is.
  const profile = mkdtempSync(join(tmpdir(), 'hyrox-install-'));
  const context = await chromium.launchPersistentContext(profile, {
    executablePath: process.env.CHROME_PATH || '/usr/bin/chromium',
    args: CHROME_ARGS,
    baseURL: process.env.E2E_BASE_URL,
  });
  try {
    const page = context.pages()[0] ?? (await context.newPage());
    await page.goto('/');
    await controlled(page);
    const cdp = await context.newCDPSession(page);
    const manifest = (await cdp.send('Page.getAppManifest')) as { url: string; errors: { message: string }[] };
    expect(manifest.url).toContain('/manifest.webmanifest');
    expect(manifest.errors).toEqual([]);
    // Lighthouse 12 dropped its PWA audits; this is the browser's own installability check.
    const { installabilityErrors } = (await cdp.send('Page.getInstallabilityErrors')) as { installabilityErrors: { errorId: string }[] };
    expect(installabilityErrors).toEqual([]);
    // docs/offline.md#updates: the worker and the manifest are revalidated on every load.
    for (const path of ['/sw.js', '/manifest.webmanifest']) {
      expect((await page.request.get(path)).headers()['cache-control']).toBe('no-cache');
    }
  } finally {
    await context.close();
    rmSync(profile, { recursive: true, force: true });
  }
});
