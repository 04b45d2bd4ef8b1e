import { describe, expect, it } from 'vitest';
import { checkClock, clockOffset, clockWarning, CLOCK_TOLERANCE_MS, parseServerTime } from '../../../src/features/utility/timeCheck.ts';

const SERVER = Date.parse('2026-11-21T12:00:00.000Z');

function answering(body: unknown, init: ResponseInit = {}): typeof fetch {
  return (async () => new Response(JSON.stringify(body), { status: 200, headers: { 'content-type': 'application/json' }, ...init }));
}

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

describe('checkClock', () => {
  it('reports how far the device is off, compared with the middle of the round trip', async () => {
    let t = SERVER + 2 * 3600_000 - 500;
    const now = () => {
      const value = t;
      t += 1000;
      return value;
    };
    expect(await checkClock({ url: 'http://127.0.0.1/time', fetch: answering({ utc: new Date(SERVER).toISOString() }), now })).toBe(2 * 3600_000);
  });

  it('counts the clock as right when the time source fails or answers nonsense', async () => {
    const failing = (async () => {
      throw new TypeError('Failed to fetch');
    }) as typeof fetch;
    const now = () => SERVER + 3 * 3600_000;
    expect(await checkClock({ url: 'http://127.0.0.1/time', fetch: failing, now })).toBe(0);
    expect(await checkClock({ url: 'http://127.0.0.1/time', fetch: answering({ utc: 'x' }, { status: 500 }), now })).toBe(0);
    expect(await checkClock({ url: 'http://127.0.0.1/time', fetch: answering('not json'), now })).toBe(0);
  });

  it('warns politely in minutes or hours', () => {
    expect(clockWarning(2 * 3600_000)).toContain('2 hours ahead');
    expect(clockWarning(-7 * 60_000)).toContain('7 minutes behind');
    expect(clockWarning(-7 * 60_000)).toContain("Streak claims use the server's time");
  });
});
