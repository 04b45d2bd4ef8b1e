import type { Decision, ModerationDecision } from '../../state/moderation.ts';
import { DecisionForm } from './DecisionForm.tsx';
import { when } from './deskDates.ts';

const ACTION_WORDS: Record<string, string> = {
  approve: 'Approved',
  reject: 'Rejected',
  hide: 'Hid',
  restore: 'Kept shown',
  resolve: 'Resolved',
  reopen: 'Reopened',
  grant: 'Granted',
  decline: 'Declined',
  end: 'Ended',
  remove: 'Removed',
  revoke: 'Took back',
};

/** The desk's record: the latest decisions, each undoable one with its Undo (`decide` makes it and tells the moderator how it went). */
export function DecisionRecord({ decisions, decide }: { decisions: ModerationDecision[]; decide: (decision: Decision, done: string) => Promise<void> }) {
  return (
    <section className="desk-section" aria-labelledby="desk-decisions">
      <h2 id="desk-decisions">Latest decisions</h2>
      {decisions.length === 0 && <p className="muted">No decision yet.</p>}
      <ul className="desk-list">
        {decisions.map((decision) => (
          <li key={decision.id} className="desk-item desk-record" data-testid="desk-decision">
            <div className="desk-details">
              <p>
                <strong>{ACTION_WORDS[decision.action] ?? decision.action}</strong> {decision.about}
                {decision.undoes !== null && ' (undoing an earlier decision)'}
              </p>
              <p className="muted">
                {decision.moderator_username}, {when(decision.created_at)}: “{decision.reason}”
              </p>
              {decision.undoable && decision.subject === 'creator_application' && decision.action === 'grant' && (
                <p className="muted">Undoing it takes the creator tools back, with the accounts and videos added since.</p>
              )}
              {decision.undoable && (
                <DecisionForm
                  subject={`${ACTION_WORDS[decision.action] ?? decision.action} ${decision.about}`}
                  choices={[
                    {
                      label: 'Undo',
                      variant: 'danger',
                      defaultReason: 'Decided in error.',
                      onDecide: (reason) => decide({ kind: 'undo', decisionId: decision.id, reason }, 'Decision undone.'),
                    },
                  ]}
                />
              )}
            </div>
          </li>
        ))}
      </ul>
    </section>
  );
}
