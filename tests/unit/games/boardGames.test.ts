import { Chess } from 'chess.js';
import { describe, expect, it } from 'vitest';
import { capturedByWhite, chooseMove, evaluate, gameScore } from '../../../games/chess/engine.ts';
import { clashes, isPuzzle, newPuzzle, peers, solveScore } from '../../../games/sudoku/rules.ts';

describe('the chess computer', () => {
  it('plays a legal move, and none when the game is over', () => {
    const game = new Chess();
    const move = chooseMove(game, 'easy');
    expect(move).not.toBeNull();
    expect(() => game.move(move)).not.toThrow();
    expect(chooseMove(new Chess('7k/5QQ1/8/8/8/8/8/K7 b - - 0 1'), 'hard')).toBeNull();
  });

  it('finds a mate in one at medium and hard', () => {
    // Black to move: Qd1# (back-rank mate).
    const fen = '3q2k1/5ppp/8/8/8/8/5PPP/6K1 b - - 0 1';
    for (const level of ['medium', 'hard'] as const) {
      const game = new Chess(fen);
      const move = chooseMove(game, level)!;
      game.move(move);
      expect(game.isCheckmate()).toBe(true);
    }
  });

  it('takes a queen left hanging', () => {
    const game = new Chess('4k3/8/8/3q4/8/8/3R4/4K3 w - - 0 1');
    expect(chooseMove(game, 'medium')).toMatchObject({ from: 'd2', to: 'd5' });
  });

  it('values material for the side to move, and leaves the game as it found it', () => {
    const game = new Chess('4k3/8/8/8/8/8/8/Q3K3 w - - 0 1');
    expect(evaluate(game)).toBeGreaterThan(800);
    const fen = game.fen();
    chooseMove(game, 'hard');
    expect(game.fen()).toBe(fen);
  });

  it('scores a win by level and length, a draw, and a loss by what the student took', () => {
    expect(gameScore('win', 'easy', 30, 0)).toBe(1000);
    expect(gameScore('win', 'hard', 60, 0)).toBe(2900);
    expect(gameScore('win', 'medium', 500, 0)).toBe(1000);
    expect(gameScore('draw', 'hard', 80, 0)).toBe(1000);
    const game = new Chess();
    for (const san of ['e4', 'd5', 'exd5', 'Qxd5']) game.move(san);
    expect(capturedByWhite(game.history({ verbose: true }))).toBe(1);
    expect(gameScore('loss', 'easy', 20, 3.2)).toBe(32);
  });
});

describe('sudoku', () => {
  it('makes puzzles with one solution each, the givens part of it, at every level', () => {
    for (const difficulty of ['easy', 'medium', 'hard', 'expert'] as const) {
      const p = newPuzzle(difficulty);
      expect(isPuzzle(p)).toBe(true);
      expect(clashes(p.solution).size).toBe(0);
      expect(p.puzzle).toContain('-');
    }
  });

  it('knows each cell sees 20 others and spots a clash', () => {
    expect(peers(0)).toHaveLength(20);
    expect(peers(40).sort((a, b) => a - b)).toContain(4);
    const values = `11${'-'.repeat(79)}`;
    expect([...clashes(values)]).toEqual([0, 1]);
  });

  it('scores a solve by level, time and hints, never below a tenth', () => {
    expect(solveScore('easy', 300, 0)).toBe(700);
    expect(solveScore('expert', 600, 2)).toBe(3200);
    expect(solveScore('easy', 5000, 9)).toBe(100);
  });

  it('refuses a saved puzzle whose givens do not fit its solution', () => {
    const p = newPuzzle('easy');
    const i = p.puzzle.search(/\d/);
    const wrong = p.puzzle.slice(0, i) + String((Number(p.puzzle[i]) % 9) + 1) + p.puzzle.slice(i + 1);
    expect(isPuzzle({ ...p, puzzle: wrong })).toBe(false);
    expect(isPuzzle({ ...p, difficulty: 'impossible' })).toBe(false);
  });
});
