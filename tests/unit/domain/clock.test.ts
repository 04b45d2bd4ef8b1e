import { describe, expect, it } from 'vitest';
import { clockOffset, clockWarning, CLOCK_TOLERANCE_MS, parseServerTime } from '../../../src/domain/clock.ts';

const SERVER = Date.parse('2026-11-21T12:00:00.000Z');

describe('parseServerTime', () => {
  it('reads { utc }, worldtimeapi-style fields, or the Date header', () => {
    expect(parseServerTime({ utc: '2026-11-21T12:00:00Z' }, null)?.getTime()).toBe(SERVER);
    expect(parseServerTime({ utc_datetime: '2026-11-21T12:00:00+00:00' }, null)?.getTime()).toBe(SERVER);
    expect(parseServerTime({}, 'Sat, 21 Nov 2026 12:00:00 GMT')?.getTime()).toBe(SERVER);
    expect(parseServerTime({ utc: 'soon' }, null)).toBeNull();
  });
});

describe('clockOffset', () => {
  it('counts up to 5 minutes as right, and a wrong hour as wrong', () => {
    expect(clockOffset(new Date(SERVER), new Date(SERVER + CLOCK_TOLERANCE_MS))).toBe(0);
    expect(clockOffset(new Date(SERVER), new Date(SERVER - 20_000))).toBe(0);
    expect(clockOffset(new Date(SERVER), new Date(SERVER + 60 * 60_000))).toBe(60 * 60_000);
    expect(clockOffset(new Date(SERVER), new Date(SERVER - 6 * 60_000))).toBe(-6 * 60_000);
  });
});

describe('clockWarning', () => {
  it('warns politely in minutes or hours', () => {
    expect(clockWarning(2 * 3600_000)).toContain('2 hours ahead');
    expect(clockWarning(-7 * 60_000)).toContain('7 minutes behind');
    expect(clockWarning(-7 * 60_000)).toContain("Streak claims use the server's time");
  });
});
