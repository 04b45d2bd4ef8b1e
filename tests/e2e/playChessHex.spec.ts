// Chess and Hex Conquest between two students on two devices (issue 28), each to a result by clicks on
// the board in each one's game frame: the invite from the friends page, a chess move made offline shown at
// once and seen by the opponent once on reconnect, and the result on both profiles.
import { expect, test, type Page } from '@playwright/test';
import { studentRpc, type Student } from './support/backend.ts';
import { befriend, gameFrame, matchIdOf, playByInvite, seat, serverMoves } from './support/match.ts';

const fen = (page: Page) => gameFrame(page).locator('#game');
const square = (page: Page, name: string) => gameFrame(page).locator(`[data-square="${name}"]`);

async function chessMove(page: Page, uci: string): Promise<void> {
  await square(page, uci.slice(0, 2)).click();
  await square(page, uci.slice(2, 4)).click();
}

async function results(student: Student, username: string) {
  return studentRpc<{ game: string; wins: number; draws: number; losses: number }[]>(student, 'get_match_results', { p_username: username });
}

// Fool's mate: White (the inviter) opens badly and Black mates on the fourth ply.
const AFTER_F3 = 'rnbqkbnr/pppppppp/8/8/8/5P2/PPPPP1PP/RNBQKBNR b KQkq - 0 1';
const AFTER_E5 = 'rnbqkbnr/pppp1ppp/8/4p3/8/5P2/PPPPP1PP/RNBQKBNR w KQkq - 0 2';
const AFTER_G4 = 'rnbqkbnr/pppp1ppp/8/4p3/6P1/5P2/PPPPP2P/RNBQKBNR b KQkq - 0 2';
const MATE = 'rnb1kbnr/pppp1ppp/8/4p3/6Pq/5P2/PPPPP2P/RNBQKBNR w KQkq - 1 3';

test('two friends play Chess by invite to checkmate, a move made offline seen once by the opponent', async ({ browser }) => {
  test.setTimeout(150_000);
  const ann = await seat(browser);
  const ben = await seat(browser);
  try {
    await befriend(ann, ben);
    const path = await playByInvite(ann, ben, 'Chess');
    const matchId = matchIdOf(path);

    await chessMove(ann.page, 'f2f3');
    await expect(fen(ann.page)).toHaveAttribute('data-fen', AFTER_F3);
    await expect(fen(ben.page)).toHaveAttribute('data-fen', AFTER_F3, { timeout: 5_000 });
    await expect(ben.page.getByTestId('match-turn')).toContainText('Your move');

    await chessMove(ben.page, 'e7e5');
    await expect(fen(ann.page)).toHaveAttribute('data-fen', AFTER_E5, { timeout: 5_000 });
    await expect(ann.page.getByTestId('match-turn')).toContainText('Your move');

    // Ann is offline: her move is on her board at once and waits on her device, not on the server.
    await ann.context.setOffline(true);
    await chessMove(ann.page, 'g2g4');
    await expect(fen(ann.page)).toHaveAttribute('data-fen', AFTER_G4);
    await expect(ann.page.getByTestId('match-turn')).toContainText(`Waiting for ${ben.username}`);
    expect(await serverMoves(ben.student, matchId)).toEqual(['f2f3', 'e7e5']);
    await expect(fen(ben.page)).toHaveAttribute('data-fen', AFTER_E5);

    await ann.context.setOffline(false);
    await expect(fen(ben.page)).toHaveAttribute('data-fen', AFTER_G4, { timeout: 15_000 });
    await expect(ben.page.getByTestId('match-turn')).toContainText('Your move');
    expect(await serverMoves(ben.student, matchId)).toEqual(['f2f3', 'e7e5', 'g2g4']);

    await chessMove(ben.page, 'd8h4');
    await expect(ben.page.getByTestId('match-result')).toContainText('You won: checkmate!', { timeout: 10_000 });
    await expect(ann.page.getByTestId('match-result')).toContainText(`${ben.username} won: checkmate.`, { timeout: 10_000 });
    await expect(fen(ann.page)).toHaveAttribute('data-fen', MATE);

    // Each move stored once, the offline one too; the result on both profiles.
    expect(await serverMoves(ann.student, matchId)).toEqual(['f2f3', 'e7e5', 'g2g4', 'd8h4']);
    expect(await results(ann.student, ann.username)).toContainEqual(expect.objectContaining({ game: 'chess', wins: 0, losses: 1 }));
    expect(await results(ann.student, ben.username)).toContainEqual(expect.objectContaining({ game: 'chess', wins: 1, losses: 0 }));
  } finally {
    await ann.context.close();
    await ben.context.close();
  }
});

// The shortest win the rules allow from the start: three hexagons taken one by one (hexConquest.ts's
// indices). Ann (blue, first) grows harmlessly; each of Ben's pieces jumps next to a blue piece's reach
// and is taken, so his last one goes on the seventh ply and the board is Ann's.
const HEX_LINE = ['56-57', '4-2', '0-1', '26-11', '0-5', '60-49', '34-42'];

const hex = (page: Page, i: number) => gameFrame(page).locator(`.hex[data-i="${i}"]`);

async function hexMove(page: Page, move: string): Promise<void> {
  const [from, to] = move.split('-').map(Number);
  await hex(page, from!).click();
  await hex(page, to!).click();
}

test('two friends play Hex Conquest by invite until one side has no hexagon left', async ({ browser }) => {
  test.setTimeout(150_000);
  const ann = await seat(browser);
  const ben = await seat(browser);
  try {
    await befriend(ann, ben);
    const path = await playByInvite(ann, ben, 'Hex Conquest');
    const matchId = matchIdOf(path);

    for (const [ply, move] of HEX_LINE.entries()) {
      const [mover, watcher] = ply % 2 === 0 ? [ann, ben] : [ben, ann];
      await expect(mover.page.getByTestId('match-turn')).toContainText('Your move', { timeout: 10_000 });
      await hexMove(mover.page, move);
      const landed = Number(move.split('-')[1]);
      await expect(hex(mover.page, landed)).toHaveAttribute('aria-label', 'your piece');
      // Once the opponent's board shows the move, the server has it.
      if (ply < HEX_LINE.length - 1) await expect(hex(watcher.page, landed)).toHaveAttribute('aria-label', `${mover.username}'s piece`, { timeout: 5_000 });
    }

    await expect(ann.page.getByTestId('match-result')).toContainText('You won: most hexagons!', { timeout: 10_000 });
    await expect(ben.page.getByTestId('match-result')).toContainText(`${ann.username} won: most hexagons.`, { timeout: 10_000 });
    await expect(gameFrame(ben.page).locator('.hex[aria-label="your piece"]')).toHaveCount(0);

    expect(await serverMoves(ben.student, matchId)).toEqual(HEX_LINE);
    expect(await results(ben.student, ann.username)).toContainEqual(expect.objectContaining({ game: 'hex-conquest', wins: 1, losses: 0 }));
    expect(await results(ben.student, ben.username)).toContainEqual(expect.objectContaining({ game: 'hex-conquest', wins: 0, losses: 1 }));
  } finally {
    await ann.context.close();
    await ben.context.close();
  }
});
