import { describe, expect, it } from 'vitest';
import { byCategory, homePicks, PICKS } from '../../../src/domain/homePicks.ts';

const app = (id: string, category = 'Puzzle') => ({ id, category });
const ids = (apps: readonly { id: string }[]) => apps.map((a) => a.id);
const list = Array.from({ length: 12 }, (_, i) => app(`g${i}`));

describe('homePicks', () => {
  it('features the week’s most played game and picks the rest of the ranking, then the list, without repeats', () => {
    const { featured, picks } = homePicks(list, [
      { app_id: 'g5', players: 9 },
      { app_id: 'g2', players: 4 },
    ]);
    expect(featured?.id).toBe('g5');
    expect(ids(picks)).toEqual(['g2', 'g0', 'g1', 'g3', 'g4', 'g6', 'g7', 'g8']);
    expect(picks).toHaveLength(PICKS);
  });

  it('features the first game in list order when nobody has played this week, and skips ranked games not listed', () => {
    const { featured, picks } = homePicks(list.slice(0, 3), [{ app_id: 'gone', players: 3 }]);
    expect(featured?.id).toBe('g0');
    expect(ids(picks)).toEqual(['g1', 'g2']);
  });

  it('has nothing to feature in an empty list', () => {
    expect(homePicks([], [])).toEqual({ featured: null, picks: [] });
  });
});

describe('byCategory', () => {
  it('groups games by category in order of first appearance, as the chips name and link them', () => {
    const rows = byCategory([app('a', 'Puzzle'), app('b', 'Board Games'), app('c', 'puzzle'), app('d', 'board  games')]);
    expect(rows.map((row) => [row.name, row.path, ids(row.apps)])).toEqual([
      ['Puzzle', '/puzzle', ['a', 'c']],
      ['Board Games', '/board-games', ['b', 'd']],
    ]);
  });

  it('is empty for an empty list', () => {
    expect(byCategory([])).toEqual([]);
  });
});
