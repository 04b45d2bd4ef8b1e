import type { LedgerRow } from '../../store/db.ts';
import { partsOf, type DataSource } from '../source.ts';

/** Newest first; ties (one server transaction at the same instant) keep a stable order. */
export function sortLedger(rows: readonly LedgerRow[]): LedgerRow[] {
  return [...rows].sort((a, b) => b.created_at.localeCompare(a.created_at) || b.key.localeCompare(a.key));
}

/** The student's Dabloon transactions, confirmed and on their way, newest first. */
export async function readLedger(source: DataSource, userId: string): Promise<LedgerRow[]> {
  return sortLedger(await partsOf(source).db.ledger.where('user_id').equals(userId).toArray());
}

/** What a queued action is about to credit or spend: the sum of the ledger rows it added. */
export async function pendingAmount(source: DataSource, opId: string): Promise<number> {
  const rows = await partsOf(source).db.ledger.where('opId').equals(opId).toArray();
  return rows.reduce((sum, row) => sum + row.amt, 0);
}
