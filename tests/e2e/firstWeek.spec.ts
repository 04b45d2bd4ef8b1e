// The rough edges a student met in a first week, each as they met it: the pass offline after earning,
// and a standing that ranked nobody.
import { randomUUID } from 'node:crypto';
import { expect } from '@playwright/test';
import { backendUrl, localKeys, signInNewStudent, signUpViaApi, studentRpc } from './support/backend.ts';
import { test } from './support/backendLink.ts';
import { mirroredCache, outboxRows } from './support/outbox.ts';
import { claimStreak, onboardedStudent, openSection, readyStudent } from './support/student.ts';

test('the pass, opened offline, counts the Dabloons confirmed since it was last open', async ({ page, link }) => {
  test.setTimeout(90_000);
  const student = await readyStudent(page);
  await openSection(page, 'Pass');
  await expect(page.getByTestId('season-gained')).toHaveText('0');

  // Earned on another page and confirmed by the server while the pass page was closed.
  await claimStreak(page);
  await expect.poll(async () => (await outboxRows(page)).length).toBe(0);
  await expect.poll(() => mirroredCache(page, `battlepass:gained:${student.userId}`), { timeout: 30_000 }).toMatchObject({ 3: 100 });

  await link.goOffline();
  await openSection(page, 'Pass');
  await expect(page.getByTestId('season-gained')).toHaveText('100');
});

test('a student who has not played 5 minutes yet is told how to get on the time board, not ranked at 0', async ({ page }) => {
  const student = await onboardedStudent(page);
  await studentRpc(student, 'record_app_played', { p_app_id: 'snake', p_client_id: randomUUID() });
  await page.goto('/leaderboard');
  const standing = page.getByTestId('my-standing');
  await expect(standing).toContainText('Time played');
  await expect(standing.getByText(/^0 min/)).toContainText('not on the board yet');
  await expect(standing).not.toContainText(/0 min #\d/);
  await expect(standing).toContainText(/1 #\d+/);
});

test('a visitor’s game page asks the server nothing that needs an account', async ({ page }) => {
  const refused: string[] = [];
  const asked: string[] = [];
  page.on('response', (response) => {
    if (response.status() === 401 || response.status() === 403) refused.push(`${response.status()} ${response.url()}`);
  });
  page.on('request', (request) => {
    if (request.url().includes('/rest/v1/rpc/get_own_scores')) asked.push(request.url());
  });
  await page.goto('/class/2048');
  await expect(page.getByTestId('player')).toBeVisible();
  await expect(page.getByTestId('high-scores')).toBeVisible();
  await page.waitForLoadState('networkidle');
  expect(asked).toEqual([]);
  expect(refused).toEqual([]);
});

test('onboarding marks its required question and says what is missing beside it', async ({ page }) => {
  await signInNewStudent(page);
  await page.goto('/onboarding');
  const question = page.getByRole('group', { name: /Where did you hear about the portal\? \(required\)/ });
  await expect(question).toBeVisible();
  await page.getByRole('button', { name: 'Finish' }).click();
  await expect(question.getByTestId('onboarding-error')).toHaveText('Please tell us where you heard about the portal.');
  await page.getByLabel('Username').fill('no spaces');
  await page.getByRole('button', { name: 'Finish' }).click();
  await expect(page.getByTestId('onboarding-error')).toHaveCount(1);
  await expect(page.locator('.field').filter({ has: page.getByLabel('Username') }).getByTestId('onboarding-error')).toHaveText(
    'Usernames are 3 to 20 letters, digits, _ or -.',
  );
});

test('a reset code from a mail sent earlier can be entered without sending another', async ({ page }) => {
  const { student } = await signUpViaApi();
  const { anonKey } = await localKeys();
  // The mail went out yesterday, from another device.
  const sent = await fetch(`${backendUrl}/auth/v1/recover`, {
    method: 'POST',
    headers: { apikey: anonKey, 'content-type': 'application/json' },
    body: JSON.stringify({ email: student.email }),
  });
  expect(sent.ok).toBe(true);
  const mailbox = await page.context().newPage();
  await mailbox.goto(`${backendUrl}/mailbox`);
  const mail = (await mailbox.locator('article').filter({ hasText: student.email }).first().textContent()) ?? '';
  await mailbox.close();
  const code = /enter the code: (\d{6})/.exec(mail)?.[1];
  expect(code).toMatch(/^\d{6}$/);

  await page.goto('/auth');
  await page.getByRole('button', { name: 'Forgot password?' }).click();
  await page.getByRole('button', { name: 'I have a code' }).click();
  await page.getByLabel('Code from the mail').fill(code!);
  await page.getByRole('button', { name: 'Continue' }).click();
  await expect(page.getByTestId('reset-code-error')).toContainText('Enter the address the mail went to above.');
  await page.getByLabel('E-mail').fill(student.email);
  await page.getByRole('button', { name: 'Continue' }).click();
  await expect(page).toHaveURL(/\/change-password$/);
});
