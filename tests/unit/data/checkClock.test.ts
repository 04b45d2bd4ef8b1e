import { describe, expect, it } from 'vitest';
import { checkClock } from '../../../src/data/queries/checkClock.ts';

const SERVER = Date.parse('2026-11-21T12:00:00.000Z');

function answering(body: unknown, init: ResponseInit = {}): typeof fetch {
  return (async () => new Response(JSON.stringify(body), { status: 200, headers: { 'content-type': 'application/json' }, ...init }));
}

describe('checkClock', () => {
  it('reports how far the device is off, compared with the middle of the round trip', async () => {
    let t = SERVER + 2 * 3600_000 - 500;
    const now = () => {
      const value = t;
      t += 1000;
      return value;
    };
    expect(await checkClock({ url: 'http://127.0.0.1/time', fetch: answering({ utc: new Date(SERVER).toISOString() }), now })).toEqual({ status: 'checked', offsetMs: 2 * 3600_000 });
  });

  it('says it cannot tell, and why, when the time source fails, is missing or answers nonsense', async () => {
    const failing = (async () => {
      throw new TypeError('Failed to fetch');
    }) as typeof fetch;
    const now = () => SERVER + 3 * 3600_000;
    const check = (source: typeof globalThis.fetch) => checkClock({ url: 'http://127.0.0.1/time', fetch: source, now });
    expect(await check(failing)).toEqual({ status: 'unknown', reason: 'The time check at http://127.0.0.1/time could not be reached (Failed to fetch).' });
    // A hosted project without the function: never "the clock is right".
    expect(await check(answering({ code: 'NOT_FOUND' }, { status: 404 }))).toEqual({
      status: 'unknown',
      reason: 'The time check at http://127.0.0.1/time was not found (404): is the server-time function deployed?',
    });
    expect(await check(answering({ utc: 'x' }, { status: 500 }))).toEqual({ status: 'unknown', reason: 'The time check at http://127.0.0.1/time answered HTTP 500.' });
    expect(await check(answering('not json'))).toEqual({ status: 'unknown', reason: 'The time check at http://127.0.0.1/time answered no time it could read.' });
  });

  it('finds a clock within the tolerance right', async () => {
    const now = () => SERVER + 60_000;
    expect(await checkClock({ url: 'http://127.0.0.1/time', fetch: answering({ utc: new Date(SERVER).toISOString() }), now })).toEqual({ status: 'checked', offsetMs: 0 });
  });
});
