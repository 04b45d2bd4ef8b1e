import { mergeOnPull, type PullOutcome } from '../domain/saveMerge.ts';
import { dropQueued } from '../sync/outbox.ts';
import { guardQuota } from '../store/quota.ts';
import type { GameSaveRow } from '../store/db.ts';
import { ANONYMOUS_OWNER } from './gameSaves.ts';
import { queueMutation } from './queue.ts';
import { failed, ok, thrown, type Result } from './result.ts';
import { partsOf, type DataSource } from './source.ts';

// A signed-in student's game saves in the cloud (issue 18). The device's row (src/data/gameSaves.ts) is
// written first, always; a push sends it through the outbox (put_game_save), and a pull, when a game
// opens, brings the server's copy and merges the two by src/domain/saveMerge.ts: the newer one wins only
// where it knew the other, and where both changed apart, both are kept for the student to choose.

/**
 * Brings the student's server copy of a game's save and merges it into the device's row. Online only;
 * the outcome says what happened ('push': the device's copy is newer, and is sent now).
 */
export async function pullGameSave(source: DataSource, userId: string, gameId: string, label: string): Promise<Result<PullOutcome>> {
  try {
    const { supabase, db } = partsOf(source);
    const { data, error } = await supabase
      .from('game_saves')
      .select('state, version, device_id, device_label, saved_at')
      .eq('user_id', userId)
      .eq('app_id', gameId)
      .maybeSingle();
    if (error) return failed(error);
    const server = data;
    const outcome = await guardQuota(() =>
      db.transaction('rw', db.gameSaves, async () => {
        const row = await db.gameSaves.get([userId, gameId]);
        const device = row === undefined ? null : { state: row.state, baseVersion: row.baseVersion, dirty: row.dirty ?? true };
        const merged = mergeOnPull(device, server === null ? null : { state: server.state, version: Number(server.version) });
        if (server === null) return merged;
        const version = Number(server.version);
        const savedAt = Date.parse(server.saved_at);
        switch (merged) {
          case 'take-server':
            await db.gameSaves.put({
              owner: userId,
              gameId,
              state: server.state,
              bytes: new TextEncoder().encode(server.state).length,
              updatedAt: savedAt,
              deviceId: server.device_id,
              baseVersion: version,
              dirty: false,
              theirs: null,
            });
            break;
          case 'in-step':
            await db.gameSaves.update([userId, gameId], { baseVersion: version, dirty: false });
            break;
          case 'conflict':
            await db.gameSaves.update([userId, gameId], {
              theirs: { state: server.state, version, deviceLabel: server.device_label || 'another device', savedAt, fromServer: true },
            });
            break;
          case 'push':
          case 'nothing':
            break;
        }
        return merged;
      }),
    );
    if (outcome === 'push') await pushGameSave(source, userId, gameId, label);
    return ok(outcome);
  } catch (error) {
    return thrown(error);
  }
}

/**
 * Queues the device's copy of a game's save for the server, in place of any older copy still waiting:
 * a game that saves on every move sends one request per push, not one per move. Nothing to send when
 * the copy is already on the server, or while the student has two copies to choose between.
 */
export async function pushGameSave(source: DataSource, userId: string, gameId: string, label: string): Promise<void> {
  const { db } = partsOf(source);
  const row = await db.gameSaves.get([userId, gameId]);
  if (row === undefined || row.dirty === false || (row.theirs ?? null) !== null) return;
  await dropQueued(db, userId, 'put_game_save', (args) => args.p_app_id === gameId);
  await queueMutation(source, {
    kind: 'put_game_save',
    userId,
    args: {
      p_app_id: gameId,
      p_state: row.state,
      p_device_id: row.deviceId,
      p_device_label: label,
      p_saved_at: new Date(row.updatedAt).toISOString(),
      ...(row.baseVersion === null ? {} : { p_base_version: row.baseVersion }),
    },
  });
}

/** The student keeps this device's copy: it is sent as the newer one, over the other. */
export async function keepDeviceCopy(source: DataSource, owner: string, gameId: string, label: string): Promise<void> {
  const { db } = partsOf(source);
  await db.transaction('rw', db.gameSaves, async () => {
    const row = await db.gameSaves.get([owner, gameId]);
    if (!row?.theirs) return;
    await db.gameSaves.update([owner, gameId], { baseVersion: row.theirs.version, dirty: true, theirs: null });
  });
  if (owner !== ANONYMOUS_OWNER) await pushGameSave(source, owner, gameId, label);
}

/** The student takes the other copy: it replaces this device's, which the student chose to let go. */
export async function takeOtherCopy(source: DataSource, owner: string, gameId: string, label: string): Promise<void> {
  const { db } = partsOf(source);
  const other = await db.transaction('rw', db.gameSaves, async () => {
    const row = await db.gameSaves.get([owner, gameId]);
    if (!row?.theirs) return null;
    const { theirs } = row;
    const next: GameSaveRow = {
      ...row,
      state: theirs.state,
      bytes: new TextEncoder().encode(theirs.state).length,
      updatedAt: theirs.savedAt,
      baseVersion: theirs.version,
      // A copy the server holds needs no sending; one from before sign-in does.
      dirty: !theirs.fromServer,
      theirs: null,
    };
    await db.gameSaves.put(next);
    return next;
  });
  if (other?.dirty && owner !== ANONYMOUS_OWNER) await pushGameSave(source, owner, gameId, label);
}

/**
 * Gives the saves made on this device while nobody was signed in to the student's account. A game the
 * student has no copy of here moves over whole and is sent; for one they have, both are kept and the
 * student chooses, as between two devices (one already waiting for a choice keeps the anonymous copy
 * until then). Returns how many games moved or now wait for a choice.
 */
export async function attachAnonymousSaves(source: DataSource, userId: string, label: string): Promise<number> {
  const { db } = partsOf(source);
  const moved = await guardQuota(() =>
    db.transaction('rw', db.gameSaves, async () => {
      const anonymous = await db.gameSaves.where('owner').equals(ANONYMOUS_OWNER).toArray();
      const taken: { gameId: string; whole: boolean }[] = [];
      for (const save of anonymous) {
        const mine = await db.gameSaves.get([userId, save.gameId]);
        if ((mine?.theirs ?? null) !== null) continue;
        if (mine === undefined) {
          await db.gameSaves.put({ ...save, owner: userId, baseVersion: null, dirty: true, theirs: null });
          taken.push({ gameId: save.gameId, whole: true });
        } else if (mine.state !== save.state) {
          await db.gameSaves.update([userId, save.gameId], {
            theirs: { state: save.state, version: mine.baseVersion, deviceLabel: 'this device, before you signed in', savedAt: save.updatedAt, fromServer: false },
          });
          taken.push({ gameId: save.gameId, whole: false });
        }
        await db.gameSaves.delete([ANONYMOUS_OWNER, save.gameId]);
      }
      return taken;
    }),
  );
  for (const { gameId, whole } of moved) if (whole) await pushGameSave(source, userId, gameId, label);
  return moved.length;
}
