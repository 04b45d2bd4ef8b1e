import { describe, expect, it } from 'vitest';
import { APP_PLAYED_REWARDS_PER_DAY, PRICE_CURVE, TYPICAL_STUDENT, dayAffordable, dayEarnings, savingsCurve } from '../../../src/domain/economy.ts';

describe('what a student earns in a day', () => {
  it('pays the first claim 100 and doubles everything after it, so 20 minutes and five games make 150', () => {
    expect(dayEarnings(1, TYPICAL_STUDENT)).toBe(100 + 4 * 10 + 5 * 2);
  });

  it('doubles the claim itself from the second day in a row', () => {
    expect(dayEarnings(2, TYPICAL_STUDENT)).toBe(200 + 40 + 10);
    expect(dayEarnings(30, TYPICAL_STUDENT)).toBe(250);
  });

  it('counts time in whole 5-minute ticks: 4 minutes earn nothing, exactly 5 earn one tick', () => {
    const at = (minutesPlayed: number) => dayEarnings(2, { ...TYPICAL_STUDENT, minutesPlayed, gamesOpened: 0 });
    expect(at(4)).toBe(200);
    expect(at(5)).toBe(210);
    expect(at(9)).toBe(210);
    expect(at(10)).toBe(220);
  });

  it('pays no bonus to a student who never claims, and no more plays than the server rewards a day', () => {
    expect(dayEarnings(5, { minutesPlayed: 20, gamesOpened: 5, claimsStreak: false })).toBe(4 * 5 + 5);
    expect(dayEarnings(1, { minutesPlayed: 0, gamesOpened: 10_000, claimsStreak: false })).toBe(APP_PLAYED_REWARDS_PER_DAY);
  });

  it('refuses a day before the first', () => {
    expect(() => dayEarnings(0, TYPICAL_STUDENT)).toThrow(RangeError);
    expect(() => dayEarnings(1.5, TYPICAL_STUDENT)).toThrow(RangeError);
  });
});

describe('the price curve', () => {
  it('adds the days up', () => {
    const curve = savingsCurve(30, TYPICAL_STUDENT);
    expect([curve[0], curve[1], curve[3], curve[6], curve[13], curve[29]]).toEqual([150, 400, 900, 1650, 3400, 7400]);
  });

  it('states for every band the day the typical student can first buy it', () => {
    for (const row of PRICE_CURVE) expect({ band: row.band, day: dayAffordable(row.price, TYPICAL_STUDENT) }).toEqual({ band: row.band, day: row.day });
  });

  it('lets a new student buy a first cosmetic on day one, and one who only claims the streak too', () => {
    expect(dayAffordable(PRICE_CURVE[0].price, TYPICAL_STUDENT)).toBe(1);
    expect(dayAffordable(100, { minutesPlayed: 0, gamesOpened: 0, claimsStreak: true })).toBe(1);
  });

  it('says when a price is out of a year of reach', () => {
    expect(dayAffordable(30_000, { minutesPlayed: 0, gamesOpened: 1, claimsStreak: false })).toBeNull();
  });
});
