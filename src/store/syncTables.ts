import type { Transaction } from 'dexie';
import { guardQuota } from './quota.ts';
import type { PortalDB } from './db.ts';

/** The tables the outbox and the kinds' effects read and write. */
export type SyncTables = Pick<PortalDB, 'outbox' | 'coins' | 'ledger' | 'streak' | 'items' | 'profile' | 'shopItems' | 'cache'>;

const NAMES = ['outbox', 'coins', 'ledger', 'streak', 'items', 'profile', 'shopItems', 'cache'] as const satisfies readonly (keyof SyncTables)[];

/**
 * Runs `body` in one read-write transaction over every sync table, with the tables bound to that
 * transaction. Dexie finds the transaction of a call by following the async context, which it can
 * follow only about a hundred promise steps past its last database request; a rebase runs hundreds of
 * effects over rows already in memory, and a call made after that would silently open a transaction
 * of its own while this one commits under it. Bound tables never ask.
 */
export function inSyncTransaction<T>(db: PortalDB, body: (tables: SyncTables) => Promise<T>): Promise<T> {
  return guardQuota(() =>
    db.transaction('rw', NAMES.map((name) => db[name]), async (tx: Transaction) => {
      // Bound on first use: making a bound table costs about as much as a read, and most bodies use a few.
      const bound = {} as SyncTables;
      for (const name of NAMES) {
        Object.defineProperty(bound, name, { get: () => tx.table(db[name].name), enumerable: true });
      }
      return body(bound);
    }),
  );
}
