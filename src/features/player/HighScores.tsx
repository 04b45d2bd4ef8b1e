import { describeAge } from '../../domain/describeAge.ts';
import type { HighScoreRow } from '../../state/player.ts';
import { HighScoreTable } from '../../ui/HighScoreTable.tsx';
import './player.css';

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
