import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

/** runtimeGate.ts as a page loads it, in a page that has loaded and whose idle callbacks run at once. */
async function load() {
  vi.resetModules();
  vi.stubGlobal('document', { readyState: 'complete' });
  vi.stubGlobal('window', { requestIdleCallback: (task: () => void) => setTimeout(task, 0), cancelIdleCallback: () => {} });
  return import('../../../src/state/runtimeGate.ts');
}

/** Whether `promise` has settled after the timers due by now have run. */
async function settled(promise: Promise<unknown>): Promise<boolean> {
  let done = false;
  void promise.then(() => {
    done = true;
  });
  // Two turns of a millisecond: the timers due now, then the idle callback those scheduled.
  await vi.advanceTimersByTimeAsync(1);
  await vi.advanceTimersByTimeAsync(1);
  return done;
}

describe('when the data runtime may load', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => {
    vi.useRealTimers();
    vi.unstubAllGlobals();
  });

  it('is at once for a page that holds nothing back (the shop, chat, a profile)', async () => {
    const { runtimeMayLoad } = await load();
    expect(await settled(runtimeMayLoad())).toBe(true);
  });

  it('waits for every page read that holds it, then for the browser to be idle', async () => {
    const { holdRuntimeUntil, runtimeMayLoad } = await load();
    let showList = () => {};
    let showRanking = () => {};
    holdRuntimeUntil(new Promise<void>((resolve) => (showList = resolve)));
    holdRuntimeUntil(new Promise<void>((resolve) => (showRanking = resolve)));
    const may = runtimeMayLoad();
    expect(await settled(may)).toBe(false);
    showList();
    expect(await settled(may)).toBe(false);
    showRanking();
    expect(await settled(may)).toBe(true);
  });

  it('waits at most 3 seconds for a read that hangs', async () => {
    const { holdRuntimeUntil, runtimeMayLoad } = await load();
    holdRuntimeUntil(new Promise<void>(() => {}));
    const may = runtimeMayLoad();
    await vi.advanceTimersByTimeAsync(2_990);
    expect(await settled(may)).toBe(false);
    await vi.advanceTimersByTimeAsync(8);
    expect(await settled(may)).toBe(true);
  });

  it('is not held back by a read that failed', async () => {
    const { holdRuntimeUntil, runtimeMayLoad } = await load();
    holdRuntimeUntil(Promise.reject(new Error('offline')));
    expect(await settled(runtimeMayLoad())).toBe(true);
  });

  it('holds once per first read: its read starts with the first hold, and its release lets the runtime load', async () => {
    const { createFirstReadHold, runtimeMayLoad } = await load();
    let reads = 0;
    const hold = createFirstReadHold(() => {
      reads += 1;
    });
    hold.release();
    hold.hold();
    hold.hold();
    expect(reads).toBe(1);
    const may = runtimeMayLoad();
    expect(await settled(may)).toBe(false);
    hold.release();
    expect(await settled(may)).toBe(true);
  });
});
