// How a game save on this device and the student's save on the server come together (issue 18). The
// device writes first and sends later, so either may have moved on since they last agreed (the device's
// baseVersion). A copy is replaced only by one that knew it; when both changed apart, both are kept and
// the student chooses. Nothing here loses a save.

export interface DeviceCopy {
  state: string;
  /** The server version this copy descends from; null: never synced. */
  baseVersion: number | null;
  /** Changed on this device since baseVersion. */
  dirty: boolean;
}

export interface ServerCopy {
  state: string;
  version: number;
}

export type PullOutcome =
  /** Nothing on either side, or both already agree. */
  | 'nothing'
  /** The device had nothing new: it takes the server's copy. */
  | 'take-server'
  /** Both hold the same state: the device records the server's version and has nothing to send. */
  | 'in-step'
  /** The device has changes the server lacks, made on top of what the server holds: send them. */
  | 'push'
  /** Both changed apart: keep both for the student to choose. */
  | 'conflict';

export function mergeOnPull(device: DeviceCopy | null, server: ServerCopy | null): PullOutcome {
  if (server === null) return device === null ? 'nothing' : 'push';
  if (device === null) return 'take-server';
  if (device.state === server.state) return device.baseVersion === server.version && !device.dirty ? 'nothing' : 'in-step';
  if (device.baseVersion === server.version) return device.dirty ? 'push' : 'take-server';
  return device.dirty ? 'conflict' : 'take-server';
}

/**
 * What a game saved in one visit of its page. A game saves what it opens with (a fresh board, or the save
 * it was handed, saved again): that is no play to send over a copy from another device. Once a save
 * differs from the opening, the student has played, and every later save is a change to send.
 */
export interface VisitSaves {
  /** The save the game was handed at the handshake, else its first save of the visit; null before either. */
  opening: string | null;
  played: boolean;
}

export function visitOpened(handed: string | null): VisitSaves {
  return { opening: handed, played: false };
}

export function visitSaved(visit: VisitSaves, state: string): VisitSaves {
  const opening = visit.opening ?? state;
  return { opening, played: visit.played || state !== opening };
}
