// Achievements through the SDK (issue 29): a signed-in student's Snake unlocks one, the portal shows
// it at once with its badge, the server holds it once, however often the game says it again, and the
// student can put it on the badge shelf of their public profile.
import { expect, test } from '@playwright/test';
import { parseGameMessage } from '../../src/domain/gameSdk.ts';
import { serviceSelect } from './support/backend.ts';
import { frameState, gameFrame, openClassGame, startSnake } from './support/bundledGames.ts';
import { onboardedStudent } from './support/student.ts';

test('an unlock from a game shows at once and reaches the server once', async ({ page }) => {
  await page.addInitScript(() => {
    const w = window as unknown as { fromGame: unknown[] };
    w.fromGame = [];
    window.addEventListener('message', (event) => {
      if (event.origin === 'null') w.fromGame.push(event.data);
    });
  });
  const student = await onboardedStudent(page);
  const frame = await openClassGame(page, '/snake');
  await startSnake(frame);
  await expect.poll(() => frameState(frame), { timeout: 10_000 }).toBe('over');
  // The game reported its run's length at game over, with the run the portal issued at the handshake.
  const runs = (await page.evaluate(() => (window as unknown as { fromGame: unknown[] }).fromGame))
    .map((m) => parseGameMessage(m))
    .flatMap((p) => (p.ok && p.message.type === 'sdk:stat' ? [p.message.runId] : []));
  expect(runs.length).toBeGreaterThan(0);

  // Where the snake's first apple lies is chance: the unlock it sends is posted from the game's frame as the SDK would.
  const unlock = (runId: string) =>
    gameFrame(page).locator('body').evaluate((_body, run) => {
      window.parent.postMessage({ type: 'sdk:achievement', version: 2, runId: run, id: 'first-apple' }, '*');
    }, runId);
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
