import { useState } from 'react';
import toast from 'react-hot-toast';
import type { OwnScore, OwnScoresView } from '../../state/player.ts';
import '../../ui/formCard.css';
import './player.css';

/** Where a score with its screenshot stands with the moderation desk. */
const REVIEW_WORDS: Record<OwnScore['review'], string> = {
  pending: 'with screenshot, waiting for review',
  approved: 'approved, on the board',
  rejected: 'rejected by a moderator, not on the board',
};

/**
 * The signed-in student's own scores for this game, each with a way to withdraw it and its screenshot:
 * a score sent by mistake, or one to make room under the per-game limit. Only a signed-in student has any.
 */
export function OwnScores({ title, view }: { title: string; view: OwnScoresView }) {
  const [asking, setAsking] = useState<number | null>(null);
  if (view.account !== 'signed-in') return null;
  const { scores, busy, error } = view;
  const { withdraw: ask } = view;

  async function withdraw(score: OwnScore) {
    if (!(await ask(score))) return;
    setAsking(null);
    toast.success(`Your score of ${score.score.toLocaleString('en-US')} was withdrawn`);
  }

  return (
    <section className="panel player-panel" aria-labelledby="own-scores-heading" data-testid="own-scores">
      <h2 id="own-scores-heading">Your scores</h2>
      {scores.state === 'loading' && <p className="muted">Loading…</p>}
      {scores.state === 'error' && <p className="muted">Your scores cannot be loaded right now{navigator.onLine ? '' : ' (you are offline)'}.</p>}
      {scores.state === 'ready' && scores.data.length === 0 && <p className="muted">You have not sent a score for {title} yet.</p>}
      {error !== null && (
        <p className="form-error" role="alert" data-testid="own-scores-error">
          {error}
        </p>
      )}
      {scores.state === 'ready' && scores.data.length > 0 && (
        <ul className="own-scores">
          {scores.data.map((score) => (
            <li key={score.id} data-testid="own-score">
              <span className="own-score-value">{score.score.toLocaleString('en-US')}</span>{' '}
              <span className="muted">
                {new Date(score.created_at).toLocaleDateString('en-US', { month: 'short', day: 'numeric' })} ·{' '}
                {score.proof === null ? 'no screenshot, not on the board' : REVIEW_WORDS[score.review]}
              </span>{' '}
              {asking === score.id ? (
                <span className="own-score-confirm">
                  <button type="button" className="button" disabled={busy} onClick={() => void withdraw(score)}>
                    Withdraw it
                  </button>{' '}
                  <button type="button" className="link-button" disabled={busy} onClick={() => setAsking(null)}>
                    Keep it
                  </button>
                </span>
              ) : (
                <button
                  type="button"
                  className="link-button"
                  onClick={() => setAsking(score.id)}
                  aria-label={`Withdraw your score of ${score.score.toLocaleString('en-US')}`}
                >
                  Withdraw
                </button>
              )}
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
