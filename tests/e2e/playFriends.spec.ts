// Two students play a game against each other (issue 28): an invite from the friends page, accepted on the
// other device, moves made by clicking the board in each one's frame and seen on the other within seconds,
// a move made offline kept and sent once on reconnect, and the result on both sides.
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import { studentRpc } from './support/backend.ts';
import { befriend, gameFrame, seat } from './support/match.ts';

/** A picture of the page for whoever reads the run, never compared. */
async function shot(page: Page, name: string): Promise<void> {
  await page.screenshot({ path: join(tmpdir(), `play-friends-${name}.png`), fullPage: true });
}

const board = (page: Page) => gameFrame(page).locator('#game');
const cell = (page: Page, i: number) => gameFrame(page).locator(`.cell[data-i="${i}"]`);

test('two friends play Tic Tac Toe by invite to a win, one move made offline and sent once', async ({ browser }) => {
  test.setTimeout(120_000);
  const ann = await seat(browser);
  const ben = await seat(browser);
  try {
    await befriend(ann, ben);
    await ann.page.goto('/friends');
    await ann.page.getByRole('button', { name: `Play ${ben.username}` }).click();
    await ann.page.getByRole('dialog', { name: `Play ${ben.username}` }).getByRole('button', { name: 'Send invite' }).click();
    await expect(ann.page).toHaveURL(/\/play\/\d+$/);
    const gameUrl = new URL(ann.page.url()).pathname;
    await expect(ann.page.getByText(`Waiting for ${ben.username} to accept your invite.`)).toBeVisible();

    await ben.page.goto('/friends');
    const invite = ben.page.getByTestId('match').filter({ hasText: `${ann.username} invites you to play` });
    await expect(invite).toBeVisible();
    await shot(ben.page, 'lobby-invited');
    await invite.getByRole('button', { name: 'Accept' }).click();
    await expect(ben.page.getByText(`Game on: you play ${ann.username}.`)).toBeVisible();
    await ben.page.goto(gameUrl);
    await expect(ben.page.getByTestId('match-turn')).toContainText(`Waiting for ${ann.username}`);

    // Ann moves first (X in the centre); Ben's board shows it without a reload.
    await expect(ann.page.getByTestId('match-turn')).toContainText('Your move', { timeout: 10_000 });
    await cell(ann.page, 4).click();
    await expect(board(ann.page)).toHaveAttribute('data-board', '----X----');
    await expect(board(ben.page)).toHaveAttribute('data-board', '----X----', { timeout: 5_000 });
    await expect(ben.page.getByTestId('match-turn')).toContainText('Your move');
    await shot(ben.page, 'your-move');

    // A move out of turn is not taken: Ann's board does not change when she clicks again.
    await cell(ann.page, 0).click();
    await expect(board(ann.page)).toHaveAttribute('data-board', '----X----');

    await cell(ben.page, 0).click();
    await expect(board(ann.page)).toHaveAttribute('data-board', 'O---X----', { timeout: 5_000 });

    // Ann goes offline and moves: the board shows it at once, and it reaches Ben once she is back.
    await ann.context.setOffline(true);
    await cell(ann.page, 2).click();
    await expect(board(ann.page)).toHaveAttribute('data-board', 'O-X-X----');
    await ann.page.waitForTimeout(1_500);
    await expect(board(ben.page)).toHaveAttribute('data-board', 'O---X----');
    await ann.context.setOffline(false);
    await expect(board(ben.page)).toHaveAttribute('data-board', 'O-X-X----', { timeout: 15_000 });

    await cell(ben.page, 1).click();
    await expect(board(ann.page)).toHaveAttribute('data-board', 'OOX-X----', { timeout: 5_000 });
    // X takes the diagonal 2-4-6.
    await cell(ann.page, 6).click();
    await expect(ann.page.getByTestId('match-result')).toContainText('You won: three in a row!', { timeout: 10_000 });
    await expect(ben.page.getByTestId('match-result')).toContainText(`${ann.username} won: three in a row.`, { timeout: 10_000 });
    await shot(ann.page, 'won');
    await shot(ben.page, 'lost');

    // Each move is stored once, the offline one too.
    const matchId = Number(gameUrl.split('/').pop());
    const game = await studentRpc<{ moves: { ply: number; move: string }[] }>(ann.student, 'get_match', { p_match_id: matchId, p_from_ply: 0 });
    expect(game.moves.map((move) => move.move)).toEqual(['4', '0', '2', '1', '6']);
    const results = await studentRpc<{ game: string; wins: number; losses: number }[]>(ann.student, 'get_match_results', { p_username: ann.username });
    expect(results).toContainEqual(expect.objectContaining({ game: 'tic-tac-toe', wins: 1, losses: 0 }));
  } finally {
    await ann.context.close();
    await ben.context.close();
  }
});
