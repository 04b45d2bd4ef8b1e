import { useEffect } from 'react';
import { usePortal } from '../../app/portal.tsx';
import type { PortalDB } from '../../data/db.ts';
import { PERIODIC_REFRESH_MS, TIME_SPENT_INCREMENT } from '../../domain/coins.ts';
import { enqueue } from '../../sync/outbox.ts';
import { notePlayed } from '../catalogue/recentlyPlayed.ts';
import { mayQueueTick } from './timeTicks.ts';
import { startVisibleTicker } from './visibleTicker.ts';

async function queueTick(db: PortalDB, userId: string): Promise<void> {
  const waiting = await db.outbox.where('userId').equals(userId).toArray();
  if (!mayQueueTick(waiting, userId)) return;
  await enqueue(db, { kind: 'increment_time_spent', args: { user_id: userId, increment_value: TIME_SPENT_INCREMENT }, userId });
}

/**
 * Opening a game records it as played once per visit (for a signed-in student, through the outbox;
 * on this device's recent list in any case), and each 5 minutes the page stays visible adds time spent.
 */
export function usePlayTracking(appId: string | null): void {
  const { runtime, session } = usePortal();
  const userId = session?.user.id ?? null;

  useEffect(() => {
    if (runtime === null || appId === null) return;
    const { db } = runtime;
    // Failures here are the outbox's to report (a full disk shows through the sync indicator).
    notePlayed(db, userId, appId).catch(() => undefined);
    if (userId === null) return;
    enqueue(db, { kind: 'record_app_played', args: { p_app_id: appId }, userId }).catch(() => undefined);
    return startVisibleTicker(PERIODIC_REFRESH_MS, () => {
      queueTick(db, userId).catch(() => undefined);
    });
  }, [runtime, appId, userId]);
}
