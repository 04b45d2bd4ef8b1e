import type { MutationArgs, MutationKind, OutboxItem, PortalDB } from '../../../../src/store/db.ts';
import { KINDS } from '../../../../src/sync/kinds/registry.ts';
import { inSyncTransaction } from '../../../../src/store/syncTables.ts';
import { MirrorView } from '../../../../src/store/mirrorView.ts';
import { USER } from '../fakes.ts';

/** Everything of a student an effect may change, in a stable order. */
export async function mirrorOf(db: PortalDB, userId: string = USER) {
  const byKey = <T>(rows: T[], key: (row: T) => string) => rows.sort((a, b) => key(a).localeCompare(key(b)));
  return {
    coins: await db.coins.get(userId),
    streak: await db.streak.get(userId),
    profile: await db.profile.get(userId),
    items: byKey(await db.items.where('user_id').equals(userId).toArray(), (row) => row.item),
    ledger: byKey(await db.ledger.where('user_id').equals(userId).toArray(), (row) => row.key),
  };
}

export type Mirror = Awaited<ReturnType<typeof mirrorOf>>;

/**
 * A kind's apply, written back; then its undo over a view read afresh (as a rebase reads the mirror),
 * written back. `waiting` names the other mutations still queued (whose pending marks survive).
 */
export async function applyThenUndo<K extends MutationKind>(
  db: PortalDB,
  kind: K,
  args: MutationArgs[K],
  now: Date,
  waiting: string[] = [],
): Promise<{ applied: Mirror; undone: Mirror }> {
  const ctx = { userId: USER, opId: 'op-under-test', now };
  const module = KINDS[kind];
  const undo = await inSyncTransaction(db, async (tables) => {
    const view = new MirrorView(tables, USER, waiting);
    const record = await module.apply(view, args, ctx);
    await view.flush();
    return record;
  });
  const applied = await mirrorOf(db);
  await inSyncTransaction(db, async (tables) => {
    const view = new MirrorView(tables, USER, waiting);
    if (undo !== null) await module.undo(view, undo, ctx, 'replay');
    await view.flush();
  });
  return { applied, undone: await mirrorOf(db) };
}

/** The item as the outbox holds it now. */
export async function stored(db: PortalDB, item: OutboxItem): Promise<OutboxItem | undefined> {
  return db.outbox.get(item.seq);
}

/** The item was sent and its answer is not in yet: the server may or may not have applied it. */
export async function markSent(db: PortalDB, item: OutboxItem): Promise<void> {
  await db.outbox.update(item.seq, { status: 'sending', attempts: 1 });
}

/** The mirror without the ledger rows a refusal keeps as history. */
export function withoutRolledBack(mirror: Mirror): Mirror {
  return { ...mirror, ledger: mirror.ledger.filter((row) => row.status !== 'rolled_back') };
}
