import { expect, test, type Page } from '@playwright/test';
import { Secret, TOTP } from 'otpauth';
import { backendUrl, localKeys, serviceInsert, signInNewStudent, signUpViaApi, uniqueEmail, type Student } from './support/backend.ts';

// Accounts end to end (issue #5): sign-up, onboarding, profile editing, sign-out and sign-in,
// password reset through the local mailbox, two-step sign-in with an authenticator app, and what
// another student's profile shows.

const PASSWORD = 'first-pass-1';
const NEW_PASSWORD = 'second-pass-2';

async function asStudent(student: Student, path: string, init: RequestInit = {}): Promise<Response> {
  const { anonKey } = await localKeys();
  const headers = new Headers(init.headers);
  headers.set('apikey', anonKey);
  headers.set('authorization', `Bearer ${student.accessToken}`);
  headers.set('content-type', 'application/json');
  return fetch(`${backendUrl}${path}`, { ...init, headers });
}

/** A student with a profile of the given name and private onboarding answers, made through the API. */
async function studentWithProfile(username: string, about: string): Promise<Student> {
  const { student } = await signUpViaApi();
  expect((await asStudent(student, '/rest/v1/rpc/ensure_profile', { method: 'POST', body: '{}' })).ok).toBe(true);
  const update = await asStudent(student, `/rest/v1/my_users?user_id=eq.${student.userId}`, {
    method: 'PATCH',
    body: JSON.stringify({ username, user_about: about, where_from: 'A teacher', who_from: 'Secret Sam' }),
  });
  expect(update.ok).toBe(true);
  return student;
}

async function signInThroughForm(page: Page, email: string, password: string) {
  await page.goto('/auth');
  await page.getByLabel('E-mail').fill(email);
  await page.getByLabel('Password').fill(password);
  await page.getByRole('button', { name: 'Sign in', exact: true }).and(page.locator('[type=submit]')).click();
}

async function signOutFromSettings(page: Page) {
  await page.goto('/settings');
  await page.getByRole('button', { name: 'Sign out' }).click();
  await page.waitForURL((url) => url.pathname === '/');
  await expect(page.getByTestId('account-link')).toHaveText('Sign in');
}

test('sign up, onboard, edit the profile, sign out, reset the password by mail and sign in with it', async ({ page }) => {
  test.setTimeout(120_000);
  const email = uniqueEmail('accounts');
  const username = `Ada_${Date.now().toString(36).slice(-6)}`;
  const taken = `Taken_${Date.now().toString(36).slice(-6)}`;
  await studentWithProfile(taken, 'I was here first');

  // Sign-up: the form checks the rules before anything is sent.
  await page.goto('/auth');
  await page.getByRole('tab', { name: 'Sign up' }).click();
  await page.getByLabel('E-mail').fill('not-an-email');
  await page.getByLabel('Password').fill(PASSWORD);
  await page.getByRole('button', { name: 'Create account' }).click();
  await expect(page.getByTestId('auth-error')).toContainText('does not look like an e-mail');
  await page.getByLabel('E-mail').fill(email);
  await page.getByLabel('Password').fill('12345');
  await expect(page.getByTestId('password-meter')).toContainText('3 more characters to go.');
  await page.getByRole('button', { name: 'Create account' }).click();
  await expect(page.getByTestId('auth-error')).toHaveText('Passwords are at least 8 characters.');
  // The rule is said before a refusal: long enough is not enough when it is easy to guess.
  await expect(page.getByText('At least 8 characters, and hard to guess')).toBeVisible();
  await page.getByLabel('Password').fill('password1');
  await expect(page.getByTestId('password-meter')).toContainText('Too easy to guess');
  await page.getByLabel('Password').fill(PASSWORD);
  await page.getByRole('button', { name: 'Create account' }).click();

  // A new student is led to onboarding once.
  await expect(page).toHaveURL(/\/onboarding$/);
  await expect(page.getByTestId('navbar')).toHaveCount(0);
  await page.getByRole('button', { name: 'Finish' }).click();
  await expect(page.getByTestId('onboarding-error')).toHaveText('Please tell us where you heard about the portal.');
  await page.getByLabel('A teacher').check();
  await page.getByLabel('Who told you about it? (optional)').fill('Ms Lee');
  await page.getByRole('button', { name: 'Finish' }).click();
  await expect(page.getByText('Onboarding completed')).toBeVisible();
  await expect(page).toHaveURL(/\/$/);

  // The profile: icon, then username and about text.
  await page.goto('/profile');
  await expect(page.getByTestId('profile-username')).toHaveText(/^@[A-Z][a-z]+[A-Z][a-z]+\d+$/);
  await expect(page.getByTestId('profile-level')).toContainText('Level 0');
  await page.getByTestId('icon-picker').locator('button[data-icon="default_fox"]').click();
  await expect(page.getByText('Profile icon changed')).toBeVisible();
  await expect(page.getByTestId('account-link').getByTestId('profile-icon')).toHaveAttribute('data-icon', 'default_fox');

  const usernameInput = page.getByRole('textbox', { name: 'Username' });
  await usernameInput.fill('no spaces allowed');
  await page.getByRole('button', { name: 'Save profile' }).click();
  await expect(page.getByTestId('profile-error')).toHaveText('Usernames are 3 to 20 letters, digits, _ or -.');
  await usernameInput.fill(taken.toLowerCase());
  await page.getByRole('button', { name: 'Save profile' }).click();
  await expect(page.getByTestId('profile-error')).toHaveText('That username is already taken. Please choose another one.');
  await expect(page.getByTestId('profile-username')).toHaveText(/^@[A-Z][a-z]+[A-Z][a-z]+\d+$/);

  await usernameInput.fill(username);
  await page.getByLabel('About you').fill('I like puzzle games.');
  await page.getByRole('button', { name: 'Save profile' }).click();
  await expect(page.getByText('Profile updated')).toBeVisible();
  await expect(page.getByTestId('profile-username')).toHaveText(`@${username}`);
  await expect(page.getByTestId('profile-about')).toHaveText('I like puzzle games.');
  await expect(page.getByTestId('account-username')).toHaveText(username);
  await page.reload();
  await expect(page.getByTestId('profile-username')).toHaveText(`@${username}`);
  await expect(page.getByTestId('profile-icon').first()).toHaveAttribute('data-icon', 'default_fox');

  await signOutFromSettings(page);

  // Wrong password, then a reset through the local mailbox.
  await signInThroughForm(page, email, 'wrong-password');
  await expect(page.getByTestId('auth-error')).toHaveText('Wrong e-mail or password.');
  await page.getByRole('button', { name: 'Forgot password?' }).click();
  await page.getByRole('button', { name: 'Send reset link' }).click();
  await expect(page.getByTestId('auth-notice')).toContainText('a link to choose a new password is on its way');

  await page.goto(`${backendUrl}/mailbox`);
  const mail = page.locator('article').filter({ hasText: email }).first();
  await expect(mail).toContainText('Reset Your Password');
  await mail.locator('a').first().click();

  await expect(page).toHaveURL(/\/change-password$/);
  await expect(page.getByTestId('page-change-password')).toContainText(email);
  await page.getByLabel('New password', { exact: true }).fill(NEW_PASSWORD);
  await page.getByLabel('Repeat the new password').fill('something-else');
  await page.getByRole('button', { name: 'Change password' }).click();
  await expect(page.getByTestId('change-password-error')).toHaveText('The two passwords are not the same.');
  await page.getByLabel('Repeat the new password').fill(NEW_PASSWORD);
  await page.getByRole('button', { name: 'Change password' }).click();
  await expect(page.getByText('Password changed')).toBeVisible();
  await expect(page).toHaveURL(/\/settings$/);

  await signOutFromSettings(page);
  await signInThroughForm(page, email, PASSWORD);
  await expect(page.getByTestId('auth-error')).toHaveText('Wrong e-mail or password.');
  await page.getByLabel('Password').fill(NEW_PASSWORD);
  await page.getByRole('button', { name: 'Sign in', exact: true }).and(page.locator('[type=submit]')).click();
  // Onboarding was answered, so the student goes straight home.
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByTestId('account-username')).toHaveText(username);
});

test('two-step sign-in: enrol an authenticator app, then sign in with its code', async ({ page }) => {
  test.setTimeout(90_000);
  const student = await studentWithProfile(`Totp_${Date.now().toString(36).slice(-6)}`, '');
  await signInThroughForm(page, student.email, student.password);
  await expect(page).toHaveURL(/\/$/);
  await page.goto('/settings');
  await page.getByRole('button', { name: 'Set up an authenticator app' }).click();
  await expect(page.getByTestId('totp-qr')).toHaveAttribute('src', /^data:image\/png;base64,/);
  const secret = (await page.getByTestId('totp-secret').textContent()) ?? '';
  expect(secret).toMatch(/^[A-Z2-7]{32}$/);
  const totp = new TOTP({ algorithm: 'SHA1', digits: 6, period: 30, secret: Secret.fromBase32(secret) });

  await page.getByLabel('6-digit code').fill(totp.generate({ timestamp: Date.now() + 10 * 30_000 }));
  await page.getByRole('button', { name: 'Turn on' }).click();
  await expect(page.getByTestId('totp-error')).toContainText('That code is not right');
  await page.getByLabel('6-digit code').fill(totp.generate());
  await page.getByRole('button', { name: 'Turn on' }).click();
  await expect(page.getByText('Two-step sign-in is on')).toBeVisible();
  await expect(page.getByTestId('factor-list')).toContainText('Authenticator app');

  await signOutFromSettings(page);
  await signInThroughForm(page, student.email, student.password);
  await expect(page.getByRole('heading', { name: 'Two-step sign-in' })).toBeVisible();
  await page.getByLabel('6-digit code').fill(totp.generate());
  await page.getByRole('button', { name: 'Verify' }).click();
  await expect(page).not.toHaveURL(/\/auth/);

  const level = await page.evaluate(() => {
    const key = Object.keys(localStorage).find((k) => k.startsWith('sb-') && k.endsWith('-auth-token'));
    const stored = JSON.parse(localStorage.getItem(key ?? '') ?? '{}') as { access_token?: string };
    const payload = (stored.access_token ?? '..').split('.')[1] ?? '';
    return (JSON.parse(atob(payload.replace(/-/g, '+').replace(/_/g, '/'))) as { aal?: string }).aal;
  });
  expect(level).toBe('aal2');
});

test("another student's profile shows public fields only", async ({ page }) => {
  const name = `Pub_${Date.now().toString(36).slice(-6)}`;
  await studentWithProfile(name, 'Public about text');
  await signInNewStudent(page);
  await page.goto(`/profile/${name}`);
  await expect(page.getByTestId('profile-username')).toHaveText(`@${name}`);
  await expect(page.getByTestId('profile-about')).toHaveText('Public about text');
  await expect(page.getByTestId('profile-joined')).toContainText('Joined');
  await expect(page.getByTestId('profile-level')).toContainText('Level');
  await expect(page.getByText('No games played yet.')).toBeVisible();
  const text = (await page.getByTestId('page-profile').textContent()) ?? '';
  expect(text).not.toContain('Secret Sam');
  expect(text).not.toContain('A teacher');
  expect(text).not.toContain('@example.test');
  await expect(page.getByTestId('icon-picker')).toHaveCount(0);

  await page.goto('/profile/nobody_here_xyz');
  await expect(page.getByText('There is no student called @nobody_here_xyz.')).toBeVisible();
});

test('the widest signed-in navbar (long name, big balance, offline with a change pending) fits one row at 1280 px', async ({ page, context }) => {
  await page.setViewportSize({ width: 1280, height: 720 });
  const student = await signInNewStudent(page);
  // The longest name the rules allow, and a five-digit balance.
  const longName = `W${Date.now().toString(36)}`.padEnd(20, 'W');
  expect((await asStudent(student, '/rest/v1/rpc/ensure_profile', { method: 'POST', body: '{}' })).ok).toBe(true);
  const rename = await asStudent(student, `/rest/v1/my_users?user_id=eq.${student.userId}`, {
    method: 'PATCH',
    body: JSON.stringify({ username: longName }),
  });
  expect(rename.ok).toBe(true);
  await serviceInsert('coins_transactions', { user_id: student.userId, amt: 29_900, why: 'e2e grant' });

  await page.goto('/streak');
  const navbar = page.getByTestId('navbar');
  await expect(navbar.getByTestId('account-username')).toHaveAttribute('title', longName);
  await expect(navbar.getByTestId('coin-amount')).toContainText(/29.?900/);
  await context.setOffline(true);
  await page.getByTestId('claim-streak').click();
  await expect(navbar.getByTestId('sync-indicator')).toHaveText('Offline · 1 pending');

  const brand = await navbar.locator('.brand').boundingBox();
  const account = await navbar.getByTestId('account-link').boundingBox();
  expect(brand).not.toBeNull();
  expect(account).not.toBeNull();
  // One row: the last item's box overlaps the brand's vertical band.
  expect(account!.y).toBeLessThan(brand!.y + brand!.height);
  const links = navbar.locator('.nav-links');
  expect(await links.evaluate((list) => list.scrollWidth <= list.clientWidth)).toBe(true);
});
