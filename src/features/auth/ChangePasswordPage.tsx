import { useState, type FormEvent } from 'react';
import toast from 'react-hot-toast';
import { Link, useNavigate } from 'react-router-dom';
import { Page } from '../../ui/Page.tsx';
import { useChangePassword } from '../../state/auth.ts';
import { PASSWORD_RULE } from '../../domain/passwordRule.ts';
import '../../ui/formCard.css';
import { PasswordMeter } from '../../ui/PasswordMeter.tsx';
import './auth.css';

export const PASSWORD_CHANGED = 'Password changed';

/**
 * Choosing a new password: after following a reset mail's link (its recovery session arrives in the
 * URL fragment) or, signed in, from settings.
 */
export default function ChangePasswordPage() {
  const view = useChangePassword();
  const navigate = useNavigate();
  const [password, setPassword] = useState('');
  const [confirmation, setConfirmation] = useState('');
  const [error, setError] = useState<string | null>(null);

  async function submit(event: FormEvent) {
    event.preventDefault();
    setError(null);
    const refusal = await view.change(password, confirmation);
    setError(refusal);
    if (refusal !== null) return;
    toast.success(PASSWORD_CHANGED);
    void navigate('/settings', { replace: true });
  }

  if (view.phase === 'waiting') {
    return (
      <Page name="change-password" title="Change password">
        <p className="page-lead">One moment…</p>
      </Page>
    );
  }
  if (view.phase === 'no-session') {
    return (
      <Page name="change-password" title="Change password">
        {view.linkError !== null && (
          <p className="form-error" role="alert" data-testid="change-password-link-error">
            {view.linkError}
          </p>
        )}
        <p className="page-lead">
          To choose a new password, sign in first, or ask for a new reset link with “Forgot password?” on the sign-in page.
        </p>
        <Link className="button" to="/auth?next=/change-password">
          Go to sign in
        </Link>
      </Page>
    );
  }

  return (
    <Page name="change-password" title="Change password">
      <p className="page-lead">
        Choose a new password for <strong>{view.email}</strong>. You will use it the next time you sign in.
      </p>
      <form className="form-card" onSubmit={(event) => void submit(event)} noValidate aria-label="Change your password">
        {error !== null && (
          <p className="form-error" role="alert" data-testid="change-password-error">
            {error}
          </p>
        )}
        <div className="field">
          <label htmlFor="new-password">New password</label>
          <input
            id="new-password"
            type="password"
            autoComplete="new-password"
            value={password}
            onChange={(e) => setPassword(e.target.value)}
            aria-describedby="new-password-rule new-password-strength"
          />
          <span className="field-hint" id="new-password-rule">
            {PASSWORD_RULE}
          </span>
          <PasswordMeter id="new-password-strength" password={password} personal={[view.email ?? '']} />
        </div>
        <div className="field">
          <label htmlFor="confirm-password">Repeat the new password</label>
          <input id="confirm-password" type="password" autoComplete="new-password" value={confirmation} onChange={(e) => setConfirmation(e.target.value)} />
        </div>
        <button className="button" type="submit" disabled={view.busy}>
          Change password
        </button>
      </form>
    </Page>
  );
}
