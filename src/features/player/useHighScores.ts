import { useLiveQuery } from 'dexie-react-hooks';
import { useCallback, useEffect } from 'react';
import { useLoading } from '../../app/loading.tsx';
import { usePortal } from '../../app/portal.tsx';
import { highScoresKey, refreshHighScores, type HighScoreRow } from '../leaderboard/leaderboardData.ts';

export interface HighScores {
  /** undefined until Dexie has answered; null when this device has never read them. */
  rows: HighScoreRow[] | null | undefined;
  fetchedAt: number | null;
  refresh: () => void;
}

/** A game's high scores from Dexie, re-read from the server on open and on demand. */
export function useHighScores(appId: string | null): HighScores {
  const { runtime } = usePortal();
  const { start, done } = useLoading();
  const db = runtime?.db ?? null;
  const entry = useLiveQuery(
    async () => (db === null || appId === null ? undefined : ((await db.leaderboards.get(highScoresKey(appId))) ?? null)),
    [db, appId],
  );

  const refresh = useCallback(() => {
    if (runtime === null || appId === null) return;
    start('AppScore');
    // Offline or refused, the scores this device read last stay on screen with their age.
    refreshHighScores(runtime.db, runtime.supabase, appId)
      .catch(() => undefined)
      .finally(() => done('AppScore'));
  }, [runtime, appId, start, done]);

  useEffect(() => {
    if (navigator.onLine) refresh();
  }, [refresh]);

  return {
    rows: entry === undefined ? undefined : entry === null ? null : (entry.rows as HighScoreRow[]),
    fetchedAt: entry?.fetchedAt ?? null,
    refresh,
  };
}
