import { describe, expect, it } from 'vitest';
import { startVisibleTicker, type TickerClock, type VisibilitySource } from '../../../src/state/player/visibleTicker.ts';

const MINUTE = 60_000;
const PERIOD = 5 * MINUTE;

function harness(initiallyVisible = true) {
  let now = 0;
  let visible = initiallyVisible;
  const timers = new Map<number, { at: number; run: () => void }>();
  let nextId = 1;
  const listeners = new Set<() => void>();
  const clock: TickerClock = {
    now: () => now,
    setTimeout(run, ms) {
      const id = nextId++;
      timers.set(id, { at: now + ms, run });
      return id;
    },
    clearTimeout: (id) => void timers.delete(id as number),
  };
  const visibility: VisibilitySource = {
    isVisible: () => visible,
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
  return {
    clock,
    visibility,
    advance(ms: number) {
      const end = now + ms;
      for (;;) {
        const due = [...timers.entries()].filter(([, t]) => t.at <= end).sort((a, b) => a[1].at - b[1].at)[0];
        if (!due) break;
        timers.delete(due[0]);
        now = due[1].at;
        due[1].run();
      }
      now = end;
    },
    setVisible(next: boolean) {
      visible = next;
      for (const l of listeners) l();
    },
    pending: () => timers.size,
  };
}

describe('startVisibleTicker', () => {
  it('ticks once per 5 visible minutes', () => {
    const h = harness();
    let ticks = 0;
    startVisibleTicker(PERIOD, () => ticks++, h.visibility, h.clock);
    h.advance(4 * MINUTE);
    expect(ticks).toBe(0);
    h.advance(MINUTE);
    expect(ticks).toBe(1);
    h.advance(10 * MINUTE);
    expect(ticks).toBe(3);
  });

  it('does not count hidden time, and resumes a half-spent period', () => {
    const h = harness();
    let ticks = 0;
    startVisibleTicker(PERIOD, () => ticks++, h.visibility, h.clock);
    h.advance(3 * MINUTE);
    h.setVisible(false);
    h.advance(60 * MINUTE);
    expect(ticks).toBe(0);
    h.setVisible(true);
    h.advance(2 * MINUTE - 1);
    expect(ticks).toBe(0);
    h.advance(1);
    expect(ticks).toBe(1);
  });

  it('starts counting only when a page opened in the background becomes visible', () => {
    const h = harness(false);
    let ticks = 0;
    startVisibleTicker(PERIOD, () => ticks++, h.visibility, h.clock);
    h.advance(30 * MINUTE);
    expect(ticks).toBe(0);
    h.setVisible(true);
    h.advance(PERIOD);
    expect(ticks).toBe(1);
  });

  it('stops for good when disposed', () => {
    const h = harness();
    let ticks = 0;
    const stop = startVisibleTicker(PERIOD, () => ticks++, h.visibility, h.clock);
    stop();
    h.setVisible(false);
    h.setVisible(true);
    h.advance(30 * MINUTE);
    expect(ticks).toBe(0);
    expect(h.pending()).toBe(0);
  });

  it('carries a half-spent period from one game page to the next, but never hidden time or more than a period', () => {
    const h = harness();
    let ticks = 0;
    const carry = { spentMs: 0 };
    const stopFirst = startVisibleTicker(PERIOD, () => ticks++, h.visibility, h.clock, carry);
    h.advance(3 * MINUTE);
    stopFirst();
    expect(carry.spentMs).toBe(3 * MINUTE);
    expect(h.pending()).toBe(0);
    h.advance(30 * MINUTE);
    const stopSecond = startVisibleTicker(PERIOD, () => ticks++, h.visibility, h.clock, carry);
    h.advance(2 * MINUTE - 1);
    expect(ticks).toBe(0);
    h.advance(1);
    expect(ticks).toBe(1);
    h.advance(MINUTE);
    h.setVisible(false);
    h.advance(10 * MINUTE);
    stopSecond();
    expect(carry.spentMs).toBe(MINUTE);
    h.setVisible(true);
    const stopThird = startVisibleTicker(PERIOD, () => ticks++, h.visibility, h.clock, { spentMs: 99 * MINUTE });
    h.advance(0);
    expect(ticks).toBe(2);
    stopThird();
  });
});
