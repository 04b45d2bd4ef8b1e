import type { HighScoreRow } from '../data/leaderboards.ts';
import './highScores.css';

/** A game's high scores, best first, as the player and the leaderboard show them. */
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
