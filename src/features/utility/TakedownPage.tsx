import { useId, useState, type FormEvent } from 'react';
import { Page } from '../../ui/Page.tsx';
import { useTakedown } from '../../state/utility.ts';
import { TAKEDOWN_SENT, type TakedownErrors, type TakedownInput } from '../../domain/takedown.ts';
import '../../ui/forms.css';

const EMPTY: TakedownInput = { name: '', email: '', url: '', reason: '' };

export default function TakedownPage() {
  const ids = useId();
  const takedown = useTakedown();
  const [input, setInput] = useState<TakedownInput>(EMPTY);
  const [errors, setErrors] = useState<TakedownErrors>({});
  const [failure, setFailure] = useState<string | null>(null);
  const [sent, setSent] = useState(false);

  const field = (key: keyof TakedownInput) => ({
    id: `${ids}-${key}`,
    value: input[key],
    onChange: (event: { target: { value: string } }) => setInput((previous) => ({ ...previous, [key]: event.target.value })),
    'aria-invalid': errors[key] !== undefined,
  });

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setFailure(null);
    const outcome = await takedown.send(input);
    setErrors(outcome.kind === 'invalid' ? outcome.errors : {});
    if (outcome.kind === 'failed') setFailure(outcome.message);
    if (outcome.kind !== 'sent') return;
    setSent(true);
    setInput(EMPTY);
  };

  return (
    <Page name="takedown" title="Takedown requests">
      <p className="page-lead">
        If you own a game or other content listed on the portal and want it removed, tell us which one and how to reach you. The
        people who run the portal read every request and reply by e-mail.
      </p>
      {sent ? (
        <div className="cm-notice-box cm-success-box" role="status" data-testid="takedown-sent">
          <p>{TAKEDOWN_SENT}</p>
          <p>
            <button type="button" className="cm-button-quiet" onClick={() => setSent(false)}>
              Send another request
            </button>
          </p>
        </div>
      ) : (
        <form className="cm-form-grid panel" onSubmit={(event) => void submit(event)} noValidate data-testid="takedown-form">
          <div className="cm-form-field">
            <label htmlFor={`${ids}-name`}>Your name</label>
            <input {...field('name')} autoComplete="name" />
            {errors.name && <p className="cm-form-error">{errors.name}</p>}
          </div>
          <div className="cm-form-field">
            <label htmlFor={`${ids}-email`}>E-mail</label>
            <input {...field('email')} type="email" autoComplete="email" />
            {errors.email && <p className="cm-form-error">{errors.email}</p>}
          </div>
          <div className="cm-form-field">
            <label htmlFor={`${ids}-url`}>Address of the game or page</label>
            <input {...field('url')} type="url" placeholder="https://" />
            {errors.url && <p className="cm-form-error">{errors.url}</p>}
          </div>
          <div className="cm-form-field">
            <label htmlFor={`${ids}-reason`}>Why should it be removed?</label>
            <textarea {...field('reason')} />
            {errors.reason && <p className="cm-form-error">{errors.reason}</p>}
          </div>
          {failure && (
            <p className="cm-form-error" role="alert">
              {failure}
            </p>
          )}
          <p className="cm-form-hint">Your name and e-mail are only used to answer this request and are never shown on the portal.</p>
          <div className="cm-form-actions">
            <button type="submit" className="button" disabled={takedown.busy || !takedown.ready}>
              Send request
            </button>
          </div>
        </form>
      )}
    </Page>
  );
}
