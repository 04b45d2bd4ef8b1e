import { COIN_AMOUNT_INVALID, COIN_AMOUNT_TOO_LARGE } from './messages.ts';

export const COIN_REWARDS = { streakClaim: 100, timeSpent: 5, appPlayed: 1 } as const;
/** Minutes of play added per increment_time_spent call. */
export const TIME_SPENT_INCREMENT = 5;
export const PERIODIC_REFRESH_MS = 300_000;
/** Absolute bound on one transaction, either way. */
export const COIN_AMOUNT_LIMIT = 1_000_000;

export const STREAK_BONUS_SUFFIX = ' (streak bonus x2)';

export interface CoinReward {
  amt: number;
  why: string;
}

export interface CoinState {
  coins: number;
  coinsGainedThisBattlePass: number;
}

/** Positive gains are doubled while a streak is running; costs and zero amounts are never touched. */
export function withStreakBonus(reward: CoinReward, currentStreak: number): CoinReward {
  if (!(reward.amt > 0) || !(currentStreak > 0)) return { amt: reward.amt, why: reward.why };
  return { amt: reward.amt * 2, why: reward.why + STREAK_BONUS_SUFFIX };
}

/** Null when `amt` may be one transaction: a whole number of coins within COIN_AMOUNT_LIMIT either way. */
export function validateCoinAmount(amt: number): string | null {
  if (!Number.isSafeInteger(amt)) return COIN_AMOUNT_INVALID;
  if (Math.abs(amt) > COIN_AMOUNT_LIMIT) return COIN_AMOUNT_TOO_LARGE;
  return null;
}

/**
 * The balance after one transaction. Spending never lowers the battle-pass total: only gains count there.
 * Throws RangeError for an amount validateCoinAmount refuses, so a bad number cannot corrupt a balance.
 */
export function applyTransaction(state: CoinState, amt: number): CoinState {
  const problem = validateCoinAmount(amt);
  if (problem !== null) throw new RangeError(problem);
  return {
    coins: state.coins + amt,
    coinsGainedThisBattlePass: state.coinsGainedThisBattlePass + (amt > 0 ? amt : 0),
  };
}

/** The shop refuses a purchase with 'not enough coins' when the balance is below the price. */
export function canAfford(coins: number, price: number): boolean {
  return coins >= price;
}
