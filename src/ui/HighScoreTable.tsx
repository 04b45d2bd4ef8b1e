/** What the table shows of a score: the kit draws any list with these fields (a board, a student's own list). */
export interface ScoreRow {
  submission_id: number;
  username: string;
  score: number;
  /** False for a score still waiting for the desk, shown first and not ranked. */
  reviewed?: boolean;
}
import './highScores.css';

/** A game's high scores, best first, as the player and the leaderboard show them. */
export function HighScoreTable({ rows, caption }: { rows: readonly ScoreRow[]; caption: string }) {
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
        {rows.map((row, i) => {
          // A score waiting for review takes no rank: the server sends at most one, at the top.
          const waiting = row.reviewed === false;
          const rank = i + 1 - (rows[0]?.reviewed === false ? 1 : 0);
          return (
            <tr key={row.submission_id} data-testid="high-score" data-review={waiting ? 'waiting' : 'approved'}>
              <td>{waiting ? '–' : rank}</td>
              <td>
                {row.username}
                {waiting && <span className="score-waiting"> · waiting for review</span>}
              </td>
              <td className="num">{Number(row.score).toLocaleString('en-US')}</td>
            </tr>
          );
        })}
      </tbody>
    </table>
  );
}
