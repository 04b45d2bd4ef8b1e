import type { Transaction } from 'dexie';
import { guardQuota, type PortalDB } from '../data/db.ts';

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
      const table = <K extends keyof SyncTables>(name: K) => tx.table(db[name].name) as SyncTables[K];
      return body({
        outbox: table('outbox'),
        coins: table('coins'),
        ledger: table('ledger'),
        streak: table('streak'),
        items: table('items'),
        profile: table('profile'),
        shopItems: table('shopItems'),
        cache: table('cache'),
      });
    }),
  );
}
