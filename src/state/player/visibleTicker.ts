/**
 * Calls onTick after every `periodMs` of time the page has been visible: hidden time does not
 * count, and a period half spent before the tab was hidden resumes where it stopped. With a carry,
 * a period half spent when the ticker stops is kept there for the next ticker to resume: a student
 * who plays three minutes of one game and three of the next has played six minutes, not twice three.
 */

export interface VisibilitySource {
  isVisible(): boolean;
  /** Calls the listener on each visibility change; returns the unsubscribe. */
  subscribe(listener: () => void): () => void;
}

export interface TickerClock {
  now(): number;
  setTimeout(run: () => void, ms: number): unknown;
  clearTimeout(handle: unknown): void;
}

/** Time of a period already spent, handed from a stopped ticker to the next one. */
export interface TickCarry {
  spentMs: number;
}

export const browserVisibility: VisibilitySource = {
  isVisible: () => document.visibilityState === 'visible',
  subscribe(listener) {
    document.addEventListener('visibilitychange', listener);
    return () => document.removeEventListener('visibilitychange', listener);
  },
};

export const browserClock: TickerClock = {
  now: () => Date.now(),
  setTimeout: (run, ms) => setTimeout(run, ms),
  clearTimeout: (handle) => clearTimeout(handle as ReturnType<typeof setTimeout>),
};

export function startVisibleTicker(
  periodMs: number,
  onTick: () => void,
  visibility: VisibilitySource = browserVisibility,
  clock: TickerClock = browserClock,
  carry: TickCarry = { spentMs: 0 },
): () => void {
  let spent = Math.min(Math.max(0, carry.spentMs), periodMs);
  let visibleSince: number | null = null;
  let handle: unknown = null;

  const arm = () => {
    visibleSince = clock.now();
    handle = clock.setTimeout(fire, periodMs - spent);
  };
  const fire = () => {
    handle = null;
    spent = 0;
    onTick();
    arm();
  };
  const onChange = () => {
    const visible = visibility.isVisible();
    if (!visible && visibleSince !== null) {
      spent += clock.now() - visibleSince;
      visibleSince = null;
      if (handle !== null) clock.clearTimeout(handle);
      handle = null;
    } else if (visible && visibleSince === null) {
      arm();
    }
  };

  if (visibility.isVisible()) arm();
  const unsubscribe = visibility.subscribe(onChange);
  return () => {
    unsubscribe();
    if (handle !== null) clock.clearTimeout(handle);
    carry.spentMs = spent + (visibleSince === null ? 0 : clock.now() - visibleSince);
  };
}
