import { describe, expect, it } from 'vitest';
import {
  COIN_AMOUNT_LIMIT,
  COIN_REWARDS,
  PERIODIC_REFRESH_MS,
  TIME_SPENT_INCREMENT,
  applyTransaction,
  canAfford,
  validateCoinAmount,
  withStreakBonus,
} from '../../../src/domain/coins.ts';
import { COIN_AMOUNT_INVALID, COIN_AMOUNT_TOO_LARGE } from '../../../src/domain/messages.ts';

describe('constants', () => {
  it('match the spec', () => {
    expect(COIN_REWARDS).toEqual({ streakClaim: 100, timeSpent: 5, appPlayed: 1 });
    expect(TIME_SPENT_INCREMENT).toBe(5);
    expect(PERIODIC_REFRESH_MS).toBe(300_000);
    expect(COIN_AMOUNT_LIMIT).toBe(1_000_000);
  });
});

describe('withStreakBonus', () => {
  it.each([
    // amt, streak, expected amt, expected why
    [100, 1, 200, 'streak claim (streak bonus x2)'],
    [5, 30, 10, 'streak claim (streak bonus x2)'],
    [1, 0.5, 2, 'streak claim (streak bonus x2)'],
    [100, 0, 100, 'streak claim'],
    [100, -1, 100, 'streak claim'],
    [100, Number.NaN, 100, 'streak claim'],
    [0, 5, 0, 'streak claim'],
    [-800, 5, -800, 'streak claim'],
    [-800, 0, -800, 'streak claim'],
    [Number.NaN, 5, Number.NaN, 'streak claim'],
  ])('amount %d with streak %d -> %d', (amt, streak, expectedAmt, expectedWhy) => {
    expect(withStreakBonus({ amt, why: 'streak claim' }, streak)).toEqual({ amt: expectedAmt, why: expectedWhy });
  });

  it('keeps an empty reason readable', () => {
    expect(withStreakBonus({ amt: 1, why: '' }, 1)).toEqual({ amt: 2, why: ' (streak bonus x2)' });
  });

  it('does not change the reward it is given', () => {
    const reward = { amt: 5, why: 'time spent' };
    withStreakBonus(reward, 3);
    expect(reward).toEqual({ amt: 5, why: 'time spent' });
  });
});

describe('validateCoinAmount', () => {
  it.each([
    [0, null],
    [1, null],
    [-1, null],
    [COIN_AMOUNT_LIMIT, null],
    [-COIN_AMOUNT_LIMIT, null],
    [COIN_AMOUNT_LIMIT + 1, COIN_AMOUNT_TOO_LARGE],
    [-COIN_AMOUNT_LIMIT - 1, COIN_AMOUNT_TOO_LARGE],
    [Number.MAX_SAFE_INTEGER, COIN_AMOUNT_TOO_LARGE],
    [1.5, COIN_AMOUNT_INVALID],
    [-0.01, COIN_AMOUNT_INVALID],
    [Number.NaN, COIN_AMOUNT_INVALID],
    [Number.POSITIVE_INFINITY, COIN_AMOUNT_INVALID],
    [Number.NEGATIVE_INFINITY, COIN_AMOUNT_INVALID],
  ])('%d -> %j', (amt, expected) => {
    expect(validateCoinAmount(amt)).toBe(expected);
  });
});

describe('applyTransaction', () => {
  it.each([
    // coins, gained, amt, coins after, gained after
    [0, 0, 100, 100, 100],
    [50, 20, 5, 55, 25],
    [1000, 300, -800, 200, 300],
    [800, 300, -800, 0, 300],
    [10, 10, 0, 10, 10],
    [0, 0, COIN_AMOUNT_LIMIT, COIN_AMOUNT_LIMIT, COIN_AMOUNT_LIMIT],
    [COIN_AMOUNT_LIMIT, 0, -COIN_AMOUNT_LIMIT, 0, 0],
  ])('coins %d (gained %d) + %d -> coins %d (gained %d)', (coins, gained, amt, coinsAfter, gainedAfter) => {
    expect(applyTransaction({ coins, coinsGainedThisBattlePass: gained }, amt)).toEqual({
      coins: coinsAfter,
      coinsGainedThisBattlePass: gainedAfter,
    });
  });

  it.each([1.5, Number.NaN, Number.POSITIVE_INFINITY, COIN_AMOUNT_LIMIT + 1, -COIN_AMOUNT_LIMIT - 1])(
    'refuses %d with a RangeError and leaves the state alone',
    (amt) => {
      const state = { coins: 10, coinsGainedThisBattlePass: 10 };
      expect(() => applyTransaction(state, amt)).toThrow(RangeError);
      expect(state).toEqual({ coins: 10, coinsGainedThisBattlePass: 10 });
    },
  );

  it('a streak claim with a running streak earns double and counts towards the pass', () => {
    const reward = withStreakBonus({ amt: COIN_REWARDS.streakClaim, why: 'streak' }, 4);
    expect(applyTransaction({ coins: 0, coinsGainedThisBattlePass: 0 }, reward.amt)).toEqual({
      coins: 200,
      coinsGainedThisBattlePass: 200,
    });
  });

  it('returns a new object', () => {
    const state = { coins: 1, coinsGainedThisBattlePass: 1 };
    expect(applyTransaction(state, 0)).not.toBe(state);
  });
});

describe('canAfford', () => {
  it.each([
    [800, 800, true],
    [799, 800, false],
    [801, 800, true],
    [0, 100, false],
    [30000, 30000, true],
    [-5, 0, false],
    [Number.NaN, 100, false],
  ])('balance %d, price %d -> %s', (coins, price, expected) => {
    expect(canAfford(coins, price)).toBe(expected);
  });
});
