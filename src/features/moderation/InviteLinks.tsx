import { inviteLink, inviteSummary } from '../../domain/friendInvite.ts';
import { useNow } from '../../ui/useNow.ts';
import type { Decision, InviteLookup, StudentInvite } from '../../state/moderation.ts';
import { DecisionForm } from './DecisionForm.tsx';
import { when } from './deskDates.ts';
import { StudentLookupSection } from './StudentLookupSection.tsx';

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
  return (
    <StudentLookupSection
      title="Invite links"
      what="invite links"
      button="Find links"
      lookup={invites}
      find={findInvites}
      none={(username) => `${username} has no invite link that still works.`}
      row={(invite) => <InviteItem key={invite.invite_id} invite={invite} decide={decide} />}
    />
  );
}
