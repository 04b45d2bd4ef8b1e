import { describe, expect, it } from 'vitest';
import { STREAK_WEEK_DAYS, streakWeekFilled } from '../../../src/domain/streakWeek.ts';

describe('streakWeekFilled', () => {
  it.each([
    [0, 0],
    [1, 1],
    [6, 6],
    [7, 7],
    [8, 1],
    [14, 7],
    [15, 1],
    [365, 1],
  ])('a streak of %i days fills %i marks', (current, filled) => {
    expect(streakWeekFilled(current)).toBe(filled);
  });

  it('fills nothing for no streak or a value that is not a count', () => {
    for (const current of [-1, Number.NaN, Number.NEGATIVE_INFINITY, Number.POSITIVE_INFINITY]) expect(streakWeekFilled(current)).toBe(0);
  });

  it('never fills more than a week', () => {
    for (let current = 0; current < 100; current++) expect(streakWeekFilled(current)).toBeLessThanOrEqual(STREAK_WEEK_DAYS);
  });
});
