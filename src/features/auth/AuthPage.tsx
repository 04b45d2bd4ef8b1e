import { Cloud, Flame, Palette, Trophy } from 'lucide-react';
import { useEffect, useState, type FormEvent } from 'react';
import toast from 'react-hot-toast';
import { Link, useLocation, useNavigate, useSearchParams } from 'react-router-dom';
import { Page } from '../../ui/Page.tsx';
import { usePortal } from '../../state/portal.tsx';
import { requestPasswordReset } from '../../data/actions/requestPasswordReset.ts';
import { resendConfirmation } from '../../data/actions/resendConfirmation.ts';
import { signIn } from '../../data/actions/signIn.ts';
import { signUp } from '../../data/actions/signUp.ts';
import { verifyRecoveryCode } from '../../data/actions/verifyRecoveryCode.ts';
import { fetchPendingSecondFactor } from '../../data/queries/fetchPendingSecondFactor.ts';
import { fetchSignedInUserId } from '../../data/queries/fetchSignedInUserId.ts';
import { refreshOwnProfile } from '../../data/queries/refreshOwnProfile.ts';
import type { DataSource } from '../../data/source.ts';
import { authErrorMessage, OFFLINE } from '../../domain/authErrors.ts';
import { validateChosenPassword, validateEmail, validatePassword } from '../../domain/credentials.ts';
import { safeNext } from '../../domain/safeNext.ts';
import { MIN_PASSWORD_CHARS, PASSWORD_RULE } from '../../domain/passwordRule.ts';
import { TotpStep } from '../../ui/TotpStep.tsx';
import '../../ui/formCard.css';
import { PasswordMeter } from '../../ui/PasswordMeter.tsx';
import './auth.css';

type Mode = 'sign-in' | 'sign-up' | 'forgot';

const RESET_SENT = 'If an account uses that e-mail, a link to choose a new password is on its way. Check your inbox.';
const RESET_CODE_FORMAT = 'The code is the 6 digits in the reset mail.';

/** After a sign-up the server wants confirmed by mail: nothing is signed in yet, and the student is told where to go. */
function checkEmail(email: string): string {
  return `Almost there: we sent a mail to ${email}. Open the link in it to finish creating your account, then sign in here.`;
}

/** Where a confirmation mail's link lands: the callback signs the student in and goes on. */
function confirmUrl(): string {
  return `${window.location.origin}/auth/callback`;
}

/** Where the student was going: ?next=/path, or the page that sent them here (location state). */
function useNext(): string {
  const [params] = useSearchParams();
  const location = useLocation();
  const from = (location.state as { from?: unknown } | null)?.from;
  return safeNext(params.get('next') ?? (typeof from === 'string' ? from : null));
}

/**
 * Where a student goes once signed in: onboarding when they never answered it (this is the one time
 * they are led there), else where they were going.
 */
async function destinationAfterSignIn(data: DataSource, next: string): Promise<string> {
  const userId = await fetchSignedInUserId(data);
  if (userId === null) return next;
  try {
    const profile = await refreshOwnProfile(data, userId);
    return profile && profile.where_from === null ? '/onboarding' : next;
  } catch {
    // No profile yet (the server will make one on the next read): onboarding can wait for another sign-in.
    return next;
  }
}

export default function AuthPage() {
  const { runtime, session, status } = usePortal();
  const navigate = useNavigate();
  const next = useNext();
  const [mode, setMode] = useState<Mode>('sign-in');
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [factorId, setFactorId] = useState<string | null>(null);
  // The address of an account that waits for its confirmation link, which the student may ask for again.
  const [unconfirmed, setUnconfirmed] = useState<string | null>(null);
  // The address a reset mail went to: its code can be entered here, for a mail read on another device.
  const [resetFor, setResetFor] = useState<string | null>(null);
  const [resetCode, setResetCode] = useState('');
  const [codeError, setCodeError] = useState<string | null>(null);
  // A code from a mail sent earlier (another day, another device) can be entered without sending again.
  const [codeOpen, setCodeOpen] = useState(false);

  // A student who left the code step after the password is still signed out: coming back here asks for the code.
  useEffect(() => {
    if (runtime === null || status !== 'signed-out') return;
    let live = true;
    fetchPendingSecondFactor(runtime.data)
      .then((pending) => {
        if (live && pending !== null) setFactorId(pending);
      })
      .catch(() => undefined);
    return () => {
      live = false;
    };
  }, [runtime, status]);

  function switchTo(nextMode: Mode) {
    setMode(nextMode);
    setError(null);
    setNotice(null);
    setUnconfirmed(null);
    setResetFor(null);
    setCodeError(null);
    setCodeOpen(false);
  }

  async function submitResetCode(event: FormEvent) {
    event.preventDefault();
    const digits = resetCode.replace(/\s/g, '');
    if (!/^\d{6}$/.test(digits)) {
      setCodeError(RESET_CODE_FORMAT);
      return;
    }
    const address = resetFor ?? email.trim();
    const emailProblem = validateEmail(address);
    if (emailProblem !== null) {
      setCodeError(`${emailProblem} Enter the address the mail went to above.`);
      return;
    }
    if (runtime === null) return;
    if (!navigator.onLine) {
      setCodeError(OFFLINE);
      return;
    }
    setBusy(true);
    setCodeError(null);
    try {
      const { error: failed } = await verifyRecoveryCode(runtime.data, address, digits);
      if (failed) setCodeError(authErrorMessage(failed));
      else void navigate('/change-password', { replace: true });
    } finally {
      setBusy(false);
    }
  }

  async function resend() {
    if (runtime === null || unconfirmed === null) return;
    if (!navigator.onLine) {
      setError(OFFLINE);
      return;
    }
    setBusy(true);
    setError(null);
    setNotice(null);
    try {
      const { error: failed } = await resendConfirmation(runtime.data, unconfirmed, confirmUrl());
      if (failed) setError(authErrorMessage(failed));
      else setNotice(`We sent a new link to ${unconfirmed}. Open the newest mail: earlier links no longer work.`);
    } finally {
      setBusy(false);
    }
  }

  async function submit(event: FormEvent) {
    event.preventDefault();
    setError(null);
    setNotice(null);
    setUnconfirmed(null);
    const problem = validateEmail(email) ?? (mode === 'forgot' ? null : mode === 'sign-up' ? validateChosenPassword(password) : validatePassword(password));
    if (problem !== null) {
      setError(problem);
      return;
    }
    if (runtime === null) {
      setError('The portal is still starting. Try again in a moment.');
      return;
    }
    if (!navigator.onLine) {
      setError(OFFLINE);
      return;
    }
    setBusy(true);
    try {
      const { data } = runtime;
      if (mode === 'forgot') {
        const { error: failed } = await requestPasswordReset(data, email.trim(), `${window.location.origin}/change-password`);
        if (failed) setError(authErrorMessage(failed));
        else {
          setNotice(RESET_SENT);
          setResetFor(email.trim());
        }
        return;
      }
      const result = mode === 'sign-up' ? await signUp(data, email.trim(), password, confirmUrl()) : await signIn(data, email.trim(), password);
      if (result.error) {
        setError(authErrorMessage(result.error));
        if (result.error.code === 'email_not_confirmed') setUnconfirmed(email.trim());
        return;
      }
      if (result.data === 'check-email') {
        setNotice(checkEmail(email.trim()));
        setUnconfirmed(email.trim());
        setMode('sign-in');
        setPassword('');
        return;
      }
      const factor = mode === 'sign-in' ? await fetchPendingSecondFactor(data) : null;
      if (factor !== null) {
        setFactorId(factor);
        return;
      }
      toast.success(mode === 'sign-up' ? 'Welcome! Your account is ready.' : 'Signed in');
      void navigate(await destinationAfterSignIn(data, next), { replace: true });
    } catch (thrown) {
      setError(authErrorMessage({ message: thrown instanceof Error ? thrown.message : String(thrown) }));
    } finally {
      setBusy(false);
    }
  }

  if (factorId !== null && runtime !== null) {
    return (
      <Page name="auth" title="Two-step sign-in">
        <p className="page-lead">Your account is protected with an authenticator app. Enter the 6-digit code it shows for Hollowed Portal.</p>
        <TotpStep
          data={runtime.data}
          factorId={factorId}
          onVerified={() => {
            toast.success('Signed in');
            void destinationAfterSignIn(runtime.data, next).then((to) => navigate(to, { replace: true }));
          }}
        />
      </Page>
    );
  }

  if (status === 'signed-in' && session !== null) {
    return (
      <Page name="auth" title="You are signed in">
        <div className="form-card">
          <p>
            Signed in as <strong>{session.user.email}</strong>.
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
          {mode === 'forgot' && (resetFor !== null || codeOpen) && (
            <form className="form-card" onSubmit={(event) => void submitResetCode(event)} noValidate aria-label="Reset code">
              <p>
                {resetFor !== null
                  ? 'Reading the mail on another device? Enter the 6-digit code from it here instead of opening the link.'
                  : 'Enter your e-mail above and the 6-digit code from the reset mail.'}
              </p>
              {codeError !== null && (
                <p className="form-error" role="alert" data-testid="reset-code-error">
                  {codeError}
                </p>
              )}
              <div className="field">
                <label htmlFor="reset-code">Code from the mail</label>
                <input
                  id="reset-code"
                  inputMode="numeric"
                  autoComplete="one-time-code"
                  maxLength={7}
                  value={resetCode}
                  onChange={(e) => setResetCode(e.target.value)}
                />
              </div>
              <div className="form-actions">
                <button className="button" type="submit" disabled={busy}>
                  Continue
                </button>
              </div>
            </form>
          )}
        </div>
        <AccountPerks />
      </div>
    </Page>
  );
}

/** What an account is for, beside the form on a wide screen. */
function AccountPerks() {
  return (
    <section className="panel split-aside" aria-labelledby="account-perks">
      <h2 id="account-perks">What an account keeps for you</h2>
      <ul>
        <li>
          <Flame aria-hidden="true" size={22} />
          <span>Your daily streak, and the Dabloons it doubles.</span>
        </li>
        <li>
          <Palette aria-hidden="true" size={22} />
          <span>The cursors, backgrounds and fonts you buy in the shop.</span>
        </li>
        <li>
          <Trophy aria-hidden="true" size={22} />
          <span>Your best scores on the leaderboards.</span>
        </li>
        <li>
          <Cloud aria-hidden="true" size={22} />
          <span>Your game saves, on every computer you sign in on.</span>
        </li>
      </ul>
    </section>
  );
}
