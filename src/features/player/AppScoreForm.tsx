import { Gamepad2, LogIn } from 'lucide-react';
import { useId } from 'react';
import { useLocation } from 'react-router-dom';
import type { ScoreSubmission } from '../../state/player.ts';
import { Button, ButtonLink } from '../../ui/Button.tsx';
import type { ScoreOffer } from './scoreOffer.ts';
import { ScoreEntryForm } from './ScoreEntryForm.tsx';

/** The score form's panel: the form for a student, a way to sign in for a visitor. */
export function AppScoreForm({
  submission,
  offer,
  onUseScore,
}: {
  submission: ScoreSubmission;
  offer: ScoreOffer | null;
  /** Asks the game for the score on its screen and a screenshot; null when the game cannot hand them over. */
  onUseScore: (() => void) | null;
}) {
  const location = useLocation();
  const ids = useId();
  return (
    <section className="panel player-panel" aria-labelledby={`${ids}-heading`} data-testid="score-form">
      <h2 id={`${ids}-heading`}>Submit a high score</h2>
      {submission.account === 'signed-out' ? (
        // A visitor learns that a score needs an account before typing one in, and comes back here after.
        <div className="score-sign-in" data-testid="score-sign-in">
          <p>Sign in to put your score on the board.</p>
          <ButtonLink to={`/auth?next=${encodeURIComponent(location.pathname)}`} icon={<LogIn aria-hidden="true" size={18} />} data-testid="score-sign-in-link">
            Sign in
          </ButtonLink>
        </div>
      ) : (
        <>
          {onUseScore !== null && (
            <Button variant="secondary" size="sm" icon={<Gamepad2 aria-hidden="true" size={18} />} className="score-from-game" onClick={onUseScore} data-testid="use-game-score">
              Use my score from the game
            </Button>
          )}
          <ScoreEntryForm key={offer?.nonce ?? 'typed'} offer={offer} submission={submission} />
        </>
      )}
    </section>
  );
}
