import { expect, test } from '@playwright/test';
import { signInNewStudent } from './support/backend.ts';

test('a stored session shows the signed-in student in the navbar', async ({ page }) => {
  await signInNewStudent(page);
  await page.goto('/');
  // A new account gets a made-up username (SunnyOtter42) until the student picks one.
  await expect(page.getByTestId('account-username')).toHaveText(/^[A-Z][a-z]+[A-Z][a-z]+\d+$/);
  await expect(page.getByTestId('account-link')).toHaveAttribute('href', '/profile');
});

test('a visitor without a session is offered the sign-in link', async ({ page }) => {
  await page.goto('/');
  await expect(page.getByTestId('account-link')).toHaveText('Sign in');
});
