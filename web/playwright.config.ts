import { defineConfig, devices } from '@playwright/test';
import { harnessWorkers, useHarnessSlot } from './e2e/harness';

// Browser e2e against the real binary (bin/hyrox), started by e2e/global-setup.ts
// once per worker, each on a free port with its own temporary SQLite database
// and the sandbox payment provider. Set E2E_BASE_URL to run against an already running server instead.
// Chromium is the system one (CHROME_PATH or /usr/bin/chromium); never run
// `playwright install`.

export const CHROME_ARGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
];

// A worker loads this file with its TEST_PARALLEL_INDEX: it talks to its own server.
useHarnessSlot(process.env.TEST_PARALLEL_INDEX);

export default defineConfig({
  testDir: './e2e',
  globalSetup: './e2e/global-setup.ts',
  // Spec files spread over the workers, each with its own server and
  // database (e2e/harness.ts); the tests of one file run in order.
  fullyParallel: false,
  workers: process.env.E2E_BASE_URL && !process.env.E2E_BASE_URL_0 ? 1 : harnessWorkers,
  forbidOnly: !!process.env.CI,
  // One retry in CI (.ci/run sets CI): a test that passes only on its retry is
  // named FLAKY in the summary at the end of the run, to be fixed, not hidden.
  retries: process.env.CI ? 1 : 0,
  timeout: 30_000,
  expect: { timeout: 10_000 },
  reporter: [['list'], ['./e2e/summary-reporter.ts']],
  use: {
    // global-setup exports E2E_BASE_URL; workers load this file after it ran.
    baseURL: process.env.E2E_BASE_URL,
    trace: 'retain-on-failure',
    // Screenshots land in the run's output folder (test-results/); E2E_SCREENSHOTS=1
    // keeps each test's last screen for a look by eye.
    screenshot: process.env.E2E_SCREENSHOTS ? 'on' : 'only-on-failure',
    // The app's service worker (docs/offline.md) answers the page's fetches, and
    // page.route never sees what a service worker fetches: specs that stand in
    // for an API answer need it out of the way. offline.spec.ts allows it.
    serviceWorkers: 'block',
  },
  projects: [
    {
      name: 'chromium',
      use: {
        ...devices['Desktop Chrome'],
        viewport: { width: 1280, height: 800 },
        launchOptions: {
          executablePath: process.env.CHROME_PATH || '/usr/bin/chromium',
          args: CHROME_ARGS,
        },
      },
    },
  ],
});
