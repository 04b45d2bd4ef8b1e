import { useState } from 'react';
import toast from 'react-hot-toast';
import { usePortal } from '../../state/portal.tsx';
import { withdrawScore } from '../../data/actions/withdrawScore.ts';
import { fetchOwnScores, type OwnScore } from '../../data/queries/fetchOwnScores.ts';
import { useServerRead } from '../../state/useServerRead.ts';
import '../../ui/formCard.css';
import './player.css';

/**
 * The signed-in student's own scores for this game, each with a way to withdraw it and its screenshot:
 * a score sent by mistake, or one to make room under the per-game limit. Online only.
 */
/** Where a score with its screenshot stands with the moderation desk. */
const REVIEW_WORDS: Record<OwnScore['review'], string> = {
  pending: 'with screenshot, waiting for review',
  approved: 'approved, on the board',
  rejected: 'rejected by a moderator, not on the board',
};

interface OwnScoresProps {
  appId: string;
  title: string;
  version: number;
  onWithdrawn: () => void;
}

/** Only a signed-in student has scores: a visitor's page asks the server nothing (it used to get a 401). */
export function OwnScores(props: OwnScoresProps) {
  const { runtime, session } = usePortal();
  if (session === null || runtime === null) return null;
  return <SignedInScores key={session.user.id} {...props} />;
}

function SignedInScores({ appId, title, version, onWithdrawn }: OwnScoresProps) {
  const { runtime } = usePortal();
  const [scores, reload] = useServerRead(`own-scores:${appId}:${version}`, (data) => fetchOwnScores(data, appId));
  const [asking, setAsking] = useState<number | null>(null);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);

  async function withdraw(score: OwnScore) {
    if (runtime === null) return;
    if (!navigator.onLine) {
      setError('You are offline. Connect to withdraw a score.');
      return;
    }
    setBusy(true);
    setError(null);
    const result = await withdrawScore(runtime.data, score);
    setBusy(false);
    if (result.error) {
      setError(`This score could not be withdrawn: ${result.error.message}`);
      reload();
      return;
    }
    setAsking(null);
    toast.success(`Your score of ${score.score.toLocaleString('en-US')} was withdrawn`);
    reload();
    onWithdrawn();
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
