// The UI's way into the outbox: an offline-capable write is queued here, applied on this device at once,
// and sent by the sync engine (src/sync) when online. See src/sync/outbox.ts for what a mutation is.
import { discard, enqueue, type NewMutation } from '../sync/outbox.ts';
import type { MutationKind, OutboxItem } from '../store/db.ts';
import { partsOf, type DataSource } from './source.ts';

/**
 * Queues a mutation with its kind's optimistic effect (src/sync/kinds), in one transaction. Rejects with
 * MutationRefused (the device already knows the server would say no: nothing queued) or StorageFullError.
 */
export function queueMutation<K extends MutationKind>(source: DataSource, mutation: NewMutation<K>): Promise<OutboxItem> {
  return enqueue(partsOf(source).db, mutation);
}

/** The student's explicit "discard" of a queued or refused change; a waiting one's effect is taken back. */
export function discardMutation(source: DataSource, id: string): Promise<void> {
  return discard(partsOf(source).db, id);
}
