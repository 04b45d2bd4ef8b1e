import { Navigate } from 'react-router-dom';
import { formatCountdown } from '../../domain/countdown.ts';
import { MATCH_GAME_NAMES, PACE_LABELS } from '../../domain/match.ts';
import { matchLink } from '../../domain/matchLink.ts';
import type { MadeMatchLink, MatchesView } from '../../state/matches.ts';
import { Button } from '../../ui/Button.tsx';
import { notice } from '../../ui/notice.tsx';
import { useNow } from '../../ui/useNow.ts';
import { SharedLink } from './SharedLink.tsx';

interface Props {
  link: MadeMatchLink;
  view: MatchesView;
  /** Go to the game once a classmate takes the seat: the maker of a live game is waiting to play now. */
  openWhenTaken: boolean;
  /** Show the QR code at once (the dialog that just made the link) or on asking (the lobby's list). */
  qrOpen: boolean;
  onCancelled?: () => void;
}

/**
 * A game link the student made, until a classmate takes its seat: then the game opens for the maker
 * (the lobby is told live, so nobody has to press anything), or it leaves the list for the game's row.
 */
export function MatchLinkPanel({ link, view, openWhenTaken, qrOpen, onCancelled }: Props) {
  const now = useNow();
  const taken = view.takenLink(link);
  if (taken !== null) return openWhenTaken ? <Navigate to={`/play/${taken.id}`} /> : null;
  const left = link.expiresAt.getTime() - now.getTime();

  async function cancel() {
    const outcome = await view.cancelLink(link);
    if (outcome.ok) {
      notice.success(outcome.message);
      onCancelled?.();
    } else notice.error(outcome.message);
  }

  return (
    <SharedLink
      as="div"
      testId="match-link"
      summaryTestId="match-link-line"
      summary={
        <>
          {MATCH_GAME_NAMES[link.game]} · {PACE_LABELS[link.pace]} ·{' '}
          {left > 0 ? `waiting for a classmate to open it · open for ${formatCountdown(left)}` : 'this link has expired: make a new one.'}
        </>
      }
      url={matchLink(window.location.origin, link.code)}
      label="Game link"
      qrOpen={qrOpen}
      takeBack={
        <Button variant="quiet" size="sm" disabled={view.busy || left <= 0} onClick={() => void cancel()}>
          Take back
        </Button>
      }
    />
  );
}
