import type { Subscription } from 'dexie';
import type { MutationKind, OutboxItem, PortalDB } from '../store/db.ts';
import { NOT_LOGGED_IN } from '../domain/messages.ts';
import { MutationRefused } from './effects.ts';
import type { Submitted } from './kinds/kind.ts';
import { KINDS } from './kinds/registry.ts';
import { restack } from './rebase.ts';
import { inSyncTransaction } from '../store/syncTables.ts';
import { MirrorView } from '../store/mirrorView.ts';

export interface NewMutation<K extends MutationKind = MutationKind> extends Submitted<K> {
  kind: K;
}

export interface EnqueueOptions {
  now?: Date;
}

/**
 * Queues a mutation and lays its kind's optimistic effect on the mirror in ONE transaction: if either
 * fails, neither happened. Arguments the kind's check refuses, and effects the mirror shows the server
 * would refuse, throw MutationRefused and queue nothing.
 */
export async function enqueue<K extends MutationKind>(db: PortalDB, mutation: NewMutation<K>, options: EnqueueOptions = {}): Promise<OutboxItem> {
  if (!mutation.userId) throw new MutationRefused(NOT_LOGGED_IN);
  const kind = KINDS[mutation.kind];
  const problem = kind.check(mutation);
  if (problem !== null) throw new MutationRefused(problem);
  const id = crypto.randomUUID();
  const now = options.now ?? new Date();
  return inSyncTransaction(db, async (tables) => {
    const view = new MirrorView(tables, mutation.userId);
    const undo = await kind.apply(view, mutation.args, { userId: mutation.userId, opId: id, now });
    await view.flush();
    const row: Omit<OutboxItem, 'seq'> = {
      id,
      kind: mutation.kind,
      args: { ...mutation.args },
      userId: mutation.userId,
      createdAt: now.getTime(),
      attempts: 0,
      status: 'queued',
      lastError: null,
      undo,
      ...(mutation.blob ? { blob: mutation.blob } : {}),
      ...(mutation.blobName ? { blobName: mutation.blobName } : {}),
    };
    const seq = await tables.outbox.add(row);
    return { ...row, seq };
  });
}

/** Items waiting to be sent for this user, oldest first. */
export async function queuedItems(db: PortalDB, userId: string, limit?: number): Promise<OutboxItem[]> {
  const collection = db.outbox.orderBy('seq').filter((i) => i.userId === userId && i.status !== 'failed');
  return limit === undefined ? collection.toArray() : collection.limit(limit).toArray();
}

/** Unsent work that signing out would strand: the UI warns before signing out when this is above 0. */
export async function pendingCount(db: PortalDB, userId: string): Promise<number> {
  const [queued, sending] = await Promise.all([
    db.outbox.where('[userId+status]').equals([userId, 'queued']).count(),
    db.outbox.where('[userId+status]').equals([userId, 'sending']).count(),
  ]);
  return queued + sending;
}

/**
 * Tells `observer` the signed-in student's unsent count now and after every change to the outbox, from
 * this tab or another.
 */
export function watchPending(
  db: PortalDB,
  getUserId: () => string | null,
  observer: { next: (pending: number) => void; error: (err: unknown) => void },
): Subscription {
  return db.live(async () => {
    // Counting every row makes the watch cover the whole table: a liveQuery wakes only for what its
    // last run read, so one that read nothing (nobody signed in yet) or another student's rows would
    // sleep through the changes of a student who signs in afterwards, and theirs would never be sent.
    await db.outbox.count();
    const userId = getUserId();
    return userId ? pendingCount(db, userId) : 0;
  }).subscribe(observer);
}

export async function failedItems(db: PortalDB, userId: string): Promise<OutboxItem[]> {
  const rows = await db.outbox.where('[userId+status]').equals([userId, 'failed']).toArray();
  return rows.sort((a, b) => a.seq - b.seq);
}

/**
 * Drops this user's items of `kind` still waiting to be sent (never one being sent) that `matches`: a
 * newer item about to be queued says all they would. Only for kinds without an optimistic effect.
 */
export async function dropQueued<K extends MutationKind>(
  db: PortalDB,
  userId: string,
  kind: K,
  matches: (args: OutboxItem['args']) => boolean,
): Promise<number> {
  return db.transaction('rw', db.outbox, () =>
    db.outbox
      .where('[userId+status]')
      .equals([userId, 'queued'])
      .filter((item) => item.kind === kind && matches(item.args))
      .delete(),
  );
}

/**
 * The user's explicit "discard": the only way besides server confirmation that a row leaves the outbox.
 * A row that was still waiting has its optimistic effect taken back first.
 */
export async function discard(db: PortalDB, id: string): Promise<void> {
  await inSyncTransaction(db, async (tables) => {
    const item = await tables.outbox.where('id').equals(id).first();
    if (!item) return;
    if (item.status !== 'failed') await restack(tables, item.userId, { ending: new Set([item.id]) });
    await tables.outbox.delete(item.seq);
  });
}
