import { describe, expect, it } from 'vitest';
import { byTitle } from '../../../src/domain/titleOrder.ts';

const sorted = (titles: string[]) => titles.map((title) => ({ title })).sort(byTitle).map((app) => app.title);

describe('byTitle', () => {
  it('orders digits before letters and ignores case', () => {
    expect(sorted(['snake', 'Breakout', '2048', 'Chess', 'apple'])).toEqual(['2048', 'apple', 'Breakout', 'Chess', 'snake']);
  });

  it('treats accents and case as the same letter', () => {
    expect(byTitle({ title: 'Éclair' }, { title: 'eclair' })).toBe(0);
    expect(byTitle({ title: 'Sudoku' }, { title: 'SUDOKU' })).toBe(0);
    expect(sorted(['Zebra', 'Élan', 'Echo'])).toEqual(['Echo', 'Élan', 'Zebra']);
  });

  it('agrees with the per-call localeCompare it replaced', () => {
    const titles = ['Times Table Dash', 'tic tac toe', 'Hex Conquest', 'Home Row Hero', 'Fraction Frenzy', 'flappy', 'Memory Match', 'Minesweeper'];
    const before = [...titles].sort((a, b) => a.localeCompare(b, 'en', { sensitivity: 'base' }));
    expect(sorted(titles)).toEqual(before);
  });
});
