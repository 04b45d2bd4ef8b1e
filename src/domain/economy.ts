import { COIN_REWARDS, TIME_SPENT_INCREMENT } from './coins.ts';

/**
 * What a student does on a school day. The typical one claims the streak when the portal opens (the
 * home page offers it first), then plays for a lunch break: 20 minutes, five games opened.
 */
export interface StudentHabits {
  minutesPlayed: number;
  gamesOpened: number;
  claimsStreak: boolean;
}

export const TYPICAL_STUDENT: StudentHabits = { minutesPlayed: 20, gamesOpened: 5, claimsStreak: true };

/** The server pays at most this many 'app played' rewards a day (record_app_played). */
export const APP_PLAYED_REWARDS_PER_DAY = 300;

/**
 * Dabloons earned on the `day`-th day in a row (1 = the first day). The claim pays 100, doubled once the
 * streak was already running (day 2 on); every gain after a claim is doubled, since the streak now runs.
 * Time spent pays per whole 5 minutes (the server counts at most one tick per 5 minutes).
 */
export function dayEarnings(day: number, habits: StudentHabits): number {
  if (!Number.isInteger(day) || day < 1) throw new RangeError('day is a whole number from 1');
  const bonus = habits.claimsStreak ? 2 : 1;
  const claim = habits.claimsStreak ? COIN_REWARDS.streakClaim * (day > 1 ? 2 : 1) : 0;
  const ticks = Math.floor(Math.max(0, habits.minutesPlayed) / TIME_SPENT_INCREMENT);
  const plays = Math.min(Math.max(0, Math.floor(habits.gamesOpened)), APP_PLAYED_REWARDS_PER_DAY);
  return claim + ticks * COIN_REWARDS.timeSpent * bonus + plays * COIN_REWARDS.appPlayed * bonus;
}

/** Dabloons held at the end of each day of `days`, spending nothing. */
export function savingsCurve(days: number, habits: StudentHabits): number[] {
  const totals: number[] = [];
  let total = 0;
  for (let day = 1; day <= days; day++) {
    total += dayEarnings(day, habits);
    totals.push(total);
  }
  return totals;
}

/** The first day on which the savings reach `price`; null when a year of such days never does. */
export function dayAffordable(price: number, habits: StudentHabits): number | null {
  let total = 0;
  for (let day = 1; day <= 366; day++) {
    total += dayEarnings(day, habits);
    if (total >= price) return day;
  }
  return null;
}

/**
 * The curve the shop is priced against: the typical student's day of first purchase for each price band,
 * saving from day one. Prices below match the listed shop (the migrations hold them; tests/db checks the
 * two agree), and tests/unit/domain/economy.test.ts checks every "day" here against dayAffordable.
 *
 * | day | earned that day | saved by then |
 * | ---: | ---: | ---: |
 * | 1 | 150 | 150 |
 * | 2 | 250 | 400 |
 * | 4 | 250 | 900 |
 * | 7 | 250 | 1,650 |
 * | 14 | 250 | 3,400 |
 * | 30 | 250 | 7,400 |
 *
 * A student who only claims the streak (no play) saves 100 on day one and 200 a day after, so the
 * starter items still come on day one; the 20-minute player can buy one of them before the first break ends.
 */
export const PRICE_CURVE = [
  { band: 'starter: the goose, the Pixel Arrow cursor, the Bubbles background', price: 150, day: 1 },
  { band: 'everyday: sword cursor, cat and pink backgrounds', price: 800, day: 4 },
  { band: 'rare: fonts and backgrounds from 1,000 to 2,500', price: 2500, day: 11 },
  { band: 'icons and badges: 2,000 to 6,000', price: 6000, day: 25 },
  { band: 'the Gold Hoarder badge', price: 10000, day: 41 },
  { band: 'the dragon', price: 15000, day: 61 },
  { band: 'the Golden Duck', price: 30000, day: 121 },
] as const;
