import { useState, type FormEvent } from 'react';
import toast from 'react-hot-toast';
import { Link, useLocation, useNavigate, useSearchParams } from 'react-router-dom';
import { Page } from '../../ui/Page.tsx';
import { useRecovery, useSignIn, type SignInOutcome, type SignInView } from '../../state/auth.ts';
import { safeNext } from '../../domain/safeNext.ts';
import { MIN_PASSWORD_CHARS, PASSWORD_RULE } from '../../domain/passwordRule.ts';
import { TotpStep } from '../../ui/TotpStep.tsx';
import '../../ui/formCard.css';
import { PasswordMeter } from '../../ui/PasswordMeter.tsx';
import { AccountPerks } from './AccountPerks.tsx';
import { ResetCodeForm } from './ResetCodeForm.tsx';
import './auth.css';

type Mode = 'sign-in' | 'sign-up' | 'forgot';

const RESET_SENT = 'If an account uses that e-mail, a link to choose a new password is on its way. Check your inbox.';

/** After a sign-up the server wants confirmed by mail: nothing is signed in yet, and the student is told where to go. */
function checkEmail(email: string): string {
  return `Almost there: we sent a mail to ${email}. Open the link in it to finish creating your account, then sign in here.`;
}

/** Where the student was going: ?next=/path, or the page that sent them here (location state). */
function useNext(): string {
  const [params] = useSearchParams();
  const location = useLocation();
  const from = (location.state as { from?: unknown } | null)?.from;
  return safeNext(params.get('next') ?? (typeof from === 'string' ? from : null));
}

export default function AuthPage() {
  const next = useNext();
  const view = useSignIn(next);
  const navigate = useNavigate();

  if (view.factorId !== null) {
    return (
      <Page name="auth" title="Two-step sign-in">
        <p className="page-lead">Your account is protected with an authenticator app. Enter the 6-digit code it shows for Hollowed Portal.</p>
        <TotpStep
          factorId={view.factorId}
          verify={view.verifyFactor}
          onVerified={() => {
            toast.success('Signed in');
            void view.destination().then((to) => navigate(to, { replace: true }));
          }}
        />
      </Page>
    );
  }

  if (view.account === 'signed-in') {
    return (
      <Page name="auth" title="You are signed in">
        <div className="form-card">
          <p>
            Signed in as <strong>{view.email}</strong>.
          </p>
          <div className="form-actions">
            <Link className="button" to="/profile">
              Your profile
            </Link>
            <Link to="/settings">Settings</Link>
          </div>
        </div>
      </Page>
    );
  }
  return <CredentialsPage view={view} />;
}

/** Sign in, sign up, or ask for a reset mail, with e-mail and password. */
function CredentialsPage({ view }: { view: SignInView }) {
  const recovery = useRecovery();
  const navigate = useNavigate();
  const [mode, setMode] = useState<Mode>('sign-in');
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  // The address of an account that waits for its confirmation link, which the student may ask for again.
  const [unconfirmed, setUnconfirmed] = useState<string | null>(null);
  // The address a reset mail went to: its code can be entered here, for a mail read on another device.
  const [resetFor, setResetFor] = useState<string | null>(null);
  // A code from a mail sent earlier (another day, another device) can be entered without sending again.
  const [codeOpen, setCodeOpen] = useState(false);
  const busy = view.busy || recovery.busy;

  function switchTo(nextMode: Mode) {
    setMode(nextMode);
    setError(null);
    setNotice(null);
    setUnconfirmed(null);
    setResetFor(null);
    setCodeOpen(false);
  }

  async function resend() {
    if (unconfirmed === null) return;
    setError(null);
    setNotice(null);
    const refusal = await view.resend(unconfirmed);
    if (refusal !== null) setError(refusal);
    else setNotice(`We sent a new link to ${unconfirmed}. Open the newest mail: earlier links no longer work.`);
  }

  function show(outcome: SignInOutcome) {
    switch (outcome.kind) {
      case 'refused':
        setError(outcome.message);
        setUnconfirmed(outcome.unconfirmed);
        return;
      case 'check-email':
        setNotice(checkEmail(outcome.email));
        setUnconfirmed(outcome.email);
        setMode('sign-in');
        setPassword('');
        return;
      case 'second-factor':
        return;
      case 'signed-in':
        toast.success(mode === 'sign-up' ? 'Welcome! Your account is ready.' : 'Signed in');
        void navigate(outcome.to, { replace: true });
    }
  }

  async function submit(event: FormEvent) {
    event.preventDefault();
    setError(null);
    setNotice(null);
    setUnconfirmed(null);
    if (mode !== 'forgot') {
      show(mode === 'sign-up' ? await view.signUp(email, password) : await view.signIn(email, password));
      return;
    }
    const refusal = await recovery.requestReset(email);
    if (refusal !== null) {
      setError(refusal);
      return;
    }
    setNotice(RESET_SENT);
    setResetFor(email.trim());
  }

  const title = mode === 'sign-up' ? 'Create an account' : mode === 'forgot' ? 'Reset your password' : 'Sign in';
  return (
    <Page name="auth" title={title}>
      <p className="page-lead">Sign in or create an account to keep your streak, earn Dabloons and unlock items.</p>
      <div className="split">
        <div>
          <form className="form-card" onSubmit={(event) => void submit(event)} noValidate aria-label={title}>
            {mode !== 'forgot' && (
              <div className="tabs" role="tablist" aria-label="Sign in or sign up">
                <button type="button" role="tab" aria-selected={mode === 'sign-in'} onClick={() => switchTo('sign-in')}>
                  Sign in
                </button>
                <button type="button" role="tab" aria-selected={mode === 'sign-up'} onClick={() => switchTo('sign-up')}>
                  Sign up
                </button>
              </div>
            )}
            {error !== null && (
              <p className="form-error" role="alert" data-testid="auth-error">
                {error}
              </p>
            )}
            {notice !== null && (
              <p className="panel" role="status" data-testid="auth-notice">
                {notice}
              </p>
            )}
            {unconfirmed !== null && (
              <p>
                No mail from us?{' '}
                <button type="button" className="link-button" onClick={() => void resend()} disabled={busy} data-testid="auth-resend">
                  Send the link again
                </button>
              </p>
            )}
            <div className="field">
              <label htmlFor="auth-email">E-mail</label>
              <input id="auth-email" type="email" autoComplete="email" value={email} onChange={(e) => setEmail(e.target.value)} required />
            </div>
            {mode !== 'forgot' && (
              <div className="field">
                <label htmlFor="auth-password">Password</label>
                <input
                  id="auth-password"
                  type="password"
                  autoComplete={mode === 'sign-up' ? 'new-password' : 'current-password'}
                  value={password}
                  onChange={(e) => setPassword(e.target.value)}
                  required
                  {...(mode === 'sign-up' ? { minLength: MIN_PASSWORD_CHARS, 'aria-describedby': 'auth-password-rule auth-password-strength' } : {})}
                />
                {mode === 'sign-up' && (
                  <>
                    <span className="field-hint" id="auth-password-rule">
                      {PASSWORD_RULE}
                    </span>
                    <PasswordMeter id="auth-password-strength" password={password} personal={[email]} />
                  </>
                )}
              </div>
            )}
            <div className="form-actions">
              <button className="button" type="submit" disabled={busy}>
                {mode === 'sign-up' ? 'Create account' : mode === 'forgot' ? 'Send reset link' : 'Sign in'}
              </button>
              {mode === 'sign-in' && (
                <button type="button" className="link-button" onClick={() => switchTo('forgot')}>
                  Forgot password?
                </button>
              )}
              {mode === 'forgot' && resetFor === null && !codeOpen && (
                <button type="button" className="link-button" onClick={() => setCodeOpen(true)} data-testid="have-reset-code">
                  I have a code
                </button>
              )}
              {mode === 'forgot' && (
                <button type="button" className="link-button" onClick={() => switchTo('sign-in')}>
                  Back to sign in
                </button>
              )}
            </div>
          </form>
          {mode === 'forgot' && (resetFor !== null || codeOpen) && <ResetCodeForm recovery={recovery} sentTo={resetFor} typedEmail={email} busy={busy} />}
        </div>
        <AccountPerks />
      </div>
    </Page>
  );
}
