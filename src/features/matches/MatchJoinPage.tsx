import { Gamepad2 } from 'lucide-react';
import { useState } from 'react';
import { useNavigate, useParams } from 'react-router-dom';
import { matchLinkCode, matchLinkPath } from '../../domain/matchLink.ts';
import { useMatches } from '../../state/matches.ts';
import { Button, ButtonLink } from '../../ui/Button.tsx';
import { Page } from '../../ui/Page.tsx';
import { notice } from '../../ui/notice.tsx';

/**
 * A classmate's game link (/play/join/<code>): take the free seat and the game opens for both; signed
 * out, sign in first and come straight back here.
 */
export default function MatchJoinPage() {
  const code = matchLinkCode(useParams().code);
  const view = useMatches();
  const navigate = useNavigate();
  const [refusal, setRefusal] = useState<string | null>(null);

  async function join(linkCode: string) {
    const outcome = await view.joinLink(linkCode);
    if (!outcome.ok) {
      setRefusal(outcome.message);
      return;
    }
    notice.success(outcome.message);
    void navigate(`/play/${outcome.matchId}`, { replace: true });
  }

  return (
    <Page name="match-join" title="A game with a classmate">
      <section className="form-card" data-testid="match-link-offer">
        {code === null ? (
          <p className="form-error" role="alert">
            This game link does not work. Check it, or ask your classmate for a new one.
          </p>
        ) : view.account === 'signed-out' ? (
          <>
            <p>A classmate invited you to a two-player game. Sign in or create an account, and you come straight back here to play.</p>
            <ButtonLink to={`/auth?next=${encodeURIComponent(matchLinkPath(code))}`}>Sign in to play</ButtonLink>
          </>
        ) : (
          <>
            <p>A classmate invited you to a two-player game. The first to open the link plays: take the seat and the game starts.</p>
            {refusal !== null && (
              <p className="form-error" role="alert" data-testid="match-link-refusal">
                {refusal}
              </p>
            )}
            <div className="form-actions">
              <Button icon={<Gamepad2 aria-hidden="true" size={18} />} disabled={view.account !== 'signed-in' || view.busy} onClick={() => void join(code)}>
                Play
              </Button>
            </div>
          </>
        )}
      </section>
    </Page>
  );
}
