import { useState, type FormEvent } from 'react';
import { useNavigate } from 'react-router-dom';
import type { RecoveryView } from '../../state/auth.ts';

/**
 * The reset mail's 6-digit code, for a mail read on another device than the one the reset was asked
 * on. `sentTo` is the address a mail just went to; without it the address comes from the form above.
 */
export function ResetCodeForm({ recovery, sentTo, typedEmail, busy }: { recovery: RecoveryView; sentTo: string | null; typedEmail: string; busy: boolean }) {
  const navigate = useNavigate();
  const [code, setCode] = useState('');
  const [error, setError] = useState<string | null>(null);

  async function submit(event: FormEvent) {
    event.preventDefault();
    setError(null);
    const refusal = await recovery.verifyCode(sentTo ?? typedEmail.trim(), code);
    if (refusal !== null) setError(refusal);
    else void navigate('/change-password', { replace: true });
  }

  return (
    <form className="form-card" onSubmit={(event) => void submit(event)} noValidate aria-label="Reset code">
      <p>
        {sentTo !== null
          ? 'Reading the mail on another device? Enter the 6-digit code from it here instead of opening the link.'
          : 'Enter your e-mail above and the 6-digit code from the reset mail.'}
      </p>
      {error !== null && (
        <p className="form-error" role="alert" data-testid="reset-code-error">
          {error}
        </p>
      )}
      <div className="field">
        <label htmlFor="reset-code">Code from the mail</label>
        <input id="reset-code" inputMode="numeric" autoComplete="one-time-code" maxLength={7} value={code} onChange={(e) => setCode(e.target.value)} />
      </div>
      <div className="form-actions">
        <button className="button" type="submit" disabled={busy}>
          Continue
        </button>
      </div>
    </form>
  );
}
