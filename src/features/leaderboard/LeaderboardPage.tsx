import { useLiveQuery } from 'dexie-react-hooks';
import { useEffect, useState } from 'react';
import { useLoading } from '../../state/loading.tsx';
import { Page } from '../../ui/Page.tsx';
import { usePortal } from '../../state/portal.tsx';
import type { Standing, TopRow } from '../../data/leaderboards.ts';
import { isOnline } from '../../data/online.ts';
import { refreshStanding } from '../../data/queries/refreshStanding.ts';
import { refreshTopLists } from '../../data/queries/refreshTopLists.ts';
import { readStanding, readTopLists } from '../../data/reads/leaderboards.ts';
import { describeAge } from '../../domain/describeAge.ts';
import { HighScoreTable } from '../../ui/HighScoreTable.tsx';
import { useCatalogueApps } from '../../state/useCatalogue.ts';
import { useHighScores } from '../../state/useHighScores.ts';
import { useNow } from '../../ui/useNow.ts';
import { TOP_LISTS, type TopList } from './topLists.ts';
import './leaderboard.css';

function TopListPanel({ list, rows, me }: { list: TopList; rows: TopRow[] | undefined; me: string | null }) {
  return (
    <section className="panel board" aria-labelledby={`board-${list.name}`} data-testid={`top-list-${list.name}`}>
      <h2 id={`board-${list.name}`}>{list.title}</h2>
      {rows === undefined && <p className="muted">Not loaded on this device yet.</p>}
      {rows !== undefined && rows.length === 0 && <p className="muted">Nobody is on this board yet. {list.howToJoin}</p>}
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

/** A rank means a place on a board, and a board lists only students above zero: "0 min #1" was no place. */
function Rank({ value, rank }: { value: number; rank: number }) {
  return value > 0 ? <small>#{rank}</small> : <small>not on the board yet</small>;
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
              {standing.current_streak} {standing.current_streak === 1 ? 'day' : 'days'} <Rank value={standing.current_streak} rank={standing.streak_rank} />
            </dd>
          </div>
          <div>
            <dt>Time played</dt>
            <dd>
              {standing.time_spent} min <Rank value={standing.time_spent} rank={standing.time_spent_rank} />
            </dd>
          </div>
          <div>
            <dt>Games played</dt>
            <dd>
              {standing.apps_played} <Rank value={standing.apps_played} rank={standing.apps_played_rank} />
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
  const now = useNow(30_000).getTime();
  const userId = session?.user.id ?? null;
  const data = runtime?.data ?? null;
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
    if (data === null || userId === null || !isOnline()) return;
    refreshStanding(data, userId).catch(() => undefined);
  }, [data, userId]);

  const lists = useLiveQuery(() => (data === null ? undefined : readTopLists(data)), [data]);
  const standing = useLiveQuery(() => (data === null || userId === null ? undefined : readStanding(data, userId)), [data, userId]);
  const fetchedTimes = TOP_LISTS.flatMap((list) => {
    const entry = lists?.[list.name];
    return entry ? [entry.fetchedAt] : [];
  });
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
        {TOP_LISTS.map((list) => (
          <TopListPanel key={list.name} list={list} rows={lists?.[list.name]?.rows} me={userId} />
        ))}
      </div>
      <GameScores now={now} />
    </Page>
  );
}
