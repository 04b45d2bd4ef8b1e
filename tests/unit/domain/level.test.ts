import { describe, expect, it } from 'vitest';
import { levelFromStats } from '../../../src/domain/level.ts';

const stats = (timeSpent: number | null | undefined, highestStreak = 0, appsPlayed = 0) => ({
  timeSpent,
  highestStreak,
  appsPlayed,
});

describe('levelFromStats', () => {
  it.each([
    // timeSpent, highestStreak, appsPlayed, experience, level
    [0, 0, 0, 0, 0],
    [9, 0, 0, 0.9, 0],
    [10, 0, 0, 1, 1],
    [39, 0, 0, 3.9, 1],
    [40, 0, 0, 4, 2],
    [89, 0, 0, 8.9, 2],
    [90, 0, 0, 9, 3],
    [0, 1, 0, 5, 2],
    [0, 0, 2, 1, 1],
    [0, 0, 1, 0.5, 0],
    [10, 1, 4, 8, 2],
    [10, 1, 6, 9, 3],
    [30, 0, 0, 3, 1],
    [70, 0, 0, 7, 2],
    [160, 0, 0, 16, 4],
    [250, 5, 50, 75, 8],
    [1000, 0, 0, 100, 10],
    [999, 0, 0, 99.9, 9],
    [0, 20, 0, 100, 10],
  ])('timeSpent %d, streak %d, apps %d -> experience %d, level %d', (t, s, a, experience, level) => {
    const info = levelFromStats(stats(t, s, a));
    expect(info.experience).toBe(experience);
    expect(info.level).toBe(level);
    expect(info.currentLevelExperience).toBe(level * level);
    expect(info.nextLevelExperience).toBe((level + 1) * (level + 1));
  });

  it('every whole-number experience that is a perfect square starts its level exactly (no 0.1 drift)', () => {
    for (let level = 0; level <= 400; level += 1) {
      const timeSpent = level * level * 10;
      const info = levelFromStats(stats(timeSpent));
      expect(info.experience).toBe(level * level);
      expect(info.level).toBe(level);
      expect(info.progress).toBe(0);
      const justBelow = levelFromStats(stats(timeSpent - 1));
      expect(justBelow.level).toBe(Math.max(0, level - 1));
    }
  });

  it.each([
    [0, 0],
    [5, 0.5],
    [15, 1 / 6],
    [25, 0.5],
    [35, 5 / 6],
    [45, 0.1],
  ])('timeSpent %d gives progress %f towards the next level', (timeSpent, progress) => {
    expect(levelFromStats(stats(timeSpent)).progress).toBeCloseTo(progress, 12);
  });

  it.each([
    [249.99999999999997, 4],
    [809.9999999999999, 8],
    [999.9999999999999, 9],
    [2889.9999999999995, 16],
  ])('timeSpent %d is just below a perfect square of experience, so level %d, not one more', (timeSpent, level) => {
    const info = levelFromStats(stats(timeSpent));
    expect(info.experience).toBeLessThan((level + 1) ** 2);
    expect(info.level).toBe(level);
    expect(info.progress).toBeLessThan(1);
  });

  it('progress stays in [0, 1) just below the next level', () => {
    const info = levelFromStats(stats(89.99999));
    expect(info.level).toBe(2);
    expect(info.progress).toBeGreaterThan(0.99);
    expect(info.progress).toBeLessThan(1);
  });

  it.each([
    ['negative', -100],
    ['NaN', Number.NaN],
    ['Infinity', Number.POSITIVE_INFINITY],
    ['-Infinity', Number.NEGATIVE_INFINITY],
    ['null', null],
    ['undefined', undefined],
  ])('a %s stat counts as 0', (_label, bad) => {
    expect(levelFromStats({ timeSpent: bad, highestStreak: 1, appsPlayed: 2 })).toEqual(
      levelFromStats({ timeSpent: 0, highestStreak: 1, appsPlayed: 2 }),
    );
    expect(levelFromStats({ timeSpent: 10, highestStreak: bad, appsPlayed: 2 })).toEqual(
      levelFromStats({ timeSpent: 10, highestStreak: 0, appsPlayed: 2 }),
    );
    expect(levelFromStats({ timeSpent: 10, highestStreak: 1, appsPlayed: bad })).toEqual(
      levelFromStats({ timeSpent: 10, highestStreak: 1, appsPlayed: 0 }),
    );
  });

  it('all-zero stats are level 0 with no progress', () => {
    expect(levelFromStats(stats(0))).toEqual({
      experience: 0,
      level: 0,
      currentLevelExperience: 0,
      nextLevelExperience: 1,
      progress: 0,
    });
  });

  it('huge stats keep the level maths consistent', () => {
    const info = levelFromStats({ timeSpent: 1e300, highestStreak: 1e300, appsPlayed: 1e300 });
    expect(Number.isFinite(info.experience)).toBe(true);
    expect(info.currentLevelExperience).toBeLessThanOrEqual(info.experience);
    expect(info.nextLevelExperience).toBeGreaterThan(info.experience);
    expect(info.progress).toBeGreaterThanOrEqual(0);
    expect(info.progress).toBeLessThan(1);
  });

  it('a realistic veteran: a year of daily play', () => {
    const info = levelFromStats({ timeSpent: 365 * 60, highestStreak: 365, appsPlayed: 2000 });
    expect(info.experience).toBe(2190 + 1825 + 1000);
    expect(info.level).toBe(70);
  });
});
