import { useState, type FormEvent } from 'react';
import type { PortalRuntime } from '../../app/runtime.ts';
import { authErrorMessage } from './authForm.ts';

const CODE_INVALID = 'The code is the 6 digits your authenticator app shows.';

/** Asks for an authenticator app's code and raises the session to aal2 with it. */
export function TotpStep({ runtime, factorId, onVerified, label = 'Verify' }: { runtime: PortalRuntime; factorId: string; onVerified: () => void; label?: string }) {
  const [code, setCode] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  async function submit(event: FormEvent) {
    event.preventDefault();
    const digits = code.replace(/\s/g, '');
    if (!/^\d{6}$/.test(digits)) {
      setError(CODE_INVALID);
      return;
    }
    setBusy(true);
    setError(null);
    try {
      const { error: failed } = await runtime.supabase.auth.mfa.challengeAndVerify({ factorId, code: digits });
      if (failed) setError(authErrorMessage(failed));
      else onVerified();
    } finally {
      setBusy(false);
    }
  }

  return (
    <form className="form-card" onSubmit={(event) => void submit(event)} noValidate aria-label="Authenticator code">
      {error !== null && (
        <p className="form-error" role="alert" data-testid="totp-error">
          {error}
        </p>
      )}
      <div className="field">
        <label htmlFor={`totp-code-${factorId}`}>6-digit code</label>
        <input
          id={`totp-code-${factorId}`}
          inputMode="numeric"
          autoComplete="one-time-code"
          maxLength={7}
          value={code}
          onChange={(e) => setCode(e.target.value)}
        />
      </div>
      <button className="button" type="submit" disabled={busy}>
        {label}
      </button>
    </form>
  );
}
