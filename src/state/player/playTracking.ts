import { useEffect } from 'react';
import { queueMutation } from '../../data/queue.ts';
import { readOutbox } from '../../data/reads/outbox.ts';
import { notePlayed } from '../../data/recentPlays.ts';
import type { DataSource } from '../../data/source.ts';
import { PERIODIC_REFRESH_MS, TIME_SPENT_INCREMENT } from '../../domain/coins.ts';
import { mayQueueTick } from '../../domain/timeTicks.ts';
import { useAccount } from '../account.ts';
import { startVisibleTicker, type TickCarry } from './visibleTicker.ts';

/** Per student, the part of a 5-minute period played on earlier game pages of this visit. */
const carried = new Map<string, TickCarry>();

async function queueTick(data: DataSource, userId: string): Promise<void> {
  if (!mayQueueTick(await readOutbox(data, userId), userId)) return;
  await queueMutation(data, { kind: 'increment_time_spent', args: { user_id: userId, increment_value: TIME_SPENT_INCREMENT }, userId });
}

/**
 * Opening a game records it as played once per visit (for a signed-in student, through the outbox;
 * on this device's recent list in any case), and each 5 minutes of visible play adds time spent, counted
 * across the game pages of one visit.
 */
export function usePlayTracking(appId: string | null): void {
  const account = useAccount();
  const userId = account.state === 'signed-in' ? account.userId : null;
  const data = account.state === 'loading' ? null : account.data;

  useEffect(() => {
    if (data === null || appId === null) return;
    // Failures here are the outbox's to report (a full disk shows through the sync indicator).
    notePlayed(data, userId, appId).catch(() => undefined);
    if (userId === null) return;
    queueMutation(data, { kind: 'record_app_played', args: { p_app_id: appId }, userId }).catch(() => undefined);
    let carry = carried.get(userId);
    if (carry === undefined) carried.set(userId, (carry = { spentMs: 0 }));
    return startVisibleTicker(
      PERIODIC_REFRESH_MS,
      () => {
        queueTick(data, userId).catch(() => undefined);
      },
      undefined,
      undefined,
      carry,
    );
  }, [data, appId, userId]);
}
