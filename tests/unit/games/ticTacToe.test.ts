import { describe, expect, it } from 'vitest';
import { bestMoves, computerMove, isBoard, outcome, roundPoints, type Cell } from '../../../games/tic-tac-toe/rules.ts';

const board = (text: string): Cell[] => [...text].map((c) => (c === '-' ? '' : (c as Cell)));

describe('tic-tac-toe rules', () => {
  it('finds a row, a column and a diagonal, a draw, and a game still going', () => {
    expect(outcome(board('XXX-OO---'))).toEqual({ winner: 'X', line: [0, 1, 2] });
    expect(outcome(board('OX-OX-O--'))).toEqual({ winner: 'O', line: [0, 3, 6] });
    expect(outcome(board('X-O-XO--X'))).toEqual({ winner: 'X', line: [0, 4, 8] });
    expect(outcome(board('XOXXOOOXX'))).toBe('draw');
    expect(outcome(board('XO-------'))).toBeNull();
  });

  it('the unbeatable computer takes a win, blocks one, and never loses from the start', () => {
    expect(computerMove(board('XX-OO----'), 'hard')).toBe(5);
    expect(computerMove(board('XX--O----'), 'hard')).toBe(2);
    // Every reply to every opening keeps a draw at least: play out all of X's choices against it.
    const explore = (b: Cell[]): void => {
      const result = outcome(b);
      if (result !== null) {
        expect(result === 'draw' || result.winner === 'O').toBe(true);
        return;
      }
      b.forEach((cell, i) => {
        if (cell !== '') return;
        const next = [...b];
        next[i] = 'X';
        if (outcome(next) === null) next[computerMove(next, 'hard', () => 0)] = 'O';
        explore(next);
      });
    };
    explore(board('---------'));
  });

  it('the easy computer still finishes its own line when it can', () => {
    for (let k = 0; k < 20; k += 1) expect(computerMove(board('XX-OO-X--'), 'easy')).toBe(5);
  });

  it('lists every equally good move, and refuses a full board', () => {
    expect(bestMoves(board('X--------'), 'O')).toEqual([4]);
    expect(() => computerMove(board('XOXXOOOXX'), 'hard')).toThrow('full');
  });

  it('scores rounds, more against the unbeatable computer', () => {
    expect([roundPoints('win', 'easy'), roundPoints('draw', 'easy'), roundPoints('loss', 'easy')]).toEqual([100, 30, 0]);
    expect([roundPoints('win', 'hard'), roundPoints('draw', 'hard')]).toEqual([150, 50]);
  });

  it('accepts only a board of nine marks from a save', () => {
    expect(isBoard(board('X-O------'))).toBe(true);
    expect(isBoard(['X'])).toBe(false);
    expect(isBoard([...board('X-O-----'), 'Z'])).toBe(false);
    expect(isBoard('X-O------')).toBe(false);
  });
});
