import { readFile } from 'node:fs/promises';
import { expect, test, type Page } from '@playwright/test';
import { expectNoA11yViolations, readServerLog, signUp } from './support';

// Accounts: sign up, log out, log in (username and e-mail), reset a forgotten
// password with the token from the server log, change details and password on
// /profile, export and delete the account. Bad input on every form shows
// the message of docs/product.md#form-messages and changes nothing.

// Every password check is one argon2id hash on the server, and axe runs on
// each page: give these long flows room on a busy machine.
test.describe.configure({ timeout: 180_000 });

let seq = 0;
function fresh() {
  seq += 1;
  const tag = `${Date.now().toString(36)}${seq}`;
  return { username: `auth_${tag}`, email: `auth_${tag}@example.com`, password: 'first-pass-1' };
}

async function expectToast(page: Page, title: string, description?: string) {
  const t = page.locator('li[role="status"], li[data-state="open"]').filter({ hasText: title }).first();
  await expect(t).toBeVisible();
  if (description) await expect(t).toContainText(description);
}

async function submit(page: Page, form: string, button: string) {
  await page.getByRole('form', { name: form }).getByRole('button', { name: button }).click();
}

function field(page: Page, form: string, label: string) {
  return page.getByRole('form', { name: form }).getByLabel(label, { exact: true });
}

async function logoutFromMenu(page: Page) {
  await page.getByTestId('user-menu').click();
  await page.getByRole('menuitem', { name: 'Logout' }).click();
  await expectToast(page, 'Logged out', 'Successfully logged out. See you next training!');
  await expect(page.getByTestId('user-menu')).toHaveCount(0);
}

/** The newest reset token the log mail sender printed for email. */
async function tokenFromLog(email: string, after = ''): Promise<string> {
  let token = '';
  await expect
    .poll(
      async () => {
        const lines = (await readServerLog()).split('\n').filter((l) => l.includes(`to=${email}`));
        const found = lines.map((l) => /password-reset\?token=([A-Za-z0-9_-]+)/.exec(l)?.[1]).filter((t): t is string => !!t);
        token = found.at(-1) ?? '';
        return token !== '' && token !== after;
      },
      { message: `a reset e-mail to ${email} in the server log (E2E_SERVER_LOG)` },
    )
    .toBe(true);
  return token;
}

test('sign up, log out, log in with username and with e-mail', async ({ page }) => {
  const u = fresh();
  await page.goto('/auth');
  await expect(page.getByRole('tab', { name: 'Login' })).toHaveAttribute('aria-selected', 'true');
  await expectNoA11yViolations(page);

  await page.getByRole('tab', { name: 'Sign Up' }).click();
  await expect(page.getByRole('form', { name: 'Sign Up' })).toBeVisible();
  await expectNoA11yViolations(page);

  // Bad input: the messages of docs/product.md#form-messages, nothing sent.
  await submit(page, 'Sign Up', 'Create Account');
  await expect(page.getByText('Username must be at least 3 characters')).toBeVisible();
  await expect(page.getByText('Please enter a valid email address')).toBeVisible();
  await expect(page.getByText('Password must be at least 6 characters')).toBeVisible();
  await field(page, 'Sign Up', 'Username').fill(u.username);
  await field(page, 'Sign Up', 'Email').fill('not-an-email');
  await field(page, 'Sign Up', 'Password').fill(u.password);
  await field(page, 'Sign Up', 'Confirm Password').fill('something-else');
  await submit(page, 'Sign Up', 'Create Account');
  await expect(page.getByText("Passwords don't match")).toBeVisible();
  await expect(page.getByText('Please enter a valid email address')).toBeVisible();
  await expectNoA11yViolations(page);

  // A taken username: the server's 409 message under the field.
  const taken = await page.request.post('/api/register', {
    data: { username: `${u.username}_t`, email: `t_${u.email}`, password: 'secret123' },
  });
  expect(taken.status()).toBe(201);
  await page.request.post('/api/logout');
  await field(page, 'Sign Up', 'Username').fill(`${u.username}_t`);
  await field(page, 'Sign Up', 'Email').fill(u.email);
  await field(page, 'Sign Up', 'Confirm Password').fill(u.password);
  await submit(page, 'Sign Up', 'Create Account');
  await expectToast(page, 'Registration failed', 'That username is already taken.');
  await expect(page.getByRole('form', { name: 'Sign Up' }).getByText('That username is already taken.')).toBeVisible();

  // confirmPassword is not sent (docs/product.md#accounts-and-sessions).
  await field(page, 'Sign Up', 'Username').fill(u.username);
  const [req] = await Promise.all([
    page.waitForRequest((r) => r.url().endsWith('/api/register') && r.method() === 'POST'),
    submit(page, 'Sign Up', 'Create Account'),
  ]);
  expect(Object.keys(req.postDataJSON() as object).sort()).toEqual(['email', 'password', 'username']);
  await expectToast(page, 'Welcome!', `Account created successfully. Welcome, ${u.username}!`);
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByTestId('user-menu')).toContainText(u.username);

  // A signed-in user is sent away from /auth.
  await page.goto('/auth');
  await expect(page).toHaveURL(/\/$/);

  await logoutFromMenu(page);

  // Login: bad input, wrong password, then username and e-mail.
  await page.goto('/auth');
  await submit(page, 'Login', 'Login');
  await expect(page.getByText('Username is required')).toBeVisible();
  await expect(page.getByText('Password is required')).toBeVisible();
  await field(page, 'Login', 'Username or email').fill(u.username);
  await field(page, 'Login', 'Password').fill('wrong-password');
  await submit(page, 'Login', 'Login');
  await expectToast(page, 'Login failed', 'Invalid username or password');
  await expect(page).toHaveURL(/\/auth$/);

  await field(page, 'Login', 'Password').fill(u.password);
  await submit(page, 'Login', 'Login');
  await expectToast(page, 'Welcome back!', `Successfully logged in as ${u.username}`);
  await expect(page).toHaveURL(/\/$/);
  await logoutFromMenu(page);

  // With the e-mail, coming back to the page the guard sent us from.
  await page.goto('/profile');
  await expect(page).toHaveURL(/\/auth\?next=%2Fprofile$/);
  await field(page, 'Login', 'Username or email').fill(u.email.toUpperCase());
  await field(page, 'Login', 'Password').fill(u.password);
  await submit(page, 'Login', 'Login');
  await expectToast(page, 'Welcome back!', `Successfully logged in as ${u.username}`);
  await expect(page).toHaveURL(/\/profile$/);
  await expect(page.getByRole('heading', { name: 'Profile', level: 1 })).toBeVisible();
});

test('reset a forgotten password with the token from the server log', async ({ page }) => {
  test.skip(!process.env.E2E_SERVER_LOG, 'needs the server log of the harness (E2E_SERVER_LOG)');
  const user = await signUp(page);
  await page.request.post('/api/logout');

  await page.goto('/auth');
  await page.getByRole('link', { name: 'Forgot your password?' }).click();
  await expect(page).toHaveURL(/\/password-reset$/);
  await expect(page.getByRole('heading', { name: 'Reset Your Password' })).toBeVisible();
  await expect(page.getByText('the reset token appears in the server console')).toBeVisible();
  await expectNoA11yViolations(page);

  await submit(page, 'Request a reset token', 'Send Reset Link');
  await expect(page.getByText('Please enter a valid email address')).toBeVisible();

  // An unknown address gets the same answer (no enumeration).
  await field(page, 'Request a reset token', 'Email').fill('nobody-here@example.com');
  await submit(page, 'Request a reset token', 'Send Reset Link');
  await expectToast(page, 'Reset link sent', 'Check your email for password reset instructions.');
  await page.getByRole('button', { name: 'Use different email' }).click();
  await expect(field(page, 'Request a reset token', 'Email')).toHaveValue('nobody-here@example.com');

  await field(page, 'Request a reset token', 'Email').fill(user.email);
  await submit(page, 'Request a reset token', 'Send Reset Link');
  await expectToast(page, 'Reset link sent');
  await expect(page.getByRole('form', { name: 'Choose a new password' })).toBeVisible();
  await expectNoA11yViolations(page);
  const token = await tokenFromLog(user.email);

  const form = 'Choose a new password';
  await submit(page, form, 'Reset Password');
  await expect(page.getByText('Reset token is required')).toBeVisible();
  await expect(page.getByText('Password must be at least 6 characters')).toBeVisible();
  await field(page, form, 'Reset Token').fill('not-the-token');
  await field(page, form, 'New Password').fill('brand-new-pass');
  await field(page, form, 'Confirm New Password').fill('brand-new-typo');
  await submit(page, form, 'Reset Password');
  await expect(page.getByText("Passwords don't match")).toBeVisible();
  await field(page, form, 'Confirm New Password').fill('brand-new-pass');
  await submit(page, form, 'Reset Password');
  await expectToast(page, 'Reset failed', 'Failed to reset password');
  await expect(page.getByRole('form', { name: form })).toContainText('invalid or has expired');

  await field(page, form, 'Reset Token').fill(token);
  await submit(page, form, 'Reset Password');
  await expectToast(page, 'Password reset successful');
  await expect(page).toHaveURL(/\/auth$/);

  const old = await page.request.post('/api/login', { data: { username: user.username, password: user.password } });
  expect(old.status()).toBe(401);
  await field(page, 'Login', 'Username or email').fill(user.username);
  await field(page, 'Login', 'Password').fill('brand-new-pass');
  await submit(page, 'Login', 'Login');
  await expectToast(page, 'Welcome back!');

  // The e-mail's link (?token=) opens step 2 with the token filled in, and
  // the token leaves the address bar.
  await page.request.post('/api/password-reset-request', { data: { email: user.email } });
  const linkToken = await tokenFromLog(user.email, token);
  await page.goto(`/password-reset?token=${linkToken}`);
  await expect(field(page, form, 'Reset Token')).toHaveValue(linkToken);
  await expect(page).toHaveURL(/\/password-reset$/);
  await page.getByRole('link', { name: 'Back to Login' }).click();
  await expect(page).toHaveURL(/\/$|\/auth$/);
});

test('profile: change details and password, export, delete the account', async ({ page }) => {
  const user = await signUp(page);
  const other = fresh();
  const otherRes = await page.request.post('/api/register', {
    data: { username: other.username, email: other.email, password: other.password },
  });
  expect(otherRes.status()).toBe(201);
  // Registering signed this browser in as `other`; sign back in as the user.
  await page.request.post('/api/login', { data: { username: user.username, password: user.password } });

  await page.goto('/profile');
  await expect(page.getByRole('heading', { name: 'Profile', level: 1 })).toBeVisible();
  await expectNoA11yViolations(page);

  const details = 'Account details';
  await field(page, details, 'Username').fill('ab');
  await submit(page, details, 'Save Changes');
  await expect(page.getByText('Username must be at least 3 characters')).toBeVisible();
  await field(page, details, 'Username').fill(other.username);
  await submit(page, details, 'Save Changes');
  await expectToast(page, 'Update failed', 'That username is already taken.');
  await field(page, details, 'Username').fill(user.username);
  await field(page, details, 'Email').fill('bad@');
  await submit(page, details, 'Save Changes');
  await expect(page.getByText('Please enter a valid email address')).toBeVisible();
  expect((await (await page.request.get('/api/user')).json()).username).toBe(user.username);

  // A new e-mail needs the current password: the field appears with the change.
  const renamed = `${user.username.slice(0, 28)}_new`;
  await field(page, details, 'Username').fill(renamed);
  await field(page, details, 'Email').fill(user.email);
  await expect(field(page, details, 'Current Password')).toHaveCount(0);
  await field(page, details, 'Email').fill(`new_${user.email}`);
  await expect(field(page, details, 'Current Password')).toBeVisible();
  await expect(page.getByText('Needed to change your email.')).toBeVisible();
  await submit(page, details, 'Save Changes');
  await expect(page.getByText('Enter your current password to change your email')).toBeVisible();
  await field(page, details, 'Current Password').fill('not-my-password');
  await submit(page, details, 'Save Changes');
  await expect(page.getByRole('form', { name: details }).getByText('Current password is incorrect')).toBeVisible();
  await expectNoA11yViolations(page);
  expect((await (await page.request.get('/api/user')).json()).email).toBe(user.email);
  await field(page, details, 'Current Password').fill(user.password);
  await submit(page, details, 'Save Changes');
  await expectToast(page, 'Profile updated');
  await expect(page.getByTestId('user-menu')).toContainText(renamed);
  await expect(field(page, details, 'Current Password')).toHaveCount(0);

  const pw = 'Change password';
  await submit(page, pw, 'Change Password');
  await expect(page.getByText('Current password is required')).toBeVisible();
  await field(page, pw, 'Current Password').fill('not-my-password');
  await field(page, pw, 'New Password').fill('second-pass-2');
  await field(page, pw, 'Confirm New Password').fill('second-pass-3');
  await submit(page, pw, 'Change Password');
  await expect(page.getByText("Passwords don't match")).toBeVisible();
  await field(page, pw, 'Confirm New Password').fill('second-pass-2');
  await submit(page, pw, 'Change Password');
  await expect(page.getByRole('form', { name: pw }).getByText('Current password is incorrect')).toBeVisible();
  await field(page, pw, 'Current Password').fill(user.password);
  await submit(page, pw, 'Change Password');
  await expectToast(page, 'Password changed');
  await expect(field(page, pw, 'Current Password')).toHaveValue('');
  // This session survives the change; the new password works.
  expect((await page.request.get('/api/user')).status()).toBe(200);

  const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Download My Data' }).click()]);
  expect(download.suggestedFilename()).toMatch(/^hyrox-export-.+\.json$/);
  const exported = JSON.parse(await readFile((await download.path())!, 'utf8')) as { account: { username: string; email: string } };
  expect(exported.account.username).toBe(renamed);
  expect(exported.account.email).toBe(`new_${user.email}`);
  await expectToast(page, 'Export ready');

  await page.getByRole('button', { name: 'Delete Account' }).click();
  const dialog = page.getByRole('dialog', { name: 'Delete your account?' });
  await expect(dialog).toBeVisible();
  await expectNoA11yViolations(page);
  await dialog.getByRole('button', { name: 'Delete My Account' }).click();
  await expect(dialog.getByText('Password is required')).toBeVisible();
  await dialog.getByLabel('Password').fill(user.password); // the old one
  await dialog.getByRole('button', { name: 'Delete My Account' }).click();
  await expect(dialog.getByText('Password is incorrect')).toBeVisible();
  expect((await page.request.get('/api/user')).status()).toBe(200);

  await dialog.getByLabel('Password').fill('second-pass-2');
  await dialog.getByRole('button', { name: 'Delete My Account' }).click();
  await expectToast(page, 'Account deleted');
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByTestId('user-menu')).toHaveCount(0);
  const gone = await page.request.post('/api/login', { data: { username: renamed, password: 'second-pass-2' } });
  expect(gone.status()).toBe(401);
});

test('dark theme and phone width', async ({ page }) => {
  await page.emulateMedia({ colorScheme: 'dark' });
  await page.goto('/auth');
  await expect(page.getByRole('tab', { name: 'Login' })).toBeVisible();
  await expectNoA11yViolations(page);
  await page.emulateMedia({ colorScheme: 'light' });
  for (const [w, h] of [
    [1280, 800],
    [375, 800],
  ] as const) {
    await page.setViewportSize({ width: w, height: h });
    await page.goto('/auth');
    await expect(page.getByRole('tab', { name: 'Login' })).toBeVisible();
    await page.getByRole('tab', { name: 'Sign Up' }).click();
    await submit(page, 'Sign Up', 'Create Account');
    await page.goto('/password-reset?token=example-token');
    await expect(page.getByRole('form', { name: 'Choose a new password' })).toBeVisible();
  }
  await signUp(page);
  for (const [w, h] of [
    [1280, 800],
    [375, 800],
  ] as const) {
    await page.setViewportSize({ width: w, height: h });
    await page.goto('/profile');
    await expect(page.getByRole('heading', { name: 'Profile', level: 1 })).toBeVisible();
  }
  await page.emulateMedia({ colorScheme: 'dark' });
  await page.goto('/profile');
  await expect(page.getByRole('heading', { name: 'Profile', level: 1 })).toBeVisible();
  await expectNoA11yViolations(page);
});
