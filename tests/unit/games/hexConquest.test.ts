import { describe, expect, it } from 'vitest';
import { chooseMove, count, finalBoard, finalScore, HEXES, indexOf, isBoard, isLegal, legalMoves, newBoard, play } from '../../../games/hex-conquest/rules.ts';

describe('hex conquest rules', () => {
  it('starts with 61 hexagons, three holes and three pieces a side', () => {
    const board = newBoard();
    expect(HEXES).toHaveLength(61);
    expect(board.length).toBe(61);
    expect([count(board, 'P'), count(board, 'C'), board.split('#').length - 1]).toEqual([3, 3, 3]);
  });

  it('grows next door, jumps two away, and turns the neighbours of the landing hexagon', () => {
    let board = newBoard();
    const from = indexOf(0, -4);
    const grow = { from, to: indexOf(0, -3), jump: false };
    expect(isLegal(board, 'P', grow)).toBe(true);
    board = play(board, 'P', grow).board;
    expect(board[from]).toBe('P');
    const jump = { from, to: indexOf(0, -2), jump: true };
    expect(isLegal(board, 'P', jump)).toBe(true);
    board = play(board, 'P', jump).board;
    expect(board[from]).toBe('.');
    expect(count(board, 'P')).toBe(4);
    // A red piece beside where a blue one lands turns blue.
    const cells = [...board];
    cells[indexOf(1, -2)] = 'C';
    const landed = play(cells.join(''), 'P', { from: indexOf(0, -2), to: indexOf(1, -3), jump: false });
    expect(landed.converted).toBe(1);
    expect(landed.board[indexOf(1, -2)]).toBe('P');
  });

  it('refuses moves onto holes or pieces, from the wrong side, or too far', () => {
    const board = newBoard();
    expect(isLegal(board, 'P', { from: indexOf(0, -4), to: indexOf(0, -1), jump: true })).toBe(false);
    expect(isLegal(board, 'C', { from: indexOf(0, -4), to: indexOf(0, -3), jump: false })).toBe(false);
    expect(isLegal(board, 'P', { from: indexOf(0, -4), to: indexOf(0, -1), jump: false })).toBe(false);
    expect(legalMoves(board, 'P').every((m) => isLegal(board, 'P', m))).toBe(true);
  });

  it('ends when a side cannot move, giving the empty hexagons to the other', () => {
    const cells: string[] = [...newBoard()].map((c) => (c === '#' ? '#' : 'C'));
    cells[indexOf(0, -4)] = 'P';
    cells[indexOf(1, -4)] = '.';
    const board = cells.join('');
    expect(finalBoard(board, 'C')).toBeNull();
    const blocked = board.replace('.', 'C');
    expect(finalBoard(blocked, 'P')).toBe(blocked);
    expect(finalScore(blocked)).toBe(10);
  });

  it('the hard computer takes the move that turns the most pieces', () => {
    const cells = [...newBoard()].map((c) => (c === 'P' || c === 'C' ? '.' : c));
    cells[indexOf(3, 0)] = 'C';
    for (const [q, r] of [[2, 1], [1, 1], [1, 2]]) cells[indexOf(q!, r!)] = 'P';
    const move = chooseMove(cells.join(''), 'C', 'hard', () => 0);
    expect(move).not.toBeNull();
    expect(play(cells.join(''), 'C', move!).converted).toBeGreaterThanOrEqual(2);
  });

  it('accepts a saved board only with the holes where they belong', () => {
    expect(isBoard(newBoard())).toBe(true);
    expect(isBoard(newBoard().replace('#', '.').replace('.', '#'))).toBe(false);
    expect(isBoard('P'.repeat(61))).toBe(false);
    expect(isBoard(42)).toBe(false);
  });
});
