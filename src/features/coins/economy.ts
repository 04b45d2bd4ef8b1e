import toast from 'react-hot-toast';
import type { PortalRuntime } from '../../app/runtime.ts';
import { StorageFullError, type MutationArgs, type MutationKind, type OutboxItem } from '../../data/db.ts';
import { MutationRefused } from '../../sync/effects.ts';
import { enqueue } from '../../sync/outbox.ts';
import { NOT_LOGGED_IN_RESULT } from '../../domain/messages.ts';
import { requireUser, type MaybeSession } from '../auth/requireUser.ts';

/** The signed-in student's id for an action, or null after the spec's "must be logged in" notice. */
export function actingUser(session: MaybeSession): string | null {
  const id = requireUser(session);
  return id === NOT_LOGGED_IN_RESULT ? null : id;
}

/**
 * Queues one economy action in the outbox (claim, purchase, equip, tier claim) and reports a
 * refusal the device can already see as a notice. The sync engine sends it when online; the server's
 * answer confirms or rolls back the optimistic result. Returns null when nothing was queued.
 */
export async function queueAction<K extends MutationKind>(
  runtime: PortalRuntime,
  userId: string,
  kind: K,
  args: MutationArgs[K],
): Promise<OutboxItem | null> {
  try {
    return await enqueue(runtime.db, { kind, args, userId });
  } catch (error) {
    if (error instanceof MutationRefused || error instanceof StorageFullError) toast.error(error.message);
    else toast.error(error instanceof Error ? error.message : String(error));
    return null;
  }
}

/** The pending ledger rows an action added: what the student is about to gain or spend. */
export async function pendingAmount(runtime: PortalRuntime, opId: string): Promise<number> {
  const rows = await runtime.db.ledger.where('opId').equals(opId).toArray();
  return rows.reduce((sum, row) => sum + row.amt, 0);
}

/** Whole Dabloons with thousands separators, the same on every device. */
export function formatCoins(amount: number): string {
  return Math.trunc(amount).toLocaleString('en-US');
}

export function signedCoins(amount: number): string {
  return `${amount > 0 ? '+' : amount < 0 ? '−' : ''}${formatCoins(Math.abs(amount))}`;
}
