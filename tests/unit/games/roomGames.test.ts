import { describe, expect, it } from 'vitest';
import { colourOf, replay, uciOf } from '../../../games/chess/room.ts';
import { boardOf as hexBoardOf, moveText, readMove, sideOf } from '../../../games/hex-conquest/room.ts';
import { count, HEXES, indexOf, legalMoves, newBoard } from '../../../games/hex-conquest/rules.ts';
import { boardOf as tttBoardOf, markOf } from '../../../games/tic-tac-toe/room.ts';

describe('chess between two students', () => {
  it('gives White to the first seat and writes moves in UCI, a promotion with its piece', () => {
    expect([colourOf(0), colourOf(1)]).toEqual(['w', 'b']);
    expect(uciOf({ from: 'e2', to: 'e4' })).toBe('e2e4');
    expect(uciOf({ from: 'e7', to: 'e8', promotion: 'q' })).toBe('e7e8q');
  });

  it('builds the position from the moves, castling and a promotion included', () => {
    const moves = ['e2e4', 'd7d5', 'e4d5', 'g8f6', 'g1f3', 'f6d5', 'f1c4', 'e7e6', 'e1g1'];
    const done = replay(moves);
    expect(done.ok).toBe(true);
    expect(done.game.fen()).toBe('rnbqkb1r/ppp2ppp/4p3/3n4/2B5/5N2/PPPP1PPP/RNBQ1RK1 b kq - 1 5');
    const promoted = replay(['a2a4', 'h7h5', 'a4a5', 'h5h4', 'a5a6', 'h4h3', 'a6b7', 'h3g2', 'b7a8q']);
    expect(promoted.game.get('a8')).toEqual({ type: 'q', color: 'w' });
  });

  it('goes on from the last replay when the moves only grew, and starts again when they changed', () => {
    const first = replay(['e2e4']);
    const next = replay(['e2e4', 'e7e5'], first);
    expect(next.game).toBe(first.game);
    expect(next.moves).toEqual(['e2e4', 'e7e5']);
    // A refused move taken back: the list is shorter, so the game is built again.
    const back = replay(['e2e4'], next);
    expect(back.game).not.toBe(first.game);
    expect(back.game.fen()).toBe('rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1');
  });

  it('stops at the first move that does not fit, and says so', () => {
    expect(replay(['e2e4', 'e2e4', 'e7e5'])).toMatchObject({ ok: false, moves: ['e2e4'] });
    expect(replay(['e2-e4'])).toMatchObject({ ok: false, moves: [] });
  });
});

describe('Tic Tac Toe between two students', () => {
  it('gives X to the first seat and places the marks by turns', () => {
    expect([markOf(0), markOf(1)]).toEqual(['X', 'O']);
    expect(tttBoardOf(['4', '0', '8'])).toEqual(['O', '', '', '', 'X', '', '', '', 'X']);
    expect(tttBoardOf([])).toEqual(Array(9).fill(''));
  });

  it('refuses a taken cell, a cell off the board, and a move after the line is made', () => {
    expect(tttBoardOf(['4', '4'])).toBeNull();
    expect(tttBoardOf(['9'])).toBeNull();
    expect(tttBoardOf(['0', '3', '1', '4', '2', '5'])).toBeNull();
  });
});

describe('Hex Conquest between two students', () => {
  it('gives the side that moves first to the first seat, and writes a move from-to', () => {
    expect([sideOf(0), sideOf(1)]).toEqual(['P', 'C']);
    const from = indexOf(0, -4);
    const grow = indexOf(0, -3);
    const jump = indexOf(0, -2);
    expect(moveText({ from, to: grow })).toBe(`${from}-${grow}`);
    expect(readMove(`${from}-${grow}`)).toEqual({ from, to: grow, jump: false });
    expect(readMove(`${from}-${jump}`)).toEqual({ from, to: jump, jump: true });
    expect(readMove(`${from}-${from}`)).toBeNull();
    expect(readMove(`${from}-${HEXES.length}`)).toBeNull();
    expect(readMove('4to12')).toBeNull();
  });

  it('builds the board from the moves, each side in turn, and knows where the last one landed', () => {
    const start = newBoard();
    const first = legalMoves(start, 'P')[0]!;
    const replayed = hexBoardOf([moveText(first)]);
    expect(replayed?.lastTo).toBe(first.to);
    expect(count(replayed!.board, 'P')).toBe(first.jump ? 3 : 4);
    const reply = legalMoves(replayed!.board, 'C')[0]!;
    expect(hexBoardOf([moveText(first), moveText(reply)])?.lastTo).toBe(reply.to);
    expect(hexBoardOf([])).toEqual({ board: start, lastTo: -1 });
  });

  it("refuses a move of the other side's piece, or onto a taken hexagon", () => {
    const theirs = legalMoves(newBoard(), 'C')[0]!;
    expect(hexBoardOf([moveText(theirs)])).toBeNull();
    const grow = legalMoves(newBoard(), 'P').find((m) => !m.jump)!;
    const reply = legalMoves(hexBoardOf([moveText(grow)])!.board, 'C')[0]!;
    expect(hexBoardOf([moveText(grow), moveText(reply)])).not.toBeNull();
    // The same grow again: its hexagon is taken now.
    expect(hexBoardOf([moveText(grow), moveText(reply), moveText(grow)])).toBeNull();
  });
});
