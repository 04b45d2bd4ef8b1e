import { Page } from '../../ui/Page.tsx';
import { describeAge } from '../../domain/describeAge.ts';
import { useGameScores, useLeaderboard, type Standing, type TopRow } from '../../state/leaderboard.ts';
import { HighScoreTable } from '../../ui/HighScoreTable.tsx';
import { useNow } from '../../ui/useNow.ts';
import { TOP_LISTS, type TopList } from './topLists.ts';
import './leaderboard.css';

function TopListPanel({ list, rows, me }: { list: TopList; rows: TopRow[] | undefined; me: string | null }) {
  return (
    <section className="panel board" aria-labelledby={`board-${list.name}`} data-testid={`top-list-${list.name}`}>
      <h2 id={`board-${list.name}`}>{list.title}</h2>
      <div className="board-body">
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
      </div>
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
  const { apps, appId, title, pick, rows, fetchedAt } = useGameScores();
  return (
    <section className="panel board-games" aria-labelledby="game-scores" data-testid="game-scores">
      <div className="board-games-head">
        <h2 id="game-scores">High scores by game</h2>
        <label>
          <span className="visually-hidden">Game</span>
          <select value={appId ?? ''} onChange={(event) => pick(event.target.value)} data-testid="game-picker">
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
  const { me, lists, fetchedAt: oldest, standing, failed } = useLeaderboard();
  const now = useNow(30_000).getTime();

  return (
    <Page name="leaderboard" title="Leaderboard">
      <p className="page-lead">The top players by streak, time spent, games played and Dabloons earned this week, plus each game's high scores.</p>
      <p className="age" data-testid="leaderboard-age">
        {oldest === null ? 'Not loaded yet.' : describeAge(oldest, now)}
        {failed !== null && oldest !== null && ' · the server could not be reached, so these may be out of date.'}
        {failed !== null && oldest === null && ` · ${failed}`}
      </p>
      {me !== null && <StandingPanel standing={standing} />}
      <div className="boards">
        {TOP_LISTS.map((list) => (
          <TopListPanel key={list.name} list={list} rows={lists?.[list.name]} me={me} />
        ))}
      </div>
      <GameScores now={now} />
    </Page>
  );
}
