import { afterEach, describe, expect, it } from 'vitest';
import {
  CLAIM_WINDOW_DAYS,
  DAY_MS,
  STREAK_CLAIM_REWARD,
  STREAK_WINDOW_DAYS,
  StreakClaimError,
  applyClaim,
  canClaim,
  daysSince,
  effectiveCurrentStreak,
  hasStreak,
  nextClaimAt,
  streakLostAt,
  type StreakState,
} from '../../../src/domain/streak.ts';
import { STREAK_CLAIM_TOO_SOON } from '../../../src/domain/messages.ts';

const HOUR = 60 * 60 * 1000;
const last = new Date('2025-10-10T12:00:00.000Z');
const after = (ms: number) => new Date(last.getTime() + ms);

const originalTz = process.env.TZ;
afterEach(() => {
  if (originalTz === undefined) delete process.env.TZ;
  else process.env.TZ = originalTz;
});

describe('constants', () => {
  it('match the spec', () => {
    expect(STREAK_WINDOW_DAYS).toBe(2);
    expect(CLAIM_WINDOW_DAYS).toBe(1);
    expect(STREAK_CLAIM_REWARD).toBe(100);
  });
});

describe('daysSince', () => {
  it.each([
    ['no claim (null)', null, null],
    ['no claim (undefined)', undefined, null],
    ['empty text', '', null],
    ['unreadable text', 'yesterday', null],
    ['impossible date', '2025-02-30T00:00:00Z', null],
    ['invalid Date', new Date(Number.NaN), null],
  ])('%s -> null', (_label, lastClaim, expected) => {
    expect(daysSince(lastClaim, last)).toBe(expected);
  });

  it.each([
    ['same instant', 0, 0],
    ['12 hours', 12 * HOUR, 0.5],
    ['exactly 1 day', DAY_MS, 1],
    ['36 hours', 36 * HOUR, 1.5],
    ['exactly 2 days', 2 * DAY_MS, 2],
    ['a week', 7 * DAY_MS, 7],
    ['claim 1 hour in the future (clock skew)', -HOUR, -1 / 24],
  ])('%s -> %f days', (_label, elapsed, days) => {
    expect(daysSince(last, after(elapsed))).toBeCloseTo(days, 12);
    expect(daysSince(last.toISOString(), after(elapsed))).toBeCloseTo(days, 12);
  });

  it.each([
    ['PostgREST timestamptz with microseconds', '2025-10-10T12:00:00.000000+00:00'],
    ['offset form', '2025-10-10T14:00:00+02:00'],
    ['Postgres text form', '2025-10-10 12:00:00+00'],
    ['zone-less text is UTC, not local time', '2025-10-10T12:00:00'],
  ])('reads %s', (_label, text) => {
    process.env.TZ = 'Pacific/Auckland';
    expect(daysSince(text, after(DAY_MS))).toBe(1);
  });

  it('refuses an invalid now', () => {
    expect(() => daysSince(last, new Date(Number.NaN))).toThrow(RangeError);
  });

  it('a missing claim does not need a valid now', () => {
    expect(daysSince(null, new Date(Number.NaN))).toBeNull();
  });
});

describe('hasStreak and canClaim at the window edges', () => {
  it.each([
    // elapsed, hasStreak, canClaim
    ['claimed in the future', -HOUR, true, false],
    ['just claimed', 0, true, false],
    ['23:59:59.999 later', DAY_MS - 1, true, false],
    ['exactly 1 day later', DAY_MS, true, false],
    ['1 day + 1 ms later', DAY_MS + 1, true, true],
    ['1.5 days later', 36 * HOUR, true, true],
    ['2 days - 1 ms later', 2 * DAY_MS - 1, true, true],
    ['exactly 2 days later', 2 * DAY_MS, true, true],
    ['2 days + 1 ms later', 2 * DAY_MS + 1, false, true],
    ['a month later', 30 * DAY_MS, false, true],
  ])('%s: hasStreak %s, canClaim %s', (_label, elapsed, streak, claim) => {
    expect(hasStreak(last, after(elapsed))).toBe(streak);
    expect(canClaim(last, after(elapsed))).toBe(claim);
    expect(hasStreak(last.toISOString(), after(elapsed))).toBe(streak);
    expect(canClaim(last.toISOString(), after(elapsed))).toBe(claim);
  });

  it.each([null, undefined, '', 'not a date'])('no previous claim (%j): no streak, but a claim is possible', (lastClaim) => {
    expect(hasStreak(lastClaim, last)).toBe(false);
    expect(canClaim(lastClaim, last)).toBe(true);
  });
});

describe('time zones and calendar oddities use real elapsed time', () => {
  it.each(['UTC', 'America/New_York', 'Asia/Kolkata', 'Pacific/Kiritimati', 'Pacific/Pago_Pago'])(
    'in %s a claim at 23:59 local cannot be repeated at 00:01 local the next day',
    (tz) => {
      process.env.TZ = tz;
      const claimedAt = new Date(2025, 9, 10, 23, 59);
      const nextMorning = new Date(2025, 9, 11, 0, 1);
      expect(canClaim(claimedAt, nextMorning)).toBe(false);
      expect(canClaim(claimedAt, new Date(2025, 9, 11, 23, 59, 0, 1))).toBe(true);
    },
  );

  it('23:59 UTC and 23:59 New York are 4 hours apart, whatever the device zone', () => {
    for (const tz of ['UTC', 'America/New_York', 'Asia/Tokyo']) {
      process.env.TZ = tz;
      expect(daysSince('2025-10-10T23:59:00Z', new Date('2025-10-10T23:59:00-04:00'))).toBeCloseTo(4 / 24, 12);
    }
  });

  it('spring forward (New York, 9 March 2025): the same wall-clock time next day is only 23 hours later', () => {
    process.env.TZ = 'America/New_York';
    const claimedAt = new Date(2025, 2, 8, 23, 59);
    const sameClockNextDay = new Date(2025, 2, 9, 23, 59);
    expect(daysSince(claimedAt, sameClockNextDay)).toBeCloseTo(23 / 24, 12);
    expect(canClaim(claimedAt, sameClockNextDay)).toBe(false);
    expect(canClaim(claimedAt, new Date(2025, 2, 10, 0, 59, 0, 1))).toBe(true);
  });

  it('fall back (New York, 2 November 2025): the same wall-clock time next day is 25 hours later', () => {
    process.env.TZ = 'America/New_York';
    const claimedAt = new Date(2025, 10, 1, 23, 59);
    const sameClockNextDay = new Date(2025, 10, 2, 23, 59);
    expect(daysSince(claimedAt, sameClockNextDay)).toBeCloseTo(25 / 24, 12);
    expect(canClaim(claimedAt, sameClockNextDay)).toBe(true);
    expect(canClaim(claimedAt, new Date(2025, 10, 2, 22, 59))).toBe(false);
  });

  it('the same spring-forward instants give the same answer read from any zone', () => {
    const claimedAt = '2025-03-09T01:30:00-05:00';
    const now = new Date('2025-03-10T01:30:00-04:00');
    for (const tz of ['UTC', 'America/New_York', 'Europe/London']) {
      process.env.TZ = tz;
      expect(daysSince(claimedAt, now)).toBeCloseTo(23 / 24, 12);
      expect(canClaim(claimedAt, now)).toBe(false);
    }
  });

  it.each([
    ['claim on 28 Feb, a day later is the leap day', '2028-02-28T12:00:00Z', '2028-02-29T12:00:00.001Z', true, true],
    ['claim on the leap day, exactly 2 days later is 2 March', '2028-02-29T12:00:00Z', '2028-03-02T12:00:00Z', true, true],
    ['claim on 28 Feb, 1 March is 2 days later (not 1)', '2028-02-28T12:00:00Z', '2028-03-01T12:00:00.001Z', false, true],
    ['claim on 28 Feb 2027, 1 March is only 1 day later', '2027-02-28T12:00:00Z', '2027-03-01T12:00:00Z', true, false],
    ['across the new year', '2025-12-31T23:59:00Z', '2026-01-02T23:59:00Z', true, true],
  ])('%s', (_label, claimedAt, now, streak, claim) => {
    expect(hasStreak(claimedAt, new Date(now))).toBe(streak);
    expect(canClaim(claimedAt, new Date(now))).toBe(claim);
  });
});

describe('effectiveCurrentStreak', () => {
  it.each([
    ['running streak', 5, DAY_MS, 5],
    ['at exactly 2 days it still shows', 5, 2 * DAY_MS, 5],
    ['lapsed streak shows 0', 5, 2 * DAY_MS + 1, 0],
    ['zero streak', 0, HOUR, 0],
    ['negative stored value shows 0', -3, HOUR, 0],
    ['NaN stored value shows 0', Number.NaN, HOUR, 0],
  ])('%s', (_label, current, elapsed, shown) => {
    expect(effectiveCurrentStreak({ current_streak: current, last_claim: last.toISOString() }, after(elapsed))).toBe(
      shown,
    );
  });

  it('no claim ever shows 0 even if the row says otherwise', () => {
    expect(effectiveCurrentStreak({ current_streak: 7, last_claim: null }, last)).toBe(0);
  });
});

describe('applyClaim', () => {
  const state = (current_streak: number, longest_streak: number, last_claim: string | null): StreakState => ({
    current_streak,
    longest_streak,
    last_claim,
  });

  it.each([
    ['first claim ever', state(0, 0, null), 0, state(1, 1, null)],
    ['next day continues the streak', state(3, 10, last.toISOString()), DAY_MS + 1, state(4, 10, null)],
    ['exactly 2 days later still continues', state(3, 3, last.toISOString()), 2 * DAY_MS, state(4, 4, null)],
    ['a lapsed streak restarts at 1', state(9, 9, last.toISOString()), 2 * DAY_MS + 1, state(1, 9, null)],
    ['new record raises longest', state(5, 5, last.toISOString()), 36 * HOUR, state(6, 6, null)],
    ['broken longest value is repaired', state(2, -1, last.toISOString()), 36 * HOUR, state(3, 3, null)],
    ['negative current counts as 0', state(-4, 2, last.toISOString()), 36 * HOUR, state(1, 2, null)],
    ['unreadable last claim counts as none', state(6, 8, 'garbage'), 0, state(1, 8, null)],
  ])('%s', (_label, before, elapsed, expected) => {
    const now = after(elapsed);
    expect(applyClaim(before, now)).toEqual({ ...expected, last_claim: now.toISOString() });
  });

  it('does not change the state it is given', () => {
    const before = state(3, 4, last.toISOString());
    const copy = { ...before };
    applyClaim(before, after(36 * HOUR));
    expect(before).toEqual(copy);
  });

  it.each([
    ['right after a claim', 0],
    ['at exactly 1 day', DAY_MS],
    ['with the last claim in the future', -HOUR],
  ])('refuses a claim %s with StreakClaimError', (_label, elapsed) => {
    const before = state(3, 4, last.toISOString());
    let caught: unknown;
    try {
      applyClaim(before, after(elapsed));
    } catch (error) {
      caught = error;
    }
    expect(caught).toBeInstanceOf(StreakClaimError);
    const error = caught as StreakClaimError;
    expect(error.message).toBe(STREAK_CLAIM_TOO_SOON);
    expect(error.nextClaimAt.toISOString()).toBe(after(DAY_MS + 1).toISOString());
  });

  it('a claim stamps last_claim so the next claim is refused until a day has passed', () => {
    const first = applyClaim(state(0, 0, null), last);
    expect(canClaim(first.last_claim, after(DAY_MS))).toBe(false);
    const second = applyClaim(first, after(DAY_MS + 1));
    expect(second.current_streak).toBe(2);
  });
});

describe('nextClaimAt and streakLostAt', () => {
  it.each([null, undefined, '', 'nonsense'])('are null without a readable claim (%j)', (lastClaim) => {
    expect(nextClaimAt(lastClaim)).toBeNull();
    expect(streakLostAt(lastClaim)).toBeNull();
  });

  it.each([last, last.toISOString(), '2025-10-10T14:00:00+02:00'])('are the first instants the rules flip (%s)', (lastClaim) => {
    const claimAt = nextClaimAt(lastClaim);
    const lostAt = streakLostAt(lastClaim);
    expect(claimAt?.toISOString()).toBe('2025-10-11T12:00:00.001Z');
    expect(lostAt?.toISOString()).toBe('2025-10-12T12:00:00.001Z');
    if (claimAt === null || lostAt === null) return;
    expect(canClaim(lastClaim, claimAt)).toBe(true);
    expect(canClaim(lastClaim, new Date(claimAt.getTime() - 1))).toBe(false);
    expect(hasStreak(lastClaim, lostAt)).toBe(false);
    expect(hasStreak(lastClaim, new Date(lostAt.getTime() - 1))).toBe(true);
  });
});
