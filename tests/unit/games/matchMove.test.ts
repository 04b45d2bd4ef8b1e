// The rules a two-player move is judged by (issue 28), as the server's match-move function and the
// device use them: what is legal, the position after it, and how a game ends.
import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { checkMatchMove, startPosition, type MatchGame, type MatchSide, type MoveCheck } from '../../../supabase/functions/_shared/matchMove.ts';
import { HEXES, indexOf, neighbours, newBoard } from '../../../supabase/functions/_shared/hexConquest.ts';

/** Plays `moves` from the start, sides taking turns, and returns the last answer (every earlier move must pass). */
function playOut(game: MatchGame, moves: string[]): MoveCheck {
  let position = startPosition(game);
  const history: string[] = [];
  let last: MoveCheck = { ok: false, message: 'no move' };
  moves.forEach((move, i) => {
    const side: MatchSide = i % 2 === 0 ? 'first' : 'second';
    last = checkMatchMove(game, { from: startPosition(game), position, history: game === 'chess' ? history : [] }, side, move);
    if (i < moves.length - 1) {
      if (!last.ok) throw new Error(`move ${i} (${move}) refused: ${last.message}`);
      if (last.end) throw new Error(`the game ended at move ${i}`);
    }
    if (last.ok) {
      position = last.position;
      history.push(move);
    }
  });
  return last;
}

describe('chess, by chess.js', () => {
  it('plays a legal move in UCI and refuses an illegal one, a malformed one and a needless promotion letter', () => {
    expect(playOut('chess', ['e2e4'])).toEqual({ ok: true, position: 'rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1', end: null });
    expect(playOut('chess', ['e2e5'])).toEqual({ ok: false, message: 'e2-e5 is not a legal move here.' });
    expect(playOut('chess', ['e7e5'])).toMatchObject({ ok: false });
    expect(playOut('chess', ['Nf3'])).toEqual({ ok: false, message: '"Nf3" is not a chess move: name its square and where it goes, like e2e4.' });
    expect(playOut('chess', ['e2e4q'])).toEqual({ ok: false, message: 'e2-e4 promotes nothing: send it without "q".' });
  });

  it('ends on checkmate, won by the side that gave it', () => {
    expect(playOut('chess', ['f2f3', 'e7e5', 'g2g4', 'd8h4'])).toMatchObject({ ok: true, end: { result: 'second', reason: 'checkmate' } });
    expect(playOut('chess', ['e2e4', 'e7e5', 'f1c4', 'b8c6', 'd1h5', 'g8f6', 'h5f7'])).toMatchObject({ ok: true, end: { result: 'first', reason: 'checkmate' } });
  });

  it('ends in a draw when a position comes round the third time, which only the moves from the start can show', () => {
    const shuffle = ['g1f3', 'g8f6', 'f3g1', 'f6g8'];
    expect(playOut('chess', [...shuffle, ...shuffle.slice(0, 3)])).toMatchObject({ ok: true, end: null });
    expect(playOut('chess', [...shuffle, ...shuffle])).toMatchObject({ ok: true, end: { result: 'draw', reason: 'threefold repetition' } });
  });

  it('counts repetitions from a position after the last pawn move or capture as it would from the start', () => {
    // 1. e4 e5, then the knights out and back twice: the position after 1... e5 comes round the third time.
    const opening = ['e2e4', 'e7e5'];
    const shuffle = ['g1f3', 'g8f6', 'f3g1', 'f6g8'];
    const fromStart = playOut('chess', [...opening, ...shuffle, ...shuffle]);
    expect(fromStart).toMatchObject({ ok: true, end: { result: 'draw', reason: 'threefold repetition' } });
    const afterE5 = 'rnbqkbnr/pppp1ppp/8/4p3/4P3/8/PPPP1PPP/RNBQKBNR w KQkq - 0 2';
    const before = [...shuffle, ...shuffle.slice(0, 3)];
    const position = (playOut('chess', [...opening, ...before]) as { position: string }).position;
    expect(checkMatchMove('chess', { from: afterE5, position, history: before }, 'second', 'f6g8')).toEqual(fromStart);
  });

  it('asks for the promotion piece, and takes the one named', () => {
    const line = ['a2a4', 'b7b5', 'a4b5', 'a7a6', 'b5a6', 'c8b7', 'a6b7', 'b8c6'];
    expect(playOut('chess', [...line, 'b7a8'])).toEqual({ ok: false, message: 'b7-a8 is not a legal move here.' });
    expect(playOut('chess', [...line, 'b7a8n'])).toMatchObject({ ok: true, position: 'N2qkbnr/2pppppp/2n5/8/8/8/1PPPPPPP/RNBQKBNR b KQk - 0 5' });
  });

  it('refuses a move by the side not to move, and a stored position its moves do not lead to', () => {
    expect(() => checkMatchMove('chess', { from: startPosition('chess'), position: 'k7/4P3/8/8/8/8/8/4K3 w - - 0 1', history: [] }, 'first', 'e7e8q')).toThrow(/does not follow/);
    expect(checkMatchMove('chess', { from: startPosition('chess'), position: startPosition('chess'), history: [] }, 'second', 'e7e5')).toEqual({ ok: false, message: 'It is not your turn.' });
  });
});

describe('tic-tac-toe', () => {
  it('marks a free cell, X first, and refuses a taken cell or anything but 0 to 8', () => {
    expect(playOut('tic-tac-toe', ['4'])).toEqual({ ok: true, position: '....X....', end: null });
    expect(playOut('tic-tac-toe', ['4', '0'])).toEqual({ ok: true, position: 'O...X....', end: null });
    expect(playOut('tic-tac-toe', ['4', '4'])).toEqual({ ok: false, message: 'Cell 4 is taken.' });
    for (const bad of ['9', '-1', '', '01', '4 ', 'x']) expect(playOut('tic-tac-toe', [bad])).toMatchObject({ ok: false });
  });

  it('ends with three in a row or a full board', () => {
    expect(playOut('tic-tac-toe', ['0', '3', '1', '4', '2'])).toEqual({ ok: true, position: 'XXXOO....', end: { result: 'first', reason: 'three in a row' } });
    expect(playOut('tic-tac-toe', ['0', '4', '8', '2', '6', '3', '5', '7', '1'])).toMatchObject({ ok: true, end: { result: 'draw', reason: 'full board' } });
  });
});

describe('hex conquest', () => {
  const start = newBoard();
  const firstPiece = start.indexOf('P');

  it('grows into a neighbouring hexagon as "from-to", P first, and refuses what the rules do not allow', () => {
    const to = neighbours(firstPiece).find((j) => start[j] === '.')!;
    const made = playOut('hex-conquest', [`${firstPiece}-${to}`]);
    expect(made).toMatchObject({ ok: true, end: null });
    expect(made.ok && made.position[to]).toBe('P');
    expect(made.ok && made.position[firstPiece]).toBe('P');
    expect(playOut('hex-conquest', [`${start.indexOf('C')}-${to}`])).toMatchObject({ ok: false });
    expect(playOut('hex-conquest', [`${firstPiece}-${indexOf(0, 0)}`])).toMatchObject({ ok: false });
    for (const bad of ['', '4', '4-', '61-60', '1-2-3', 'a-b']) expect(playOut('hex-conquest', [bad])).toMatchObject({ ok: false });
  });

  it('ends when the side to move has no piece left, the one with most hexagons winning', () => {
    // P next to the last C: growing there converts it, and C has nothing left to move.
    const board = [...'.'.repeat(HEXES.length)];
    const a = indexOf(0, 0);
    const c = indexOf(1, -1);
    board[a] = 'P';
    board[c] = 'C';
    const free = indexOf(1, 0);
    const ended = checkMatchMove('hex-conquest', { from: board.join(''), position: board.join(''), history: [] }, 'first', `${a}-${free}`);
    expect(ended).toMatchObject({ ok: true, end: { result: 'first', reason: 'most hexagons' } });
  });
});

describe('the chess.js the server runs', () => {
  it('is the version package.json pins, named with npm: in the function\'s deno.json for Deno', () => {
    const root = join(dirname(fileURLToPath(import.meta.url)), '../../..');
    const read = (path: string) => JSON.parse(readFileSync(join(root, path), 'utf8')) as Record<string, Record<string, string>>;
    const pinned = read('package.json').dependencies!['chess.js'];
    expect(pinned).toMatch(/^\d+\.\d+\.\d+$/);
    expect(read('supabase/functions/match-move/deno.json').imports).toEqual({ 'chess.js': `npm:chess.js@${pinned}` });
    expect(read('node_modules/chess.js/package.json').version).toBe(pinned);
  });
});
