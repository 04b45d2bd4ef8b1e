// Achievements through the SDK (issue 29): a signed-in student's Snake unlocks one, the portal shows
// it at once with its badge, the server holds it once, however often the game says it again, and the
// student can put it on the badge shelf of their public profile.
import { expect, test } from '@playwright/test';
import { serviceInsert, serviceSelect, signInNewStudent, studentRpc } from './support/backend.ts';
import { frameState, keepGameMessages, openClassGame, reportedRuns, startSnake, unlockFromGame } from './support/bundledGames.ts';
import { outboxRows } from './support/outbox.ts';
import { test as linked } from './support/backendLink.ts';
import { installServiceWorker, onboard, onboardedStudent } from './support/student.ts';

test('an unlock from a game shows at once and reaches the server once', async ({ page }) => {
  await keepGameMessages(page);
  const student = await onboardedStudent(page);
  const frame = await openClassGame(page, '/snake');
  await startSnake(frame);
  await expect.poll(() => frameState(frame), { timeout: 10_000 }).toBe('over');
  // The game reported its run's length at game over, with the run the portal issued at the handshake.
  const runs = await reportedRuns(page);
  expect(runs.length).toBeGreaterThan(0);

  // Where the snake's first apple lies is chance: the unlock it sends is posted from the game's frame as the SDK would.
  const unlock = (runId: string) => unlockFromGame(page, runId, 'first-apple');
  await unlock(runs[0]!);
  await expect(page.getByText('Achievement unlocked: First Bite')).toBeVisible();
  await unlock(runs[0]!);

  await expect.poll(async () => (await serviceSelect<{ id: number; reward: number }>(
    'achievement_unlocks', `user_id=eq.${student.userId}&select=id,reward`,
  )).length, { timeout: 15_000 }).toBe(1);
  const [held] = await serviceSelect<{ reward: number }>('achievement_unlocks', `user_id=eq.${student.userId}&select=reward`);
  expect(held?.reward).toBeGreaterThanOrEqual(10);

  // The game's page lists it as unlocked, keeps the hidden one's words back, and shows a stat's progress.
  await page.reload();
  const panel = page.getByTestId('game-achievements');
  await panel.scrollIntoViewIfNeeded();
  const shown = panel.getByTestId('achievement');
  await expect(shown).toHaveCount(5);
  // Other students of the suite's one backend play Snake too: the rate is theirs as well.
  await expect(shown.filter({ hasText: 'First Bite' })).toContainText(/You have it\. Unlocked by \d+% of players/);
  await expect(shown.filter({ hasText: '???' })).toHaveCount(1);
  await expect(shown.filter({ hasText: 'Noodle' }).locator('progress')).toHaveAttribute('max', '20');

  // On the profile the student puts it on their badge shelf, which their public profile then shows.
  await page.goto('/profile');
  const picker = page.getByTestId('badge-picker');
  await picker.getByLabel(/First Bite/).check();
  await picker.getByTestId('save-badge-shelf').click();
  await expect(page.getByText('Badge shelf saved')).toBeVisible();
  const [profile] = await serviceSelect<{ username: string }>('my_users', `user_id=eq.${student.userId}&select=username`);
  await page.goto(`/profile/${profile!.username}`);
  await expect(page.getByTestId('badge-shelf')).toContainText('First Bite');
  await expect(page.getByTestId('badge-shelf')).toContainText('Snake');
});

linked('an unlock in a game played offline shows at once, and once back online counts once on the server and the public profile', async ({ page, link }) => {
  await keepGameMessages(page);
  const student = await onboardedStudent(page);
  await installServiceWorker(page);
  await link.goOffline();
  const frame = await openClassGame(page, '/snake');
  await startSnake(frame);
  await expect.poll(() => frameState(frame), { timeout: 10_000 }).toBe('over');
  const runs = await reportedRuns(page);
  expect(runs.length).toBeGreaterThan(0);
  const unlock = (runId: string, id: string) => unlockFromGame(page, runId, id);
  await unlock(runs[0]!, 'first-apple');
  await expect(page.getByText('Achievement unlocked: First Bite')).toBeVisible();
  await unlock(runs[0]!, 'first-apple');
  // A stat's achievement too, as a game that trusted its own count would: the server never saw this run's
  // pace, so the page says at once that it counts only online, and sends nothing to be refused later.
  await unlock(runs[0]!, 'length-20');
  await expect(page.getByText('"Noodle" counts only in a game played online: reach it again when you are back online.')).toBeVisible();
  await expect(page.getByText('Achievement unlocked: Noodle')).toHaveCount(0);
  // Kept on the device: the run the server never saw start, then the unlock in it, and none of the run's stats.
  const gameRows = async () =>
    (await outboxRows(page)).filter((row) => ['note_offline_game_run', 'unlock_achievement', 'report_stat'].includes(row.kind));
  expect((await gameRows()).map((row) => row.kind)).toEqual(['note_offline_game_run', 'unlock_achievement']);

  await link.goOnline();
  await expect.poll(async () => (await serviceSelect('achievement_unlocks', `user_id=eq.${student.userId}&select=id`)).length, { timeout: 30_000 }).toBe(1);
  await expect.poll(async () => (await gameRows()).map((row) => [row.kind, row.status]), { timeout: 30_000 }).toEqual([]);
  const remembered = await page.evaluate((key) => localStorage.getItem(key), `portal.achievements:${student.userId}:snake`);
  expect(JSON.parse(remembered ?? '[]')).toEqual(['first-apple']);
  expect(await serviceSelect('achievement_unlocks', `user_id=eq.${student.userId}&select=id`)).toHaveLength(1);

  await page.goto('/profile');
  const picker = page.getByTestId('badge-picker');
  await picker.getByLabel(/First Bite/).check();
  await picker.getByTestId('save-badge-shelf').click();
  await expect(page.getByText('Badge shelf saved')).toBeVisible();
  const [profile] = await serviceSelect<{ username: string }>('my_users', `user_id=eq.${student.userId}&select=username`);
  await page.goto(`/profile/${profile!.username}`);
  await expect(page.getByTestId('badge-shelf')).toContainText('First Bite');
});

test("a moderator finds a student's achievement on the desk and takes it back with its reward, for good", async ({ browser, page }) => {
  // The student unlocks Snake's First Bite in a run the server saw start, as the game's SDK would send it.
  const context = await browser.newContext();
  const student = await signInNewStudent(await context.newPage());
  await onboard(student);
  const run = crypto.randomUUID();
  await studentRpc(student, 'start_game_run', { p_app_id: 'snake', p_run_id: run });
  await studentRpc(student, 'unlock_achievement', { p_app_id: 'snake', p_achievement: 'first-apple', p_run_id: run, p_client_id: crypto.randomUUID() });
  const balance = async () =>
    (await serviceSelect<{ amt: number }>('coins_transactions', `user_id=eq.${student.userId}&select=amt`)).reduce((sum, row) => sum + row.amt, 0);
  const [{ reward } = { reward: 0 }] = await serviceSelect<{ reward: number }>('achievement_unlocks', `user_id=eq.${student.userId}&select=reward`);
  expect(reward).toBeGreaterThan(0);
  const before = await balance();
  const [profile] = await serviceSelect<{ username: string }>('my_users', `user_id=eq.${student.userId}&select=username`);

  const moderator = await signInNewStudent(page);
  await serviceInsert('moderators', { user_id: moderator.userId, granted_by: 'e2e operator' });
  await page.goto('/moderate');
  const finder = page.getByRole('form', { name: "Find a student's achievements" });
  await finder.getByLabel("Student's username").fill(profile!.username);
  await finder.getByRole('button', { name: 'Find achievements' }).click();
  const unlock = page.getByTestId('desk-achievement').filter({ hasText: 'First Bite' });
  await expect(unlock).toContainText('in Snake');
  await unlock.getByRole('textbox').fill('Unlocked by a script, not by play.');
  await unlock.getByRole('button', { name: 'Take back' }).click();
  const subject = `${profile!.username}'s "First Bite" in Snake`;
  await expect(page.getByText(`Took back ${subject} and its reward.`)).toBeVisible();
  await expect(unlock).toContainText('taken back');
  await expect(unlock.getByRole('button', { name: 'Take back' })).toHaveCount(0);
  const record = page.getByTestId('desk-decision').filter({ hasText: subject });
  await expect(record).toContainText('Took back');
  await expect(record).toContainText('“Unlocked by a script, not by play.”');
  // Final: the record offers no Undo, and the reward left the student's balance.
  await expect(record.getByRole('button', { name: 'Undo' })).toHaveCount(0);
  expect(await balance()).toBe(before - reward);
  await context.close();
});
