import type { OutboxItem, PortalDB } from '../store/db.ts';
import type { Outcome } from '../domain/batchDecision.ts';
import { confirmEffects } from './effects.ts';
import { restack } from './rebase.ts';
import { addConfirmedGainsIn } from '../store/seasonRows.ts';
import { inSyncTransaction } from '../store/syncTables.ts';

/** What a batch's outcomes (src/domain/batchDecision.ts) do to the outbox and the mirror. */

/** A batch is on its way: a crash from here leaves its rows 'sending', and they are sent again. */
export async function markSending(db: PortalDB, batch: readonly OutboxItem[]): Promise<void> {
  await db.outbox.bulkUpdate(batch.map((item) => ({ key: item.seq, changes: { status: 'sending', attempts: item.attempts + 1 } })));
}

/**
 * Settles a batch's outcomes in one transaction: a crash leaves either all of them or none recorded.
 * Answers true when a confirmed item's effect was laid over server rows that may already count it.
 */
export async function settle(db: PortalDB, outcomes: readonly Outcome<OutboxItem>[]): Promise<boolean> {
  return inSyncTransaction(db, async (tables) => {
    const rows = await tables.outbox.bulkGet(outcomes.map((outcome) => outcome.item.seq));
    const confirmed: OutboxItem[] = [];
    const refused = new Map<string, Set<string>>();
    const changes: { key: number; changes: Partial<OutboxItem> }[] = [];
    for (const [i, outcome] of outcomes.entries()) {
      const current = rows[i];
      // Discarded by the user while in flight: its effect has already been taken back.
      if (!current) continue;
      if (outcome.kind === 'confirm') {
        confirmed.push(current);
      } else if (outcome.kind === 'park') {
        refused.set(current.userId, (refused.get(current.userId) ?? new Set()).add(current.id));
        changes.push({ key: current.seq, changes: { status: 'failed', lastError: outcome.error } });
      } else {
        changes.push({ key: current.seq, changes: { status: 'queued', ...(outcome.error ? { lastError: outcome.error } : {}) } });
      }
    }
    // Refusals first, while the items confirmed with them are still on the stack they are laid back on.
    for (const [userId, ending] of refused) await restack(tables, userId, { ending });
    const confirmedGains = await confirmEffects(tables, confirmed);
    // The pass's kept season count takes each gain as the server confirms it (so its total neither drops
    // at the confirmation nor waits for the next read). Here, not in the effects: the kinds load with the
    // first paint's sync indicator, and the season cache would bring the IndexedDB layer with them.
    for (const userId of new Set(confirmedGains.map((entry) => entry.user_id))) {
      await addConfirmedGainsIn(tables, userId, confirmedGains.filter((entry) => entry.user_id === userId));
    }
    await tables.outbox.bulkDelete(confirmed.map((row) => row.seq));
    if (changes.length > 0) await tables.outbox.bulkUpdate(changes);
    return confirmed.some((row) => row.rebasedAfterSend === true);
  });
}
