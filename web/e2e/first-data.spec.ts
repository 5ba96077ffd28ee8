import { expect, test, type Page } from '@playwright/test';
import { expectNoA11yViolations, setTier, signUp } from './support';

// A signed-in page comes with the answers of its first reads in its HTML
// (docs/product.md#first-data-with-the-html): on a page's first load the app
// asks the network for none of them; only the live stream goes out, resuming
// after the event those reads saw. Fails when the app and the server's list
// of reads (internal/server/first_data.go) drift apart.

// chunk: the file name of the page's own chunk.
const PAGES: { path: string; chunk: RegExp; shows: (page: Page) => Promise<void> }[] = [
  { path: '/', chunk: /\/home-[^/]+\.js$/, shows: (page) => expect(page.getByRole('heading', { level: 1 })).toBeVisible() },
  { path: '/calendar', chunk: /\/calendar-page-[^/]+\.js$/, shows: (page) => expect(page.getByRole('heading', { name: 'Calendar', level: 1 })).toBeVisible() },
  {
    path: '/workout-logs/new',
    chunk: /\/workout-log-new-page-[^/]+\.js$/,
    shows: (page) => expect(page.getByRole('heading', { name: /Log a Workout/i, level: 1 })).toBeVisible(),
  },
  { path: '/nutrition', chunk: /\/nutrition-page-[^/]+\.js$/, shows: (page) => expect(page.getByRole('heading', { level: 1 })).toBeVisible() },
  { path: '/analytics', chunk: /\/analytics-page-[^/]+\.js$/, shows: (page) => expect(page.getByRole('heading', { level: 1 })).toBeVisible() },
];

/** The API requests of a page's load, and the scripts its HTML names. */
async function loadPage(page: Page, path: string): Promise<{ requests: string[]; named: string[] }> {
  const requests: string[] = [];
  const record = (req: { url: () => string }) => {
    const url = new URL(req.url());
    if (url.pathname.startsWith('/api/')) requests.push(url.pathname + url.search);
  };
  page.on('request', record);
  const html = (await (await page.goto(path))?.text()) ?? '';
  await page.waitForLoadState('networkidle');
  page.off('request', record);
  const named = [...html.matchAll(/<(?:script type="module"[^>]* src|link rel="modulepreload"[^>]* href)="([^"]+)"/g)].map((m) => m[1]!);
  return { requests, named };
}

/** Records when the page's h1 first showed (window.h1At), for scripts' request times. */
function watchHeading() {
  const w = window as unknown as { h1At?: number };
  new MutationObserver(() => {
    if (w.h1At === undefined && document.querySelector('main h1')) w.h1At = performance.now();
  }).observe(document, { childList: true, subtree: true });
}

/** The scripts a page asked for before its h1 showed. */
function scriptsBeforeHeading(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const h1At = (window as unknown as { h1At?: number }).h1At ?? Infinity;
    return performance
      .getEntriesByType('resource')
      .filter((e) => e.name.endsWith('.js') && e.startTime < h1At)
      .map((e) => new URL(e.name).pathname);
  });
}

test('signed-in pages paint from the data their HTML brought (360 px)', async ({ page }) => {
  // Five pages, each to network idle, and an axe check: 21-23 s alone on a slow 2-core machine,
  // over 30 s beside a second worker.
  test.setTimeout(60_000);
  await page.setViewportSize({ width: 360, height: 800 });
  const user = await signUp(page);
  test.skip(!setTier(user, 'pro'), 'needs the harness database');
  // Nothing on these pages breaks the Content-Security-Policy (a refused eval
  // included, which Chrome reports even when the code catches it).
  await page.addInitScript(() => {
    const w = window as unknown as { cspViolations: string[] };
    w.cspViolations = [];
    document.addEventListener('securitypolicyviolation', (e) => w.cspViolations.push(`${e.violatedDirective} ${e.sourceFile}`));
  });
  // Every loading placeholder the app puts on the page (a data block's skeleton,
  // a busy status region, the loading page's spinner): a read answered by the
  // HTML seeds the query cache, so its block renders with its data at once, and
  // React renders once the page's chunk is in. Script insertions only (React
  // inserts through appendChild and insertBefore; the parser, which lays the
  // signed-in shell's own loading page, calls neither).
  await page.addInitScript(() => {
    const w = window as unknown as { loadingSeen: string[] };
    w.loadingSeen = [];
    const loading = '.animate-pulse, .animate-spin, [aria-busy="true"]';
    const check = (parent: Node, node: Node) => {
      if (!parent.isConnected || !(node instanceof Element)) return;
      const found = node.matches(loading) ? node : node.querySelector(loading);
      if (found) w.loadingSeen.push(`${found.closest('[aria-label]')?.getAttribute('aria-label') ?? ''} ${found.outerHTML.slice(0, 120)}`);
    };
    const { appendChild, insertBefore } = Node.prototype;
    Node.prototype.appendChild = function <T extends Node>(this: Node, node: T): T {
      check(this, node);
      return appendChild.call(this, node) as T;
    };
    Node.prototype.insertBefore = function <T extends Node>(this: Node, node: T, child: Node | null): T {
      check(this, node);
      return insertBefore.call(this, node, child) as T;
    };
  });
  // Something on each page to show with dates and numbers: a workout and a food logged today.
  const now = new Date();
  const today = `${now.getFullYear()}-${String(now.getMonth() + 1).padStart(2, '0')}-${String(now.getDate()).padStart(2, '0')}`;
  const logged = await page.request.post('/api/workout-logs', { data: { workoutName: 'Sled and wall balls', completedAt: now.toISOString(), duration: 45, rating: 4 } });
  expect(logged.status(), await logged.text()).toBe(201);
  const food = { foodName: 'Oatmeal', calories: 1540, protein: 6, carbs: 28, fat: 3, quantity: '1 cup', mealType: 'breakfast', date: today };
  const eaten = await page.request.post('/api/food-entries', { data: food });
  expect(eaten.status(), await eaten.text()).toBe(201);
  // No Intl object on a page's load (docs/product.md#web-app, "Formatting"): the
  // first one loads ICU's data, tens of milliseconds of main thread. Each
  // construction is named by the script line that made it.
  await page.addInitScript(() => {
    const w = window as unknown as { intlMade: string[] };
    w.intlMade = [];
    const intl = Intl as unknown as Record<string, unknown>;
    for (const name of ['DateTimeFormat', 'NumberFormat', 'PluralRules', 'RelativeTimeFormat', 'Collator', 'ListFormat', 'Segmenter', 'DisplayNames']) {
      const made = intl[name] as (new (...a: unknown[]) => object) & ((...a: unknown[]) => object);
      const where = () => `${name} ${new Error().stack?.split('\n')[3]?.trim() ?? ''}`;
      intl[name] = new Proxy(made, {
        construct: (target, args) => (w.intlMade.push(where()), Reflect.construct(target, args)),
        apply: (target, self, args) => (w.intlMade.push(where()), Reflect.apply(target, self, args)),
      });
    }
    for (const [proto, names] of [
      [Date.prototype, ['toLocaleString', 'toLocaleDateString', 'toLocaleTimeString']],
      [Number.prototype, ['toLocaleString']],
      [String.prototype, ['localeCompare']],
    ] as const) {
      for (const name of names) {
        const original = (proto as unknown as Record<string, (...a: unknown[]) => unknown>)[name]!;
        (proto as unknown as Record<string, unknown>)[name] = function (this: unknown, ...args: unknown[]) {
          w.intlMade.push(`${name} ${new Error().stack?.split('\n')[2]?.trim() ?? ''}`);
          return original.apply(this, args);
        };
      }
    }
  });
  await page.addInitScript(watchHeading);
  // The app's first start keeps the browser's time zone for the server (hyrox_tz).
  await page.goto('/');
  await expect.poll(async () => (await page.context().cookies()).some((c) => c.name === 'hyrox_tz')).toBe(true);

  for (const { path, chunk, shows } of PAGES) {
    const { requests, named } = await loadPage(page, path);
    await shows(page);
    // The HTML names every script the page needs to show (its chunk and what that
    // imports, beside the entry's), so none waits for the entry to find it.
    const needed = await scriptsBeforeHeading(page);
    expect(named.filter((n) => chunk.test(n)), `${path}: its HTML names its chunk`).toHaveLength(1);
    expect(needed.filter((s) => !named.includes(s)), `${path}: scripts its HTML did not name (${named.join(', ')})`).toEqual([]);
    expect(await page.locator('#first-data').count(), `${path} came with its first data`).toBe(1);
    const answered = await page.evaluate(() => Object.keys(JSON.parse(document.getElementById('first-data')?.textContent ?? '{}')));
    expect(answered, `${path}: the shell's reads and where the stream resumes`).toEqual(
      expect.arrayContaining(['/api/user', '/api/config', '/api/subscription-status', 'liveLastEventId']),
    );
    // A read the HTML answered is never asked again, nor asked with another
    // query (the two lists drifted apart). A read the server left out (its
    // 1 s budget ran out on a busy machine) may go to the network.
    const answeredPaths = new Set(answered.map((k) => k.split('?')[0]));
    const asked = requests.filter((r) => !r.startsWith('/api/live') && answeredPaths.has(r.split('?')[0]));
    expect(asked, `${path} asked the network for reads its HTML answered (${answered.join(', ')})`).toEqual([]);
    // The stream resumes after the event the page's reads saw.
    expect(requests.filter((r) => r.startsWith('/api/live')).every((r) => /[?&]lastEventId=\d+/.test(r)), `${path}: ${requests}`).toBe(true);
    // The page rendered its data at once: no loading placeholder ever showed.
    expect(await page.evaluate(() => (window as unknown as { loadingSeen: string[] }).loadingSeen), `${path} rendered a loading state`).toEqual([]);
    await expectNoA11yViolations(page);
    expect(await page.evaluate(() => (window as unknown as { cspViolations: string[] }).cspViolations), `${path}: CSP`).toEqual([]);
    // Also what mounts once the page is on screen (the user menu, the outbox, the time zone's check).
    await expect.poll(() => page.evaluate(() => performance.getEntriesByType('resource').some((e) => /\/user-menu-[^/]*\.js$/.test(e.name)))).toBe(true);
    await page.waitForLoadState('networkidle');
    expect(await page.evaluate(() => (window as unknown as { intlMade: string[] }).intlMade), `${path} made Intl objects`).toEqual([]);
  }
  await page.goto('/');
  await expect(page.getByText(user.username).first()).toBeAttached();
  await page.screenshot({ path: 'test-results/first-data-home-360.png', fullPage: true });
});

test('what no first paint needs (the user menu, the live stream, the outbox) loads after the page is on screen', async ({ page }) => {
  const user = await signUp(page);
  test.skip(!setTier(user, 'pro'), 'needs the harness database');
  await page.goto('/');
  await expect.poll(async () => (await page.context().cookies()).some((c) => c.name === 'hyrox_tz')).toBe(true);
  // Each script's request time against the moment the page's h1 first showed.
  await page.addInitScript(watchHeading);
  await page.goto('/calendar');
  await expect(page.getByRole('heading', { name: 'Calendar', level: 1 })).toBeVisible();
  await page.waitForLoadState('networkidle');
  const { h1At, scripts } = await page.evaluate(() => ({
    h1At: (window as unknown as { h1At: number }).h1At,
    scripts: performance
      .getEntriesByType('resource')
      .filter((e) => e.name.endsWith('.js'))
      .map((e) => ({ file: new URL(e.name).pathname.split('/').pop() ?? '', at: e.startTime })),
  }));
  const later = scripts.filter((s) => /^(user-menu|live-updates|offline-chrome|pwa)-/.test(s.file));
  expect(later.map((s) => s.file.split('-')[0]).sort(), 'the deferred chunks loaded').toEqual(expect.arrayContaining(['live', 'offline', 'pwa', 'user']));
  for (const s of later) expect(s.at, `${s.file} started after the page's heading showed`).toBeGreaterThan(h1At);
  // The move form's chunk (and the form kit) waits for Move.
  expect(scripts.some((s) => s.file.startsWith('use-api-form-')), 'the form kit loaded with the week').toBe(false);
});

test('a page answered from its HTML stays readable offline', async ({ page }) => {
  const user = await signUp(page);
  test.skip(!setTier(user, 'pro'), 'needs the harness database');
  await page.goto('/');
  await expect.poll(async () => (await page.context().cookies()).some((c) => c.name === 'hyrox_tz')).toBe(true);
  await page.goto('/calendar');
  await expect(page.getByRole('heading', { name: 'Calendar', level: 1 })).toBeVisible();
  // What the HTML answered is kept where the service worker would have kept it.
  await expect
    .poll(() => page.evaluate(async () => (await (await caches.open('hyrox-api')).keys()).map((r) => new URL(r.url).pathname)))
    .toEqual(expect.arrayContaining(['/api/user', '/api/calendar']));
});
