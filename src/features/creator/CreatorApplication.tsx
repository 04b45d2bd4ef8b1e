import { useId, useState, type FormEvent } from 'react';
import toast from 'react-hot-toast';
import {
  APPLYING_NEEDS_CONNECTION,
  describeLimits,
  PITCH_MAX_LENGTH,
  pitchLength,
  validateApplication,
  type ApplicationInput,
} from '../../domain/creatorApplication.ts';
import { platformLabel, PLATFORMS } from '../../domain/creatorSocial.ts';
import type { FieldErrors } from '../../domain/fieldErrors.ts';
import '../../ui/forms.css';
import { useCreatorApplication, type CreatorApplicationView, type OwnCreatorApplication } from '../../state/creator.ts';
import { useOnline } from '../../state/useOnline.ts';

function day(iso: string): string {
  return new Date(iso).toLocaleDateString('en-GB', { dateStyle: 'medium' });
}

function ApplicationForm({ start, submit: send }: { start: ApplicationInput; submit: CreatorApplicationView['submit'] }) {
  const ids = useId();
  const online = useOnline();
  const [input, setInput] = useState<ApplicationInput>(start);
  const [errors, setErrors] = useState<FieldErrors<'pitch' | 'platform' | 'handle'>>({});
  const [failure, setFailure] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const length = pitchLength(input.pitch);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const found = validateApplication(input);
    setErrors(found);
    setFailure(null);
    if (Object.keys(found).length > 0) return;
    if (!online) {
      setFailure(APPLYING_NEEDS_CONNECTION);
      return;
    }
    setBusy(true);
    try {
      const outcome = await send(input);
      if (!outcome.ok) {
        setFailure(outcome.message);
        return;
      }
      toast.success('Application sent. A moderator will read it.');
    } finally {
      setBusy(false);
    }
  };

  return (
    <form className="cm-form-grid panel" onSubmit={(event) => void submit(event)} noValidate data-testid="creator-application-form">
      <h2>Apply for the creator tools</h2>
      <p className="cm-form-hint">{describeLimits()}</p>
      {!online && (
        <p className="cm-notice-box" role="status" data-testid="creator-application-offline">
          {APPLYING_NEEDS_CONNECTION}
        </p>
      )}
      <div className="cm-form-field">
        <label htmlFor={`${ids}-pitch`}>What do you want to make?</label>
        <textarea
          id={`${ids}-pitch`}
          value={input.pitch}
          onChange={(event) => setInput((previous) => ({ ...previous, pitch: event.target.value }))}
          aria-invalid={errors.pitch !== undefined}
          aria-describedby={`${ids}-pitch-count`}
          placeholder="e.g. Short videos of my best Snake runs, with tips for beginners."
        />
        <p id={`${ids}-pitch-count`} className="cm-form-hint">
          {length} of {PITCH_MAX_LENGTH} characters. Moderators read this.
        </p>
        {errors.pitch && <p className="cm-form-error">{errors.pitch}</p>}
      </div>
      <div className="cm-form-field">
        <label htmlFor={`${ids}-platform`}>Your channel (if you have one)</label>
        <select
          id={`${ids}-platform`}
          value={input.platform}
          onChange={(event) => setInput((previous) => ({ ...previous, platform: event.target.value }))}
          aria-invalid={errors.platform !== undefined}
        >
          <option value="">No channel yet</option>
          {PLATFORMS.map((p) => (
            <option key={p.id} value={p.id}>
              {p.label}
            </option>
          ))}
        </select>
        {errors.platform && <p className="cm-form-error">{errors.platform}</p>}
      </div>
      {input.platform !== '' && (
        <div className="cm-form-field">
          <label htmlFor={`${ids}-handle`}>Handle or channel id</label>
          <input
            id={`${ids}-handle`}
            value={input.handle}
            onChange={(event) => setInput((previous) => ({ ...previous, handle: event.target.value }))}
            aria-invalid={errors.handle !== undefined}
            autoComplete="off"
          />
          {errors.handle && <p className="cm-form-error">{errors.handle}</p>}
        </div>
      )}
      {failure && (
        <p className="cm-form-error" role="alert" data-testid="creator-application-error">
          {failure}
        </p>
      )}
      <div className="cm-form-actions">
        <button type="submit" className="button" disabled={busy || !online}>
          Send application
        </button>
      </div>
    </form>
  );
}

function Waiting({
  application,
  withdraw: takeBack,
  check,
  onAnswer,
}: {
  application: OwnCreatorApplication;
  withdraw: CreatorApplicationView['withdraw'];
  check: () => void;
  onAnswer: () => void;
}) {
  const online = useOnline();
  const [failure, setFailure] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const withdraw = async () => {
    setBusy(true);
    setFailure(null);
    try {
      const outcome = await takeBack();
      if (outcome.state === 'needs-connection') {
        setFailure('Withdrawing needs a connection: try again once you are back online.');
        return;
      }
      // Refused because a moderator decided first: the application read again shows their answer.
      if (outcome.state === 'refused') toast.error(outcome.message);
      else toast.success('Application withdrawn.');
      // A moderator who decided first may have granted the tools.
      onAnswer();
    } finally {
      setBusy(false);
    }
  };

  return (
    <section className="cm-notice-box" aria-labelledby="creator-application-waiting" data-testid="creator-application-pending">
      <h2 id="creator-application-waiting">Your application is waiting for a moderator</h2>
      <p>Sent {day(application.sentAt)}:</p>
      <blockquote className="creator-pitch">{application.pitch}</blockquote>
      {application.channel && (
        <p>
          Channel: {platformLabel(application.channel.platform)} @{application.channel.handle}
        </p>
      )}
      {failure && (
        <p className="cm-form-error" role="alert">
          {failure}
        </p>
      )}
      <p className="cm-form-actions">
        <button type="button" className="button" disabled={busy || !online} onClick={check}>
          Check for an answer
        </button>
        <button type="button" className="cm-button-quiet" disabled={busy || !online} onClick={() => void withdraw()}>
          Withdraw application
        </button>
      </p>
      <p className="cm-form-hint">A withdrawn application still counts towards the 3 applications in 30 days.</p>
    </section>
  );
}

/**
 * The not-yet-creator's way in (issue 20): their latest application, waiting (with a withdraw button)
 * or declined (with the moderator's reason), and the form to apply when the server would take one.
 * `onAnswer` asks the page to check creator access again, as after a grant.
 */
export function CreatorApplication({ userId, onAnswer }: { userId: string; onAnswer: () => void }) {
  const { own, reload, submit, withdraw } = useCreatorApplication(userId);
  const refresh = () => {
    reload();
    onAnswer();
  };

  if (own.state === 'loading') return <p className="cm-form-hint">Loading your application…</p>;
  if (own.state === 'error') {
    return (
      <p className="cm-form-error" role="alert">
        Could not load your application ({own.message}). Applying needs a connection: check it and reload the page.
      </p>
    );
  }
  const latest = own.data.latest;
  if (latest?.status === 'pending') return <Waiting application={latest} withdraw={withdraw} check={refresh} onAnswer={onAnswer} />;
  const start: ApplicationInput =
    latest === null ? { pitch: '', platform: '', handle: '' } : { pitch: latest.pitch, platform: latest.channel?.platform ?? '', handle: latest.channel?.handle ?? '' };
  return (
    <>
      {latest?.status === 'declined' && (
        <div className="cm-notice-box" role="status" data-testid="creator-application-declined">
          <p>A moderator declined your application of {day(latest.sentAt)}.</p>
          {latest.reason !== null && <blockquote className="creator-pitch">{latest.reason}</blockquote>}
        </div>
      )}
      {latest?.refusal ? (
        <p className="cm-notice-box" data-testid="creator-application-refusal">
          {latest.refusal}
        </p>
      ) : (
        <ApplicationForm start={start} submit={submit} />
      )}
    </>
  );
}
