import { createBackoff, type Backoff } from './backoff.ts';

/**
 * When the sync engine tries its drain again: after a failure, at the backoff's next delay; after a
 * tab found the outbox lock taken, a while later; when the network returns, at once and from the
 * backoff's start. At most one try is waiting at a time, and none is scheduled while disarmed (the
 * engine stopped): a failure then still moves the backoff on, so the delay it reports stays true.
 */

export interface Timer {
  set(run: () => void, ms: number): unknown;
  clear(handle: unknown): void;
}

export const realTimer: Timer = {
  set: (run, ms) => setTimeout(run, ms),
  clear: (handle) => clearTimeout(handle as ReturnType<typeof setTimeout>),
};

export interface RetryOptions {
  /** The try itself (the engine's drain). */
  run: () => void;
  backoff?: Backoff;
  timer?: Timer;
}

export interface Retry {
  /** From now on, tries are scheduled. */
  arm(): void;
  /** No try is scheduled any more, and the waiting one is cancelled. */
  disarm(): void;
  /** An attempt failed: the next delay of the backoff, at which a try is scheduled (replacing a waiting one). */
  failed(): number;
  /** An attempt got through: the next failure waits the backoff's first delay again. */
  succeeded(): void;
  /** A try in `ms`, unless one is already waiting. */
  later(ms: number): void;
  /** Drops the waiting try (a drain is starting anyway, or the device went offline). */
  cancel(): void;
  /** The network is back: the backoff starts over, the waiting try is dropped and a try runs now. */
  nudge(): void;
  /** Whether a try is waiting. */
  readonly waiting: boolean;
}

export function createRetry(options: RetryOptions): Retry {
  const backoff = options.backoff ?? createBackoff();
  const timer = options.timer ?? realTimer;
  let armed = false;
  let handle: unknown = null;

  function cancel(): void {
    if (handle !== null) timer.clear(handle);
    handle = null;
  }

  function schedule(ms: number): void {
    cancel();
    handle = timer.set(() => {
      handle = null;
      options.run();
    }, ms);
  }

  return {
    arm() {
      armed = true;
    },
    disarm() {
      armed = false;
      cancel();
    },
    failed() {
      const delay = backoff.next();
      if (armed) schedule(delay);
      return delay;
    },
    succeeded() {
      backoff.reset();
    },
    later(ms) {
      if (armed && handle === null) schedule(ms);
    },
    cancel,
    nudge() {
      backoff.reset();
      // The try that waits for the old delay is not the network's: a drain still ending when the network
      // came back looks again at once only if no try is left waiting (engine.ts).
      cancel();
      options.run();
    },
    get waiting() {
      return handle !== null;
    },
  };
}
