import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createBackoff } from '../../../src/sync/backoff.ts';
import { createRetry } from '../../../src/sync/retry.ts';

beforeEach(() => {
  vi.useFakeTimers();
});

afterEach(() => {
  vi.useRealTimers();
});

function armed(options: { jitter?: number; random?: () => number; maxMs?: number } = {}) {
  const run = vi.fn();
  const retry = createRetry({ run, backoff: createBackoff(options) });
  retry.arm();
  return { run, retry };
}

describe('retry', () => {
  it('tries again after 200 ms, not before, and only once', () => {
    const { run, retry } = armed();
    expect(retry.failed()).toBe(200);
    expect(retry.waiting).toBe(true);
    vi.advanceTimersByTime(199);
    expect(run).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1);
    expect(run).toHaveBeenCalledTimes(1);
    expect(retry.waiting).toBe(false);
    vi.advanceTimersByTime(60_000);
    expect(run).toHaveBeenCalledTimes(1);
  });

  it('doubles the wait after each failure up to 30 s', () => {
    const { run, retry } = armed();
    const waits: number[] = [];
    for (let i = 0; i < 10; i++) {
      const delay = retry.failed();
      waits.push(delay);
      vi.advanceTimersByTime(delay);
      expect(run).toHaveBeenCalledTimes(i + 1);
    }
    expect(waits).toEqual([200, 400, 800, 1600, 3200, 6400, 12800, 25600, 30000, 30000]);
  });

  it('starts again at 200 ms after an attempt got through', () => {
    const { retry } = armed();
    retry.failed();
    retry.failed();
    retry.failed();
    retry.succeeded();
    expect(retry.failed()).toBe(200);
  });

  it('keeps one try waiting: a failure replaces the one scheduled', () => {
    const { run, retry } = armed();
    retry.failed();
    retry.failed();
    vi.advanceTimersByTime(399);
    expect(run).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1);
    expect(run).toHaveBeenCalledTimes(1);
    vi.advanceTimersByTime(60_000);
    expect(run).toHaveBeenCalledTimes(1);
  });

  it('spreads jittered waits below the schedule', () => {
    const { run, retry } = armed({ jitter: 0.5, random: () => 0 });
    expect(retry.failed()).toBe(100);
    expect(retry.failed()).toBe(200);
    vi.advanceTimersByTime(200);
    expect(run).toHaveBeenCalledTimes(1);
  });

  it('on the online nudge, starts the backoff over and tries at once, not when the old wait ends', () => {
    const { run, retry } = armed();
    retry.failed();
    retry.failed();
    retry.nudge();
    expect(run).toHaveBeenCalledTimes(1);
    expect(retry.failed()).toBe(200);
  });

  it('on the online nudge, drops the try still waiting for the old delay', () => {
    const { run, retry } = armed();
    retry.failed();
    retry.nudge();
    expect(retry.waiting).toBe(false);
    vi.advanceTimersByTime(60_000);
    expect(run).toHaveBeenCalledTimes(1);
  });

  it('drops the waiting try when cancelled, keeping the backoff where it was', () => {
    const { run, retry } = armed();
    retry.failed();
    retry.cancel();
    expect(retry.waiting).toBe(false);
    vi.advanceTimersByTime(60_000);
    expect(run).not.toHaveBeenCalled();
    expect(retry.failed()).toBe(400);
  });

  it('schedules nothing before it is armed or once disarmed, while the backoff still moves on', () => {
    const run = vi.fn();
    const retry = createRetry({ run });
    expect(retry.failed()).toBe(200);
    retry.later(2000);
    expect(retry.waiting).toBe(false);
    retry.arm();
    expect(retry.failed()).toBe(400);
    retry.disarm();
    expect(retry.waiting).toBe(false);
    expect(retry.failed()).toBe(800);
    vi.advanceTimersByTime(60_000);
    expect(run).not.toHaveBeenCalled();
  });

  it('looks again later (a lock held by another tab) only when nothing is waiting, without moving the backoff', () => {
    const { run, retry } = armed();
    retry.later(2000);
    retry.later(50);
    vi.advanceTimersByTime(1999);
    expect(run).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1);
    expect(run).toHaveBeenCalledTimes(1);

    retry.failed();
    retry.later(50);
    vi.advanceTimersByTime(199);
    expect(run).toHaveBeenCalledTimes(1);
    vi.advanceTimersByTime(1);
    expect(run).toHaveBeenCalledTimes(2);
    expect(retry.failed()).toBe(400);
  });

  it('uses the timer it is given', () => {
    const set = vi.fn((_run: () => void, _ms: number) => 'handle');
    const clear = vi.fn();
    const retry = createRetry({ run: () => undefined, timer: { set, clear } });
    retry.arm();
    retry.failed();
    retry.cancel();
    expect(set).toHaveBeenCalledWith(expect.any(Function), 200);
    expect(clear).toHaveBeenCalledWith('handle');
  });
});
