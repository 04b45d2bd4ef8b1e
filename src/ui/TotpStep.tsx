import { useState, type FormEvent } from 'react';
import './formCard.css';

const CODE_INVALID = 'The code is the 6 digits your authenticator app shows.';

interface TotpStepProps {
  factorId: string;
  /** Raises the session to aal2 with the code: null when it did, else the refusal to show. */
  verify: (code: string) => Promise<string | null>;
  onVerified: () => void;
  label?: string;
}

/** Asks for an authenticator app's code (sign-in, and turning it on in settings). */
export function TotpStep({ factorId, verify, onVerified, label = 'Verify' }: TotpStepProps) {
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
      const refusal = await verify(digits);
      if (refusal !== null) setError(refusal);
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
