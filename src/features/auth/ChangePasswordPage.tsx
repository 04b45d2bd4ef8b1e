import { useState, type FormEvent } from 'react';
import toast from 'react-hot-toast';
import { Link, useNavigate } from 'react-router-dom';
import { Page } from '../../ui/Page.tsx';
import { usePortal } from '../../state/portal.tsx';
import { changePassword } from '../../data/actions/changePassword.ts';
import { authErrorMessage, OFFLINE } from '../../domain/authErrors.ts';
import { validateNewPassword } from '../../domain/credentials.ts';
import { PASSWORD_RULE } from '../../domain/passwordRule.ts';
import '../../ui/formCard.css';
import { PasswordMeter } from '../../ui/PasswordMeter.tsx';
import { useUrlSession } from './useUrlSession.ts';
import './auth.css';

export const PASSWORD_CHANGED = 'Password changed';

/**
 * Choosing a new password: after following a reset mail's link (its recovery session arrives in the
 * URL fragment) or, signed in, from settings.
 */
export default function ChangePasswordPage() {
  const { runtime, session, status } = usePortal();
  const link = useUrlSession(runtime?.data ?? null, false);
  const navigate = useNavigate();
  const [password, setPassword] = useState('');
  const [confirmation, setConfirmation] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  async function submit(event: FormEvent) {
    event.preventDefault();
    const problem = validateNewPassword(password, confirmation);
    setError(problem);
    if (problem !== null || runtime === null) return;
    if (!navigator.onLine) {
      setError(OFFLINE);
      return;
    }
    setBusy(true);
    try {
      const { error: failed } = await changePassword(runtime.data, password);
      if (failed) {
        setError(authErrorMessage(failed));
        return;
      }
      toast.success(PASSWORD_CHANGED);
      void navigate('/settings', { replace: true });
    } finally {
      setBusy(false);
    }
  }

  const waiting = runtime === null || link.state === 'waiting' || (link.state === 'none' && status === 'loading');
  if (waiting) {
    return (
      <Page name="change-password" title="Change password">
        <p className="page-lead">One moment…</p>
      </Page>
    );
  }
  if (link.state === 'failed' || session === null) {
    return (
      <Page name="change-password" title="Change password">
        {link.state === 'failed' && (
          <p className="form-error" role="alert" data-testid="change-password-link-error">
            {link.message}
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
        Choose a new password for <strong>{session.user.email}</strong>. You will use it the next time you sign in.
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
          <PasswordMeter id="new-password-strength" password={password} personal={[session.user.email ?? '']} />
        </div>
        <div className="field">
          <label htmlFor="confirm-password">Repeat the new password</label>
          <input id="confirm-password" type="password" autoComplete="new-password" value={confirmation} onChange={(e) => setConfirmation(e.target.value)} />
        </div>
        <button className="button" type="submit" disabled={busy}>
          Change password
        </button>
      </form>
    </Page>
  );
}
