// The leaderboard page: the four top lists filled by real students' actions, a game's high scores,
// the signed-in student's own standing, and the whole page readable offline with its age.
import { randomUUID } from 'node:crypto';
import { expect, type Page } from '@playwright/test';
import { authStorageKey, backendUrl, localKeys, serviceApproveScore, serviceRpc, serviceSelect, signUpViaApi, studentRpc, uploadProof, type Student } from './support/backend.ts';
import { test } from './support/backendLink.ts';

/** A student who played: claimed a streak (100 Dabloons), opened games, spent time, and set a score. */
async function activeStudent(games: string[], score: number): Promise<{ student: Student; session: unknown; username: string }> {
  const { student, session } = await signUpViaApi();
  await studentRpc(student, 'claim_streak', { p_client_id: randomUUID() });
  for (const game of games) await studentRpc(student, 'record_app_played', { p_app_id: game, p_client_id: randomUUID() });
  await studentRpc(student, 'increment_time_spent', { user_id: student.userId, increment_value: 5 });
  const id = await studentRpc<number>(student, 'submit_score', { p_app_id: 'snake', p_score: score, p_client_id: randomUUID(), p_duration_ms: 60_000 });
  const stored = await uploadProof(student, `${id}_snake-${score}.png`);
  if (!stored.ok) throw new Error(`upload failed: ${stored.status} ${await stored.text()}`);
  await serviceApproveScore(id);
  const { serviceRoleKey } = await localKeys();
  await fetch(`${backendUrl}/rest/v1/my_users?user_id=eq.${student.userId}`, {
    method: 'PATCH',
    headers: { apikey: serviceRoleKey, authorization: `Bearer ${serviceRoleKey}`, 'content-type': 'application/json' },
    body: JSON.stringify({ where_from: 'a friend', who_from: 'e2e' }),
  });
  const [profile] = await serviceSelect<{ username: string }>('my_users', `user_id=eq.${student.userId}&select=username`);
  return { student, session, username: profile!.username };
}

const WEEK_MS = 7 * 24 * 60 * 60 * 1000;
const TOP_RPCS: [string, string, () => Record<string, unknown>][] = [
  ['topStreaks', 'get_top_streaks', () => ({})],
  ['topTimeSpent', 'get_top_time_spent', () => ({})],
  ['topAppsPlayed', 'get_apps_played_by_user', () => ({})],
  ['topCoinsThisWeek', 'get_coins_gained', () => ({ start_date: new Date(Date.now() - WEEK_MS).toISOString() })],
];

async function signIn(page: Page, session: unknown): Promise<void> {
  await page.addInitScript(
    ([key, value]) => {
      if (window.localStorage.getItem(key as string) === null) window.localStorage.setItem(key as string, value as string);
    },
    [authStorageKey, JSON.stringify(session)],
  );
}

test('the four top lists, a game board and the own standing show real students, and stay readable offline', async ({ page, link }) => {
  const players = [
    await activeStudent(['snake', '2048', 'memory'], 120),
    await activeStudent(['snake', 'breakout'], 340),
    await activeStudent(['flappy'], 75),
  ];
  const me = players[1]!;
  await signIn(page, me.session);

  await page.goto('/');
  await page.evaluate(async () => {
    await navigator.serviceWorker.ready;
  });
  await page.goto('/leaderboard');
  await expect(page.getByTestId('page-leaderboard')).toBeVisible();

  // Students of other suites share this backend, so each list must match what the server ranks
  // right now: the same names in the same order, at most 5.
  let attempt = 0;
  await expect(async () => {
    if (attempt++ > 0) await page.reload();
    for (const [name, rpc, args] of TOP_RPCS) {
      const names = page.getByTestId(`top-list-${name}`).locator('.board-name');
      await expect(names.first()).toBeVisible();
      const server = (await serviceRpc<{ username: string }[]>(rpc, args())).map((row) => row.username);
      const shown = await names.allTextContents();
      expect(server.length).toBeGreaterThan(0);
      expect(shown).toEqual(server.slice(0, 5));
    }
  }).toPass({ timeout: 15_000 });
  await expect(page.getByTestId('top-list-topStreaks').locator('.board-value').first()).toContainText('day');

  const standing = page.getByTestId('my-standing');
  await expect(standing).toContainText('Streak');
  await expect(standing).toContainText('1 day');
  await expect(standing).toContainText('5 min');

  await page.getByTestId('game-picker').selectOption('snake');
  const scores = page.getByTestId('game-scores').getByTestId('high-score');
  await expect(scores.filter({ hasText: me.username })).toContainText('340');
  await expect(scores.filter({ hasText: players[0]!.username })).toContainText('120');

  await expect(page.getByTestId('leaderboard-age')).toHaveText('updated just now');
  await expect.poll(() => page.evaluate(() => navigator.serviceWorker.controller !== null)).toBe(true);

  await link.goOffline();
  await page.reload();
  await expect(page.getByTestId('top-list-topAppsPlayed').getByTestId('board-row').first()).toBeVisible();
  await page.getByTestId('game-picker').selectOption('snake');
  await expect(page.getByTestId('game-scores').getByTestId('high-score').filter({ hasText: me.username })).toContainText('340');
  await expect(page.getByTestId('leaderboard-age')).toContainText('updated');
  await expect(page.getByTestId('my-standing')).toContainText('1 day');
});

test('a visitor who is not signed in sees the boards but no standing', async ({ page }) => {
  await activeStudent(['snake'], 10);
  await page.goto('/leaderboard');
  await expect(page.getByTestId('top-list-topStreaks').getByTestId('board-row').first()).toBeVisible();
  await expect(page.getByTestId('my-standing')).toHaveCount(0);
});
