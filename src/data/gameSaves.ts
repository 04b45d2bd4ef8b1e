import { checkSaveState, utf8Bytes } from '../domain/gameSdk.ts';
import { guardQuota } from '../store/quota.ts';
import type { GameSaveRow } from '../store/db.ts';
import { partsOf, type DataSource } from './source.ts';

// Game saves on this device: one slot per [student or 'anonymous', game], written to IndexedDB the
// moment the game saves, so a reload or a crash loses nothing. A signed-in student's rows also go to the
// server (src/data/cloudSaves.ts), which reads the same rows: see GameSaveRow for the fields it builds on.

/** The owner of saves made while nobody is signed in. */
export const ANONYMOUS_OWNER = 'anonymous';

const DEVICE_KEY = 'portal.deviceId';

export function saveOwner(userId: string | null): string {
  return userId ?? ANONYMOUS_OWNER;
}

/** The game's saved state as JSON text, or null when there is none (or the game cleared it). */
export async function readGameSave(source: DataSource, owner: string, gameId: string): Promise<string | null> {
  const row = await partsOf(source).db.gameSaves.get([owner, gameId]);
  return row === undefined || row.state === 'null' ? null : row.state;
}

export interface SaveWrite {
  owner: string;
  gameId: string;
  state: string;
  deviceId: string;
  now: number;
  /**
   * False while the game has saved nothing but what it opened with in this visit (a fresh board, or the
   * save it was handed): kept on the device, but no change to send, and a copy from another device may replace it.
   */
  played?: boolean;
}

/**
 * Writes a save, replacing the slot's content. The state is checked again here (JSON, size): this
 * is the last stop before storage, whoever called. A full disk raises StorageFullError.
 */
export async function writeGameSave(source: DataSource, write: SaveWrite): Promise<GameSaveRow> {
  const { db } = partsOf(source);
  const problem = checkSaveState(write.state);
  if (problem !== null) throw new Error(problem === 'not-json' ? 'A game save must be JSON text.' : 'This game save is too large.');
  return guardQuota(() =>
    db.transaction('rw', db.gameSaves, async () => {
      const before = await db.gameSaves.get([write.owner, write.gameId]);
      const row: GameSaveRow = {
        owner: write.owner,
        gameId: write.gameId,
        state: write.state,
        bytes: utf8Bytes(write.state),
        updatedAt: write.now,
        deviceId: write.deviceId,
        // Still descended from the server version it had: sync compares this with the server's.
        baseVersion: before?.baseVersion ?? null,
        // A change stays one until the server has it, whatever is saved over it.
        dirty: write.played !== false || (before !== undefined && before.dirty !== false),
        // A copy waiting for the student's choice stays until they choose.
        theirs: before?.theirs ?? null,
      };
      await db.gameSaves.put(row);
      return row;
    }),
  );
}

/**
 * Writes a game's saves one after another, the newest winning: a game that saves on every move
 * never has two writes of its slot racing, and a burst of saves costs one write per settled state.
 * `save` resolves once the state it was given (or a newer one) is stored.
 */
export function saveQueue(write: (state: string) => Promise<unknown>): (state: string) => Promise<void> {
  let pending: { state: string; waiters: { resolve: () => void; reject: (e: unknown) => void }[] } | null = null;
  let running = false;

  const drain = async () => {
    running = true;
    while (pending !== null) {
      const batch = pending;
      pending = null;
      try {
        await write(batch.state);
        for (const w of batch.waiters) w.resolve();
      } catch (error) {
        for (const w of batch.waiters) w.reject(error);
      }
    }
    running = false;
  };

  return (state) =>
    new Promise<void>((resolve, reject) => {
      if (pending === null) pending = { state, waiters: [] };
      pending.state = state;
      pending.waiters.push({ resolve, reject });
      if (!running) void drain();
    });
}

/** This device's id, made once and kept in localStorage; a fresh one per visit when storage is off. */
export function deviceId(storage: Pick<Storage, 'getItem' | 'setItem'> | null = globalThis.localStorage ?? null): string {
  try {
    const kept = storage?.getItem(DEVICE_KEY);
    if (kept) return kept;
    const made = crypto.randomUUID();
    storage?.setItem(DEVICE_KEY, made);
    return made;
  } catch {
    return crypto.randomUUID();
  }
}
