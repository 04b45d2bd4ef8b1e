import 'fake-indexeddb/auto';
import { describe, expect, it } from 'vitest';
import { createDataSource } from '../../../src/data/source.ts';
import type { PortalSupabase } from '../../../src/backend/supabase.ts';
import { watchSettled } from '../../../src/state/outboxOutcome.ts';
import { enqueue } from '../../../src/sync/outbox.ts';
import { drainOnce, freshDb, refuseAll, USER } from '../sync/fakes.ts';

async function queuedPlay() {
  const { db } = freshDb();
  const item = await enqueue(db, { kind: 'record_app_played', args: { p_app_id: 'app-2048' }, userId: USER });
  return { db, data: createDataSource({} as PortalSupabase, db), id: item.id };
}

describe('watchSettled', () => {
  it('resolves confirmed once the server took the item and it left the outbox', async () => {
    const { db, data, id } = await queuedPlay();
    const watch = watchSettled(data, id);
    await drainOnce(db);
    expect(await watch.settled).toEqual({ confirmed: true });
  });

  it('resolves with the refused item, and the server’s reason, when the server turned it down', async () => {
    const { db, data, id } = await queuedPlay();
    const watch = watchSettled(data, id);
    await drainOnce(db, refuseAll('no such app'));
    const settled = await watch.settled;
    expect(settled.confirmed).toBe(false);
    expect(settled.confirmed ? null : [settled.item.id, settled.item.status, settled.item.lastError?.message]).toEqual([id, 'failed', 'no such app']);
  });

  it('keeps waiting while the item is queued, and stops when asked', async () => {
    const { db, data, id } = await queuedPlay();
    const watch = watchSettled(data, id);
    const early = await Promise.race([watch.settled, new Promise((resolve) => setTimeout(() => resolve('waiting'), 50))]);
    expect(early).toBe('waiting');
    watch.stop();
    await drainOnce(db);
    const late = await Promise.race([watch.settled, new Promise((resolve) => setTimeout(() => resolve('stopped'), 50))]);
    expect(late).toBe('stopped');
  });
});
