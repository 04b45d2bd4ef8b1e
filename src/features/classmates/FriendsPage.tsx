import { Ban, Check, Link2, UserMinus, UserPlus, Users } from 'lucide-react';
import { useState, type FormEvent, type ReactNode } from 'react';
import { Link, useSearchParams } from 'react-router-dom';
import { FRIENDS_PATH, inviteCodeFrom, inviteLink, inviteSummary } from '../../domain/friendInvite.ts';
import { isMatchGame, MATCH_GAME_NAMES, type MatchGame } from '../../domain/match.ts';
import { presenceText } from '../../domain/presence.ts';
import { useCatalogueApps } from '../../state/useCatalogue.ts';
import { useClassmates, type Classmate, type ClassmatesView, type FriendInvite, type Outcome } from '../../state/classmates.ts';
import { useMatches, type MatchesView } from '../../state/matches.ts';
import { Button, ButtonLink } from '../../ui/Button.tsx';
import { Dialog } from '../../ui/Dialog.tsx';
import { EmptyState } from '../../ui/EmptyState.tsx';
import { notice } from '../../ui/notice.tsx';
import { Page } from '../../ui/Page.tsx';
import { ProfileIcon } from '../../ui/ProfileIcon.tsx';
import { Skeleton } from '../../ui/Skeleton.tsx';
import { useNow } from '../../ui/useNow.ts';
import { SharedLink } from './SharedLink.tsx';
import { MatchLobby, PlayFriendButton } from './MatchLobby.tsx';
import '../../ui/forms.css';
import './friends.css';

function tell(outcome: Outcome): boolean {
  if (outcome.ok) notice.success(outcome.message);
  else notice.error(outcome.message);
  return outcome.ok;
}

/** The invite a link brought the student here with: accept it, or sign in first and come back to it. */
function InviteOffer({ view, code, done }: { view: ClassmatesView; code: string; done: () => void }) {
  const here = `${FRIENDS_PATH}?invite=${encodeURIComponent(code)}`;
  return (
    <section className="form-card friends-offer" aria-labelledby="invite-offer-heading" data-testid="invite-offer">
      <h2 id="invite-offer-heading">A classmate invited you to be friends</h2>
      {view.account === 'signed-in' ? (
        <>
          <p>Friends see each other on this page and can play two-player games together.</p>
          <div className="form-actions">
            <Button
              icon={<UserPlus aria-hidden="true" size={18} />}
              disabled={view.busy}
              onClick={() => void view.redeem(code).then((outcome) => tell(outcome) && done())}
            >
              Accept the invite
            </Button>
            <Button variant="quiet" onClick={done}>
              Not now
            </Button>
          </div>
        </>
      ) : (
        <>
          <p>Sign in or create an account, and you come straight back here to accept it.</p>
          <ButtonLink to={`/auth?next=${encodeURIComponent(here)}`}>Sign in to accept</ButtonLink>
        </>
      )}
    </section>
  );
}

function AddClassmate({ view }: { view: ClassmatesView }) {
  const [name, setName] = useState('');
  const [error, setError] = useState<string | null>(null);

  async function submit(event: FormEvent) {
    event.preventDefault();
    const typed = name.trim();
    // A pasted invite link is what a student often has: use it rather than call it a bad username.
    const code = inviteCodeFrom(typed);
    if (code !== null && typed.includes('invite=')) {
      const outcome = await view.redeem(code);
      setError(outcome.ok ? null : outcome.message);
      if (tell(outcome)) setName('');
      return;
    }
    if (typed.replace(/^@/, '') === '') {
      setError("Type your classmate's username.");
      return;
    }
    const outcome = await view.ask(typed);
    setError(outcome.ok ? null : outcome.message);
    if (tell(outcome)) setName('');
  }

  return (
    <form className="form-card" aria-labelledby="add-heading" onSubmit={(event) => void submit(event)} noValidate>
      <h2 id="add-heading">Add a classmate</h2>
      <div className="field">
        <label htmlFor="friend-name">Their username</label>
        <input
          id="friend-name"
          name="username"
          autoComplete="off"
          spellCheck={false}
          maxLength={300}
          value={name}
          aria-invalid={error !== null}
          aria-describedby={error !== null ? 'friend-name-error' : 'friend-name-hint'}
          onChange={(event) => setName(event.target.value)}
        />
        {error !== null ? (
          <p className="field-error" id="friend-name-error" role="alert">
            {error}
          </p>
        ) : (
          <p className="field-hint" id="friend-name-hint">
            They get a request to accept. You can also paste an invite link here.
          </p>
        )}
      </div>
      <div className="form-actions">
        <Button type="submit" icon={<UserPlus aria-hidden="true" size={18} />} disabled={view.busy}>
          Send request
        </Button>
      </div>
    </form>
  );
}

function InviteRow({ invite, view }: { invite: FriendInvite; view: ClassmatesView }) {
  const now = useNow();
  return (
    <SharedLink
      as="li"
      testId="friend-invite"
      summary={inviteSummary(invite, now)}
      url={inviteLink(window.location.origin, invite.code)}
      label="Invite link"
      qrOpen={false}
      takeBack={
        <Button variant="quiet" size="sm" disabled={view.busy} onClick={() => void view.revokeInvite(invite.code).then(tell)}>
          Cancel invite
        </Button>
      }
    />
  );
}

function Invites({ view, invites }: { view: ClassmatesView; invites: readonly FriendInvite[] }) {
  return (
    <section className="form-card" aria-labelledby="invites-heading" id="invites">
      <h2 id="invites-heading">Invite links</h2>
      <p>Share a link or its QR code. Whoever opens it and accepts becomes your friend at once.</p>
      <div className="form-actions">
        <Button icon={<Link2 aria-hidden="true" size={18} />} disabled={view.busy} onClick={() => void view.createInvite(false).then((made) => !made.ok && notice.error(made.message))}>
          Link for one classmate
        </Button>
        <Button
          variant="secondary"
          icon={<Users aria-hidden="true" size={18} />}
          disabled={view.busy}
          onClick={() => void view.createInvite(true).then((made) => !made.ok && notice.error(made.message))}
        >
          Link for my class
        </Button>
      </div>
      <p className="field-hint">A link for one classmate works once and lasts 7 days; a class link works for 40 students and lasts a day.</p>
      {invites.length > 0 && (
        <ul className="invite-list" aria-label="Your open invites">
          {invites.map((invite) => (
            <InviteRow key={invite.code} invite={invite} view={view} />
          ))}
        </ul>
      )}
    </section>
  );
}

type Confirming = { kind: 'remove' | 'block'; who: Classmate } | null;

function Person({ who, children, detail }: { who: Classmate; children?: ReactNode; detail?: string | null }) {
  return (
    <li className="person" data-testid="classmate" data-relation={who.relation}>
      <ProfileIcon icon={who.icon} size={40} />
      <div className="person-text">
        <Link to={`/profile/${encodeURIComponent(who.username)}`} className="person-name">
          {who.username}
        </Link>
        {detail ? (
          <span className={`person-detail${who.presence.online ? ' person-online' : ''}`} data-testid="presence">
            {detail}
          </span>
        ) : null}
      </div>
      {children !== undefined && <div className="person-actions">{children}</div>}
    </li>
  );
}

function People({ view, people, matches, suggested }: { view: ClassmatesView; people: readonly Classmate[]; matches: MatchesView; suggested: MatchGame | null }) {
  const now = useNow();
  const apps = useCatalogueApps();
  const [confirming, setConfirming] = useState<Confirming>(null);
  const titleOf = (appId: string) => apps?.find((app) => app.id === appId)?.title;
  const of = (relation: Classmate['relation']) => people.filter((who) => who.relation === relation);
  const asking = of('asked you');
  const friends = of('friend');
  const sent = of('you asked');
  const blocked = of('blocked');

  async function confirm() {
    if (confirming === null) return;
    const { kind, who } = confirming;
    setConfirming(null);
    tell(await (kind === 'remove' ? view.remove(who) : view.block(who)));
  }

  return (
    <>
      {asking.length > 0 && (
        <section className="form-card" aria-labelledby="asking-heading">
          <h2 id="asking-heading">Friend requests ({asking.length})</h2>
          <ul className="people">
            {asking.map((who) => (
              <Person key={who.userId} who={who} detail="Wants to be your friend">
                <Button size="sm" icon={<Check aria-hidden="true" size={16} />} disabled={view.busy} onClick={() => void view.answer(who, true).then(tell)}>
                  Accept
                </Button>
                <Button variant="quiet" size="sm" disabled={view.busy} onClick={() => void view.answer(who, false).then(tell)}>
                  Decline
                </Button>
              </Person>
            ))}
          </ul>
        </section>
      )}
      <section className="form-card" aria-labelledby="friends-heading">
        <h2 id="friends-heading">Friends ({friends.length})</h2>
        {friends.length === 0 ? (
          <EmptyState headingLevel={3} icon={<Users size={32} />} title="No friends here yet" action={<a href="#invites" className="button button-secondary">Share an invite link</a>}>
            Add a classmate by their username, or share an invite link with your class.
          </EmptyState>
        ) : (
          <ul className="people">
            {friends.map((who) => (
              <Person key={who.userId} who={who} detail={presenceText(who.presence, now, titleOf)}>
                <PlayFriendButton friend={who} view={matches} suggested={suggested} />
                <Button variant="quiet" size="sm" icon={<UserMinus aria-hidden="true" size={16} />} aria-label={`Remove ${who.username}`} onClick={() => setConfirming({ kind: 'remove', who })}>
                  Remove
                </Button>
                <Button variant="quiet" size="sm" icon={<Ban aria-hidden="true" size={16} />} aria-label={`Block ${who.username}`} onClick={() => setConfirming({ kind: 'block', who })}>
                  Block
                </Button>
              </Person>
            ))}
          </ul>
        )}
      </section>
      {sent.length > 0 && (
        <section className="form-card" aria-labelledby="sent-heading">
          <h2 id="sent-heading">Requests you sent</h2>
          <ul className="people">
            {sent.map((who) => (
              <Person key={who.userId} who={who} detail="Has not answered yet">
                <Button variant="quiet" size="sm" disabled={view.busy} onClick={() => void view.remove(who).then(tell)}>
                  Take back
                </Button>
              </Person>
            ))}
          </ul>
        </section>
      )}
      {blocked.length > 0 && (
        <section className="form-card" aria-labelledby="blocked-heading">
          <h2 id="blocked-heading">Blocked</h2>
          <p>They cannot ask you to be friends, use your invites or see when you are online.</p>
          <ul className="people">
            {blocked.map((who) => (
              <Person key={who.userId} who={who}>
                <Button variant="quiet" size="sm" disabled={view.busy} onClick={() => void view.unblock(who).then(tell)}>
                  Unblock
                </Button>
              </Person>
            ))}
          </ul>
        </section>
      )}
      <Dialog
        open={confirming !== null}
        onClose={() => setConfirming(null)}
        title={confirming?.kind === 'block' ? `Block ${confirming.who.username}?` : `Remove ${confirming?.who.username ?? ''}?`}
        actions={
          <>
            <Button variant="quiet" onClick={() => setConfirming(null)}>
              Keep
            </Button>
            <Button variant="danger" onClick={() => void confirm()}>
              {confirming?.kind === 'block' ? 'Block' : 'Remove'}
            </Button>
          </>
        }
      >
        {confirming?.kind === 'block'
          ? 'You stop being friends. They cannot ask you again, use your invites or see when you are online, until you unblock them.'
          : 'You stop being friends. Either of you can ask again later.'}
      </Dialog>
    </>
  );
}

function Sharing({ view, sharing }: { view: ClassmatesView; sharing: boolean }) {
  // The switch moves when pressed, and moves back if the server refuses: the student sees their choice at once.
  const [chosen, setChosen] = useState<boolean | null>(null);

  async function choose(on: boolean) {
    setChosen(on);
    if (!tell(await view.setSharing(on))) setChosen(null);
  }

  return (
    <section className="form-card" aria-labelledby="sharing-heading">
      <h2 id="sharing-heading">Online status</h2>
      <label className="field-check">
        <input type="checkbox" checked={chosen ?? sharing} disabled={view.busy} onChange={(event) => void choose(event.target.checked)} />
        Let my friends see when I am online and what I am playing
      </label>
      <p className="field-hint">Off unless you turn it on. Only your friends ever see it, never other students, and only while the portal is open.</p>
    </section>
  );
}

function SignedIn({ view, suggested }: { view: ClassmatesView; suggested: MatchGame | null }) {
  const { list } = view;
  const matches = useMatches();
  if (list.state === 'loading') {
    return (
      <div className="friends-layout" aria-busy="true">
        <Skeleton height="12rem" radius="var(--radius-lg)" />
        <Skeleton height="12rem" radius="var(--radius-lg)" />
      </div>
    );
  }
  if (list.state === 'error') {
    return (
      <EmptyState icon={<Users size={32} />} title="Your classmates could not be loaded" action={<Button onClick={() => window.location.reload()}>Try again</Button>}>
        {list.message}
      </EmptyState>
    );
  }
  const games = (
    <div className="friends-column" key="games">
      <MatchLobby view={matches} suggested={suggested} />
      <People view={view} people={list.data.people} matches={matches} suggested={suggested} />
    </div>
  );
  const adding = (
    <div className="friends-column" key="adding">
      <AddClassmate view={view} />
      <Invites view={view} invites={list.data.invites} />
      <Sharing view={view} sharing={list.data.sharing} />
    </div>
  );
  // A student with nobody yet starts where they can do something: adding a classmate (on a phone, two
  // empty lists filled the first screen and pushed it below).
  const alone = !list.data.people.some((who) => who.relation === 'friend' || who.relation === 'asked you');
  return (
    // Keyed, so that a column keeps what was typed in it when the order changes.
    <div className="friends-layout">{alone ? [adding, games] : [games, adding]}</div>
  );
}

export default function FriendsPage() {
  const view = useClassmates();
  const [params, setParams] = useSearchParams();
  const code = inviteCodeFrom(params.get('invite') ?? '');
  const badCode = params.has('invite') && code === null;
  const forgetInvite = () => setParams((current) => (current.delete('invite'), current), { replace: true });
  // From a two-player game's page ("Play a friend"): that game is chosen in the invite and the link.
  const play = params.get('play');
  const suggested = play !== null && isMatchGame(play) ? play : null;

  return (
    <Page name="friends" title="Friends">
      <p className="page-lead">Add your classmates, see who is online, and play two-player games together.</p>
      {badCode && (
        <p className="form-error" role="alert">
          This invite link does not work. Check it, or ask your classmate for a new one.
        </p>
      )}
      {code !== null && <InviteOffer view={view} code={code} done={forgetInvite} />}
      {suggested !== null && view.account !== 'signed-out' && (
        <p className="cm-notice-box" role="status" data-testid="play-suggested">
          Play {MATCH_GAME_NAMES[suggested]} with a classmate: press Play beside a friend, or Play by link for anyone in your class.
        </p>
      )}
      {view.account === 'signed-in' ? (
        <SignedIn view={view} suggested={suggested} />
      ) : view.account === 'signed-out' ? (
        code === null && (
          <EmptyState icon={<Users size={32} />} title="Sign in to add classmates" action={<ButtonLink to={`/auth?next=${encodeURIComponent(suggested === null ? FRIENDS_PATH : `${FRIENDS_PATH}?play=${suggested}`)}`}>Sign in</ButtonLink>}>
            With an account you can add friends, see who is online and play two-player games together.
          </EmptyState>
        )
      ) : null}
    </Page>
  );
}
