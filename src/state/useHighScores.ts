import { useLiveRead } from './liveRead.ts';
import { useCallback, useEffect } from 'react';
import { useLoading } from './loading.tsx';
import { useDataSource } from './account.ts';
import type { HighScoreRow } from '../data/leaderboards.ts';

export type { HighScoreRow } from '../data/leaderboards.ts';
import { refreshHighScores } from '../data/queries/refreshHighScores.ts';
import { readHighScores } from '../data/reads/leaderboards.ts';
import { isOnline } from '../data/online.ts';

export interface HighScores {
  /** undefined until Dexie has answered; null when this device has never read them. */
  rows: HighScoreRow[] | null | undefined;
  fetchedAt: number | null;
  refresh: () => void;
}

/** A game's high scores from Dexie, re-read from the server on open and on demand. */
export function useHighScores(appId: string | null): HighScores {
  const data = useDataSource();
  const { start, done } = useLoading();
  const entry = useLiveRead(() => (data === null || appId === null ? undefined : readHighScores(data, appId)), [data, appId]);

  const refresh = useCallback(() => {
    if (data === null || appId === null) return;
    start('AppScore');
    // Offline or refused, the scores this device read last stay on screen with their age.
    refreshHighScores(data, appId)
      .catch(() => undefined)
      .finally(() => done('AppScore'));
  }, [data, appId, start, done]);

  useEffect(() => {
    if (isOnline()) refresh();
  }, [refresh]);

  return {
    rows: entry === undefined ? undefined : entry === null ? null : entry.rows,
    fetchedAt: entry?.fetchedAt ?? null,
    refresh,
  };
}
