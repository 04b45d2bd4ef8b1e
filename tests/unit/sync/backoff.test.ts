import { describe, expect, it } from 'vitest';
import { backoffDelay, BACKOFF_MAX_MS, createBackoff } from '../../../src/sync/backoff.ts';

describe('backoff', () => {
  it('waits 200 ms, then doubles, up to the cap', () => {
    const backoff = createBackoff();
    const delays = Array.from({ length: 12 }, () => backoff.next());
    expect(delays).toEqual([200, 400, 800, 1600, 3200, 6400, 12800, 25600, 30000, 30000, 30000, 30000]);
    expect(BACKOFF_MAX_MS).toBe(30000);
  });

  it('starts again at 200 ms after a reset', () => {
    const backoff = createBackoff();
    backoff.next();
    backoff.next();
    backoff.next();
    backoff.reset();
    expect(backoff.attempt).toBe(0);
    expect(backoff.next()).toBe(200);
    expect(backoff.next()).toBe(400);
  });

  it('stays finite however long the outage', () => {
    expect(backoffDelay(10_000)).toBe(30000);
  });

  it('takes a custom cap', () => {
    const backoff = createBackoff({ maxMs: 1000 });
    expect([backoff.next(), backoff.next(), backoff.next(), backoff.next()]).toEqual([200, 400, 800, 1000]);
  });

  it('keeps jittered delays within the chosen fraction below the schedule', () => {
    expect(backoffDelay(2, { jitter: 0.5, random: () => 0 })).toBe(400);
    expect(backoffDelay(2, { jitter: 0.5, random: () => 1 })).toBe(800);
    expect(backoffDelay(2, { jitter: 0.5, random: () => 0.5 })).toBe(600);
  });
});
