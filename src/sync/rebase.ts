import type { OutboxItem } from '../store/db.ts';
import { MutationRefused } from './effects.ts';
import { applyItem, undoItem } from './kinds/registry.ts';
import type { SyncTables } from '../store/syncTables.ts';
import { MirrorView, sameData } from '../store/mirrorView.ts';

/**
 * The mutations a student has queued are one stack of speculative changes on the mirror (tldraw's
 * model). To change what lies under them, or to take one out of the middle, the stack is lifted
 * (undone newest first, so each undo finds the mirror as its apply left it), the change is made, and
 * the rest is laid back oldest first, each effect derived again from the mirror, its arguments and
 * its own time, with a fresh undo record.
 */

export interface Restack {
  /** Writes fresh server rows while every waiting effect is off the mirror. */
  base?: (view: MirrorView) => Promise<void> | void;
  /** Items that end here (refused, or discarded by the student): lifted and not laid back. */
  ending?: ReadonlySet<string>;
}

function bySeq(a: OutboxItem, b: OutboxItem): number {
  return a.seq - b.seq;
}

/**
 * Runs inside inSyncTransaction, with its tables, so readers never see the stack half lifted. Reads
 * each table once and writes only the rows that come out different.
 *
 * An item whose effect is now refused on the device stays queued with nothing on the mirror: the
 * server decides, and a later rebase tries it again. An item already sent may be counted in the
 * server's rows as well as laid on them; it is flagged, and once confirmed the mirror is read back.
 */
export async function restack(db: SyncTables, userId: string, { base, ending = new Set<string>() }: Restack): Promise<void> {
  const waiting = (await db.outbox.where('userId').equals(userId).toArray()).filter((item) => item.status !== 'failed').sort(bySeq);
  // Without new server rows, only what lies above the oldest ending item has to move.
  const from = base ? 0 : waiting.findIndex((item) => ending.has(item.id));
  if (from < 0) return;
  const lifted = waiting.slice(from);
  const view = new MirrorView(db, userId, waiting.filter((item) => !ending.has(item.id)).map((item) => item.id));
  // Everything an effect or the server's rows may rewrite is read once up front, so that rows coming
  // out as they were are not written again.
  await view.ledger();
  await view.items();
  await view.coins();
  await view.streak();
  await view.profile();

  for (const item of [...lifted].reverse()) await undoItem(view, item, ending.has(item.id) ? 'refused' : 'replay');
  if (base) await base(view);

  const changes: { key: number; changes: Partial<OutboxItem> }[] = [];
  for (const item of lifted) {
    if (ending.has(item.id)) {
      if (item.undo !== null) changes.push({ key: item.seq, changes: { undo: null } });
      continue;
    }
    let undo: object | null = null;
    try {
      undo = await applyItem(view, item);
    } catch (err) {
      if (!(err instanceof MutationRefused)) throw err;
    }
    const maybeTwice = base !== undefined && item.attempts > 0 && undo !== null && item.rebasedAfterSend !== true;
    if (maybeTwice || !sameData(undo, item.undo)) {
      changes.push({ key: item.seq, changes: { undo, ...(maybeTwice ? { rebasedAfterSend: true as const } : {}) } });
    }
  }
  await view.flush();
  if (changes.length > 0) await db.outbox.bulkUpdate(changes);
}
