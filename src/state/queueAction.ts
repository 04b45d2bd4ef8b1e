import type { MutationArgs, MutationKind, OutboxItem } from '../store/db.ts';
import { queueMutation } from '../data/queue.ts';
import type { DataSource } from '../data/source.ts';
import { notice } from '../ui/notice.tsx';

/**
 * Queues one economy action in the outbox (claim, purchase, equip, tier claim) and reports a
 * refusal the device can already see as a notice. The sync engine sends it when online; the server's
 * answer confirms or rolls back the optimistic result. Returns null when nothing was queued.
 */
export async function queueAction<K extends MutationKind>(
  data: DataSource,
  userId: string,
  kind: K,
  args: MutationArgs[K],
): Promise<OutboxItem | null> {
  try {
    return await queueMutation(data, { kind, args, userId });
  } catch (error) {
    // A refusal (MutationRefused) and a full disk (StorageFullError) carry the words for the student.
    notice.error(error instanceof Error ? error.message : String(error));
    return null;
  }
}
