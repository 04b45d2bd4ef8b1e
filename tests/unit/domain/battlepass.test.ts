import { afterEach, describe, expect, it } from 'vitest';
import { HOLLOWED_PASS, seasonStatus, tierProgress, type Season } from '../../../src/domain/battlepass.ts';

const originalTz = process.env.TZ;
afterEach(() => {
  if (originalTz === undefined) delete process.env.TZ;
  else process.env.TZ = originalTz;
});

const season: Season = {
  season: 2,
  name: 'Hollowed Pass',
  starts_at: '2025-10-01',
  ends_at: '2025-11-15',
  tiers: [
    { tier: 1, coins_required: 100, item_id: 'pumpkin_cursor' },
    { tier: 2, coins_required: 500, item_id: 'ghost_bg' },
    { tier: 3, coins_required: 1500, item_id: 'spooky_font' },
  ],
};

describe('HOLLOWED_PASS', () => {
  it('is the spec season', () => {
    expect(HOLLOWED_PASS).toEqual({ season: 2, name: 'Hollowed Pass', starts_at: '2025-10-01', ends_at: '2025-11-15' });
  });
});

describe('seasonStatus', () => {
  it.each([
    ['long before', '2025-01-01T00:00:00Z', 'upcoming'],
    ['1 ms before the start', '2025-09-30T23:59:59.999Z', 'upcoming'],
    ['at the start (inclusive)', '2025-10-01T00:00:00.000Z', 'running'],
    ['midway', '2025-10-31T12:00:00Z', 'running'],
    ['1 ms before the end', '2025-11-14T23:59:59.999Z', 'running'],
    ['at the end (exclusive)', '2025-11-15T00:00:00.000Z', 'ended'],
    ['long after', '2026-06-01T00:00:00Z', 'ended'],
    ['1 October 00:30 in Paris is still 30 September UTC', '2025-10-01T00:30:00+02:00', 'upcoming'],
    ['14 November 20:00 in New York is already 15 November UTC', '2025-11-14T20:00:00-05:00', 'ended'],
  ])('%s -> %s', (_label, now, status) => {
    expect(seasonStatus(HOLLOWED_PASS, new Date(now))).toBe(status);
  });

  it.each(['UTC', 'America/Los_Angeles', 'Pacific/Kiritimati'])('date-only bounds are UTC on a device in %s', (tz) => {
    process.env.TZ = tz;
    expect(seasonStatus(HOLLOWED_PASS, new Date('2025-10-01T00:00:00Z'))).toBe('running');
    expect(seasonStatus(HOLLOWED_PASS, new Date('2025-09-30T23:59:59.999Z'))).toBe('upcoming');
  });

  it.each(['America/Los_Angeles', 'Asia/Tokyo'])('zone-less date-time bounds are UTC on a device in %s', (tz) => {
    process.env.TZ = tz;
    const withTimes = { starts_at: '2025-10-01T12:00:00', ends_at: '2025-10-02T12:00:00' };
    expect(seasonStatus(withTimes, new Date('2025-10-01T11:59:59.999Z'))).toBe('upcoming');
    expect(seasonStatus(withTimes, new Date('2025-10-01T12:00:00Z'))).toBe('running');
    expect(seasonStatus(withTimes, new Date('2025-10-02T12:00:00Z'))).toBe('ended');
  });

  it.each([
    ['leap day start', '2028-02-29', '2028-03-01', '2028-02-29T00:00:00Z', 'running'],
    ['one-day season, last ms', '2028-02-29', '2028-03-01', '2028-02-29T23:59:59.999Z', 'running'],
    ['one-day season, after', '2028-02-29', '2028-03-01', '2028-03-01T00:00:00Z', 'ended'],
    ['empty season (start = end)', '2025-10-01', '2025-10-01', '2025-10-01T00:00:00Z', 'ended'],
    ['with explicit offsets', '2025-10-01T00:00:00-04:00', '2025-10-02T00:00:00-04:00', '2025-10-01T03:59:59Z', 'upcoming'],
  ])('%s', (_label, starts_at, ends_at, now, status) => {
    expect(seasonStatus({ starts_at, ends_at }, new Date(now))).toBe(status);
  });

  it.each([
    ['unreadable start', { starts_at: 'soon', ends_at: '2025-11-15' }],
    ['impossible end', { starts_at: '2025-10-01', ends_at: '2025-11-31' }],
    ['not a leap year', { starts_at: '2027-02-29', ends_at: '2027-03-15' }],
    ['empty start', { starts_at: '', ends_at: '2025-11-15' }],
  ])('throws RangeError on %s', (_label, bounds) => {
    expect(() => seasonStatus(bounds, new Date('2025-10-10T00:00:00Z'))).toThrow(RangeError);
  });

  it('throws RangeError on an invalid now', () => {
    expect(() => seasonStatus(HOLLOWED_PASS, new Date(Number.NaN))).toThrow(RangeError);
  });
});

describe('tierProgress', () => {
  const fractions = (coins: number) => tierProgress(season, coins).tiers.map((t) => t.fraction);
  const reached = (coins: number) => tierProgress(season, coins).tiers.map((t) => t.reached);

  it.each([
    // coins, reached, fractions, next tier, remaining
    [0, [false, false, false], [0, 0, 0], 1, 100],
    [50, [false, false, false], [0.5, 0, 0], 1, 50],
    [99, [false, false, false], [0.99, 0, 0], 1, 1],
    [100, [true, false, false], [1, 0, 0], 2, 400],
    [300, [true, false, false], [1, 0.5, 0], 2, 200],
    [499, [true, false, false], [1, 0.9975, 0], 2, 1],
    [500, [true, true, false], [1, 1, 0], 3, 1000],
    [1000, [true, true, false], [1, 1, 0.5], 3, 500],
    [1500, [true, true, true], [1, 1, 1], null, null],
    [1_000_000, [true, true, true], [1, 1, 1], null, null],
  ])('%d coins', (coins, expectedReached, expectedFractions, nextTier, remaining) => {
    expect(reached(coins)).toEqual(expectedReached);
    fractions(coins).forEach((fraction, i) => expect(fraction).toBeCloseTo(expectedFractions[i] ?? Number.NaN, 12));
    const { next } = tierProgress(season, coins);
    expect(next?.tier ?? null).toBe(nextTier);
    expect(next?.remaining ?? null).toBe(remaining);
  });

  it.each([-50, Number.NaN, Number.NEGATIVE_INFINITY])('%d coins count as 0', (coins) => {
    expect(tierProgress(season, coins)).toEqual(tierProgress(season, 0));
  });

  it('the next tier carries its reward', () => {
    expect(tierProgress(season, 120).next).toEqual({ tier: 2, coins_required: 500, item_id: 'ghost_bg', remaining: 380 });
  });

  it('orders tiers by tier number whatever order they arrive in', () => {
    const shuffled = { tiers: [season.tiers[2], season.tiers[0], season.tiers[1]].filter((t) => t !== undefined) };
    expect(tierProgress(shuffled, 300)).toEqual(tierProgress(season, 300));
    expect(tierProgress(shuffled, 300).tiers.map((t) => t.tier)).toEqual([1, 2, 3]);
  });

  it('a free tier (0 coins) is reached at once', () => {
    const free = { tiers: [{ tier: 1, coins_required: 0, item_id: 'free_badge' }] };
    expect(tierProgress(free, 0)).toEqual({ tiers: [{ tier: 1, reached: true, fraction: 1 }], next: null });
  });

  it('two tiers with the same requirement are reached together', () => {
    const twins = {
      tiers: [
        { tier: 1, coins_required: 100, item_id: 'a' },
        { tier: 2, coins_required: 100, item_id: 'b' },
      ],
    };
    expect(tierProgress(twins, 50).tiers).toEqual([
      { tier: 1, reached: false, fraction: 0.5 },
      { tier: 2, reached: false, fraction: 0 },
    ]);
    expect(tierProgress(twins, 100).tiers.every((t) => t.reached)).toBe(true);
  });

  it('a season without tiers has nothing next', () => {
    expect(tierProgress({ tiers: [] }, 500)).toEqual({ tiers: [], next: null });
  });

  it('does not reorder the season it is given', () => {
    const tiers = [season.tiers[1], season.tiers[0]].filter((t) => t !== undefined);
    tierProgress({ tiers }, 0);
    expect(tiers.map((t) => t.tier)).toEqual([2, 1]);
  });
});
