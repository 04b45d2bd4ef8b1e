// Plausible scores (issue 20) as a student meets them: a forged score is refused by the server with the
// reason, and a student withdraws one of their own scores with its screenshot, which takes it off the
// game's board.
import { randomUUID } from 'node:crypto';
import { expect } from '@playwright/test';
import { serviceApproveScore, serviceSelect, studentRpc, uploadProof } from './support/backend.ts';
import { test } from './support/backendLink.ts';
import { onboardedStudent } from './support/student.ts';

test('a forged 1,000,000,000 is refused with the reason, and a second screenshot for one score too', async ({ page }) => {
  const student = await onboardedStudent(page);
  await expect(studentRpc(student, 'submit_score', { p_app_id: '2048', p_score: 1_000_000_000, p_client_id: randomUUID() })).rejects.toThrow(
    /No game of 2048 can score 1,000,000,000: the most one game can reach is 3,932,168\./,
  );
  const id = await studentRpc<number>(student, 'submit_score', { p_app_id: '2048', p_score: 20_480, p_client_id: randomUUID() });
  expect((await uploadProof(student, `${id}_first.png`)).status).toBe(200);
  expect((await uploadProof(student, `${id}_second.png`)).status).toBeGreaterThanOrEqual(400);
});

test('a student withdraws a score and its screenshot, and it leaves the board', async ({ page }) => {
  const student = await onboardedStudent(page);
  const id = await studentRpc<number>(student, 'submit_score', { p_app_id: 'snake', p_score: 1234, p_client_id: randomUUID(), p_duration_ms: 60_000 });
  expect((await uploadProof(student, `${id}_snake-1234.png`)).status).toBe(200);
  await serviceApproveScore(id);
  const [profile] = await serviceSelect<{ username: string }>('my_users', `user_id=eq.${student.userId}&select=username`);

  await page.goto('/class/snake');
  const board = page.getByTestId('high-scores');
  await expect(board.getByTestId('high-score').filter({ hasText: profile!.username })).toContainText('1,234');
  const mine = page.getByTestId('own-score');
  await expect(mine).toHaveCount(1);
  await expect(mine).toContainText('1,234');
  await expect(mine).toContainText('approved, on the board');

  await mine.getByRole('button', { name: 'Withdraw your score of 1,234' }).click();
  await mine.getByRole('button', { name: 'Withdraw it' }).click();
  await expect(page.getByText('Your score of 1,234 was withdrawn')).toBeVisible();
  await expect(page.getByTestId('own-scores')).toContainText('You have not sent a score for Snake yet.');
  await expect(board).not.toContainText(profile!.username);
  expect(await serviceSelect('leaderboard_submissions', `user_id=eq.${student.userId}&select=id`)).toEqual([]);
});
