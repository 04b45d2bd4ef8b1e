// When the data runtime loads. A page that can show its content from the first reads (src/data/firstRead.ts)
// holds the runtime back until it has: the runtime's download, evaluation and first Dexie work then come
// after the page's largest paint instead of before it. Any other page gets the runtime at once.
import { whenIdle } from './idle.ts';

/** The longest a page holds the runtime back: a first read that hangs must not leave the portal without it. */
const HOLD_AT_MOST_MS = 3000;

const holds: Promise<unknown>[] = [];

/** Holds the runtime back until `shown` settles (the page has rendered what its first reads answered). */
export function holdRuntimeUntil(shown: Promise<unknown>): void {
  holds.push(shown);
}

/** Resolves when the runtime may load: at once when no page holds it, else once they are shown and the browser is idle. */
export function runtimeMayLoad(): Promise<void> {
  if (holds.length === 0) return Promise.resolve();
  const shown = Promise.allSettled(holds);
  const latest = new Promise((resolve) => setTimeout(resolve, HOLD_AT_MOST_MS));
  return Promise.race([shown, latest]).then(() => new Promise<void>((resolve) => whenIdle(resolve, 1000)));
}

export interface FirstReadHold {
  /** Starts the read and holds the runtime back, the first time only: a page calls it as it renders. */
  hold(): void;
  /** Lets the runtime load: the page has shown what the read answered, or it has nothing to show. */
  release(): void;
}

/** One first read's hold on the runtime, for the page load: `start` asks for the read. */
export function createFirstReadHold(start: () => void): FirstReadHold {
  let release: (() => void) | undefined;
  return {
    hold() {
      if (release !== undefined) return;
      start();
      holdRuntimeUntil(
        new Promise<void>((resolve) => {
          release = resolve;
        }),
      );
    },
    release() {
      release?.();
    },
  };
}
