import { expect, test, type Page } from '@playwright/test';
import { advanceSandbox, expectNoA11yViolations, fillCard, setTier, signUp } from './support';

// Billing on the sandbox provider. The sandbox clock is moved with the CLI
// (`bin/hyrox sandbox advance --days N`) on the harness's database
// (advanceSandbox in support.ts); the server runs the due
// renewals and cancellations when the status is next read.

const planLabel = (page: Page) => page.locator('header').getByText(/^(Basic|Pro|Elite) Plan$/).first();

test('pricing page: catalogue, annual switch, FAQ, trial call to action', async ({ page }) => {
  test.setTimeout(60_000);
  await page.goto('/pricing');
  await expect(page.getByRole('heading', { name: 'Pricing Plans' })).toBeVisible();
  await expect(page.getByTestId('test-mode-banner')).toHaveText('Test mode - no real charges');
  await expect(page.getByTestId('pricing-pro')).toContainText('$19');
  await expect(page.getByTestId('pricing-pro')).toContainText('Recommended');
  await page.getByRole('radio', { name: 'Annual' }).click();
  await expect(page.getByTestId('pricing-pro')).toContainText('$171');
  await expect(page.getByTestId('pricing-elite')).toContainText('$351');
  await expect(page.getByText('Pay annually and save 25%')).toBeVisible();
  await expect(page.getByText(/No card is needed/)).toBeVisible();
  // The trial path keeps the plan through sign-up (docs/product.md#navigation).
  await expect(page.getByRole('link', { name: 'Start your free trial' })).toHaveAttribute(
    'href',
    `/auth?tab=signup&next=${encodeURIComponent('/subscription?plan=pro&interval=year')}`,
  );
  await expectNoA11yViolations(page);
});

test('upgrade with a trial, renewal, proration to elite, cancel at period end, then basic', async ({ page }) => {
  test.setTimeout(180_000);
  await signUp(page);
  await page.goto('/subscription');
  await expect(page.getByTestId('plan-basic').getByRole('button', { name: 'Free Plan' })).toBeDisabled();
  await expect(page.getByTestId('plan-pro')).toContainText('Recommended');
  await expectNoA11yViolations(page);

  await page.getByRole('button', { name: 'Upgrade to Pro' }).click();
  await expect(page.getByRole('heading', { name: /7-day free trial of Pro/ })).toBeVisible();
  const submit = page.getByRole('button', { name: 'Start Free Trial' });
  await expect(submit).toBeDisabled();

  // A declined card shows the provider's message and changes nothing.
  await fillCard(page, '4000 0000 0000 0002');
  await submit.click();
  await expect(page.getByRole('alert').filter({ hasText: 'Your card was declined.' })).toBeVisible();
  await expect(planLabel(page)).toHaveText('Basic Plan');
  await expectNoA11yViolations(page);

  await fillCard(page, '4242 4242 4242 4242');
  await submit.click();
  await expect(page).toHaveURL(/\/subscription\/success\?plan=pro&kind=trial$/);
  await expect(page.getByRole('heading', { name: 'Welcome to HYROX Pro!' })).toBeVisible();
  await expect(page.getByText('Trialing', { exact: true })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Explore Nutrition Plans' })).toHaveAttribute('href', '/nutrition');
  await expect(planLabel(page)).toHaveText('Pro Plan');
  await expectNoA11yViolations(page);

  // Pro opens /nutrition.
  await page.goto('/nutrition');
  await expect(page.getByRole('heading', { name: 'Upgrade Required' })).toHaveCount(0);

  // The trial ends: the first paid invoice.
  advanceSandbox(8);
  await page.goto('/billing-history');
  await expect(page.getByTestId('transaction-count')).toHaveText('2 transaction(s) found');
  await expect(page.getByTestId('summary-total')).toHaveText('$19.00');

  // Change to elite with proration.
  await page.goto('/subscription');
  await expect(page.getByTestId('expiry-badge')).toContainText('Renews');
  await page.getByRole('button', { name: 'Upgrade to Elite' }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Confirm Change' }).click();
  await expect(page.getByText('Subscription Updated', { exact: true })).toBeVisible();
  await expect(planLabel(page)).toHaveText('Elite Plan');
  await expect(page.getByTestId('plan-pro').getByRole('button', { name: 'Downgrade to Pro' })).toBeVisible();
  await expect(page.getByTestId('plan-basic').getByRole('button', { name: 'Downgrade to Basic' })).toBeVisible();

  // Cancel: elite stays until the period end.
  await page.getByRole('button', { name: 'Cancel Subscription' }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Confirm Cancellation' }).click();
  await expect(page.getByText('Your subscription will end at the current billing period.', { exact: true })).toBeVisible();
  await expect(page.getByTestId('expiry-badge')).toContainText('Ends');
  await expect(page.getByRole('button', { name: 'Cancel Subscription' })).toHaveCount(0);
  await expect(planLabel(page)).toHaveText('Elite Plan');
  await expectNoA11yViolations(page);

  advanceSandbox(32);
  await page.goto('/subscription');
  await expect(page.getByTestId('plan-basic').getByRole('button', { name: 'Free Plan' })).toBeVisible();
  // The top bar follows the live status without a reload.
  await expect(planLabel(page)).toHaveText('Basic Plan');

  await page.goto('/billing-history');
  await expect(page.getByTestId('transaction-count')).toHaveText('3 transaction(s) found');
  const rows = page.getByTestId('billing-row');
  await expect(rows.first()).toContainText('Prorated change to Elite');
  await expect(rows.first()).toContainText('Paid');
  await expect(page.getByTestId('summary-paid-count')).toHaveText('3');
  const total = await page.getByTestId('summary-total').textContent();
  const cents = Math.round(Number((total ?? '').replace(/[$,]/g, '')) * 100);
  expect(cents).toBeGreaterThan(1900);
  expect(cents).toBeLessThan(1900 + 2000);
  await expect(rows.first().getByRole('link', { name: /Download/ })).toHaveAttribute('target', '_blank');
  await expectNoA11yViolations(page);
});

test('cards are added, made default and deleted', async ({ page }) => {
  test.setTimeout(90_000);
  await signUp(page);
  await page.goto('/payment-methods');
  await expect(page.getByRole('heading', { name: 'No Payment Methods' })).toBeVisible();
  await expectNoA11yViolations(page);

  await page.getByRole('button', { name: 'Add Your First Payment Method' }).click();
  const dialog = page.getByRole('dialog');
  await expect(dialog.getByRole('button', { name: 'Add Card' })).toBeDisabled();
  await fillCard(page, '4242 4242 4242 4241');
  await expect(dialog.getByText('Your card number is invalid.')).toBeVisible();
  await fillCard(page, '4242 4242 4242 4242');
  await expectNoA11yViolations(page);
  await dialog.getByRole('button', { name: 'Add Card' }).click();
  await expect(page.getByText('Your payment method has been successfully added.', { exact: true })).toBeVisible();
  await expect(page.getByTestId('payment-method')).toHaveCount(1);
  await expect(page.getByTestId('payment-method').first()).toContainText('Default');

  // A card that asks for a confirmation step.
  await page.getByRole('button', { name: 'Add Payment Method' }).click();
  await fillCard(page, '4000 0025 0000 3155');
  await page.getByRole('dialog').getByRole('button', { name: 'Add Card' }).click();
  await expect(page.getByRole('heading', { name: 'Confirm your card' })).toBeVisible();
  await page.getByRole('button', { name: 'Complete authentication' }).click();
  await expect(page.getByTestId('payment-method')).toHaveCount(2);

  const newest = page.getByTestId('payment-method').filter({ hasText: '3155' });
  await newest.getByRole('button', { name: 'Set as Default' }).click();
  await expect(page.getByText('Your default payment method has been updated.', { exact: true })).toBeVisible();
  await expect(newest).toContainText('Default');

  await newest.getByRole('button', { name: /Delete/ }).click();
  await expect(page.getByText('Warning: This is your default payment method.')).toBeVisible();
  await expect(page.getByText(/Visa •••• 4242\) will become the default/)).toBeVisible();
  await expectNoA11yViolations(page);
  await page.getByRole('dialog').getByRole('button', { name: 'Delete' }).click();
  await expect(page.getByText('Your payment method has been removed successfully.', { exact: true })).toBeVisible();
  await expect(page.getByTestId('payment-method')).toHaveCount(1);
  await expect(page.getByTestId('payment-method').first()).toContainText('Default');
});

test('billing history empty state, cancel page, query-parameter toasts', async ({ page }) => {
  test.setTimeout(60_000);
  await signUp(page);
  await page.goto('/billing-history');
  await expect(page.getByRole('heading', { name: 'No Billing History' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'View Plans' })).toHaveAttribute('href', '/subscription');
  await expectNoA11yViolations(page);

  await page.goto('/subscription/cancel');
  await expect(page.getByRole('heading', { name: 'Payment Cancelled' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Try Payment Again' })).toHaveAttribute('href', '/subscription');
  await expect(page.getByRole('link', { name: 'Compare Plans' })).toHaveAttribute('href', '/pricing');
  await expect(page.getByRole('link', { name: 'Continue with Free Plan' })).toHaveAttribute('href', '/community');
  await expectNoA11yViolations(page);

  await page.goto('/subscription?cancelled=true');
  await expect(page.getByText('No worries! You can try again anytime.', { exact: true })).toBeVisible();
  await expect(page).toHaveURL(/\/subscription$/);
  await page.goto('/subscription?error=Card%20expired');
  await expect(page.getByText('Card expired', { exact: true })).toBeVisible();
  await expect(page).toHaveURL(/\/subscription$/);
});

test('demo_elite has a seeded subscription with a card and a paid invoice', async ({ page }) => {
  const res = await page.request.post('/api/login', { data: { username: 'demo_elite', password: 'hyrox-demo' } });
  expect(res.status()).toBe(200);
  await page.goto('/subscription');
  await expect(page.getByTestId('plan-elite').getByRole('button', { name: 'Current Plan' })).toBeDisabled();
  await expect(page.getByRole('button', { name: 'Cancel Subscription' })).toBeVisible();
  await page.goto('/payment-methods');
  await expect(page.getByTestId('payment-method')).toHaveCount(1);
  await page.goto('/billing-history');
  // Other tests may have moved the sandbox clock: one paid $39 invoice per month so far.
  const paidCount = Number(await page.getByTestId('summary-paid-count').textContent());
  expect(paidCount).toBeGreaterThanOrEqual(1);
  await expect(page.getByTestId('summary-total')).toHaveText(`$${39 * paidCount}.00`);
});

test('billing pages in dark theme have no axe violations', async ({ page }) => {
  test.setTimeout(180_000);
  await page.emulateMedia({ colorScheme: 'dark' });
  await signUp(page);
  for (const path of ['/pricing', '/subscription', '/payment-methods', '/billing-history', '/subscription/cancel']) {
    await page.goto(path);
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await expectNoA11yViolations(page);
  }
  await page.goto('/subscription');
  await page.getByRole('button', { name: 'Upgrade to Pro' }).click();
  await expect(page.getByLabel('Card number')).toBeVisible();
  await expectNoA11yViolations(page);
});

// Issue 16: the edges where billing lost trust. Each test below failed on the
// code before the fix (see docs/billing-rules.md for the rules).

async function startTrial(page: Page, card = '4242 4242 4242 4242') {
  await page.goto('/subscription');
  await page.getByRole('button', { name: 'Upgrade to Pro' }).click();
  await expect(page.getByRole('heading', { name: /7-day free trial of Pro/ })).toBeVisible();
  await fillCard(page, card);
  await page.getByRole('button', { name: 'Start Free Trial' }).click();
  await expect(page.getByRole('heading', { name: 'Welcome to HYROX Pro!' })).toBeVisible();
}

test('closing and reopening the card form keeps the free trial, and leaves no invoice', async ({ page }) => {
  test.setTimeout(60_000);
  await signUp(page);
  await page.goto('/subscription');
  await page.getByRole('button', { name: 'Upgrade to Pro' }).click();
  await expect(page.getByRole('heading', { name: /7-day free trial of Pro/ })).toBeVisible();
  await page.getByRole('button', { name: 'Cancel', exact: true }).click();
  await expect(page.getByLabel('Card number')).toHaveCount(0);

  // Reopened: still the trial, not 'Pay Now'.
  await page.getByRole('button', { name: 'Upgrade to Pro' }).click();
  await expect(page.getByRole('heading', { name: /7-day free trial of Pro/ })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Start Free Trial' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Pay Now' })).toHaveCount(0);

  // Declined: nothing is charged and nothing is listed.
  await fillCard(page, '4000 0000 0000 0002');
  await page.getByRole('button', { name: 'Start Free Trial' }).click();
  await expect(page.getByRole('alert').filter({ hasText: 'Your card was declined.' })).toBeVisible();
  await page.goto('/billing-history');
  await expect(page.getByRole('heading', { name: 'No Billing History' })).toBeVisible();
  await expectNoA11yViolations(page);
});

test('an abandoned or declined checkout leaves no pending invoice in the history', async ({ page }) => {
  test.setTimeout(90_000);
  await signUp(page);
  await startTrial(page); // the trial is used: the next checkout pays at once
  expect((await page.request.post('/api/cancel-subscription')).status()).toBe(200);
  advanceSandbox(8);
  await page.goto('/billing-history');
  await expect(page.getByTestId('transaction-count')).toHaveText('1 transaction(s) found');

  await page.goto('/subscription');
  await page.getByRole('button', { name: 'Upgrade to Pro' }).click();
  await expect(page.getByRole('heading', { name: 'Pay for Pro' })).toBeVisible();
  await page.getByRole('button', { name: 'Cancel', exact: true }).click(); // abandoned
  await page.getByRole('button', { name: 'Upgrade to Pro' }).click();
  await fillCard(page, '4000 0000 0000 0002');
  await page.getByRole('button', { name: 'Pay Now' }).click();
  await expect(page.getByRole('alert').filter({ hasText: 'Your card was declined.' })).toBeVisible();

  await page.goto('/billing-history');
  await expect(page.getByTestId('transaction-count')).toHaveText('1 transaction(s) found');
  await expect(page.getByTestId('summary-pending-count')).toHaveText('0');
  await expect(page.getByTestId('billing-row').filter({ hasText: 'Pending' })).toHaveCount(0);
});

test('a plan change shows a preview first; cancel asks to confirm; a cancel can be resumed', async ({ page }) => {
  test.setTimeout(180_000);
  await signUp(page);
  await startTrial(page);
  advanceSandbox(8); // the first month is paid
  await page.goto('/subscription');
  await expect(page.getByTestId('expiry-badge')).toContainText('Renews');

  await page.getByRole('button', { name: 'Upgrade to Elite' }).click();
  const dialog = page.getByRole('dialog');
  await expect(dialog.getByRole('heading', { name: 'Change to Elite' })).toBeVisible();
  await expect(dialog.getByTestId('preview-due-today')).toHaveText(/^\$\d+\.\d\d$/);
  await expect(dialog.getByTestId('preview-next-renewal')).toHaveText('$39.00');
  await expectNoA11yViolations(page);
  // Nothing changes until it is confirmed.
  await dialog.getByRole('button', { name: 'Keep Current Plan' }).click();
  await expect(planLabel(page)).toHaveText('Pro Plan');
  await expect(page.getByTestId('plan-pro').getByRole('button', { name: 'Current Plan' })).toBeVisible();

  // Cancel asks first; keeping the subscription changes nothing.
  await page.getByRole('button', { name: 'Cancel Subscription' }).click();
  await expect(dialog.getByRole('heading', { name: 'Cancel Subscription' })).toBeVisible();
  await expect(dialog).toContainText('then move to the free Basic plan');
  await dialog.getByRole('button', { name: 'Keep Subscription' }).click();
  await expect(page.getByTestId('expiry-badge')).toContainText('Renews');

  await page.getByRole('button', { name: 'Cancel Subscription' }).click();
  await dialog.getByRole('button', { name: 'Confirm Cancellation' }).click();
  await expect(page.getByTestId('expiry-badge')).toContainText('Ends');

  // Resumed before the period end: it renews again.
  await page.getByRole('button', { name: 'Resume Subscription' }).click();
  await expect(page.getByText('Subscription Resumed', { exact: true })).toBeVisible();
  await expect(page.getByTestId('expiry-badge')).toContainText('Renews');
  await expect(page.getByRole('button', { name: 'Cancel Subscription' })).toBeVisible();
  await expectNoA11yViolations(page);
});

test('the success page tells a trial from a payment and waits for the server to confirm', async ({ page }) => {
  test.setTimeout(150_000);
  await signUp(page);
  await startTrial(page);
  await expect(page.getByTestId('trial-started')).toHaveText('Trial started');
  await expect(page.getByText('Trialing', { exact: true })).toBeVisible();
  await expect(page.getByText('Active', { exact: true })).toHaveCount(0);
  await expect(page.getByText('Trial Started', { exact: true })).toBeVisible();
  await expect(page.getByText('Payment Successful!', { exact: true })).toHaveCount(0);
  await expectNoA11yViolations(page);

  // Until the server confirms the plan (a webhook not there yet), no tier is shown.
  let answers = 0;
  await page.route('**/api/subscription-status', async (route) => {
    answers += 1;
    const res = await route.fetch();
    const body = await res.json();
    if (answers <= 3) Object.assign(body, { subscriptionTier: 'basic', subscriptionStatus: null });
    await route.fulfill({ response: res, json: body });
  });
  await page.goto('/subscription/success?plan=pro&kind=trial');
  await expect(page.getByText('Confirming your payment...')).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Welcome to HYROX Basic!' })).toHaveCount(0);
  await expect(page.getByRole('heading', { name: 'Welcome to HYROX Pro!' })).toBeVisible({ timeout: 15_000 });
  expect(answers).toBeGreaterThan(3);

  // A payment that never gets confirmed: after ~20 s the page says so.
  await page.unroute('**/api/subscription-status');
  await page.clock.install();
  await page.route('**/api/subscription-status', async (route) => {
    const res = await route.fetch();
    await route.fulfill({ response: res, json: { ...(await res.json()), subscriptionTier: 'basic', subscriptionStatus: null } });
  });
  await page.goto('/subscription/success?plan=elite&kind=payment');
  await expect(page.getByText('Confirming your payment...')).toBeVisible();
  await page.clock.runFor(21_000);
  await expect(page.getByRole('heading', { name: 'Your payment is still being confirmed' })).toBeVisible();
  await expect(page.getByRole('heading', { name: /Welcome to HYROX/ })).toHaveCount(0);
  await expectNoA11yViolations(page);
});

test('invoices download as a PDF', async ({ page }) => {
  test.setTimeout(60_000);
  await signUp(page);
  await startTrial(page);
  advanceSandbox(8);
  await page.goto('/billing-history');
  const link = page.getByTestId('billing-row').first().getByRole('link', { name: /Download/ });
  const href = await link.getAttribute('href');
  expect(href).toMatch(/^\/api\/billing-history\/\d+\/pdf$/);
  const res = await page.request.get(href!);
  expect(res.status()).toBe(200);
  expect(res.headers()['content-type']).toBe('application/pdf');
  const body = await res.body();
  expect(body.subarray(0, 5).toString()).toBe('%PDF-');
  expect(body.length).toBeLessThan(100 * 1024);
});

test('a card that can never be charged: no free Elite, the trial ends, every page says so and Update card fixes it', async ({ page }) => {
  test.setTimeout(180_000);
  await signUp(page);
  await startTrial(page, '4000 0000 0000 0341'); // attaches, then every charge fails

  // A change during the trial is charged today: declined, still Pro.
  await page.goto('/subscription');
  await page.getByRole('button', { name: 'Upgrade to Elite' }).click();
  const dialog = page.getByRole('dialog');
  await expect(dialog).toContainText('This change ends your free trial');
  await expect(dialog.getByTestId('preview-due-today')).toHaveText('$39.00');
  await dialog.getByRole('button', { name: 'Confirm Change' }).click();
  await expect(page.getByText('Your card was declined.', { exact: true })).toBeVisible();
  await expect(planLabel(page)).toHaveText('Pro Plan');

  // The first charge fails: nothing was ever paid, so Pro ends at once.
  advanceSandbox(8);
  await page.goto('/subscription');
  await expect(planLabel(page)).toHaveText('Basic Plan');
  for (const path of ['/training', '/billing-history', '/subscription']) {
    await page.goto(path);
    await expect(page.getByTestId('payment-failed-banner')).toContainText('Your last payment failed.');
  }
  await expectNoA11yViolations(page);

  await page.getByRole('button', { name: 'Update card' }).click();
  await fillCard(page, '4242 4242 4242 4242');
  await page.getByRole('button', { name: 'Update Card and Pay' }).click();
  await expect(page.getByTestId('payment-failed-banner')).toHaveCount(0);
  await expect(planLabel(page)).toHaveText('Pro Plan');
  await page.goto('/billing-history');
  await expect(page.getByTestId('billing-row').first()).toContainText('Paid');
});

test('a tier granted with set-tier is not undone by the next status read', async ({ page }) => {
  test.setTimeout(120_000);
  const user = await signUp(page);
  await startTrial(page);
  expect((await page.request.post('/api/cancel-subscription')).status()).toBe(200);
  advanceSandbox(8); // an old, ended subscription
  await page.goto('/subscription');
  await expect(planLabel(page)).toHaveText('Basic Plan');

  test.skip(!setTier(user, 'elite'), 'needs the harness database');
  await page.goto('/subscription');
  await expect(page.getByTestId('plan-elite').getByRole('button', { name: 'Current Plan' })).toBeVisible();
  await expect(page.getByTestId('granted-badge')).toHaveText('Granted');
  await page.reload();
  await expect(planLabel(page)).toHaveText('Elite Plan');
  await expect(page.getByTestId('plan-elite')).toContainText('Granted');
  await expectNoA11yViolations(page);
});

test('a trial says what will be charged and when; once used it is no longer offered', async ({ page }) => {
  test.setTimeout(90_000);
  await signUp(page);
  await page.goto('/subscription');
  await expect(page.getByText('Your first paid plan starts with a 7-day free trial.')).toBeVisible();
  await page.getByRole('button', { name: 'Upgrade to Pro' }).click();
  const chargeLine = /\$19\.00 will be charged on [A-Z][a-z]{2} \d{1,2}, \d{4} unless you cancel before\./;
  await expect(page.locator('section[aria-labelledby="payment-heading"]')).toContainText(chargeLine);
  await expectNoA11yViolations(page);
  await fillCard(page, '4242 4242 4242 4242');
  await page.getByRole('button', { name: 'Start Free Trial' }).click();
  await expect(page.getByRole('heading', { name: 'Welcome to HYROX Pro!' })).toBeVisible();
  await expect(page.getByTestId('trial-charge')).toHaveText(chargeLine);
  const { trialEndsAt } = await (await page.request.get('/api/subscription-status')).json();
  const day = new Date(trialEndsAt).toLocaleDateString('en-US', { month: 'short', day: 'numeric', year: 'numeric' });
  await expect(page.getByTestId('trial-charge')).toContainText(day);

  await page.goto('/subscription');
  await expect(page.getByTestId('trial-charge')).toHaveText(chargeLine);
  await expect(page.getByText('Your first paid plan starts with a 7-day free trial.')).toHaveCount(0);
  // /pricing knows the plan and the used trial.
  await page.goto('/pricing');
  await expect(page.getByTestId('pricing-pro').getByRole('link', { name: 'Your current plan' })).toBeVisible();
  await expect(page.getByTestId('pricing-elite').getByRole('link', { name: 'Choose Elite' })).toBeVisible();
  await expect(page.getByRole('heading', { name: /Try Pro free/ })).toHaveCount(0);
  await expectNoA11yViolations(page);
});

test('a monthly subscriber switches to annual billing and back; the preview shows the credit it leaves', async ({ page }) => {
  test.setTimeout(120_000);
  await signUp(page);
  await startTrial(page);
  advanceSandbox(8); // the first month is paid
  await page.goto('/subscription');
  await page.getByRole('radio', { name: 'Annual' }).click();
  // The annual Pro card is not the monthly subscriber's current plan: it switches.
  await expect(page.getByTestId('plan-pro').getByRole('button', { name: 'Current Plan' })).toHaveCount(0);
  await page.getByTestId('plan-pro').getByRole('button', { name: 'Switch to Annual Billing' }).click();
  const dialog = page.getByRole('dialog');
  await expect(dialog.getByTestId('preview-next-renewal')).toHaveText('$171.00');
  await dialog.getByRole('button', { name: 'Confirm Change' }).click();
  await expect(page.getByText('Subscription Updated', { exact: true })).toBeVisible();
  await expect(page.getByTestId('plan-pro').getByRole('button', { name: 'Current Plan' })).toBeVisible();

  // Back to monthly: most of the year is credit, so the next renewal charges nothing.
  await page.getByRole('radio', { name: 'Monthly' }).click();
  await page.getByTestId('plan-pro').getByRole('button', { name: 'Switch to Monthly Billing' }).click();
  await expect(dialog.getByTestId('preview-due-today')).toHaveText('$0.00');
  await expect(dialog.getByTestId('preview-next-renewal')).toHaveText('$0.00');
  await expect(dialog.getByTestId('preview-credit')).toHaveText('$19.00 less $19.00 of credit from unused time.');
  await expect(dialog.getByTestId('preview-credit-left')).toHaveText(/^\$1\d\d\.\d\d$/);
  await expectNoA11yViolations(page);
  await dialog.getByRole('button', { name: 'Keep Current Plan' }).click();

  // The history at 360 px: every column of a row is on screen, none scrolled off.
  await page.setViewportSize({ width: 360, height: 780 });
  await page.goto('/billing-history');
  const row = page.getByTestId('billing-row').first();
  for (const part of [row.getByText(/^\$\d+\.\d\d$/), row.getByText('Paid', { exact: true }), row.getByRole('link', { name: /Download/ })]) {
    const box = await part.boundingBox();
    expect(box, 'visible').not.toBeNull();
    expect(box!.x + box!.width).toBeLessThanOrEqual(360);
  }
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
  await page.screenshot({ path: test.info().outputPath('billing-history-360.png'), fullPage: true });
  await expectNoA11yViolations(page);
});
