import { expect, test } from '@playwright/test';
import { serviceSelect, signInNewStudent } from './support/backend.ts';

// The rough edges a new student hit (issue 19), each as the student meets it.

test('onboarding offers the made-up username and keeps the one the student chooses instead', async ({ page }) => {
  const student = await signInNewStudent(page);
  const chosen = `Kit_${Date.now().toString(36).slice(-6)}`;
  await page.goto('/onboarding');
  const username = page.getByLabel('Username');
  await expect(username).toHaveValue(/^user_[0-9a-f]+$/);
  const [before] = await serviceSelect<{ username: string }>('my_users', `user_id=eq.${student.userId}&select=username`);
  await expect(username).toHaveValue(before!.username);

  await username.fill('no spaces');
  await page.getByLabel('A teacher').check();
  await page.getByRole('button', { name: 'Finish' }).click();
  await expect(page.getByTestId('onboarding-error')).toHaveText('Usernames are 3 to 20 letters, digits, _ or -.');
  // A refused name stores nothing, the answers included.
  expect(await serviceSelect('my_users', `user_id=eq.${student.userId}&select=username,where_from`)).toEqual([{ username: before!.username, where_from: null }]);

  await username.fill(chosen);
  await page.getByRole('button', { name: 'Finish' }).click();
  await expect(page.getByText('Onboarding completed')).toBeVisible();
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByTestId('account-username')).toHaveText(chosen);
  expect(await serviceSelect('my_users', `user_id=eq.${student.userId}&select=username,where_from`)).toEqual([{ username: chosen, where_from: 'A teacher' }]);
});
