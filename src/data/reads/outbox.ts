import type { MutationKind, OutboxItem } from '../../store/db.ts';
import { partsOf, type DataSource } from '../source.ts';

/** Everything this user has queued, failed items included, oldest first. */
export function readOutbox(source: DataSource, userId: string): Promise<OutboxItem[]> {
  return partsOf(source).db.outbox.where('userId').equals(userId).sortBy('seq');
}

/** This user's queued items of one kind, failed ones included, oldest first. */
export function readOutboxOfKind(source: DataSource, userId: string, kind: MutationKind): Promise<OutboxItem[]> {
  return partsOf(source)
    .db.outbox.where('userId')
    .equals(userId)
    .filter((item) => item.kind === kind)
    .sortBy('seq');
}

/** One queued item by its id; null once it has left the outbox (confirmed or discarded). */
export async function readOutboxItem(source: DataSource, id: string): Promise<OutboxItem | null> {
  return (await partsOf(source).db.outbox.where('id').equals(id).first()) ?? null;
}
