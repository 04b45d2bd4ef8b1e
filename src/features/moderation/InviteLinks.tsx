import { Search } from 'lucide-react';
import { useId, useState, type FormEvent } from 'react';
import { inviteLink, inviteSummary } from '../../domain/friendInvite.ts';
import { Button } from '../../ui/Button.tsx';
import { useNow } from '../../ui/useNow.ts';
import type { Decision, InviteLookup, StudentInvite } from '../../state/moderation.ts';
import { DecisionForm } from './DecisionForm.tsx';
import { when } from './deskDates.ts';

function InviteItem({ invite, decide }: { invite: StudentInvite; decide: (decision: Decision, done: string) => Promise<void> }) {
  const now = useNow(60_000);
  const kind = invite.for_class ? 'class invite link' : 'invite link';
  const subject = `${invite.username}'s ${kind}`;
  return (
    <li className="desk-item" data-testid="desk-invite">
      <div className="desk-details">
        <p className="desk-headline">
          <code>{inviteLink(window.location.origin, invite.code)}</code>
        </p>
        <p className="muted">
          {inviteSummary({ forClass: invite.for_class, usesLeft: invite.uses_left, expiresAt: new Date(invite.expires_at) }, now)}; made {when(invite.created_at)}
        </p>
        <DecisionForm
          subject={subject}
          choices={[
            {
              label: 'Remove link',
              variant: 'danger',
              defaultReason: 'Shared where it should not be.',
              onDecide: (reason) => decide({ kind: 'friend-invite', inviteId: invite.invite_id, reason }, `Removed ${subject}.`),
            },
          ]}
        />
      </div>
    </li>
  );
}

/**
 * Finding a student's invite links that still work, and removing one (issue 28): a class link posted in
 * chat befriends up to 40 students, and only the desk can stop it without its owner.
 */
export function InviteLinks({
  invites,
  findInvites,
  decide,
}: {
  invites: InviteLookup;
  findInvites: (username: string) => void;
  decide: (decision: Decision, done: string) => Promise<void>;
}) {
  const id = useId();
  const [name, setName] = useState('');
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (name.trim() !== '') findInvites(name);
  };

  return (
    <section className="desk-section" aria-labelledby="desk-invites">
      <h2 id="desk-invites">Invite links</h2>
      <form className="desk-decision" onSubmit={submit} aria-label="Find a student's invite links">
        <label htmlFor={`${id}-username`}>Student's username</label>
        <input id={`${id}-username`} value={name} maxLength={40} autoComplete="off" onChange={(event) => setName(event.target.value)} />
        <Button type="submit" variant="secondary" icon={<Search aria-hidden="true" size={18} />}>
          Find links
        </Button>
      </form>
      {invites.state === 'loading' ? (
        <p className="muted">Looking…</p>
      ) : invites.state === 'error' ? (
        <p role="alert">{invites.message}</p>
      ) : invites.state === 'ready' && invites.data.invites.length === 0 ? (
        <p className="muted">{invites.data.username} has no invite link that still works.</p>
      ) : invites.state === 'ready' ? (
        <ul className="desk-list" aria-label={`${invites.data.username}'s invite links`}>
          {invites.data.invites.map((invite) => (
            <InviteItem key={invite.invite_id} invite={invite} decide={decide} />
          ))}
        </ul>
      ) : null}
    </section>
  );
}
