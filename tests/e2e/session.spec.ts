import { expect, test } from '@playwright/test';
import { signInNewStudent } from './support/backend.ts';

test('a stored session shows the signed-in student in the navbar', async ({ page }) => {
  const student = await signInNewStudent(page);
  await page.goto('/');
  await expect(page.getByTestId('account-link')).toHaveText(student.email);
});

test('a visitor without a session is offered the sign-in link', async ({ page }) => {
  await page.goto('/');
  await expect(page.getByTestId('account-link')).toHaveText('Sign in');
});
