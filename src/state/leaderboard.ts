import { useLiveRead } from './liveRead.ts';
import { useEffect, useState } from 'react';
import { TOP_LIST_NAMES, type HighScoreRow, type Standing, type TopListName, type TopRow } from '../data/leaderboards.ts';
import { isOnline } from '../data/online.ts';
import { refreshStanding } from '../data/queries/refreshStanding.ts';
import { refreshTopLists } from '../data/queries/refreshTopLists.ts';
import { readStanding, readTopLists } from '../data/reads/leaderboards.ts';
import type { AppRow } from '../store/db.ts';
import { useAccount, useDataSource } from './account.ts';
import { useLoading } from './loading.tsx';
import { useCatalogueApps } from './useCatalogue.ts';
import { useHighScores } from './useHighScores.ts';

export type { HighScoreRow, Standing, TopListName, TopRow } from '../data/leaderboards.ts';

export interface LeaderboardView {
  /** The signed-in student, whose rows the boards mark and whose standing shows; null otherwise. */
  me: string | null;
  /** Each top list as this device last read it (undefined: never read here); undefined until the device has answered. */
  lists: Record<TopListName, TopRow[] | undefined> | undefined;
  /** When the oldest list shown was read; null when none has been. */
  fetchedAt: number | null;
  /** The student's ranks: undefined when never read here, null when the server had none. */
  standing: Standing | null | undefined;
  /** Why the last refresh of the lists failed (the lists from the device stay on show); null when it did not. */
  failed: string | null;
}

/** The top lists and the student's standing from the device, read again from the server when the page opens online. */
export function useLeaderboard(): LeaderboardView {
  const account = useAccount();
  const data = useDataSource();
  const me = account.state === 'signed-in' ? account.userId : null;
  const { start, done } = useLoading();
  const [failed, setFailed] = useState<string | null>(null);

  useEffect(() => {
    if (data === null || !isOnline()) return;
    refreshTopLists(data, {
      onList: (name, phase) => (phase === 'start' ? start(name) : done(name)),
    }).then(
      () => setFailed(null),
      (error: unknown) => setFailed(error instanceof Error ? error.message : String(error)),
    );
  }, [data, start, done]);

  useEffect(() => {
    if (data === null || me === null || !isOnline()) return;
    refreshStanding(data, me).catch(() => undefined);
  }, [data, me]);

  const snapshots = useLiveRead(async () => (data === null ? undefined : readTopLists(data)), [data]);
  const standing = useLiveRead(async () => (data === null || me === null ? undefined : readStanding(data, me)), [data, me]);
  const read = TOP_LIST_NAMES.flatMap((name) => {
    const snapshot = snapshots?.[name];
    return snapshot ? [snapshot.fetchedAt] : [];
  });
  const lists =
    snapshots === undefined ? undefined : (Object.fromEntries(TOP_LIST_NAMES.map((name) => [name, snapshots[name]?.rows])) as Record<TopListName, TopRow[] | undefined>);
  return { me, lists, fetchedAt: read.length > 0 ? Math.min(...read) : null, standing, failed };
}

export interface GameScoresView {
  /** The games to pick from, by title; null while the list is not known yet. */
  apps: AppRow[] | null;
  /** The game shown: the one picked, else the first bundled game, else the first. */
  appId: string | null;
  title: string;
  pick: (appId: string) => void;
  /** undefined until the device has answered; null when it has never read them. */
  rows: HighScoreRow[] | null | undefined;
  fetchedAt: number | null;
}

/** One game's high scores at a time, the game picked from the catalogue. */
export function useGameScores(): GameScoresView {
  const apps = useCatalogueApps();
  const [picked, setPicked] = useState<string | null>(null);
  const appId = picked ?? apps?.find((app) => app.bundled)?.id ?? apps?.[0]?.id ?? null;
  const { rows, fetchedAt } = useHighScores(appId);
  return { apps, appId, title: apps?.find((app) => app.id === appId)?.title ?? '', pick: setPicked, rows, fetchedAt };
}
