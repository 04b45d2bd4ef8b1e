// Chess, Tic Tac Toe and Hex Conquest in a two-player room (docs/game-sdk.md, "Two players"), each in
// its sandboxed frame under a small host page that plays the portal's part (fixtures/room-host.html):
// the student's move goes out as the server reads it, the other student's reply and a refusal come back
// onto the board, the result is told, and nothing is scored or saved.
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { expect, test, type FrameLocator, type Page } from '@playwright/test';
import type { RoomState } from '../../src/domain/gameRoom.ts';
import { parseGameMessage, type GameMessage } from '../../src/domain/gameSdk.ts';
import { frameState } from './support/bundledGames.ts';

const HOST_PAGE = readFileSync(fileURLToPath(new URL('./fixtures/room-host.html', import.meta.url)), 'utf8');
// The server numbers its matches; the match page names the room by that number, as text.
const MATCH = '42';

// The host page is answered by the test, at the portal's address (the game pages may be framed only
// there); a service worker would answer it with the app instead.
test.use({ serviceWorkers: 'block' });

function room(game: RoomState['game'], overrides: Partial<RoomState>): RoomState {
  return { matchId: MATCH, game, seat: 0, players: ['ana', 'ben'], moves: [], turn: 0, result: null, refused: null, ...overrides };
}

async function openRoom(page: Page, game: string, state: RoomState | null): Promise<FrameLocator> {
  await page.route(
    (url) => url.pathname === '/room-host.html',
    (route) => route.fulfill({ contentType: 'text/html; charset=utf-8', body: HOST_PAGE }),
  );
  await page.goto(`/room-host.html?game=${game}&room=${encodeURIComponent(JSON.stringify(state))}`);
  const frame = page.frameLocator('#game');
  await expect(frame.locator('#game')).toBeVisible({ timeout: 15_000 });
  return frame;
}

/** What the game posted, each message as the portal's checks read it. */
async function fromGame(page: Page): Promise<GameMessage[]> {
  const received = await page.evaluate(() => (window as unknown as { host: { received: unknown[] } }).host.received);
  return received.map((data) => {
    const parsed = parseGameMessage(data);
    if (!parsed.ok) throw new Error(`the portal would refuse ${JSON.stringify(data)}: ${parsed.reason}`);
    return parsed.message;
  });
}

async function movesSent(page: Page) {
  return (await fromGame(page)).flatMap((m) => (m.type === 'sdk:move' ? [{ matchId: m.matchId, ply: m.ply, move: m.move }] : []));
}

function portalRoom(page: Page, state: RoomState): Promise<void> {
  return page.evaluate((r) => (window as unknown as { host: { post: (m: unknown) => void } }).host.post({ type: 'portal:room', room: r }), state);
}

/** No score, no save, no current score: a room's match is played, not scored. */
async function expectNothingKept(page: Page) {
  const types = (await fromGame(page)).map((m) => m.type);
  expect(types).not.toContain('sdk:score');
  expect(types).not.toContain('sdk:save');
  expect(types).not.toContain('sdk:current-score');
}

test('Tic Tac Toe in a room: a tap and a key send cells, the reply and a refusal come back, the draw is told', async ({ page }) => {
  const frame = await openRoom(page, 'tic-tac-toe', room('tic-tac-toe', { seat: 1, moves: ['4'], turn: 1 }));
  const board = frame.locator('#game');
  await expect(frame.locator('#players')).toHaveText('You play O against ana');
  await expect(frame.locator('#turn')).toHaveText('Your move');
  await expect(frame.locator('#level')).toBeHidden();
  await expect(frame.locator('#score')).toBeHidden();
  await expect(board).toHaveAttribute('data-board', '----X----');

  await frame.locator('.cell[data-i="0"]').click();
  await expect(board).toHaveAttribute('data-board', 'O---X----');
  await expect(frame.locator('#turn')).toHaveText('Waiting for ana');
  // Out of turn a tap does nothing.
  await frame.locator('.cell[data-i="1"]').click();
  await expect(board).toHaveAttribute('data-board', 'O---X----');
  expect(await movesSent(page)).toEqual([{ matchId: MATCH, ply: 1, move: '0' }]);

  await portalRoom(page, room('tic-tac-toe', { seat: 1, moves: ['4', '0', '8'], turn: 1 }));
  await expect(board).toHaveAttribute('data-board', 'O---X---X');
  await expect(frame.locator('#turn')).toHaveText('Your move');
  await expect(frame.locator('.cell[data-i="8"]')).toHaveAttribute('aria-label', 'Square 9: X, ana');

  // The keyboard: key 3 is the top right cell.
  await frame.locator('#players').click();
  await page.keyboard.press('Digit3');
  await expect(board).toHaveAttribute('data-board', 'O-O-X---X');
  await expect.poll(() => movesSent(page)).toEqual([
    { matchId: MATCH, ply: 1, move: '0' },
    { matchId: MATCH, ply: 3, move: '2' },
  ]);

  await portalRoom(page, room('tic-tac-toe', { seat: 1, moves: ['4', '0', '8'], turn: 1, refused: { ply: 3, message: 'Cell 2 is taken.' } }));
  await expect(board).toHaveAttribute('data-board', 'O---X---X');
  await expect(frame.locator('#turn')).toHaveText('Your move: the last one was refused. Cell 2 is taken.');

  await portalRoom(page, room('tic-tac-toe', { seat: 1, moves: ['4', '0', '8'], turn: null, result: { winner: null, reason: 'draw agreed' } }));
  await expect(frame.locator('#over-title')).toHaveText('Draw agreed');
  await expect(frame.locator('#over')).toBeVisible();
  await expect(frame.locator('#again')).toBeHidden();
  expect(await frameState(frame)).toBe('over');
  await expectNothingKept(page);
});

test('Chess in a room: Black sits at the bottom, moves go out in UCI by pointer and keyboard, the result is told', async ({ page }) => {
  const frame = await openRoom(page, 'chess', room('chess', { seat: 1, moves: ['e2e4'], turn: 1 }));
  const board = frame.locator('#game');
  await expect(frame.locator('#players')).toHaveText('You play Black against ana');
  await expect(board).toHaveAttribute('aria-label', 'Chess board, Black at the bottom');
  await expect(frame.locator('.sq').first()).toHaveAttribute('data-square', 'h1');
  await expect(frame.locator('.sq').last()).toHaveAttribute('data-square', 'a8');
  await expect(frame.locator('#level')).toBeHidden();
  await expect(frame.locator('#resign')).toBeHidden();
  await expect(frame.locator('#status')).toHaveText('Your move');

  await frame.locator('[data-square="e7"]').click();
  await frame.locator('[data-square="e5"]').click();
  await expect(frame.locator('#status')).toHaveText('Waiting for ana');
  await expect(board).toHaveAttribute('data-fen', 'rnbqkbnr/pppp1ppp/8/4p3/4P3/8/PPPP1PPP/RNBQKBNR w KQkq - 0 2');
  expect(await movesSent(page)).toEqual([{ matchId: MATCH, ply: 1, move: 'e7e5' }]);

  await portalRoom(page, room('chess', { seat: 1, moves: ['e2e4', 'e7e5', 'g1f3'], turn: 1 }));
  await expect(board).toHaveAttribute('data-fen', 'rnbqkbnr/pppp1ppp/8/4p3/4P3/5N2/PPPP1PPP/RNBQKB1R b KQkq - 1 2');
  await expect(frame.locator('#status')).toHaveText('Your move');

  // The keyboard, seen from Black's side: from e5, right goes towards the a-file and down towards rank 8.
  await frame.locator('#players').click();
  for (const key of ['ArrowRight', 'ArrowRight', 'ArrowRight', 'ArrowDown', 'ArrowDown', 'ArrowDown']) await page.keyboard.press(key);
  await expect(frame.locator('.sq.cursor')).toHaveAttribute('data-square', 'b8');
  await page.keyboard.press('Enter');
  for (const key of ['ArrowLeft', 'ArrowUp', 'ArrowUp']) await page.keyboard.press(key);
  await page.keyboard.press('Enter');
  await expect.poll(() => movesSent(page)).toEqual([
    { matchId: MATCH, ply: 1, move: 'e7e5' },
    { matchId: MATCH, ply: 3, move: 'b8c6' },
  ]);

  await portalRoom(page, room('chess', { seat: 1, moves: ['e2e4', 'e7e5', 'g1f3', 'b8c6'], turn: null, result: { winner: 1, reason: 'checkmate' } }));
  await expect(frame.locator('#over-title')).toHaveText('You won by checkmate');
  await expect(frame.locator('#status')).toHaveText('You won by checkmate');
  expect(await frameState(frame)).toBe('over');
  await expectNothingKept(page);
});

test('Hex Conquest in a room: a move goes out from-to, the reply lands on the board, the result is told', async ({ page }) => {
  // Hexagon 0 is the first seat's corner piece, 1 the empty one beside it, 4 the other corner's piece.
  const frame = await openRoom(page, 'hex-conquest', room('hex-conquest', { seat: 0, moves: [], turn: 0 }));
  const board = frame.locator('#game');
  await expect(frame.locator('#players')).toHaveText('You play blue against ben, red');
  await expect(frame.locator('#theirs-name')).toHaveText('ben');
  await expect(frame.locator('#turn')).toHaveText('Your move');
  await expect(frame.locator('#level')).toBeHidden();

  await frame.locator('.hex[data-i="0"]').click();
  await frame.locator('.hex[data-i="1"]').click();
  await expect(frame.locator('#turn')).toHaveText('Waiting for ben');
  await expect(frame.locator('.hex[data-i="1"]')).toHaveAttribute('aria-label', 'your piece');
  expect(await movesSent(page)).toEqual([{ matchId: MATCH, ply: 0, move: '0-1' }]);

  await portalRoom(page, room('hex-conquest', { moves: ['0-1', '4-3'], turn: 0 }));
  await expect(frame.locator('.hex[data-i="3"]')).toHaveAttribute('aria-label', "ben's piece");
  await expect(frame.locator('#turn')).toHaveText('Your move');

  // The keyboard: the cursor is where the last tap was, on hexagon 1; down leads to 7, below it.
  await frame.locator('#players').click();
  await page.keyboard.press('Enter');
  await page.keyboard.press('ArrowDown');
  await page.keyboard.press('Enter');
  await expect.poll(() => movesSent(page)).toEqual([
    { matchId: MATCH, ply: 0, move: '0-1' },
    { matchId: MATCH, ply: 2, move: '1-7' },
  ]);
  // A piece that grows stays where it was: 0 and 1 are still blue, 4 still red.
  await expect(board).toHaveAttribute('data-board', /^PP\.CC\.\.P/);

  await portalRoom(page, room('hex-conquest', { moves: ['0-1', '4-3', '1-7'], turn: null, result: { winner: 0, reason: 'resigned' } }));
  await expect(frame.locator('#over-title')).toHaveText('You won: ben resigned');
  expect(await frameState(frame)).toBe('over');
  await expectNothingKept(page);
});

test('a game framed without a room plays the computer, as it always did', async ({ page }) => {
  const frame = await openRoom(page, 'tic-tac-toe', null);
  await expect(frame.locator('#level')).toBeVisible();
  await expect(frame.locator('#players')).toBeHidden();
  await frame.locator('.cell[data-i="4"]').click();
  // The computer answers with an O somewhere.
  await expect.poll(() => frame.locator('#game').getAttribute('data-board')).toMatch(/^-*O-*X-*$|^-*X-*O-*$/);
  expect(await movesSent(page)).toEqual([]);
});
