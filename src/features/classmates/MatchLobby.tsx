import { Check, Gamepad2, Link2, Swords } from 'lucide-react';
import { useState, type ReactNode } from 'react';
import { Link, useNavigate } from 'react-router-dom';
import { formatCountdown } from '../../domain/countdown.ts';
import { isOpen, MATCH_GAME_NAMES, MATCH_GAMES, matchLineText, waitsForMe, PACE_LABELS, type MatchGame, type MatchPace } from '../../domain/match.ts';
import type { Classmate } from '../../state/classmates.ts';
import type { MadeMatchLink, MatchesView, MatchSummary } from '../../state/matches.ts';
import { Button } from '../../ui/Button.tsx';
import { Dialog } from '../../ui/Dialog.tsx';
import { Menu } from '../../ui/Menu.tsx';
import { notice } from '../../ui/notice.tsx';
import { ProfileIcon } from '../../ui/ProfileIcon.tsx';
import { useNow } from '../../ui/useNow.ts';
import { MatchLinkPanel } from './MatchLinkPanel.tsx';

function tell(outcome: { ok: boolean; message: string }): boolean {
  if (outcome.ok) notice.success(outcome.message);
  else notice.error(outcome.message);
  return outcome.ok;
}

function MatchRow({ match, view }: { match: MatchSummary; view: MatchesView }) {
  const now = useNow();
  const left = match.deadline !== null && isOpen(match) ? match.deadline.getTime() - now.getTime() : null;
  const mine = waitsForMe(match, now);
  return (
    <li className="person" data-testid="match" data-status={match.status} data-my-turn={mine ? 'yes' : 'no'}>
      <ProfileIcon icon={match.opponent.icon} size={40} />
      <div className="person-text">
        <span className="person-name">
          {MATCH_GAME_NAMES[match.game]} with {match.opponent.username}
        </span>
        <span className={`person-detail${mine ? ' person-online' : ''}`} data-testid="match-line">
          {matchLineText(match, match.opponent.username, now)}
          {left !== null && left > 0 && match.status === 'active' ? ` · ${formatCountdown(left)} left` : ''}
        </span>
      </div>
      <div className="person-actions">
        {match.status === 'invited' && !match.invitedByMe && (
          <>
            <Button size="sm" icon={<Check aria-hidden="true" size={16} />} disabled={view.busy} onClick={() => void view.answer(match, true).then(tell)}>
              Accept
            </Button>
            <Button variant="quiet" size="sm" disabled={view.busy} onClick={() => void view.answer(match, false).then(tell)}>
              Decline
            </Button>
          </>
        )}
        {match.status === 'invited' && match.invitedByMe && (
          <Button variant="quiet" size="sm" disabled={view.busy} onClick={() => void view.cancel(match).then(tell)}>
            Take back
          </Button>
        )}
        {match.status !== 'invited' && match.status !== 'declined' && match.status !== 'cancelled' && (
          <Link className={`button button-sm${mine ? '' : ' button-secondary'}`} to={`/play/${match.id}`}>
            {match.status === 'active' ? (mine ? 'Play' : 'Open') : 'See the game'}
          </Link>
        )}
      </div>
    </li>
  );
}

/** The student's games with friends, their turn first. */
export function MatchLobby({ view, suggested }: { view: MatchesView; suggested: MatchGame | null }) {
  if (view.list.state !== 'ready') return null;
  const shown = view.list.data;
  return (
    <section className="form-card" aria-labelledby="games-heading" data-testid="match-lobby">
      <h2 id="games-heading">Games with friends</h2>
      <div className="form-actions">
        <PlayByLinkButton view={view} suggested={suggested} />
      </div>
      {view.links.state === 'ready' && view.links.data.length > 0 && (
        <ul className="invite-list" aria-label="Your game links">
          {view.links.data.map((link) => (
            <li key={link.code}>
              <MatchLinkPanel link={link} view={view} openWhenTaken={link.pace === 'live'} qrOpen={false} />
            </li>
          ))}
        </ul>
      )}
      {shown.length === 0 ? (
        <p>No games yet. Press Play beside a friend to invite them to Chess, Tic Tac Toe or Hex Conquest, or share a game link with a classmate.</p>
      ) : (
        <ul className="people">
          {shown.map((match) => (
            <MatchRow key={match.id} match={match} view={view} />
          ))}
        </ul>
      )}
    </section>
  );
}

/** The game and the pace of an invite or a link. */
function MatchChoice({ game, pace, onGame, onPace, children }: { game: MatchGame; pace: MatchPace; onGame: (game: MatchGame) => void; onPace: (pace: MatchPace) => void; children: ReactNode }) {
  return (
    <div className="match-choice">
      <Menu label="Game" value={game} options={MATCH_GAMES.map((id) => ({ value: id, label: MATCH_GAME_NAMES[id] }))} onChange={onGame} />
      <Menu label="Pace" value={pace} options={(['live', 'correspondence'] as const).map((id) => ({ value: id, label: PACE_LABELS[id] }))} onChange={onPace} />
      <p className="field-hint">{children}</p>
    </div>
  );
}

/** The dialog that starts a game: open or not, its game and pace, and the link once one is made. */
function useGameDialog(view: MatchesView, suggested: MatchGame | null) {
  const [open, setOpen] = useState(false);
  const [game, setGame] = useState<MatchGame>(suggested ?? 'tic-tac-toe');
  const [pace, setPace] = useState<MatchPace>('live');
  const [link, setLink] = useState<MadeMatchLink | null>(null);

  async function share() {
    const outcome = await view.shareLink(game, pace);
    if (outcome.ok) setLink(outcome);
    else notice.error(outcome.message);
  }

  function close() {
    setOpen(false);
    setLink(null);
  }

  return { open, setOpen, game, setGame, pace, setPace, link, share, close };
}

/** "Play" beside a friend: choose the game and the pace, and the invite goes. */
export function PlayFriendButton({ friend, view, suggested }: { friend: Classmate; view: MatchesView; suggested: MatchGame | null }) {
  const { open, setOpen, game, setGame, pace, setPace, link, share, close } = useGameDialog(view, suggested);
  const navigate = useNavigate();

  async function invite() {
    const outcome = await view.invite(friend, game, pace);
    if (!tell(outcome)) return;
    setOpen(false);
    if ('matchId' in outcome) void navigate(`/play/${outcome.matchId}`);
  }

  return (
    <>
      <Button size="sm" icon={<Swords aria-hidden="true" size={16} />} aria-label={`Play ${friend.username}`} onClick={() => setOpen(true)}>
        Play
      </Button>
      <Dialog
        open={open}
        onClose={close}
        title={link === null ? `Play ${friend.username}` : `Share this link with ${friend.username}`}
        actions={
          link === null ? (
            <>
              <Button variant="quiet" onClick={close}>
                Cancel
              </Button>
              <Button variant="secondary" icon={<Link2 aria-hidden="true" size={18} />} disabled={view.busy} onClick={() => void share()}>
                Share a link instead
              </Button>
              <Button icon={<Gamepad2 aria-hidden="true" size={18} />} disabled={view.busy} onClick={() => void invite()}>
                Send invite
              </Button>
            </>
          ) : (
            <Button variant="quiet" onClick={close}>
              Close
            </Button>
          )
        }
      >
        {link === null ? (
          <MatchChoice game={game} pace={pace} onGame={setGame} onPace={setPace}>
            You move first. {friend.username} has 10 minutes to accept a live game, 3 days for one over days.
          </MatchChoice>
        ) : (
          <MatchLinkPanel link={link} view={view} openWhenTaken qrOpen onCancelled={close} />
        )}
      </Dialog>
    </>
  );
}

/** A game with any classmate, friend or not: the link (or its QR code) goes to the first who opens it. */
function PlayByLinkButton({ view, suggested }: { view: MatchesView; suggested: MatchGame | null }) {
  const { open, setOpen, game, setGame, pace, setPace, link, share, close } = useGameDialog(view, suggested);

  return (
    <>
      <Button variant="secondary" size="sm" icon={<Link2 aria-hidden="true" size={16} />} onClick={() => setOpen(true)}>
        Play by link
      </Button>
      <Dialog
        open={open}
        onClose={close}
        title={link === null ? 'Play a classmate by link' : 'Share this link'}
        actions={
          link === null ? (
            <>
              <Button variant="quiet" onClick={close}>
                Cancel
              </Button>
              <Button icon={<Link2 aria-hidden="true" size={18} />} disabled={view.busy} onClick={() => void share()}>
                Make the link
              </Button>
            </>
          ) : (
            <Button variant="quiet" onClick={close}>
              Close
            </Button>
          )
        }
      >
        {link === null ? (
          <MatchChoice game={game} pace={pace} onGame={setGame} onPace={setPace}>
            You move first. The first classmate to open the link plays you: within 10 minutes for a live game, 3 days for one over days.
          </MatchChoice>
        ) : (
          <MatchLinkPanel link={link} view={view} openWhenTaken qrOpen onCancelled={close} />
        )}
      </Dialog>
    </>
  );
}
