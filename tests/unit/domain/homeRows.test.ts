import { describe, expect, it } from 'vitest';
import { HOME_ROW_LIMIT, NEW_FOR_DAYS, newApps, playNext, popularApps, type PopularEntry } from '../../../src/domain/homeRows.ts';

const NOW = Date.parse('2026-11-26T12:00:00Z');
const DAY = 24 * 60 * 60 * 1000;
const at = (daysAgo: number) => new Date(NOW - daysAgo * DAY).toISOString();

const app = (id: string, category = 'puzzle', created_at?: string) => ({ id, title: id.toUpperCase(), category, ...(created_at === undefined ? {} : { created_at }) });
const ids = (apps: readonly { id: string }[]) => apps.map((a) => a.id);
const rank = (...entries: [string, number][]): PopularEntry[] => entries.map(([app_id, players]) => ({ app_id, players }));

describe('popularApps', () => {
  const apps = [app('a'), app('b'), app('c')];

  it('keeps the ranking order and drops games not in the list', () => {
    expect(ids(popularApps(apps, rank(['c', 5], ['gone', 4], ['a', 1])))).toEqual(['c', 'a']);
  });

  it('is empty with no plays, and stops at the limit', () => {
    expect(popularApps(apps, [])).toEqual([]);
    expect(ids(popularApps(apps, rank(['a', 3], ['b', 2], ['c', 1]), 2))).toEqual(['a', 'b']);
    const many = Array.from({ length: 20 }, (_, i) => app(`g${i}`));
    expect(popularApps(many, many.map((g, i) => ({ app_id: g.id, players: 20 - i })))).toHaveLength(HOME_ROW_LIMIT);
  });
});

describe('newApps', () => {
  it('lists the games added in the window, newest first, ties by title', () => {
    const apps = [app('old', 'puzzle', at(90)), app('b', 'puzzle', at(2)), app('a', 'puzzle', at(2)), app('c', 'puzzle', at(1))];
    expect(ids(newApps(apps, NOW))).toEqual(['c', 'a', 'b']);
  });

  it('takes the window at its edge: just inside is new, just outside is not', () => {
    const apps = [app('old', 'puzzle', at(90)), app('inside', 'puzzle', at(NEW_FOR_DAYS - 0.001)), app('outside', 'puzzle', at(NEW_FOR_DAYS + 0.001))];
    expect(ids(newApps(apps, NOW))).toEqual(['inside']);
  });

  it('is empty when every game is new (a portal set up this month), none is, or dates are unknown', () => {
    expect(newApps([app('a', 'puzzle', at(1)), app('b', 'puzzle', at(3))], NOW)).toEqual([]);
    expect(newApps([app('a', 'puzzle', at(60))], NOW)).toEqual([]);
    expect(newApps([app('a'), app('b')], NOW)).toEqual([]);
    expect(newApps([app('a', 'puzzle', 'not a date'), app('b', 'puzzle', at(60))], NOW)).toEqual([]);
    expect(newApps([], NOW)).toEqual([]);
  });

  it('counts a game dated ahead of this device’s clock as new', () => {
    expect(ids(newApps([app('soon', 'puzzle', at(-1)), app('old', 'puzzle', at(60))], NOW))).toEqual(['soon']);
  });

  it('stops at the limit', () => {
    const apps = [app('old', 'puzzle', at(90)), ...Array.from({ length: 12 }, (_, i) => app(`n${i}`, 'puzzle', at(i)))];
    expect(newApps(apps, NOW)).toHaveLength(HOME_ROW_LIMIT);
    expect(newApps(apps, NOW, 3).map((a) => a.id)).toEqual(['n0', 'n1', 'n2']);
  });
});

describe('playNext', () => {
  const apps = [app('chess', 'strategy'), app('2048', 'puzzle'), app('sudoku', 'puzzle'), app('snake', 'arcade'), app('memory', 'puzzle'), app('breakout', 'arcade')];
  const current = apps[1]!;

  it('offers the same category first, the week’s most played of it first, then list order', () => {
    expect(ids(playNext(current, apps, []))).toEqual(['sudoku', 'memory', 'chess']);
    expect(ids(playNext(current, apps, rank(['memory', 2])))).toEqual(['memory', 'sudoku', 'chess']);
  });

  it('fills up with the most played of other categories, then the rest of the list', () => {
    const lonely = apps[0]!;
    expect(ids(playNext(lonely, apps, rank(['snake', 9], ['chess', 8], ['memory', 1])))).toEqual(['snake', 'memory', '2048']);
    expect(ids(playNext(lonely, apps, []))).toEqual(['2048', 'sudoku', 'snake']);
  });

  it('never offers the game just played, nor one twice, nor more than asked', () => {
    const next = playNext(current, apps, rank(['2048', 50], ['sudoku', 3], ['sudoku', 2]), 5);
    expect(ids(next)).toEqual(['sudoku', 'memory', 'chess', 'snake', 'breakout']);
    expect(playNext(current, apps, [], 2)).toHaveLength(2);
  });

  it('offers nothing when the list holds only the game played', () => {
    expect(playNext(current, [current], rank(['2048', 4]))).toEqual([]);
  });
});
