import { guardQuota, type MutationArgs, type MutationKind, type OutboxItem, type PortalDB } from '../data/db.ts';
import { IMAGE_WITHOUT_NAME, NOT_LOGGED_IN } from '../domain/messages.ts';
import { effects, effectTables, MutationRefused, rollback, type OptimisticEffect } from './effects.ts';

export interface NewMutation<K extends MutationKind = MutationKind> {
  kind: K;
  args: MutationArgs[K];
  userId: string;
  /** The score proof image; kept in the outbox row until it has been uploaded. */
  blob?: Blob;
  /** Blobs lose a File's name in IndexedDB, so it travels beside it. */
  blobName?: string;
}

export interface EnqueueOptions {
  now?: Date;
}

/**
 * Queues a mutation and applies its optimistic effect in ONE transaction: if either fails,
 * neither happened. `applyOptimistic` defaults to the kind's effect from effects.ts.
 */
export async function enqueue<K extends MutationKind>(
  db: PortalDB,
  mutation: NewMutation<K>,
  applyOptimistic: OptimisticEffect = effects[mutation.kind],
  options: EnqueueOptions = {},
): Promise<OutboxItem> {
  if (!mutation.userId) throw new MutationRefused(NOT_LOGGED_IN);
  if (mutation.kind === 'submit_score' && (!mutation.blob || !mutation.blobName)) {
    throw new MutationRefused(IMAGE_WITHOUT_NAME);
  }
  const id = crypto.randomUUID();
  const now = options.now ?? new Date();
  return guardQuota(() =>
    db.transaction('rw', [db.outbox, ...effectTables(db)], async () => {
      const undo = await applyOptimistic({ db, userId: mutation.userId, opId: id, now }, mutation.args);
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
      const seq = await db.outbox.add(row as OutboxItem);
      return { ...row, seq } as OutboxItem;
    }),
  );
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

export async function failedItems(db: PortalDB, userId: string): Promise<OutboxItem[]> {
  const rows = await db.outbox.where('[userId+status]').equals([userId, 'failed']).toArray();
  return rows.sort((a, b) => a.seq - b.seq);
}

/**
 * The user's explicit "discard": the only way besides server confirmation that a row leaves the outbox.
 * A row that was still waiting has its optimistic effect taken back first.
 */
export async function discard(db: PortalDB, id: string): Promise<void> {
  await db.transaction('rw', [db.outbox, ...effectTables(db)], async () => {
    const item = await db.outbox.where('id').equals(id).first();
    if (!item) return;
    if (item.status !== 'failed') await rollback(db, item);
    await db.outbox.delete(item.seq);
  });
}
