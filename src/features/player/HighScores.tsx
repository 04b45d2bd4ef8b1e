import './player.css';
import { describeAge, type HighScoreRow } from '../leaderboard/leaderboardData.ts';

export function HighScoreTable({ rows, caption }: { rows: HighScoreRow[]; caption: string }) {
  return (
    <table className="score-table">
      <caption className="visually-hidden">{caption}</caption>
      <thead>
        <tr>
          <th scope="col">#</th>
          <th scope="col">Player</th>
          <th scope="col" className="num">
            Score
          </th>
        </tr>
      </thead>
      <tbody>
        {rows.map((row, i) => (
          <tr key={row.submission_id} data-testid="high-score">
            <td>{i + 1}</td>
            <td>{row.username}</td>
            <td className="num">{Number(row.score).toLocaleString('en-US')}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

export function HighScores({ title, rows, fetchedAt, now }: { title: string; rows: HighScoreRow[] | null | undefined; fetchedAt: number | null; now: number }) {
  return (
    <section className="panel player-panel" aria-labelledby="high-scores-heading" data-testid="high-scores">
      <h2 id="high-scores-heading">High scores</h2>
      {rows === undefined && <p className="muted">Loading…</p>}
      {rows === null && <p className="muted">The high scores have not been loaded on this device yet.</p>}
      {rows !== undefined && rows !== null && rows.length === 0 && <p className="muted">No high scores yet: be the first!</p>}
      {rows !== undefined && rows !== null && rows.length > 0 && <HighScoreTable rows={rows} caption={`High scores of ${title}`} />}
      {fetchedAt !== null && (
        <p className="age" data-testid="high-scores-age">
          {describeAge(fetchedAt, now)}
        </p>
      )}
    </section>
  );
}
