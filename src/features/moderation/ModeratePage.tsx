import { Inbox, RefreshCw, ShieldCheck } from 'lucide-react';
import toast from 'react-hot-toast';
import { Link } from 'react-router-dom';
import { Button } from '../../ui/Button.tsx';
import { EmptyState } from '../../ui/EmptyState.tsx';
import { Page } from '../../ui/Page.tsx';
import { platformLabel, socialProfileUrl } from '../../domain/creatorSocial.ts';
import { describePlay } from '../../domain/playEvidence.ts';
import { useModerationDesk, type Decision, type ModerationDesk, type ModerationDeskView } from '../../state/moderation.ts';
import { DecisionForm } from './DecisionForm.tsx';
import { DecisionRecord } from './DecisionRecord.tsx';
import { day, when } from './deskDates.ts';
import { InviteLinks } from './InviteLinks.tsx';
import { StudentAchievements } from './StudentAchievements.tsx';
import { ProofImage } from './ProofImage.tsx';
import { ReportedGames } from './ReportedGames.tsx';
import './moderate.css';

function Desk({ desk, view }: { desk: ModerationDesk; view: ModerationDeskView }) {
  const { decide: make, checkAgain, invites, findInvites, achievements, findAchievements } = view;
  const waiting = desk.scores.length + desk.reports.length + desk.games.length + desk.takedowns.length + desk.applications.length;
  const decide = async (decision: Decision, done: string) => {
    const outcome = await make(decision);
    if (outcome.ok) toast.success(done);
    else toast.error(`Not done: ${outcome.message}`);
  };

  return (
    <>
      {waiting === 0 ? (
        <EmptyState
          icon={<Inbox size={32} />}
          title="Nothing waits for a decision"
          action={
            <Button variant="secondary" icon={<RefreshCw aria-hidden="true" size={20} />} onClick={checkAgain}>
              Check again
            </Button>
          }
        >
          No score, reported message, reported game, takedown request or creator application is open. New ones show when you check again.
        </EmptyState>
      ) : (
        <>
          <section className="desk-section" aria-labelledby="desk-scores">
            <h2 id="desk-scores">Scores to review ({desk.scores.length})</h2>
            {desk.scores.length === 0 && <p className="muted">No score waits for review.</p>}
            <ul className="desk-list">
              {desk.scores.map((score) => {
                const subject = `${score.username}'s ${score.score.toLocaleString('en-US')} in ${score.app_title}`;
                return (
                  <li key={score.submission_id} className="desk-item desk-score" data-testid="desk-score">
                    <ProofImage objectName={score.proof} alt={`Proof sent with ${subject}`} />
                    <div className="desk-details">
                      <p className="desk-headline">
                        <strong>{score.score.toLocaleString('en-US')}</strong> in {score.app_title}
                      </p>
                      <p>
                        by <Link to={`/profile/${encodeURIComponent(score.username)}`}>{score.username}</Link>, {when(score.created_at)}
                      </p>
                      {score.max_score !== null && (
                        <p className="muted">The most one game of {score.app_title} can score: {Number(score.max_score).toLocaleString('en-US')}.</p>
                      )}
                      <p className="muted" data-testid="desk-play">
                        {describePlay(score)}
                      </p>
                      <DecisionForm
                        subject={subject}
                        choices={[
                          {
                            label: 'Approve',
                            variant: 'primary',
                            defaultReason: 'The proof shows this score.',
                            onDecide: (reason) => decide({ kind: 'score', submissionId: score.submission_id, approve: true, reason }, `Approved ${subject}.`),
                          },
                          {
                            label: 'Reject',
                            variant: 'danger',
                            defaultReason: 'The proof does not show this score.',
                            onDecide: (reason) => decide({ kind: 'score', submissionId: score.submission_id, approve: false, reason }, `Rejected ${subject}.`),
                          },
                        ]}
                      />
                    </div>
                  </li>
                );
              })}
            </ul>
          </section>

          <section className="desk-section" aria-labelledby="desk-reports">
            <h2 id="desk-reports">Reported chat messages ({desk.reports.length})</h2>
            {desk.reports.length === 0 && <p className="muted">No report waits.</p>}
            <ul className="desk-list">
              {desk.reports.map((report) => {
                const subject = `the message by ${report.author_username ?? 'an account with no username'}`;
                return (
                  <li key={report.report_id} className="desk-item" data-testid="desk-report">
                    <div className="desk-details">
                      <blockquote className="desk-message">{report.body}</blockquote>
                      <p>
                        by {report.author_username ?? 'an account with no username'}
                        {report.deleted ? ' (deleted by its author since)' : report.hidden ? ' (hidden)' : ''}
                      </p>
                      <p className="muted">
                        Reported by {report.reporter_username ?? 'an account with no username'}, {when(report.reported_at)}
                        {report.reason === '' ? '' : `: “${report.reason}”`}
                      </p>
                      <DecisionForm
                        subject={subject}
                        choices={[
                          {
                            label: 'Hide message',
                            variant: 'danger',
                            defaultReason: 'It breaks the chat rules.',
                            onDecide: (reason) => decide({ kind: 'chat-report', reportId: report.report_id, hide: true, reason }, `Hid ${subject}.`),
                          },
                          {
                            label: 'Keep it shown',
                            variant: 'secondary',
                            defaultReason: 'It does not break the chat rules.',
                            onDecide: (reason) => decide({ kind: 'chat-report', reportId: report.report_id, hide: false, reason }, `Kept ${subject} shown.`),
                          },
                        ]}
                      />
                    </div>
                  </li>
                );
              })}
            </ul>
          </section>

          <ReportedGames games={desk.games} decide={decide} />

          <section className="desk-section" aria-labelledby="desk-takedowns">
            <h2 id="desk-takedowns">Takedown requests ({desk.takedowns.length})</h2>
            {desk.takedowns.length === 0 && <p className="muted">No request waits.</p>}
            <ul className="desk-list">
              {desk.takedowns.map((request) => (
                <li key={request.id} className="desk-item" data-testid="desk-takedown">
                  <div className="desk-details">
                    <p className="desk-headline">{request.url}</p>
                    <p>
                      From {request.name} (<a href={`mailto:${request.email}`}>{request.email}</a>), {when(request.created_at)}
                    </p>
                    <blockquote className="desk-message">{request.reason}</blockquote>
                    <DecisionForm
                      subject={`the request about ${request.url}`}
                      choices={[
                        {
                          label: 'Mark handled',
                          variant: 'primary',
                          defaultReason: 'Handled and replied to by e-mail.',
                          onDecide: (reason) => decide({ kind: 'takedown', requestId: request.id, reason }, 'Request marked handled.'),
                        },
                      ]}
                    />
                  </div>
                </li>
              ))}
            </ul>
          </section>

          <section className="desk-section" aria-labelledby="desk-applications">
            <h2 id="desk-applications">Creator applications ({desk.applications.length})</h2>
            {desk.applications.length === 0 && <p className="muted">No application waits.</p>}
            <ul className="desk-list">
              {desk.applications.map((application) => {
                const name = application.username ?? 'an account with no username';
                const subject = `${name}'s creator application`;
                const channel =
                  application.platform === null || application.handle === null ? null : { platform: application.platform, handle: application.handle };
                const channelUrl = channel === null ? null : socialProfileUrl(channel.platform, channel.handle);
                return (
                  <li key={application.application_id} className="desk-item" data-testid="desk-application">
                    <div className="desk-details">
                      <p className="desk-headline">
                        {application.username === null ? name : <Link to={`/profile/${encodeURIComponent(application.username)}`}>{name}</Link>} asks for the
                        creator tools
                      </p>
                      <p className="muted">
                        Joined {application.joined_at === null ? 'on an unknown day' : day(application.joined_at)}; applied {when(application.applied_at)}
                      </p>
                      <blockquote className="desk-message">{application.pitch}</blockquote>
                      <p>
                        {channel === null ? (
                          'No channel named.'
                        ) : (
                          <>
                            Channel: {platformLabel(channel.platform)}{' '}
                            {channelUrl === null ? (
                              `@${channel.handle}`
                            ) : (
                              <a href={channelUrl} rel="noopener noreferrer" target="_blank">
                                @{channel.handle}
                              </a>
                            )}
                          </>
                        )}
                      </p>
                      <DecisionForm
                        subject={subject}
                        reasonLabel="Reason (kept with the decision; the student reads it if you decline)"
                        enterDecides={false}
                        choices={[
                          {
                            label: 'Grant',
                            variant: 'primary',
                            defaultReason: 'The pitch fits the portal.',
                            onDecide: (reason) =>
                              decide(
                                { kind: 'creator-application', applicationId: application.application_id, grant: true, reason },
                                `Granted ${name} the creator tools.`,
                              ),
                          },
                          {
                            label: 'Decline',
                            variant: 'danger',
                            reasonPrompt: 'Write why you decline: the student reads it, so say what would change your answer.',
                            onDecide: (reason) =>
                              decide({ kind: 'creator-application', applicationId: application.application_id, grant: false, reason }, `Declined ${subject}.`),
                          },
                        ]}
                      />
                    </div>
                  </li>
                );
              })}
            </ul>
          </section>
        </>
      )}

      <InviteLinks invites={invites} findInvites={findInvites} decide={decide} />
      <StudentAchievements achievements={achievements} findAchievements={findAchievements} decide={decide} />

      <DecisionRecord decisions={desk.decisions} decide={decide} />
    </>
  );
}

/** The moderation desk (issue 20): proofs to review, reported messages and games, takedown requests, creator applications, invite links, and the record. */
export default function ModeratePage() {
  const view = useModerationDesk();
  const { account, desk } = view;

  return (
    <Page name="moderate" title="Moderation desk">
      {account === 'signed-out' ? (
        <p>
          <Link to="/auth" className="button">
            Sign in
          </Link>{' '}
          to use the moderation desk.
        </p>
      ) : desk.state === 'loading' || account === 'loading' ? (
        <p className="muted">Loading the desk…</p>
      ) : desk.state === 'not-a-moderator' ? (
        <EmptyState
          icon={<ShieldCheck size={28} />}
          title="For moderators only"
          action={
            <Link to="/" className="button">
              Back to the games
            </Link>
          }
        >
          <span role="alert" data-testid="desk-refused">
            The moderation desk is for moderators. The people who run this portal appoint them.
          </span>
        </EmptyState>
      ) : desk.state === 'error' ? (
        <p role="alert" data-testid="desk-refused">
          The desk could not be loaded ({desk.message}). Check your connection and reload the page.
        </p>
      ) : (
        <Desk desk={desk.data} view={view} />
      )}
    </Page>
  );
}
