import { CircleCheck } from 'lucide-react';
import toast from 'react-hot-toast';
import { useTwoFactor } from '../../state/twoFactor.ts';
import { TotpStep } from '../../ui/TotpStep.tsx';

export const TWO_FACTOR_ON = 'Two-step sign-in is on';
export const TWO_FACTOR_REMOVED = 'Authenticator app removed';

/** Two-step sign-in with an authenticator app (TOTP): enrol with a QR code, verify, list and remove. */
export function TwoFactorSettings() {
  const { factors, enrolment, error, busy, enrol, remove, verifyEnrolment } = useTwoFactor();

  async function removeApp(factorId: string) {
    if (await remove(factorId)) toast.success(TWO_FACTOR_REMOVED);
  }

  return (
    <section className="form-card" aria-labelledby="two-factor-heading" data-testid="two-factor">
      <h2 id="two-factor-heading">Two-step sign-in</h2>
      <p className="field-hint">
        With an authenticator app (Google Authenticator, Microsoft Authenticator, 2FAS…), signing in also asks for a 6-digit code from your
        phone, so a stolen password is not enough.
      </p>
      {error !== null && (
        <p className="form-error" role="alert" data-testid="two-factor-error">
          {error}
        </p>
      )}
      {factors !== null && factors.length > 0 && (
        <ul className="factor-list" data-testid="factor-list">
          {factors.map((factor) => (
            <li key={factor.id}>
              <span>
                <CircleCheck className="factor-check" aria-hidden="true" size={18} /> Authenticator app, added {new Date(factor.created_at).toLocaleDateString()}
              </span>
              <button type="button" className="button danger" disabled={busy} onClick={() => void removeApp(factor.id)}>
                Remove
              </button>
            </li>
          ))}
        </ul>
      )}
      {enrolment === null ? (
        factors !== null &&
        factors.length === 0 && (
          <button type="button" className="button" disabled={busy} onClick={() => void enrol()}>
            Set up an authenticator app
          </button>
        )
      ) : (
        <div data-testid="totp-enrolment">
          <p>1. Scan this QR code with your authenticator app:</p>
          <img className="qr-code" src={enrolment.qr} alt="QR code for your authenticator app" data-testid="totp-qr" />
          <p>
            Or type this key into the app: <code className="secret-text" data-testid="totp-secret">{enrolment.secret}</code>
          </p>
          <p>2. Enter the code the app shows to finish:</p>
          <TotpStep
            factorId={enrolment.factorId}
            verify={verifyEnrolment}
            label="Turn on"
            onVerified={() => toast.success(TWO_FACTOR_ON)}
          />
        </div>
      )}
    </section>
  );
}
