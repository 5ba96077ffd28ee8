import { spawnSync } from 'node:child_process';
import { expect, test, type Page } from '@playwright/test';
import { advanceSandbox, expectNoA11yViolations, fillCard, signUp } from './support';

// Issue 31 (docs/billing-rules.md#locked-pages, #credit, #invoices): a Basic
// athlete walks from a locked page to a trial with its terms stated; a
// subscriber switches to annual billing and sees the credit; billing details
// edited in billing settings appear on the invoice PDF.

const LOCKED: { path: string; feature: string; tier: 'Pro' | 'Elite'; price: string }[] = [
  { path: '/nutrition', feature: 'nutrition', tier: 'Pro', price: '$19.00' },
  { path: '/analytics', feature: 'analytics', tier: 'Pro', price: '$19.00' },
  { path: '/programs', feature: 'programs', tier: 'Elite', price: '$39.00' },
  { path: '/race-strategy', feature: 'race-strategy', tier: 'Elite', price: '$39.00' },
];

/** Opens a locked page, checks its preview and trial terms, and starts the trial from it. Answers whether the trial started. */
async function lockedPageToTrial(page: Page, locked: (typeof LOCKED)[number], narrow: boolean): Promise<boolean> {
  await page.goto(locked.path);
  await expect(page.getByRole('heading', { name: 'Upgrade Required' })).toBeVisible();
  await expect(page.getByText(`This feature requires ${locked.tier === 'Elite' ? 'an' : 'a'} ${locked.tier} subscription or higher.`)).toBeVisible();
  const load = page.getByTestId('load-preview');
  await expect(load).toBeVisible();
  const offer = page.getByTestId('trial-offer');
  await expect(offer.getByRole('heading', { name: `Try ${locked.tier} free for 7 days` })).toBeVisible();
  const terms = page.getByTestId('trial-terms');
  await expect(terms).toContainText(`${locked.price} will be charged on `);
  await expect(terms).toContainText('unless you cancel before.');
  const stated = ((await terms.textContent()) ?? '').replace(/^Then \S+ a month\. /, '');
  if (narrow) {
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
  }
  await page.screenshot({ path: test.info().outputPath(`locked-${locked.feature}${narrow ? '-360' : ''}.png`), fullPage: true });
  await expectNoA11yViolations(page);

  await offer.getByRole('link', { name: 'Start Free Trial' }).click();
  await expect(page.getByRole('heading', { name: new RegExp(`7-day free trial of ${locked.tier}`) })).toBeVisible();
  // The checkout states the same first charge as the locked page did.
  await expect(page.getByRole('region', { name: new RegExp(`free trial of ${locked.tier}`) })).toContainText(stated);
  await expectNoA11yViolations(page);
  await fillCard(page, '4242 4242 4242 4242');
  await page.getByRole('button', { name: 'Start Free Trial' }).click();
  await expect(page.getByRole('heading', { name: `Welcome to HYROX ${locked.tier}!` })).toBeVisible();
  await expect(page.getByText('Trialing', { exact: true })).toBeVisible();
  const status = await (await page.request.get('/api/subscription-status')).json();
  return status.subscriptionStatus === 'trialing';
}

test('a Basic athlete walks from each locked page to a trial with the amount and date stated', async ({ page }) => {
  test.setTimeout(240_000);
  let reached = 0;
  for (const [i, locked] of LOCKED.entries()) {
    const narrow = i % 2 === 1; // analytics and race strategy at 360 px
    await page.setViewportSize(narrow ? { width: 360, height: 780 } : { width: 1280, height: 800 });
    await signUp(page);
    if (await lockedPageToTrial(page, locked, narrow)) reached += 1;
    await page.context().clearCookies();
  }
  // The figure docs/billing-rules.md#locked-pages reports: new accounts of
  // this walk that reached a trial from a locked page.
  test.info().annotations.push({ type: 'locked-page-to-trial', description: `${reached}/${LOCKED.length}` });
  console.log(`locked page to trial: ${reached} of ${LOCKED.length} new accounts`);
  expect(reached).toBe(LOCKED.length);
});

test('a locked page shows the athlete their own logged training, else marked sample data', async ({ page }) => {
  test.setTimeout(60_000);
  await signUp(page);
  await page.goto('/analytics');
  await expect(page.getByTestId('sample-badge')).toHaveText('Sample data');
  const res = await page.request.post('/api/workout-logs', {
    data: { workoutName: 'Engine builder', completedAt: new Date().toISOString(), duration: 47, rpe: 6, rating: 3 },
  });
  expect(res.status(), await res.text()).toBe(201);
  await page.goto('/analytics');
  const load = page.getByTestId('load-preview');
  await expect(load.getByRole('heading', { name: 'Your training load, last 8 weeks' })).toBeVisible();
  await expect(load).toContainText('47 minutes logged.');
  await expect(page.getByTestId('sample-badge')).toHaveCount(0);
  await expectNoA11yViolations(page);
});

test('a subscriber switches to annual billing; the credit balance shows on the subscription page and each invoice', async ({ page }) => {
  test.setTimeout(150_000);
  await signUp(page);
  await page.goto('/subscription?plan=pro&interval=month');
  await fillCard(page, '4242 4242 4242 4242');
  await page.getByRole('button', { name: 'Start Free Trial' }).click();
  await expect(page.getByRole('heading', { name: 'Welcome to HYROX Pro!' })).toBeVisible();
  advanceSandbox(8); // the first month is paid
  await page.goto('/subscription');
  await page.getByRole('radio', { name: 'Annual' }).click();
  await page.getByTestId('plan-pro').getByRole('button', { name: 'Switch to Annual Billing' }).click();
  const dialog = page.getByRole('dialog');
  await expect(dialog.getByTestId('preview-next-renewal')).toHaveText('$171.00');
  await dialog.getByRole('button', { name: 'Confirm Change' }).click();
  await expect(page.getByText('Subscription Updated', { exact: true })).toBeVisible();
  await expect(page.getByTestId('plan-pro').getByRole('button', { name: 'Current Plan' })).toBeVisible();
  await expect(page.getByTestId('credit-balance')).toHaveCount(0);

  // Back to monthly: the unused year becomes credit, shown on the page.
  await page.getByRole('radio', { name: 'Monthly' }).click();
  await page.getByTestId('plan-pro').getByRole('button', { name: 'Switch to Monthly Billing' }).click();
  const left = (await dialog.getByTestId('preview-credit-left').textContent()) ?? '';
  await dialog.getByRole('button', { name: 'Confirm Change' }).click();
  await expect(page.getByText('Subscription Updated', { exact: true })).toBeVisible();
  const credit = page.getByTestId('credit-balance');
  await expect(credit).toContainText('Credit balance: $');
  await expectNoA11yViolations(page);

  // The renewal uses the credit: the invoice says how much.
  advanceSandbox(31);
  await page.goto('/subscription');
  await expect(credit).toContainText(`Credit balance: ${left}`);
  for (const width of [1280, 360]) {
    await page.setViewportSize({ width, height: 800 });
    await page.goto('/billing-history');
    await expect(page.getByTestId('credit-balance')).toContainText(`Credit balance: ${left}`);
    const row = page.getByTestId('billing-row').first();
    await expect(row.getByTestId('credit-applied')).toHaveText('Credit applied: $19.00');
    await expect(row).toContainText('$0.00');
    await expect(row).toContainText('Incl. tax (20%): $3.17');
    await page.screenshot({ path: test.info().outputPath(`history-credit-${width}.png`), fullPage: true });
    await expectNoA11yViolations(page);
  }
});

function pdfText(pdf: Buffer): string | null {
  const res = spawnSync('pdftotext', ['-layout', '-', '-'], { input: pdf, encoding: 'utf8' });
  return res.error ? null : res.stdout;
}

test('billing details edited in billing settings are printed on the invoice, named after its number', async ({ page }) => {
  test.setTimeout(120_000);
  await signUp(page);
  for (const width of [1280, 360]) {
    await page.setViewportSize({ width, height: 800 });
    await page.goto('/payment-methods');
    const card = page.getByTestId('billing-details');
    await expect(card.getByRole('heading', { name: 'Billing Details' })).toBeVisible();
    if (width === 360) expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
    await expectNoA11yViolations(page);
  }
  const card = page.getByTestId('billing-details');
  await card.getByLabel('Name or company').fill('Acme Fitness GmbH');
  await card.getByLabel('Address line 1').fill('Hauptstr. 5');
  await card.getByLabel('City').fill('Berlin');
  await card.getByLabel('Postal code').fill('10115');
  await card.getByLabel('Country code').fill('Germany');
  await card.getByRole('button', { name: 'Save Billing Details' }).click();
  await expect(card.getByText('Please choose the country (a two-letter code such as GB or DE).')).toBeVisible();
  await expectNoA11yViolations(page);
  await card.getByLabel('Country code').fill('de');
  await card.getByLabel('VAT number (optional)').fill('de 123 456 789');
  await card.getByRole('button', { name: 'Save Billing Details' }).click();
  await expect(page.getByText('Billing Details Saved', { exact: true })).toBeVisible();
  await page.reload();
  await expect(card.getByLabel('VAT number (optional)')).toHaveValue('DE123456789');
  await expect(card.getByLabel('Country code')).toHaveValue('DE');
  await page.screenshot({ path: test.info().outputPath('billing-details-360.png'), fullPage: true });

  await page.goto('/subscription?plan=pro&interval=month');
  await fillCard(page, '4242 4242 4242 4242');
  await page.getByRole('button', { name: 'Start Free Trial' }).click();
  await expect(page.getByRole('heading', { name: 'Welcome to HYROX Pro!' })).toBeVisible();
  await page.goto('/billing-history');
  const link = page.getByTestId('billing-row').first().getByRole('link', { name: /Download/ });
  const href = (await link.getAttribute('href')) ?? '';
  const number = ((await page.getByTestId('billing-row').first().textContent()) ?? '').match(/Invoice #(\w{8})/)?.[1] ?? '';
  const res = await page.request.get(href);
  expect(res.status()).toBe(200);
  expect(res.headers()['content-disposition']).toBe(`inline; filename="invoice-${number.toUpperCase()}.pdf"`);
  const text = pdfText(await res.body());
  test.skip(text === null, 'pdftotext (poppler-utils) is not installed: the PDF text is checked by the Go tests');
  for (const want of ['HYROX Training Hub Ltd', 'Tax number: GB123456789', 'Acme Fitness GmbH', 'Hauptstr. 5', '10115 Berlin', 'DE123456789', 'Tax (20% included)']) {
    expect(text, `the invoice PDF prints ${want}`).toContain(want);
  }
});
