import { describe, expect, it } from 'vitest';
import { allowedEdits, closestTitles, editDistance } from '../../../src/domain/closestTitles.ts';

const apps = ['2048', 'Breakout', 'Chess', 'Flappy Hollow', 'Memory Match', 'Snake', 'Sudoku', 'Tetris'].map((title) => ({ title }));
const titles = (query: string, limit?: number) => closestTitles(apps, query, limit).map((app) => app.title);

describe('editDistance', () => {
  it('counts inserts, deletes, changes and a swap of neighbours as one edit each', () => {
    expect(editDistance('snake', 'snake')).toBe(0);
    expect(editDistance('snak', 'snake')).toBe(1);
    expect(editDistance('snakes', 'snake')).toBe(1);
    expect(editDistance('snoke', 'snake')).toBe(1);
    expect(editDistance('snkae', 'snake')).toBe(1);
    expect(editDistance('', 'abc')).toBe(3);
    expect(editDistance('abc', '')).toBe(3);
    expect(editDistance('kitten', 'sitting')).toBe(3);
  });

  it('stops at most + 1 once the answer is sure to exceed it', () => {
    expect(editDistance('abcdef', 'a', 2)).toBe(3);
    expect(editDistance('abcdef', 'uvwxyz', 2)).toBe(3);
    expect(editDistance('snkae', 'snake', 1)).toBe(1);
  });
});

describe('allowedEdits', () => {
  it('is one edit in four letters, one at least', () => {
    expect(allowedEdits(1)).toBe(1);
    expect(allowedEdits(7)).toBe(1);
    expect(allowedEdits(8)).toBe(2);
    expect(allowedEdits(12)).toBe(3);
  });
});

describe('closestTitles', () => {
  it('finds the game a typo was after, by its title, a word of it, or its start', () => {
    expect(titles('snkae')).toEqual(['Snake']);
    expect(titles('sudoko')).toEqual(['Sudoku']);
    expect(titles('  TETIRS ')).toEqual(['Tetris']);
    expect(titles('holow')).toEqual(['Flappy Hollow']);
    expect(titles('memroy')).toEqual(['Memory Match']);
  });

  it('puts the nearest first, then keeps the list’s order, up to the limit', () => {
    const many = [{ title: 'Pong' }, { title: 'Ping' }, { title: 'Pang' }];
    expect(closestTitles(many, 'ping').map((app) => app.title)).toEqual(['Ping', 'Pong', 'Pang']);
    expect(closestTitles(many, 'ping', 2).map((app) => app.title)).toEqual(['Ping', 'Pong']);
  });

  it('offers nothing for a query far from every title, or too short to mean one', () => {
    expect(titles('no game is called this')).toEqual([]);
    expect(titles('zz')).toEqual([]);
    expect(titles('')).toEqual([]);
    expect(closestTitles([], 'snake')).toEqual([]);
  });
});
