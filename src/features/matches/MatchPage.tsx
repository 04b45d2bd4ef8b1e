import { Flag, Handshake, RotateCcw, ShieldAlert, Trophy } from 'lucide-react';
import { useState } from 'react';
import { Link, useNavigate, useParams } from 'react-router-dom';
import { formatCountdown } from '../../domain/countdown.ts';
import { isMatchGame, MATCH_GAME_NAMES, PACE_LABELS } from '../../domain/match.ts';
import { useMatch, type MatchRow, type MatchView, type Outcome } from '../../state/match.ts';
import { useCatalogueApps } from '../../state/useCatalogue.ts';
import { Button, ButtonLink } from '../../ui/Button.tsx';
import { Dialog } from '../../ui/Dialog.tsx';
import { EmptyState } from '../../ui/EmptyState.tsx';
import { notice } from '../../ui/notice.tsx';
import { Page } from '../../ui/Page.tsx';
import { ProfileIcon } from '../../ui/ProfileIcon.tsx';
import { Skeleton } from '../../ui/Skeleton.tsx';
import { useNow } from '../../ui/useNow.ts';
import '../player/player.css';
import { RoomGame } from './RoomGame.tsx';
import './match.css';

function tell(outcome: { ok: boolean; message: string }): boolean {
  if (outcome.ok) notice.success(outcome.message);
  else notice.error(outcome.message);
  return outcome.ok;
}

/** Whose move, how long is left, or how it ended: the line the student reads first. */
function StatusLine({ match, view, me }: { match: MatchRow; view: MatchView; me: string }) {
  const now = useNow();
  const room = view.room;
  const opponent = match.firstPlayer.id === me ? match.secondPlayer : match.firstPlayer;
  if (match.status === 'invited') {
    return <p className="match-status">{match.invitedBy === me ? `Waiting for ${opponent.username} to accept your invite.` : `${opponent.username} invites you: accept it on your friends page.`}</p>;
  }
  if (room?.result) {
    const { winner, reason } = room.result;
    // A game a moderator ended has no winner, and is no draw either: it counts for neither player.
    const text =
      match.status === 'ended'
        ? 'A moderator ended this game: it counts for neither of you.'
        : winner === null
          ? `Draw: ${reason}.`
          : winner === room.seat
            ? `You won: ${reason}!`
            : `${opponent.username} won: ${reason}.`;
    return (
      <p className="match-status match-status-over" data-testid="match-result">
        <Trophy aria-hidden="true" size={20} /> {text}
      </p>
    );
  }
  if (match.status !== 'active' || room === null) return <p className="match-status">This game was not played.</p>;
  const mine = room.turn === room.seat;
  const left = match.deadline === null ? null : new Date(match.deadline).getTime() - now.getTime();
  return (
    <p className={`match-status${mine ? ' match-status-mine' : ''}`} data-testid="match-turn">
      {mine ? 'Your move' : `Waiting for ${opponent.username}`}
      {left !== null && !(mine && view.pending > 0) ? <span className="match-clock"> · {left > 0 ? `${formatCountdown(left)} left` : 'time is up'}</span> : null}
      {view.pending > 0 ? <span className="match-clock"> · sending your move…</span> : null}
    </p>
  );
}

function Actions({ match, view, me }: { match: MatchRow; view: MatchView; me: string }) {
  const navigate = useNavigate();
  const [confirmResign, setConfirmResign] = useState(false);
  const [reporting, setReporting] = useState(false);
  const [reason, setReason] = useState('');
  const now = useNow();
  const active = match.status === 'active';
  const theirTurn = active && match.turn !== null && match.turn !== me;
  const timeUp = theirTurn && match.deadline !== null && new Date(match.deadline).getTime() <= now.getTime();
  const offerFromThem = active && match.drawOfferBy !== null && match.drawOfferBy !== me;

  async function act(work: () => Promise<Outcome>) {
    tell(await work());
  }

  return (
    <div className="match-actions">
      {offerFromThem && (
        <div className="cm-notice-box match-offer" role="status">
          <p>Your friend offers a draw.</p>
          <div className="form-actions">
            <Button size="sm" disabled={view.busy} onClick={() => void act(() => view.answerDraw(true))}>
              Accept the draw
            </Button>
            <Button size="sm" variant="quiet" disabled={view.busy} onClick={() => void act(() => view.answerDraw(false))}>
              Play on
            </Button>
          </div>
        </div>
      )}
      {timeUp && (
        <Button icon={<Trophy aria-hidden="true" size={18} />} disabled={view.busy} onClick={() => void act(view.claimTimeout)}>
          Claim the win on time
        </Button>
      )}
      {active && (
        <>
          <Button variant="secondary" icon={<Handshake aria-hidden="true" size={18} />} disabled={view.busy || match.drawOfferBy === me} onClick={() => void act(view.offerDraw)}>
            {match.drawOfferBy === me ? 'Draw offered' : 'Offer a draw'}
          </Button>
          <Button variant="quiet" icon={<Flag aria-hidden="true" size={18} />} disabled={view.busy} onClick={() => setConfirmResign(true)}>
            Resign
          </Button>
        </>
      )}
      {match.status === 'finished' && (
        <Button
          icon={<RotateCcw aria-hidden="true" size={18} />}
          disabled={view.busy}
          onClick={() =>
            void view.rematch().then((outcome) => {
              if (tell(outcome) && 'matchId' in outcome) void navigate(`/play/${outcome.matchId}`);
            })
          }
        >
          {match.rematch !== null ? 'Open the rematch' : 'Rematch'}
        </Button>
      )}
      <Button variant="quiet" icon={<ShieldAlert aria-hidden="true" size={18} />} onClick={() => setReporting(true)}>
        Report a problem
      </Button>
      <Dialog
        open={confirmResign}
        onClose={() => setConfirmResign(false)}
        title="Resign this game?"
        actions={
          <>
            <Button variant="quiet" onClick={() => setConfirmResign(false)}>
              Keep playing
            </Button>
            <Button
              variant="danger"
              onClick={() => {
                setConfirmResign(false);
                void act(view.resign);
              }}
            >
              Resign
            </Button>
          </>
        }
      >
        Your friend wins this game.
      </Dialog>
      <Dialog
        open={reporting}
        onClose={() => setReporting(false)}
        title="Report this game"
        actions={
          <>
            <Button variant="quiet" onClick={() => setReporting(false)}>
              Cancel
            </Button>
            <Button
              variant="danger"
              disabled={view.busy}
              onClick={() =>
                void view.report(reason).then((outcome) => {
                  if (tell(outcome)) {
                    setReporting(false);
                    setReason('');
                  }
                })
              }
            >
              Send report
            </Button>
          </>
        }
      >
        <div className="field">
          <label htmlFor="report-reason">What happened? (optional)</label>
          <textarea id="report-reason" rows={3} maxLength={500} value={reason} onChange={(event) => setReason(event.target.value)} />
          <p className="field-hint">A moderator sees the game and can end it.</p>
        </div>
      </Dialog>
    </div>
  );
}

function Players({ match, view }: { match: MatchRow; view: MatchView }) {
  const turn = view.room?.turn ?? null;
  return (
    <ol className="match-players" aria-label="Players">
      {[match.firstPlayer, match.secondPlayer].map((player, seat) => (
        <li key={player.id} className={turn === seat ? 'match-player match-player-turn' : 'match-player'}>
          <ProfileIcon icon={player.icon} size={36} />
          <Link to={`/profile/${encodeURIComponent(player.username)}`}>{player.username}</Link>
          <span className="match-player-side">{seat === 0 ? 'moves first' : 'moves second'}</span>
        </li>
      ))}
    </ol>
  );
}

function Game({ match, view, me }: { match: MatchRow; view: MatchView; me: string }) {
  const apps = useCatalogueApps();
  const app = apps?.find((row) => row.id === match.game);
  const name = app?.title ?? (isMatchGame(match.game) ? MATCH_GAME_NAMES[match.game] : match.game);
  const opponent = match.firstPlayer.id === me ? match.secondPlayer : match.firstPlayer;
  return (
    <Page name="match" title={`${name} with ${opponent.username}`}>
      <p className="page-lead">{match.pace === 'live' || match.pace === 'correspondence' ? PACE_LABELS[match.pace] : ''}</p>
      <div className="match-layout">
        <div className="match-board">
          {view.room !== null && match.status !== 'invited' ? (
            <RoomGame url={app?.url ?? `/games/${match.game}/index.html`} title={name} gameId={match.game} room={view.room} onMove={view.move} />
          ) : (
            <div className="game-frame match-waiting" />
          )}
        </div>
        <aside className="form-card match-panel" aria-label="This game">
          <StatusLine match={match} view={view} me={me} />
          {view.room?.refused && (
            <div className="form-error" role="alert" data-testid="move-refused">
              <p>Your move was not made: {view.room.refused.message}</p>
              <Button size="sm" variant="quiet" onClick={() => void view.dismissRefusal()}>
                OK
              </Button>
            </div>
          )}
          <Players match={match} view={view} />
          <Actions match={match} view={view} me={me} />
          <Link to="/friends">All your games and friends</Link>
        </aside>
      </div>
    </Page>
  );
}

export default function MatchPage() {
  const { matchId } = useParams();
  const id = Number(matchId);
  const valid = Number.isSafeInteger(id) && id > 0;
  const view = useMatch(valid ? id : 0);
  const title = 'Game with a friend';

  if (!valid) {
    return (
      <Page name="match" title={title}>
        <EmptyState icon={<ShieldAlert size={32} />} title="There is no such game" action={<ButtonLink to="/friends">Your games and friends</ButtonLink>} />
      </Page>
    );
  }
  if (view.account === 'signed-out') {
    return (
      <Page name="match" title={title}>
        <EmptyState icon={<ShieldAlert size={32} />} title="Sign in to play with your friends" action={<ButtonLink to={`/auth?next=${encodeURIComponent(`/play/${id}`)}`}>Sign in</ButtonLink>} />
      </Page>
    );
  }
  if (view.match.state === 'error') {
    return (
      <Page name="match" title={title}>
        <EmptyState icon={<ShieldAlert size={32} />} title="This game cannot be shown" action={<ButtonLink to="/friends">Your games and friends</ButtonLink>}>
          {view.match.message}
        </EmptyState>
      </Page>
    );
  }
  if (view.match.state === 'loading' || view.userId === null) {
    return (
      <Page name="match" title={title}>
        <div aria-busy="true">
          <Skeleton height="24rem" radius="var(--radius-lg)" />
        </div>
      </Page>
    );
  }
  return <Game match={view.match.data} view={view} me={view.userId} />;
}
