// The moderation desk's part of playing together (issue 28): a student reports the other player from a
// game, a moderator reads the game's moves on the desk and ends it, and both players see it ended; a
// class invite link posted where it should not be is found by its owner's username and removed, and a
// classmate who opens it is not made a friend.
// Other suites share this backend and its queues, so each test acts only on what it made itself.
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import { serviceInsert, signInNewStudent, studentRpc, type Student } from './support/backend.ts';
import { befriend, seat } from './support/match.ts';

test.use({ viewport: { width: 1366, height: 768 } });

/** A moderator signed in on the page, on the desk. */
async function openDesk(page: Page): Promise<Student> {
  const moderator = await signInNewStudent(page);
  await serviceInsert('moderators', { user_id: moderator.userId, granted_by: 'e2e operator' });
  await page.goto('/moderate');
  await expect(page.getByRole('heading', { name: 'Latest decisions' })).toBeVisible();
  return moderator;
}

/** A picture of the page for whoever reads the run, never compared. */
async function shot(page: Page, name: string): Promise<void> {
  await page.screenshot({ path: join(tmpdir(), `moderation-games-${name}.png`), fullPage: true });
}

const board = (page: Page) => page.frameLocator('[data-testid="game-frame"]').locator('#game');
const cell = (page: Page, i: number) => page.frameLocator('[data-testid="game-frame"]').locator(`.cell[data-i="${i}"]`);

test('a student reports a player from a game; a moderator reads its moves on the desk and ends it, and both players see it ended', async ({ browser, page }) => {
  test.setTimeout(120_000);
  const ann = await seat(browser);
  const ben = await seat(browser);
  try {
    await befriend(ann, ben);
    const matchId = await studentRpc<number>(ann.student, 'invite_to_match', { p_user_id: ben.student.userId, p_game: 'tic-tac-toe', p_pace: 'correspondence', p_moves_first: 'me' });
    await studentRpc(ben.student, 'answer_match_invite', { p_match_id: matchId, p_accept: true });

    await ann.page.goto(`/play/${matchId}`);
    await expect(ann.page.getByTestId('match-turn')).toContainText('Your move', { timeout: 10_000 });
    await cell(ann.page, 4).click();
    await ben.page.goto(`/play/${matchId}`);
    await expect(board(ben.page)).toHaveAttribute('data-board', '----X----', { timeout: 10_000 });

    // Ben reports Ann from the game.
    await ben.page.getByRole('button', { name: 'Report a problem' }).click();
    const dialog = ben.page.getByRole('dialog', { name: 'Report this game' });
    await dialog.getByLabel('What happened? (optional)').fill('Rude names in the chat.');
    await dialog.getByRole('button', { name: 'Send report' }).click();
    await expect(ben.page.getByText('Thank you: a moderator will look at this game.')).toBeVisible();

    await openDesk(page);
    const reported = page.getByTestId('desk-game').filter({ hasText: `${ben.username} reported ${ann.username}` });
    await expect(reported).toContainText('Tic Tac Toe');
    await expect(reported).toContainText('being played, after 1 move');
    await expect(reported).toContainText('“Rude names in the chat.”');
    await reported.getByRole('button', { name: 'Show the moves' }).click();
    await expect(reported.getByTestId('desk-game-moves')).toHaveText(`${ann.username}: 4`);
    await shot(page, 'desk-reported-game');

    await reported.getByRole('textbox').fill('Name-calling in a game.');
    await reported.getByRole('button', { name: 'End game' }).click();
    await expect(page.getByText(`Ended Tic Tac Toe with ${ann.username}.`)).toBeVisible();
    await expect(reported).toHaveCount(0);
    const record = page.getByTestId('desk-decision').filter({ hasText: `Tic Tac Toe: ${ann.username} v ${ben.username}` });
    await expect(record).toContainText('Ended');
    await expect(record).toContainText('“Name-calling in a game.”');
    await expect(record.getByRole('button', { name: 'Undo' })).toHaveCount(0);

    // Both players, still on the game's page, see it ended without reloading, and neither can move in it.
    for (const player of [ann, ben]) {
      await expect(player.page.getByTestId('match-result')).toHaveText('A moderator ended this game: it counts for neither of you.', { timeout: 15_000 });
      await expect(player.page.getByTestId('match-turn')).toHaveCount(0);
      await shot(player.page, `ended-${player === ann ? 'ann' : 'ben'}`);
    }
    const game = await studentRpc<{ status: string; moves: unknown[] }>(ann.student, 'get_match', { p_match_id: matchId, p_from_ply: 0 });
    expect(game).toMatchObject({ status: 'ended', moves: [expect.anything()] });
  } finally {
    await ann.context.close();
    await ben.context.close();
  }
});

test("a moderator finds a student's class invite link by username and removes it; a classmate who opens it is not befriended", async ({ browser, page }) => {
  const owner = await seat(browser);
  const classmate = await seat(browser);
  try {
    const [posted] = await studentRpc<{ code: string }[]>(owner.student, 'create_friend_invite', { p_for_class: true });

    await openDesk(page);
    await page.getByRole('form', { name: "Find a student's invite links" }).getByLabel("Student's username").fill(owner.username.toUpperCase());
    await page.getByRole('button', { name: 'Find links' }).click();
    const link = page.getByTestId('desk-invite').filter({ hasText: posted!.code });
    await expect(link).toContainText('For a class · 40 places left');
    await shot(page, 'desk-invite-links');
    await link.getByRole('textbox').fill('Posted in the class chat.');
    await link.getByRole('button', { name: 'Remove link' }).click();
    await expect(page.getByText(`Removed ${owner.username}'s class invite link.`)).toBeVisible();
    await expect(page.getByText(`${owner.username} has no invite link that still works.`)).toBeVisible();
    const record = page.getByTestId('desk-decision').filter({ hasText: `${owner.username}'s class invite link` });
    await expect(record).toContainText('Removed');
    await expect(record).toContainText('“Posted in the class chat.”');

    // The classmate opens the link as posted: no friendship, and the owner's friends page no longer lists it.
    await classmate.page.goto(`/friends?invite=${posted!.code}`);
    await classmate.page.getByRole('button', { name: 'Accept the invite' }).click();
    await expect(classmate.page.getByText('This invite link has been used up. Ask your classmate for a new one.')).toBeVisible();
    expect(await studentRpc<unknown[]>(classmate.student, 'get_classmates', {})).toEqual([]);
    expect(await studentRpc<unknown[]>(owner.student, 'get_friend_invites', {})).toEqual([]);
  } finally {
    await owner.context.close();
    await classmate.context.close();
  }
});
