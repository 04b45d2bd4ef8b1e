import { useLiveRead } from './liveRead.ts';
import { useState } from 'react';
import type { StreakRow } from '../store/db.ts';
import { pendingAmount } from '../data/reads/ledger.ts';
import { readOutboxOfKind } from '../data/reads/outbox.ts';
import { readStreak } from '../data/reads/streak.ts';
import { useAccount } from './account.ts';
import { queueAction } from './queueAction.ts';
import { actingUser } from './requireUser.ts';
import { useRefresh } from './useRefresh.ts';

export interface StreakView {
  account: 'loading' | 'signed-out' | 'signed-in';
  /** null: never claimed; undefined: not read yet (or nobody signed in). */
  streak: StreakRow | null | undefined;
  /** A claim is on this device, waiting for the server. */
  pending: boolean;
  /** The Dabloons the last claim on this page earned, once known. */
  lastReward: number | null;
  busy: boolean;
  /** Queues the claim (optimistically applied); signed out, the spec's notice. Resolves to the reward, or null. */
  claim: () => Promise<number | null>;
}

/** The daily streak: the device's copy, read back from the server when the page opens, and its claim. */
export function useStreak(): StreakView {
  const account = useAccount();
  const data = account.state === 'signed-in' ? account.data : null;
  const userId = account.state === 'signed-in' ? account.userId : null;
  useRefresh(['Streak', 'Coins'], (runtime, user) => (user === null ? Promise.resolve() : runtime.reconcileNow()));
  const streak = useLiveRead(async () => (data === null || userId === null ? undefined : readStreak(data, userId)), [data, userId]);
  const queued = useLiveRead(
    async () => (data === null || userId === null ? 0 : (await readOutboxOfKind(data, userId, 'claim_streak')).filter((item) => item.status !== 'failed').length),
    [data, userId],
  );
  const [lastReward, setLastReward] = useState<number | null>(null);
  const [busy, setBusy] = useState(false);

  async function claim(): Promise<number | null> {
    if (data === null || userId === null) {
      actingUser(null);
      return null;
    }
    setBusy(true);
    try {
      const item = await queueAction(data, userId, 'claim_streak', {});
      if (item === null) return null;
      const amount = await pendingAmount(data, item.id);
      setLastReward(amount);
      return amount;
    } finally {
      setBusy(false);
    }
  }

  return {
    account: account.state,
    streak,
    pending: (queued ?? 0) > 0 || (streak?.pendingOpId ?? undefined) !== undefined,
    lastReward,
    busy,
    claim,
  };
}
