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
});
