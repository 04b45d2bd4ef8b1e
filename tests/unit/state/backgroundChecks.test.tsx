// @vitest-environment happy-dom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { useBackgroundChecks } from '../../../src/state/backgroundChecks.ts';
import { renderHook, SIGNED_OUT, type HookStage } from './harness.tsx';

let stage: HookStage<void> | null = null;
afterEach(() => {
  stage?.unmount();
  stage = null;
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

/** A time source that says it is `aheadMs` later than the device's clock. */
function timeSource(aheadMs: number) {
  return vi.fn(() => Promise.resolve(new Response(JSON.stringify({ utc: new Date(Date.now() + aheadMs).toISOString() }), { status: 200 })));
}

describe('useBackgroundChecks', () => {
  it('once the page is idle, tells the page how far off a wrong device clock is', async () => {
    const fetch = timeSource(-3 * 60 * 60 * 1000);
    vi.stubGlobal('fetch', fetch);
    const clockOff = vi.fn();
    stage = renderHook(() => useBackgroundChecks(clockOff), SIGNED_OUT);
    await vi.waitFor(() => expect(clockOff).toHaveBeenCalledTimes(1), { timeout: 4000 });
    expect(fetch).toHaveBeenCalledTimes(1);
    expect(clockOff.mock.calls[0]?.[0]).toBeGreaterThan(2 * 60 * 60 * 1000);
  });

  it('a time source that cannot tell leaves the student alone and says so in the console', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    vi.stubGlobal('fetch', vi.fn(() => Promise.resolve(new Response('', { status: 404 }))));
    const clockOff = vi.fn();
    stage = renderHook(() => useBackgroundChecks(clockOff), SIGNED_OUT);
    await vi.waitFor(() => expect(warn).toHaveBeenCalledTimes(1), { timeout: 4000 });
    expect(clockOff).not.toHaveBeenCalled();
  });
});
