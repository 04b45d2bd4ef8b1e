import { afterEach, describe, expect, it, vi } from 'vitest';
import type { DataSource } from '../../../src/data/source.ts';

/** A fresh copy of the module: what it was told is kept for the page's life. */
async function arrival() {
  vi.resetModules();
  return import('../../../src/state/runtimeArrival.ts');
}
const SOURCE = { name: 'the runtime' } as unknown as DataSource;

afterEach(() => {
  vi.useRealTimers();
});

describe('dataWhenLoaded', () => {
  it('answers at once with a runtime already there', async () => {
    const { dataWhenLoaded } = await arrival();
    await expect(dataWhenLoaded(SOURCE)).resolves.toBe(SOURCE);
  });

  it('waits for the runtime to be announced, and every waiting form gets it', async () => {
    const { announceRuntime, dataWhenLoaded } = await arrival();
    const first = dataWhenLoaded(null);
    const second = dataWhenLoaded(null);
    announceRuntime(SOURCE);
    await expect(first).resolves.toBe(SOURCE);
    await expect(second).resolves.toBe(SOURCE);
    // Asked after it came: at once.
    await expect(dataWhenLoaded(null)).resolves.toBe(SOURCE);
  });

  it('gives up after the wait, and at once when the runtime could not load', async () => {
    vi.useFakeTimers();
    const { announceRuntime, dataWhenLoaded, RUNTIME_WAIT_MS } = await arrival();
    let answer: DataSource | null | 'waiting' = 'waiting';
    void dataWhenLoaded(null).then((data) => {
      answer = data;
    });
    await vi.advanceTimersByTimeAsync(RUNTIME_WAIT_MS - 1);
    expect(answer).toBe('waiting');
    await vi.advanceTimersByTimeAsync(1);
    expect(answer).toBeNull();

    announceRuntime(null);
    await expect(dataWhenLoaded(null)).resolves.toBeNull();
  });
});
