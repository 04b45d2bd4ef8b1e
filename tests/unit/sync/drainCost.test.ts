import 'fake-indexeddb/auto';
import type { DBCoreTable } from 'dexie';
import { describe, expect, it } from 'vitest';
import type { PortalDB } from '../../../src/store/db.ts';
import { createSyncEngine } from '../../../src/sync/engine.ts';
import { createMemoryLock } from '../../../src/sync/lock.ts';
import { enqueue } from '../../../src/sync/outbox.ts';
import { FakeServer, freshDb, ManualTimer, USER } from './fakes.ts';
import { seedUser, SWORD } from './seed.ts';

const NOW = new Date('2025-10-10T12:00:00Z');

/** Counts the requests each table gets from Dexie (a bulk write is one request), from `since()` on. */
function countRequests(db: PortalDB): { since: () => Record<string, number> } {
  let counts: Record<string, number> = {};
  db.use({
    stack: 'dbcore',
    name: 'request-counter',
    create: (down) => ({
      ...down,
      table(name: string): DBCoreTable {
        const table = down.table(name);
        const counted = <A extends unknown[], R>(call: (...args: A) => R) => (...args: A): R => {
          counts[name] = (counts[name] ?? 0) + 1;
          return call(...args);
        };
        return {
          ...table,
          mutate: counted(table.mutate.bind(table)),
          get: counted(table.get.bind(table)),
          getMany: counted(table.getMany.bind(table)),
          query: counted(table.query.bind(table)),
          openCursor: counted(table.openCursor.bind(table)),
          count: counted(table.count.bind(table)),
        };
      },
    }),
  });
  return {
    since: () => {
      const seen = counts;
      counts = {};
      return seen;
    },
  };
}

/** The requests of one drain of `plays` queued plays behind a claim and a purchase, in one call. */
async function drainRequests(plays: number): Promise<Record<string, number>> {
  const { db } = freshDb({ cache: 'disabled' });
  const requests = countRequests(db);
  await seedUser(db, 5000);
  await enqueue(db, { kind: 'claim_streak', args: {}, userId: USER }, { now: NOW });
  await enqueue(db, { kind: 'buy_item', args: { p_item_id: SWORD.id }, userId: USER }, { now: NOW });
  for (let i = 0; i < plays; i += 1) await enqueue(db, { kind: 'record_app_played', args: { p_app_id: 'snake' }, userId: USER }, { now: NOW });
  const engine = createSyncEngine({
    db,
    transport: new FakeServer(),
    notify: () => undefined,
    reconcile: () => undefined,
    getUserId: () => USER,
    isOnline: () => true,
    lock: createMemoryLock(),
    timer: new ManualTimer(),
  });
  requests.since();
  const report = await engine.drainNow();
  expect(report).toMatchObject({ calls: 1, confirmed: plays + 2 });
  return requests.since();
}

describe('the cost of settling a drained batch', () => {
  it('reads and writes each table the same number of times for a batch of 98 as for 8', async () => {
    const small = await drainRequests(6);
    const large = await drainRequests(96);
    expect(large).toEqual(small);
    // Each effect table is read once and written once for the batch. The outbox: the queue read twice
    // (the batch, then the empty rest), the batch marked sent (read, write), read back and deleted when
    // settled, and the status panel's three counts. The cache: the pass's kept count of season gains,
    // read once to add the confirmed gains (this device never read one, so nothing is written).
    expect(large).toEqual({ outbox: 9, ledger: 2, items: 2, coins: 2, streak: 2, cache: 1 });
  });
});
