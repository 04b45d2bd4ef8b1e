import { describe, expect, it } from 'vitest';
import { formatCountdown } from '../../../src/domain/countdown.ts';

describe('countdowns', () => {
  it('counts down in days, hours, minutes and seconds, rounding up to the next second', () => {
    expect(formatCountdown(0)).toBe('now');
    expect(formatCountdown(-5)).toBe('now');
    expect(formatCountdown(1)).toBe('0m 01s');
    expect(formatCountdown(65_000)).toBe('1m 05s');
    expect(formatCountdown(3_600_000 + 4 * 60_000 + 5_000)).toBe('1h 04m 05s');
    expect(formatCountdown(2 * 86_400_000 + 1)).toBe('2d 0h 00m 01s');
  });
});
