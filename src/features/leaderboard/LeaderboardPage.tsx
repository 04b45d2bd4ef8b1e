import { useLiveQuery } from 'dexie-react-hooks';
import { useEffect, useState } from 'react';
import { useLoading } from '../../app/loading.tsx';
import { Page } from '../../app/Page.tsx';
import { usePortal } from '../../app/portal.tsx';
import { useCatalogueApps } from '../catalogue/catalogueApps.ts';
import { HighScoreTable } from '../player/HighScores.tsx';
import { useHighScores } from '../player/useHighScores.ts';
import {
  describeAge,
  refreshStanding,
  refreshTopLists,
  standingKey,
  TOP_LISTS,
  type Standing,
  type TopList,
  type TopRow,
} from './leaderboardData.ts';
import './leaderboard.css';

function useNow(): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const handle = setInterval(() => setNow(Date.now()), 30_000);
    return () => clearInterval(handle);
  }, []);
  return now;
}

function TopListPanel({ list, rows, me }: { list: TopList; rows: TopRow[] | undefined; me: string | null }) {
  return (
    <section className="panel board" aria-labelledby={`board-${list.name}`} data-testid={`top-list-${list.name}`}>
      <h2 id={`board-${list.name}`}>{list.title}</h2>
      {rows === undefined && <p className="muted">Not loaded on this device yet.</p>}
      {rows !== undefined && rows.length === 0 && <p className="muted">Nobody is on this board yet.</p>}
      {rows !== undefined && rows.length > 0 && (
        <ol className="board-list">
          {rows.map((row) => (
            <li key={row.user_id} className={row.user_id === me ? 'board-me' : undefined} data-testid="board-row">
              <span className="board-name">{row.username}</span>
              <span className="board-value">{list.unit(row.value)}</span>
            </li>
          ))}
        </ol>
      )}
    </section>
  );
}

function StandingPanel({ standing }: { standing: Standing | null | undefined }) {
  return (
    <section className="panel board-standing" aria-labelledby="my-standing" data-testid="my-standing">
      <h2 id="my-standing">Your standing</h2>
      {standing === undefined && <p className="muted">Not loaded on this device yet.</p>}
      {standing === null && <p className="muted">Play a game or claim your streak to get on the boards.</p>}
      {standing && (
        <dl className="standing-grid">
          <div>
            <dt>Streak</dt>
            <dd>
              {standing.current_streak} {standing.current_streak === 1 ? 'day' : 'days'} <small>#{standing.streak_rank}</small>
            </dd>
          </div>
          <div>
            <dt>Time played</dt>
            <dd>
              {standing.time_spent} min <small>#{standing.time_spent_rank}</small>
            </dd>
          </div>
          <div>
            <dt>Games played</dt>
            <dd>
              {standing.apps_played} <small>#{standing.apps_played_rank}</small>
            </dd>
          </div>
        </dl>
      )}
    </section>
  );
}

function GameScores({ now }: { now: number }) {
  const apps = useCatalogueApps();
  const [picked, setPicked] = useState<string | null>(null);
  const appId = picked ?? apps?.find((app) => app.bundled)?.id ?? apps?.[0]?.id ?? null;
  const { rows, fetchedAt } = useHighScores(appId);
  const title = apps?.find((app) => app.id === appId)?.title ?? '';
  return (
    <section className="panel board-games" aria-labelledby="game-scores" data-testid="game-scores">
      <div className="board-games-head">
        <h2 id="game-scores">High scores by game</h2>
        <label>
          <span className="visually-hidden">Game</span>
          <select value={appId ?? ''} onChange={(event) => setPicked(event.target.value)} data-testid="game-picker">
            {(apps ?? []).map((app) => (
              <option key={app.id} value={app.id}>
                {app.title}
              </option>
            ))}
          </select>
        </label>
      </div>
      {rows === undefined && <p className="muted">Loading…</p>}
      {rows === null && <p className="muted">Not loaded on this device yet.</p>}
      {rows && rows.length === 0 && <p className="muted">No high scores for {title} yet.</p>}
      {rows && rows.length > 0 && <HighScoreTable rows={rows} caption={`High scores of ${title}`} />}
      {fetchedAt !== null && <p className="age">{describeAge(fetchedAt, now)}</p>}
    </section>
  );
}

export default function LeaderboardPage() {
  const { runtime, session } = usePortal();
  const { start, done } = useLoading();
  const now = useNow();
  const userId = session?.user.id ?? null;
  const db = runtime?.db ?? null;
  const [failed, setFailed] = useState<string | null>(null);

  useEffect(() => {
    if (runtime === null || !navigator.onLine) return;
    refreshTopLists(runtime.db, runtime.supabase, {
      onList: (name, phase) => (phase === 'start' ? start(name) : done(name)),
    }).then(
      () => setFailed(null),
      (error: unknown) => setFailed(error instanceof Error ? error.message : String(error)),
    );
  }, [runtime, start, done]);

  useEffect(() => {
    if (runtime === null || userId === null || !navigator.onLine) return;
    refreshStanding(runtime.db, runtime.supabase, userId).catch(() => undefined);
  }, [runtime, userId]);

  const lists = useLiveQuery(async () => (db === null ? undefined : db.leaderboards.bulkGet(TOP_LISTS.map((l) => l.name))), [db]);
  const standingRow = useLiveQuery(
    async () => (db === null || userId === null ? undefined : ((await db.leaderboards.get(standingKey(userId))) ?? null)),
    [db, userId],
  );
  const standing = standingRow === undefined || standingRow === null ? undefined : ((standingRow.rows[0] as Standing | undefined) ?? null);
  const fetchedTimes = (lists ?? []).flatMap((entry) => (entry ? [entry.fetchedAt] : []));
  const oldest = fetchedTimes.length > 0 ? Math.min(...fetchedTimes) : null;

  return (
    <Page name="leaderboard" title="Leaderboard">
      <p className="page-lead">The top players by streak, time spent, games played and Dabloons earned this week, plus each game's high scores.</p>
      <p className="age" data-testid="leaderboard-age">
        {oldest === null ? 'Not loaded yet.' : describeAge(oldest, now)}
        {failed !== null && oldest !== null && ' · the server could not be reached, so these may be out of date.'}
        {failed !== null && oldest === null && ` · ${failed}`}
      </p>
      {userId !== null && <StandingPanel standing={standing} />}
      <div className="boards">
        {TOP_LISTS.map((list, i) => (
          <TopListPanel key={list.name} list={list} rows={lists?.[i]?.rows as TopRow[] | undefined} me={userId} />
        ))}
      </div>
      <GameScores now={now} />
    </Page>
  );
}
